// What the portal serves, checked without a browser (docs/portal.md): its pages and files with
// the portal's headers, nothing outside its own files, the API's routes under /portal/api with
// a session's scopes and never a key, none of it in the OpenAPI document, and the verification
// code its page shows equal to the guide's.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Pool } from '../../src/db/pool.ts';
import { PORTAL_PAGES } from '../../src/portal/index.ts';
import { VERIFY_V1, VERIFY_V1A, VERIFY_WITH_LIBRARY } from '../../src/portal/web/snippets.js';
import { bearer, createTestDatabase, insertClub, testConfig, testSecretBox } from '../helper.ts';

let app: FastifyInstance;
let pool: Pool;
let clubId: string;

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
  app = await buildApp({ config: testConfig({ publicUrl: 'https://clubdata.example.com' }), pool, secretBox: testSecretBox() });
  await app.ready();
  clubId = (await insertClub(pool)).id;
});
afterAll(() => app?.close());

/** A started session of a key with these scopes: the cookie a browser would send. */
async function sessionCookie(scopes: string[], mode = 'manage'): Promise<string> {
  const authorization = await bearer(pool, clubId, { scopes });
  const made = await app.inject({ method: 'POST', url: '/v1/portal_sessions', headers: { authorization }, payload: { mode } });
  const token = new URL(made.json<{ url: string }>().url).hash.slice(1);
  const started = await app.inject({ method: 'POST', url: '/portal/session', headers: { host: 'clubdata.example.com' }, payload: { token } });
  return String(started.headers['set-cookie']).split(';')[0]!;
}

describe('pages and files', () => {
  it('serves every page as the one shell, with a strict policy and no framing', async () => {
    for (const url of PORTAL_PAGES) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<script type="module" src="/portal/assets/app.js"></script>');
      expect(res.body).not.toMatch(/<script>|\sstyle=|\son\w+=/); // nothing inline: the policy allows none
      expect(res.headers).toMatchObject({
        'cache-control': 'no-store',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
      });
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe');
    }
  });

  it('serves its own scripts and style, and nothing else under /portal/assets/', async () => {
    const script = await app.inject({ method: 'GET', url: '/portal/assets/pages/endpoint.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe(readFileSync(new URL('../../src/portal/web/pages/endpoint.js', import.meta.url), 'utf8'));
    expect((await app.inject({ method: 'GET', url: '/portal/assets/portal.css' })).headers['content-type']).toBe('text/css; charset=utf-8');
    for (const url of ['/portal/assets/tsconfig.json', '/portal/assets/../index.ts', '/portal/assets/%2e%2e/access.ts', '/portal/assets/nothing.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('import');
    }
  });

  it('keeps the portal out of the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/portal'))).toEqual([]);
    expect(Object.keys(document.paths)).toContain('/v1/webhook_endpoints/{id}/health');
  });
});

describe('the API under /portal/api', () => {
  it('takes a session cookie, never a key, and holds the session to its key’s scopes', async () => {
    const cookie = await sessionCookie(['customers:read', 'webhook_endpoints:write']);
    expect((await app.inject({ method: 'GET', url: '/portal/api/v1/webhook_endpoints', headers: { cookie } })).statusCode).toBe(200);
    const signals = await app.inject({ method: 'GET', url: '/portal/api/v1/signals', headers: { cookie } });
    expect(signals.json()).toMatchObject({ error: { code: 'insufficient_scope' } });
    // Customers are no business of the portal: the route is not mounted there.
    expect((await app.inject({ method: 'GET', url: '/portal/api/v1/customers', headers: { cookie } })).statusCode).toBe(404);

    const key = await bearer(pool, clubId, { scopes: ['webhook_endpoints:write'] });
    const withKey = await app.inject({ method: 'GET', url: '/portal/api/v1/webhook_endpoints', headers: { authorization: key } });
    expect(withKey.statusCode).toBe(401);
    expect(withKey.json()).toMatchObject({ error: { code: 'portal_session_missing' } });
    expect(withKey.headers['x-frame-options']).toBe('DENY');
  });

  it('gives the page its session’s CSRF token, which changes with the session', async () => {
    const first = await sessionCookie(['customers:read', 'webhook_endpoints:write']);
    const second = await sessionCookie(['customers:read', 'webhook_endpoints:write']);
    const token = async (cookie: string) => (await app.inject({ method: 'GET', url: '/portal/session', headers: { cookie } })).json<{ csrf_token: string }>().csrf_token;
    const [a, b] = [await token(first), await token(second)];
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    const created = (cookie: string, csrf: string) =>
      app.inject({
        method: 'POST',
        url: '/portal/api/v1/webhook_endpoints',
        headers: { cookie, 'x-csrf-token': csrf, host: 'clubdata.example.com', origin: 'https://clubdata.example.com' },
        payload: { url: 'https://receiver.example.com/hook', signal_types: ['*'] },
      });
    expect((await created(first, b)).json()).toMatchObject({ error: { code: 'csrf_token_invalid' } });
    const crossSite = await app.inject({
      method: 'POST',
      url: '/portal/api/v1/webhook_endpoints',
      headers: { cookie: first, 'x-csrf-token': a, host: 'clubdata.example.com', origin: 'https://evil.example.net' },
      payload: { url: 'https://receiver.example.com/hook', signal_types: ['*'] },
    });
    expect(crossSite.json()).toMatchObject({ error: { code: 'cross_site_request' } });
  });
});

