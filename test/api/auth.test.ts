// Authentication and authorisation against the real app: every 401/403 code of docs/api.md,
// the order in which the checks answer, the default scopes of a new key, revocation within
// 2 seconds despite the key cache, and that only a hash of a key is ever stored.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createKey } from '../../src/db/api-keys.ts';
import { createPool } from '../../src/db/pool.ts';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, insertClub, setupApp, testConfig, type TestContext, testSecretBox } from '../helper.ts';

/** How long a key lookup is reused (API_KEY_CACHE_MS), on every instance here. */
const KEY_CACHE_MS = 1000;
let t: TestContext;
let club: { id: string };
let closedClub: { id: string };

beforeAll(async () => {
  // The cache is on, as in production: a revocation is seen once a cached lookup expires.
  t = await setupApp({ apiKeyCacheMs: KEY_CACHE_MS });
  club = await insertClub(t.pool);
  closedClub = await insertClub(t.pool, { api_access: false });
});

const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url, headers: authorization === undefined ? {} : { authorization } });

async function expectError(
  res: Awaited<ReturnType<typeof get>>,
  status: number,
  type: string,
  code: string,
  route = '/v1/customers',
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.error).toMatchObject({ type, code });
  expect(body.error.request_id).toBe(res.headers['x-request-id']);
  expectOpenApi(t.app, route, 'GET', status, body);
}

async function keyFor(clubId: string, options: { scopes?: readonly string[]; expiresAt?: Date | null } = {}) {
  return createKey(t.pool, { clubId, name: 'auth test', scopes: options.scopes ?? DEFAULT_SCOPES, expiresAt: options.expiresAt ?? null });
}

describe('401 authentication_error', () => {
  it('api_key_missing without an Authorization header', async () => {
    await expectError(await get('/v1/customers'), 401, 'authentication_error', 'api_key_missing');
  });

  it('api_key_invalid for malformed headers', async () => {
    const key = (await keyFor(club.id)).key;
    const body = key.slice('cd_live_'.length);
    const malformed = [
      `Bearer cd_test_${body}`, // wrong prefix
      `Bearer sk_live_${body}`, // wrong prefix
      `Bearer ${key}x`, // too long
      `Bearer ${key.slice(0, -1)}`, // too short
      `Bearer cd_live_${body.slice(0, 31)}!`, // not base62
      `Basic ${Buffer.from(`${key}:`).toString('base64')}`, // not Bearer
      key, // no scheme
      'Bearer', // no key
      `Token ${key}`,
    ];
    for (const authorization of malformed) {
      const res = await get('/v1/customers', authorization);
      expect(res.json().error?.code, authorization).toBe('api_key_invalid');
      await expectError(res, 401, 'authentication_error', 'api_key_invalid');
    }
  });

  it('api_key_invalid for a well-formed key that does not exist', async () => {
    await expectError(
      await get('/v1/customers', `Bearer cd_live_${'A'.repeat(32)}`),
      401,
      'authentication_error',
      'api_key_invalid',
    );
  });

  it('api_key_revoked for a revoked key', async () => {
    const key = await keyFor(club.id);
    await t.pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
    await expectError(await get('/v1/customers', `Bearer ${key.key}`), 401, 'authentication_error', 'api_key_revoked');
  });

  it('api_key_expired for an expired key, while a key expiring later still works', async () => {
    const expired = await keyFor(club.id, { expiresAt: new Date(Date.now() - 1000) });
    await expectError(await get('/v1/customers', `Bearer ${expired.key}`), 401, 'authentication_error', 'api_key_expired');
    const later = await keyFor(club.id, { expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await get('/v1/customers', `Bearer ${later.key}`)).statusCode).toBe(200);
  });
});

describe('403', () => {
  it('feature_not_enabled / api_access_disabled for a club without API access', async () => {
    const res = await get('/v1/customers', await bearer(t.pool, closedClub.id));
    await expectError(res, 403, 'feature_not_enabled', 'api_access_disabled');
  });

  it('permission_error / insufficient_scope for a key without customers:read', async () => {
    const others = DEFAULT_SCOPES.filter((s) => s !== 'customers:read');
    await expectError(
      await get('/v1/customers', await bearer(t.pool, club.id, { scopes: others })),
      403,
      'permission_error',
      'insufficient_scope',
    );
    // Opt-in scopes grant nothing beyond themselves.
    await expectError(
      await get('/v1/customers', await bearer(t.pool, club.id, { scopes: ['signals:read', 'webhook_endpoints:write'] })),
      403,
      'permission_error',
      'insufficient_scope',
    );
  });

  it('a key with customers:read alone may list customers', async () => {
    const res = await get('/v1/customers', await bearer(t.pool, club.id, { scopes: ['customers:read'] }));
    expect(res.statusCode).toBe(200);
  });
});

describe('default scopes of a new key', () => {
  // docs/api.md "Authentication and scopes": every *:read scope except signals:read; the two opt-in scopes are not held.
  const EXPECTED_READ = [
    'bookings:read',
    'club:read',
    'coaches:read',
    'customers:read',
    'events:read',
    'orders:read',
    'schedule:read',
    'spaces:read',
    'transactions:read',
    'waivers:read',
  ];

  it('holds every read scope but not signals:read or webhook_endpoints:write', async () => {
    const key = await keyFor(club.id);
    const { rows } = await t.pool.query<{ scopes: string[] }>('SELECT scopes FROM api_keys WHERE id = $1', [key.id]);
    const stored = [...rows[0]!.scopes].sort();
    expect(stored).toEqual(EXPECTED_READ);
    expect(stored).not.toContain('signals:read');
    expect(stored).not.toContain('webhook_endpoints:write');
    expect([...key.scopes].sort()).toEqual(EXPECTED_READ);
  });
});

