// `clubdata deliveries list` as an operator runs it: a real child process on a database of this
// file's own, with attempts written by SQL the way the delivery worker writes them.
import { beforeAll, describe, expect, it } from 'vitest';
import { json, runCli } from './run-cli.ts';
import type { Pool } from '../../src/db/pool.ts';
import { createTestDatabase, insertClub, testSecretBox, uid } from '../helper.ts';


let databaseUrl: string;

const clubdata = (...args: string[]) => runCli(databaseUrl, args);

async function insertEndpoint(pool: Pool, clubId: string, deleted: boolean): Promise<string> {
  const id = `we_${uid()}`;
  await pool.query(
    `INSERT INTO webhook_endpoints (club_id, id, url, signal_types, scopes, secret, from_sequence, deleted_at)
     VALUES ($1, $2, 'https://example.com/hook', '{*}', '{customers:read}', $3, 0, CASE WHEN $4 THEN now() END)`,
    [clubId, id, testSecretBox().seal('whsec_test'), deleted],
  );
  return id;
}

interface AttemptRow {
  signal: string;
  attempt: number;
  at: string;
  status: number | null;
  error?: string;
  excerpt?: string;
}

async function insertAttempts(pool: Pool, clubId: string, endpointId: string, rows: AttemptRow[]) {
  for (const [i, row] of rows.entries()) {
    await pool.query(
      `INSERT INTO delivery_attempts (club_id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at,
                                      status_code, error, duration_ms, response_excerpt)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [clubId, endpointId, row.signal, i + 1, row.attempt, row.at, row.status, row.error ?? null, 100 + i, row.excerpt ?? ''],
    );
  }
}

const LONG_EXCERPT = `{"ok":true,\n"note":"${'x'.repeat(150)}"}`;
const state = { live: '', deleted: '', silent: '' };

beforeAll(async () => {
  const database = await createTestDatabase();
  databaseUrl = database.url;
  const { pool } = database;
  const club = await insertClub(pool);
  state.live = await insertEndpoint(pool, club.id, false);
  state.deleted = await insertEndpoint(pool, club.id, true);
  state.silent = await insertEndpoint(pool, club.id, false);
  // Inserted out of time order: the listing must order them, not rely on insertion.
  await insertAttempts(pool, club.id, state.live, [
    { signal: 'sig_b', attempt: 1, at: '2026-03-01T10:00:05Z', status: 503, error: 'HTTP 503', excerpt: 'Service Unavailable' },
    { signal: 'sig_a', attempt: 1, at: '2026-03-01T10:00:00Z', status: null, error: 'timeout after 15000 ms' },
    { signal: 'sig_b', attempt: 2, at: '2026-03-01T10:05:05Z', status: 200, excerpt: LONG_EXCERPT },
  ]);
  await insertAttempts(pool, club.id, state.deleted, [
    { signal: 'sig_c', attempt: 1, at: '2026-02-01T09:00:00Z', status: 410, error: 'HTTP 410', excerpt: 'gone' },
  ]);
  // Another club's attempts for another endpoint: never part of the listing.
  const other = await insertClub(pool);
  await insertAttempts(pool, other.id, await insertEndpoint(pool, other.id, false), [
    { signal: 'sig_z', attempt: 1, at: '2026-03-01T11:00:00Z', status: 200 },
  ]);
});

describe('deliveries list', () => {
  it('--json lists the endpoint attempts newest first with the response cut to 80 characters', async () => {
    const attempts = json(await clubdata('deliveries', 'list', '--endpoint', state.live, '--json'));
    expect(attempts).toHaveLength(3);
    expect(attempts.map((a: { attempted_at: string }) => a.attempted_at)).toEqual([
      '2026-03-01T10:05:05.000Z',
      '2026-03-01T10:00:05.000Z',
      '2026-03-01T10:00:00.000Z',
    ]);
    expect(attempts[0]).toMatchObject({ signal_id: 'sig_b', attempt_number: 2, status_code: 200, error: null, duration_ms: 102 });
    expect(attempts[0].response_excerpt).toBe(LONG_EXCERPT.slice(0, 80));
    expect(attempts[1]).toMatchObject({ signal_id: 'sig_b', attempt_number: 1, status_code: 503, error: 'HTTP 503', response_excerpt: 'Service Unavailable' });
    expect(attempts[2]).toMatchObject({ signal_id: 'sig_a', attempt_number: 1, status_code: null, error: 'timeout after 15000 ms' });
  });

  it('prints a table by default, one line per attempt', async () => {
    const run = await clubdata('deliveries', 'list', '--endpoint', state.live);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^attempted_at\s+signal_id\s+attempt\s+status\s+error\s+duration_ms\s+response$/);
    expect(lines[1]).toMatch(/^2026-03-01T10:05:05\.000Z\s+sig_b\s+2\s+200\s+-\s+102\s+\{"ok":true, "note":"x+$/);
    expect(lines[1]).not.toContain('x'.repeat(80));
    expect(lines[2]).toMatch(/^2026-03-01T10:00:05\.000Z\s+sig_b\s+1\s+503\s+HTTP 503\s+100\s+Service Unavailable$/);
    expect(lines[3]).toMatch(/^2026-03-01T10:00:00\.000Z\s+sig_a\s+1\s+-\s+timeout after 15000 ms\s+101\s+-$/);
  });

  it('--limit keeps the newest', async () => {
    const attempts = json(await clubdata('deliveries', 'list', '--endpoint', state.live, '--limit', '2', '--json'));
    expect(attempts.map((a: { signal_id: string; attempt_number: number }) => `${a.signal_id}/${a.attempt_number}`)).toEqual(['sig_b/2', 'sig_b/1']);
  });

  it('lists the attempts of a deleted endpoint', async () => {
    const attempts = json(await clubdata('deliveries', 'list', '--endpoint', state.deleted, '--json'));
    expect(attempts).toEqual([
      {
        attempted_at: '2026-02-01T09:00:00.000Z',
        club_id: expect.stringMatching(/^club_/),
        signal_id: 'sig_c',
        attempt_number: 1,
        status_code: 410,
        error: 'HTTP 410',
        duration_ms: 100,
        response_excerpt: 'gone',
      },
    ]);
  });

  it('says so, and exits 0, for an endpoint that has not been sent anything yet', async () => {
    const run = await clubdata('deliveries', 'list', '--endpoint', state.silent);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`no attempts recorded for ${state.silent} yet: nothing it subscribes to has been sent to it\n`);
    expect(json(await clubdata('deliveries', 'list', '--endpoint', state.silent, '--json'))).toEqual([]);
  });

  it('says in one line, and exits 1, that no club has the endpoint', async () => {
    for (const args of [[], ['--json']]) {
      const run = await clubdata('deliveries', 'list', '--endpoint', 'we_nope', ...args);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('clubdata: no endpoint we_nope\n');
      expect(run.stdout).toBe('');
    }
  });

  it('refuses a bad --limit with exit code 2 and a clear message', async () => {
    for (const limit of ['0', '1001', 'ten', '2.5', '-3']) {
      const run = await clubdata('deliveries', 'list', '--endpoint', state.live, `--limit=${limit}`);
      expect(run.code, limit).toBe(2);
      expect(run.stderr).toContain('--limit must be an integer from 1 to 1000');
      expect(run.stdout).toBe('');
    }
  });

  it('refuses a missing --endpoint and a missing subcommand with exit code 2', async () => {
    const noEndpoint = await clubdata('deliveries', 'list');
    expect(noEndpoint.code).toBe(2);
    expect(noEndpoint.stderr).toContain('--endpoint is required');
    const noSub = await clubdata('deliveries');
    expect(noSub.code).toBe(2);
    expect(noSub.stderr).toContain('deliveries needs list');
    for (const run of [noEndpoint, noSub]) expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('accepts the maximum --limit and is in the help', async () => {
    expect(json(await clubdata('deliveries', 'list', '--endpoint', state.live, '--limit', '1000', '--json'))).toHaveLength(3);
    const help = await clubdata('help');
    expect(help.stdout).toContain('deliveries list --endpoint ID [--limit N]');
  });
});