describe('the request log', () => {
  it('names the session’s club on a change it refuses, read-only or without its CSRF token', async () => {
    const lines: { msg?: string; path?: string; status?: number; club_id?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
    const logged = await buildApp({ config: testConfig({ publicUrl: 'https://clubdata.example.com' }), pool, secretBox: testSecretBox(), logger });
    try {
      await logged.ready();
      const authorization = await bearer(pool, clubId, { scopes: ['customers:read', 'webhook_endpoints:write'] });
      const started = async (mode: string) => {
        const made = await logged.inject({ method: 'POST', url: '/v1/portal_sessions', headers: { authorization }, payload: { mode } });
        const token = new URL(made.json<{ url: string }>().url).hash.slice(1);
        const res = await logged.inject({ method: 'POST', url: '/portal/session', headers: { host: 'clubdata.example.com' }, payload: { token } });
        const cookie = String(res.headers['set-cookie']).split(';')[0]!;
        const csrf = (await logged.inject({ method: 'GET', url: '/portal/session', headers: { cookie } })).json<{ csrf_token: string }>().csrf_token;
        return { cookie, csrf };
      };
      const change = (cookie: string, csrf: string) =>
        logged.inject({
          method: 'POST',
          url: '/portal/api/v1/webhook_endpoints',
          headers: { cookie, 'x-csrf-token': csrf, host: 'clubdata.example.com', origin: 'https://clubdata.example.com' },
          payload: { url: 'https://receiver.example.com/hook', signal_types: ['*'] },
        });
      const readOnly = await started('read_only');
      expect((await change(readOnly.cookie, readOnly.csrf)).json()).toMatchObject({ error: { code: 'portal_read_only' } });
      const manage = await started('manage');
      expect((await change(manage.cookie, 'wrong')).json()).toMatchObject({ error: { code: 'csrf_token_invalid' } });
      const refused = lines.filter((line) => line.msg === 'request' && line.path === '/portal/api/v1/webhook_endpoints');
      expect(refused.map((line) => [line.status, line.club_id])).toEqual([
        [403, clubId],
        [403, clubId],
      ]);
    } finally {
      await logged.close();
    }
  });
});

describe('limits', () => {
  it('gives a key’s portal sessions a rate-limit budget of their own, apart from the key’s, which more sessions do not add to', async () => {
    const limited = await buildApp({ config: testConfig({ publicUrl: 'https://clubdata.example.com', rateLimit: { perSecond: 0.01, burst: 3 } }), pool, secretBox: testSecretBox() });
    try {
      await limited.ready();
      const authorization = await bearer(pool, clubId, { scopes: ['customers:read', 'webhook_endpoints:write'] });
      const made = await limited.inject({ method: 'POST', url: '/v1/portal_sessions', headers: { authorization }, payload: { mode: 'read_only' } });
      const token = new URL(made.json<{ url: string }>().url).hash.slice(1);
      const started = await limited.inject({ method: 'POST', url: '/portal/session', headers: { host: 'clubdata.example.com' }, payload: { token } });
      const cookie = String(started.headers['set-cookie']).split(';')[0]!;
      const page = () => limited.inject({ method: 'GET', url: '/portal/api/v1/webhook_endpoints', headers: { cookie } });
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await page()).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // A second session of the same key shares the spent budget.
      const again = await limited.inject({ method: 'POST', url: '/v1/portal_sessions', headers: { authorization }, payload: { mode: 'read_only' } });
      const second = await limited.inject({
        method: 'POST',
        url: '/portal/session',
        headers: { host: 'clubdata.example.com' },
        payload: { token: new URL(again.json<{ url: string }>().url).hash.slice(1) },
      });
      const otherCookie = String(second.headers['set-cookie']).split(';')[0]!;
      expect((await limited.inject({ method: 'GET', url: '/portal/api/v1/webhook_endpoints', headers: { cookie: otherCookie } })).statusCode).toBe(429);
      // The key spent two requests of its three (the sessions it made): its server goes on.
      expect((await limited.inject({ method: 'GET', url: '/v1/webhook_endpoints', headers: { authorization } })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('the verification page', () => {
  it('shows the guide’s own code, word for word', () => {
    const guide = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    const blocks = [...guide.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1]);
    for (const snippet of [VERIFY_WITH_LIBRARY, VERIFY_V1, VERIFY_V1A]) expect(blocks).toContain(snippet);
  });
});
