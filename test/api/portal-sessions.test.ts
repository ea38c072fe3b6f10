// Portal sessions (docs/portal.md): a key makes a single-use link; the portal's start page posts
// its token and gets a session cookie; the session never outlives or exceeds the key that made it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Pool } from '../../src/db/pool.ts';
import { hashPortalToken } from '../../src/domain/portal-sessions.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, createTestDatabase, insertClub, testConfig, testSecretBox } from '../helper.ts';
import type { FastifyInstance } from 'fastify';

const FAST = { rateLimit: { perSecond: 100_000, burst: 200_000 } };
let app: FastifyInstance;
let pool: Pool;
let clubId: string;
let key: string;

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
  app = await buildApp({ config: testConfig({ ...FAST, publicUrl: 'https://clubdata.example.com' }), pool, secretBox: testSecretBox() });
  await app.ready();
  clubId = (await insertClub(pool)).id;
  key = await bearer(pool, clubId, { scopes: ['customers:read', 'webhook_endpoints:write'] });
});
afterAll(() => app?.close());

const create = (authorization: string, body: Record<string, unknown> = { mode: 'manage' }) =>
  app.inject({ method: 'POST', url: '/v1/portal_sessions', headers: { authorization }, payload: body });

/** A session made by the key, and its link's token (the url's fragment). */
async function session(authorization = key, mode = 'manage') {
  const res = await create(authorization, { mode });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ id: string; url: string; mode: string; scopes: string[]; expires_at: string }>();
  return { ...body, token: new URL(body.url).hash.slice(1) };
}

