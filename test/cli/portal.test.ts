// `clubdata portal --club ID`: a link for a person at this machine, made by a key of the
// command's own, that the portal then redeems like any link a key made through the API.
import { describe, expect, it } from 'vitest';
import { setupClubApi } from '../helper.ts';
import { json, runCli } from './run-cli.ts';

const api = await setupClubApi({ config: { environment: 'development' } });
const portal = (...args: string[]) => runCli(api.url, ['portal', ...args], { env: { PUBLIC_URL: 'http://127.0.0.1:4999' } });

describe('clubdata portal', () => {
  it('prints a single-use link to the service, whose session the portal starts once; its key expires with the session', async () => {
    const made = json(await portal('--club', api.club.id, '--mode', 'read_only', '--json'));
    expect(made).toMatchObject({ object: 'portal_session', mode: 'read_only' });
    expect(made.url).toMatch(/^http:\/\/127\.0\.0\.1:4999\/portal\/start#cdpl_[A-Za-z0-9_-]{43}$/);
    const token = new URL(made.url).hash.slice(1);
    const redeem = () => api.app.inject({ method: 'POST', url: '/portal/session', payload: { token } });
    const started = await redeem();
    expect(started.statusCode, started.body).toBe(204);
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    const me = await api.app.inject({ method: 'GET', url: '/portal/session', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: made.id, club_id: api.club.id, mode: 'read_only' });
    expect((await redeem()).json()).toMatchObject({ error: { code: 'portal_link_used' } });
    const { rows } = await api.pool.query(
      `SELECT k.name, extract(epoch FROM k.expires_at - now()) AS left_s FROM portal_sessions p JOIN api_keys k ON k.club_id = p.club_id AND k.id = p.key_id WHERE p.id = $1`,
      [made.id],
    );
    expect(rows[0].name).toBe('clubdata portal');
    expect(Number(rows[0].left_s)).toBeGreaterThan(70 * 60 - 60);
    expect(Number(rows[0].left_s)).toBeLessThan(72 * 60);

    const text = await portal('--club', api.club.id);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Portal session ps_\w+ for \S+ \(manage\)\. Open this link once, before \S+; the session lasts an hour:\n\n {2}http:\/\/127\.0\.0\.1:4999\/portal\/start#cdpl_\S+\n\n$/);
  });

  it('says in one line, status 1, that a club does not exist or has no API access; a bad mode is a usage error', async () => {
    const nope = await portal('--club', 'club_nope');
    expect(nope.code).toBe(1);
    expect(nope.stderr).toBe('clubdata: no club club_nope\n');
    await api.pool.query('UPDATE clubs SET api_access = false WHERE club_id = $1', [api.club.id]);
    try {
      const off = await portal('--club', api.club.id);
      expect(off.code).toBe(1);
      expect(off.stderr).toContain('has no API access');
    } finally {
      await api.pool.query('UPDATE clubs SET api_access = true WHERE club_id = $1', [api.club.id]);
    }
    const bad = await portal('--club', api.club.id, '--mode', 'admin');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--mode must be manage or read_only');
  });
});