describe('order of checks: key, API access, scope, parameters, existence', () => {
  it('a revoked key with an invalid parameter gets 401, not 400', async () => {
    const key = await keyFor(club.id);
    await t.pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
    await expectError(await get('/v1/customers?limit=0&bogus=1', `Bearer ${key.key}`), 401, 'authentication_error', 'api_key_revoked');
  });

  it('a missing key with an invalid parameter gets 401, not 400', async () => {
    await expectError(await get('/v1/customers?limit=abc'), 401, 'authentication_error', 'api_key_missing');
  });

  it('a club without API access and a key without the scope gets feature_not_enabled', async () => {
    const auth = await bearer(t.pool, closedClub.id, { scopes: ['orders:read'] });
    await expectError(await get('/v1/customers?limit=0', auth), 403, 'feature_not_enabled', 'api_access_disabled');
  });

  it('a key without the scope and an invalid parameter gets 403, not 400', async () => {
    const auth = await bearer(t.pool, club.id, { scopes: ['orders:read'] });
    await expectError(await get('/v1/customers?limit=1000', auth), 403, 'permission_error', 'insufficient_scope');
  });

  it('a valid key with a bad parameter on an unknown id gets 400 before 404', async () => {
    const auth = await bearer(t.pool, club.id);
    const route = '/v1/customers/{id}';
    const bad = await get('/v1/customers/cus_doesnotexist?bogus=1', auth);
    await expectError(bad, 400, 'invalid_request_error', 'parameter_unknown', route);
    expect(bad.json().error.param).toBe('bogus');
    await expectError(await get('/v1/customers/cus_doesnotexist', auth), 404, 'not_found_error', 'resource_missing', route);
  });
});

describe('a key in the query string', () => {
  it('is refused with 401 api_key_in_query, even beside a valid Authorization header', async () => {
    const key = (await keyFor(club.id)).key;
    for (const [url, authorization] of [
      [`/v1/customers?api_key=${key}`, undefined],
      [`/v1/customers?api_key=${key}`, `Bearer ${key}`],
      [`/v1/customers?limit=1&starting_after=${key}`, `Bearer ${key}`],
      [`/v1/customers?${key}=1`, `Bearer ${key}`],
      ['/v1/customers?api_key=', `Bearer ${key}`],
    ] as const) {
      const res = await get(url, authorization);
      await expectError(res, 401, 'authentication_error', 'api_key_in_query');
      expect(res.json().error.message).toContain('Authorization: Bearer');
      expect(res.body).not.toContain(key);
      // Counted by the rate limiter like any refusal.
      expect(res.headers['ratelimit-remaining']).toMatch(/^\d+$/);
    }
  });

  it('is refused before the parameters are checked, on every /v1 route, public ones included', async () => {
    await expectError(await get('/v1/customers?api_key=x&bogus=1'), 401, 'authentication_error', 'api_key_in_query');
    await expectError(await get('/v1/customers/cus_1?api_key=x'), 401, 'authentication_error', 'api_key_in_query', '/v1/customers/{id}');
    const spec = await get('/v1/openapi.json?api_key=cd_live_x');
    expect(spec.statusCode).toBe(401);
    expect(spec.json().error.code).toBe('api_key_in_query');
  });

  it('leaves unknown paths their 404, whose message does not echo the query', async () => {
    const res = await get('/v1/no_such_thing?api_key=cd_live_secretish');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('resource_missing');
    expect(res.body).not.toContain('secretish');
  });
});

describe('revocation with the key cache on', () => {
  let second: FastifyInstance;
  let secondPool: ReturnType<typeof createPool>;

  beforeAll(async () => {
    // A second instance of the service on the same database, with its own pool and cache.
    secondPool = createPool(t.url, 2);
    second = await buildApp({ secretBox: testSecretBox(), config: testConfig({ apiKeyCacheMs: KEY_CACHE_MS }), pool: secondPool });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondPool?.end();
  });

  it('refuses a revoked key on every instance once a key lookup may no longer be reused (API_KEY_CACHE_MS)', async () => {
    const key = await keyFor(club.id);
    const request = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/v1/customers', headers: { authorization: `Bearer ${key.key}` } });
    // Both instances have now cached the key as valid.
    expect((await request(t.app)).statusCode).toBe(200);
    expect((await request(second)).statusCode).toBe(200);

    await t.pool.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
    // Every lookup either instance cached was made before the revocation: once the cache time
    // has passed, none may be reused. (However slow the machine: waiting longer proves no less.)
    await new Promise((resolve) => setTimeout(resolve, KEY_CACHE_MS));
    for (const app of [t.app, second]) {
      const res = await request(app);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('api_key_revoked');
    }
    // Once refused, always refused.
    expect((await request(t.app)).statusCode).toBe(401);
    expect((await request(second)).statusCode).toBe(401);
  });
});

describe('key storage', () => {
  it('stores only the SHA-256 hash of a key, never the key', async () => {
    const key = await keyFor(club.id);
    const body = key.key.slice('cd_live_'.length);
    const { rows } = await t.pool.query<{ row: string; hash: string }>(
      `SELECT row_to_json(k)::text AS row, encode(k.key_hash, 'hex') AS hash FROM api_keys k WHERE id = $1`,
      [key.id],
    );
    expect(rows[0]!.hash).toBe(createHash('sha256').update(key.key).digest('hex'));
    // No column holds the key, its random part, or the key's bytes hex-encoded.
    const row = rows[0]!.row;
    expect(row).not.toContain(key.key);
    expect(row).not.toContain(body);
    expect(row).not.toContain(body.slice(0, 28));
    expect(row).not.toContain(body.slice(4));
    expect(row).not.toContain(Buffer.from(key.key).toString('hex'));
  });
});