const redeem = (token: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/portal/session', headers: { host: 'clubdata.example.com', ...headers }, payload: { token } });

const whoAmI = (cookie: string | undefined) => app.inject({ method: 'GET', url: '/portal/session', headers: cookie ? { cookie } : {} });

/** The cookie a redemption set, as a browser sends it back. */
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;

describe('POST /v1/portal_sessions', () => {
  it('makes a single-use link whose token is in the fragment, with the key\'s scopes, valid for 10 minutes; only its hash is kept', async () => {
    const before = Date.now();
    const res = await create(key);
    expect(res.statusCode, res.body).toBe(200);
    expectOpenApi(app, '/v1/portal_sessions', 'POST', 200, res.json());
    const body = res.json<{ id: string; object: string; mode: string; scopes: string[]; url: string; expires_at: string }>();
    expect(body).toMatchObject({ object: 'portal_session', mode: 'manage', scopes: ['customers:read', 'webhook_endpoints:write'] });
    expect(body.id).toMatch(/^ps_/);
    expect(body.url).toMatch(/^https:\/\/clubdata\.example\.com\/portal\/start#cdpl_[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(body.expires_at) - before;
    expect(lifetime).toBeGreaterThan(10 * 60_000 - 5_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 1_000);
    const token = new URL(body.url).hash.slice(1);
    const { rows } = await pool.query('SELECT link_hash, session_hash FROM portal_sessions WHERE id = $1', [body.id]);
    expect(rows[0].link_hash).toEqual(hashPortalToken(token));
    expect(rows[0].session_hash).toBeNull();
  });

  it('needs webhook_endpoints:write, and a mode of manage or read_only', async () => {
    const reader = await bearer(pool, clubId, { scopes: ['customers:read'] });
    expect((await create(reader)).json()).toMatchObject({ error: { code: 'insufficient_scope' } });
    for (const body of [{}, { mode: 'admin' }, { mode: 'manage', extra: 1 }]) {
      const res = await create(key, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await create(key, { mode: 'read_only' })).json()).toMatchObject({ mode: 'read_only' });
  });
});

describe('opening the link: POST /portal/session', () => {
  it('starts the session once: an HttpOnly, SameSite=Strict cookie for /portal, Secure outside development, for an hour', async () => {
    const made = await session();
    const res = await redeem(made.token);
    expect(res.statusCode, res.body).toBe(204);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^clubdata_portal=cdps_[A-Za-z0-9_-]{43}; Path=\/portal; HttpOnly; SameSite=Strict; Max-Age=3600; Secure$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const me = await whoAmI(cookieOf(res));
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: made.id, object: 'portal_session', club_id: clubId, mode: 'manage', scopes: made.scopes });
    // Opened again: no second session from the same link.
    expect((await redeem(made.token)).json()).toMatchObject({ error: { code: 'portal_link_used', param: 'token' } });
  });

  it('refuses an expired link, an unknown or malformed token, and a request from another site, each with a clear error', async () => {
    const expired = await session();
    await pool.query(`UPDATE portal_sessions SET link_expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    const res = await redeem(expired.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'portal_link_expired', message: expect.stringContaining('10 minutes') } });
    for (const token of ['cdpl_' + 'A'.repeat(43), 'nonsense', 'cdps_' + 'A'.repeat(43), 42]) {
      const refused = await redeem(token);
      expect(refused.statusCode, String(token)).toBe(400);
    }
    const fresh = await session();
    const cross = await redeem(fresh.token, { origin: 'https://evil.example' });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toMatchObject({ error: { code: 'cross_site_request' } });
    // Refused before it was used: the link still works from the portal's own page, whether the
    // Host a proxy passed on is the public one or not (PUBLIC_URL names the public origin).
    expect((await redeem(fresh.token, { origin: 'https://clubdata.example.com', host: 'internal:3000' })).statusCode).toBe(204);
  });

  it('leaves out Secure in development, where the portal is served over plain http on loopback', async () => {
    const devApp = await buildApp({ config: testConfig({ ...FAST, environment: 'development' }), pool, secretBox: testSecretBox() });
    await devApp.ready();
    try {
      const made = await session();
      const res = await devApp.inject({ method: 'POST', url: '/portal/session', payload: { token: made.token } });
      expect(res.statusCode, res.body).toBe(204);
      expect(String(res.headers['set-cookie'])).not.toContain('Secure');
    } finally {
      await devApp.close();
    }
  });
});

describe('the end of a session', () => {
  it('comes with DELETE /v1/portal_sessions/{id}, for the link and the session alike; another club gets 404', async () => {
    const started = await session();
    const cookie = cookieOf(await redeem(started.token));
    const unopened = await session();
    const other = await bearer(pool, (await insertClub(pool)).id, { scopes: ['webhook_endpoints:write'] });
    expect((await app.inject({ method: 'DELETE', url: `/v1/portal_sessions/${started.id}`, headers: { authorization: other } })).statusCode).toBe(404);
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    for (const id of [started.id, unopened.id]) {
      const res = await app.inject({ method: 'DELETE', url: `/v1/portal_sessions/${id}`, headers: { authorization: key } });
      expect(res.statusCode, res.body).toBe(200);
      expectOpenApi(app, '/v1/portal_sessions/{id}', 'DELETE', 200, res.json());
      expect(res.json()).toEqual({ id, object: 'portal_session', deleted: true });
    }
    const gone = await whoAmI(cookie);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ error: { code: 'portal_session_missing' } });
    expect((await redeem(unopened.token)).json()).toMatchObject({ error: { code: 'portal_link_invalid' } });
    expect((await app.inject({ method: 'DELETE', url: '/v1/portal_sessions/ps_nope', headers: { authorization: key } })).statusCode).toBe(404);
  });

  it('comes when the key that made it is revoked, or after the hour; no cookie is no session', async () => {
    const maker = await bearer(pool, clubId, { scopes: ['webhook_endpoints:write'] });
    const made = await session(maker);
    const cookie = cookieOf(await redeem(made.token));
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    await pool.query(`UPDATE api_keys SET revoked_at = now() WHERE club_id = $1 AND scopes = ARRAY['webhook_endpoints:write']`, [clubId]);
    expect((await whoAmI(cookie)).statusCode).toBe(401);

    const later = await session();
    const laterCookie = cookieOf(await redeem(later.token));
    await pool.query(`UPDATE portal_sessions SET session_expires_at = now() - interval '1 second' WHERE id = $1`, [later.id]);
    expect((await whoAmI(laterCookie)).statusCode).toBe(401);
    expect((await whoAmI(undefined)).statusCode).toBe(401);
    expect((await whoAmI('clubdata_portal=cdps_forged')).statusCode).toBe(401);
  });
});

describe('framing the portal', () => {
  it('is refused by default, and allowed only to the origins PORTAL_FRAME_ANCESTORS lists', async () => {
    const refused = await whoAmI(undefined);
    expect(refused.headers['x-frame-options']).toBe('DENY');
    expect(refused.headers['content-security-policy']).toContain("frame-ancestors 'none';");
    const config = loadConfig({ DATABASE_URL: 'postgresql://unused/db', PORTAL_FRAME_ANCESTORS: 'https://app.example.com, https://admin.example.com:8443/' });
    expect(config.portalFrameAncestors).toEqual(['https://app.example.com', 'https://admin.example.com:8443']);
    const framed = await buildApp({ config: testConfig({ ...FAST, portalFrameAncestors: config.portalFrameAncestors }), pool, secretBox: testSecretBox() });
    await framed.ready();
    try {
      const res = await framed.inject({ method: 'GET', url: '/portal/session' });
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain('frame-ancestors https://app.example.com https://admin.example.com:8443;');
    } finally {
      await framed.close();
    }
  });

  it('refuses at start anything in PORTAL_FRAME_ANCESTORS that is not an origin, naming it', () => {
    for (const value of ["'self'", '*', 'https://*.example.com', 'https://app.example.com/portal', 'app.example.com', 'javascript:alert(1)']) {
      expect(() => loadConfig({ PORTAL_FRAME_ANCESTORS: value }), value).toThrow(/PORTAL_FRAME_ANCESTORS must list origins/);
    }
  });
});
