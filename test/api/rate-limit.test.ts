// The per-key rate limit of docs/api.md "Limits", with small limits so a test can exceed them:
// headers on every response, the 429 envelope, limits per key, and one shared counter in Redis
// for several instances. Redis must answer: these tests fail, never skip, without it.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createKey } from '../../src/db/api-keys.ts';
import { createPool, type Pool } from '../../src/db/pool.ts';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { expectOpenApi } from '../openapi.ts';
import { insertClub, setupApp, testConfig, TEST_REDIS_URL, type TestContext, testSecretBox } from '../helper.ts';

// A window of burst / perSecond = 50 s holding 10 requests: far longer than any test here takes
// to send its requests, however busy the machine, so a test's requests always share one window.
const LIMITS = { perSecond: 0.2, burst: 10 };
const WINDOW_SECONDS = LIMITS.burst / LIMITS.perSecond;

let t: TestContext;
let club: { id: string };

beforeAll(async () => {
  t = await setupApp({ rateLimit: LIMITS });
  club = await insertClub(t.pool);
});

/** A new key for every test, so no counter is shared with another test or another run. */
async function newKey(pool: Pool = t.pool): Promise<{ id: string; authorization: string }> {
  const key = await createKey(pool, { clubId: club.id, name: 'rate limit test', scopes: DEFAULT_SCOPES, expiresAt: null });
  return { id: key.id, authorization: `Bearer ${key.key}` };
}

const get = (app: FastifyInstance, url: string, authorization?: string) =>
  app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

function expectRateLimitHeaders(res: LightMyRequestResponse, remaining?: number) {
  expect(res.headers['ratelimit-limit'], `RateLimit-Limit on a ${res.statusCode}`).toBe(String(LIMITS.burst));
  const left = Number(res.headers['ratelimit-remaining']);
  expect(Number.isInteger(left) && left >= 0 && left <= LIMITS.burst, `RateLimit-Remaining on a ${res.statusCode}`).toBe(true);
  if (remaining !== undefined) expect(left).toBe(remaining);
  const reset = Number(res.headers['ratelimit-reset']);
  expect(Number.isInteger(reset) && reset >= 0 && reset <= WINDOW_SECONDS, `RateLimit-Reset on a ${res.statusCode}`).toBe(true);
}

function expect429(res: LightMyRequestResponse, app: FastifyInstance) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body.error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.request_id).toBe(res.headers['x-request-id']);
  expect(body.error.request_id).toMatch(/^req_/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= WINDOW_SECONDS, `Retry-After ${res.headers['retry-after']}`).toBe(true);
  expectRateLimitHeaders(res, 0);
  expectOpenApi(app, '/v1/customers', 'GET', 429, body);
}

describe('rate limit headers', () => {
  it('are on a 200, a 400, a 404 and an unknown path, and count down per request', async () => {
    const { authorization } = await newKey();
    const ok = await get(t.app, '/v1/customers', authorization);
    expect(ok.statusCode).toBe(200);
    expectRateLimitHeaders(ok, LIMITS.burst - 1);

    const invalid = await get(t.app, '/v1/customers?limit=0', authorization);
    expect(invalid.statusCode).toBe(400);
    expectRateLimitHeaders(invalid, LIMITS.burst - 2);

    const missing = await get(t.app, '/v1/customers/cus_doesnotexist', authorization);
    expect(missing.statusCode).toBe(404);
    expectRateLimitHeaders(missing, LIMITS.burst - 3);

    const unknownPath = await get(t.app, '/v1/no_such_thing', authorization);
    expect(unknownPath.statusCode).toBe(404);
    expectRateLimitHeaders(unknownPath);
  });

  it('are on refusals (401, 403) and public routes too (docs/api.md "Limits": every response)', async () => {
    const noKey = await get(t.app, '/v1/customers');
    expect(noKey.statusCode).toBe(401);
    expectRateLimitHeaders(noKey);

    const narrow = await createKey(t.pool, { clubId: club.id, name: 'narrow', scopes: ['orders:read'], expiresAt: null });
    const forbidden = await get(t.app, '/v1/customers', `Bearer ${narrow.key}`);
    expect(forbidden.statusCode).toBe(403);
    expectRateLimitHeaders(forbidden, LIMITS.burst - 1);

    const openapi = await get(t.app, '/v1/openapi.json');
    expect(openapi.statusCode).toBe(200);
    expectRateLimitHeaders(openapi);
    const probe = await get(t.app, '/healthz');
    expect(probe.statusCode).toBe(200);
    for (const header of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(probe.headers[header]).toBeDefined();
  });

  it('a refused key still counts against its own budget, and 429 comes before the 403', async () => {
    const narrow = await createKey(t.pool, { clubId: club.id, name: 'narrow', scopes: ['orders:read'], expiresAt: null });
    for (let i = 0; i < LIMITS.burst; i++) {
      expect((await get(t.app, '/v1/customers', `Bearer ${narrow.key}`)).statusCode).toBe(403);
    }
    expect429(await get(t.app, '/v1/customers', `Bearer ${narrow.key}`), t.app);
  });
});

describe('exceeding the limit', () => {
  it('answers the 11th request within the window with 429 in the error envelope', async () => {
    const { authorization } = await newKey();
    // Different paths and outcomes all count against the key's one budget.
    const urls = ['/v1/customers', '/v1/customers?limit=0', '/v1/customers/cus_nope'];
    for (let i = 0; i < LIMITS.burst; i++) {
      const res = await get(t.app, urls[i % urls.length]!, authorization);
      expect(res.statusCode, `request ${i + 1}`).not.toBe(429);
      expectRateLimitHeaders(res, LIMITS.burst - 1 - i);
    }
    expect429(await get(t.app, '/v1/customers', authorization), t.app);
  });

  it('limits each key on its own: a second key of the same club is still served', async () => {
    const first = await newKey();
    const second = await newKey();
    for (let i = 0; i < LIMITS.burst; i++) expect((await get(t.app, '/v1/customers', first.authorization)).statusCode).toBe(200);
    expect429(await get(t.app, '/v1/customers', first.authorization), t.app);
    const other = await get(t.app, '/v1/customers', second.authorization);
    expect(other.statusCode).toBe(200);
    expectRateLimitHeaders(other, LIMITS.burst - 1);
  });

  it('serves the key again once Retry-After has passed', async () => {
    // A window of 2 s, on an app of its own: requests until the first 429 (a window may turn
    // over while they are sent), then the wait it names.
    const short = await setupApp({ rateLimit: { perSecond: 5, burst: 10 } });
    const key = await createKey(short.pool, { clubId: (await insertClub(short.pool)).id, name: 'short window', scopes: DEFAULT_SCOPES, expiresAt: null });
    const authorization = `Bearer ${key.key}`;
    let limited: LightMyRequestResponse | undefined;
    for (let i = 0; i < 10 * LIMITS.burst && !limited; i++) {
      const res = await get(short.app, '/v1/customers', authorization);
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.statusCode, 'a 429 once the burst is spent').toBe(429);
    const retryAfter = Number(limited!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    expect((await get(short.app, '/v1/customers', authorization)).statusCode).toBe(200);
  });
});

describe('with Redis, shared by several instances', () => {
  const clients: Redis[] = [];
  const apps: FastifyInstance[] = [];
  let pools: Pool[] = [];

  async function connectRedis(): Promise<Redis> {
    // No retries and no offline queue: an unreachable Redis fails the test at once.
    const redis = new Redis(TEST_REDIS_URL, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      connectTimeout: 3000,
      retryStrategy: () => null,
    });
    redis.on('error', () => {});
    clients.push(redis);
    try {
      await redis.connect();
    } catch (error) {
      throw new Error(`these tests need Redis at ${TEST_REDIS_URL} (set TEST_REDIS_URL): ${(error as Error).message}`, { cause: error });
    }
    expect(await redis.ping()).toBe('PONG');
    return redis;
  }

  // Two instances of the service: each its own pool, Redis connection and app, one database.
  // Built inside each test (once), so that a missing Redis fails every test instead of
  // leaving them reported as skipped.
  let started: Promise<[FastifyInstance, FastifyInstance]> | undefined;
  function instances(): Promise<[FastifyInstance, FastifyInstance]> {
    started ??= (async () => {
      pools = [createPool(t.url, 2), createPool(t.url, 2)];
      for (const pool of pools) {
        const app = await buildApp({ secretBox: testSecretBox(), config: testConfig({ rateLimit: LIMITS }), pool, redis: await connectRedis() });
        await app.ready();
        apps.push(app);
      }
      return apps as [FastifyInstance, FastifyInstance];
    })();
    return started;
  }

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const pool of pools) await pool.end();
    for (const redis of clients) redis.disconnect();
  });

  it('limits requests split across both instances together', async () => {
    const { id, authorization } = await newKey();
    const [a, b] = await instances();
    for (let i = 0; i < LIMITS.burst; i++) {
      const res = await get(i % 2 === 0 ? a : b, '/v1/customers', authorization);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
      // The remaining count is the shared one, whichever instance answers.
      expectRateLimitHeaders(res, LIMITS.burst - 1 - i);
    }
    // Each instance alone has seen only 5 requests, yet both refuse the 11th.
    expect429(await get(a, '/v1/customers', authorization), a);
    expect429(await get(b, '/v1/customers', authorization), b);

    // The counter lives in Redis under the key's id (never the key itself).
    const names: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await clients[0]!.scan(cursor, 'MATCH', `clubdata:ratelimit:*${id}*`, 'COUNT', 1000);
      names.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    expect(names.length, 'a Redis counter for the key').toBeGreaterThan(0);
  });

  it('still limits per key: another key is served by both instances', async () => {
    const first = await newKey();
    const second = await newKey();
    const [a, b] = await instances();
    for (let i = 0; i < LIMITS.burst; i++) await get(i % 2 === 0 ? a : b, '/v1/customers', first.authorization);
    expect429(await get(b, '/v1/customers', first.authorization), b);
    for (const app of [a, b]) expect((await get(app, '/v1/customers', second.authorization)).statusCode).toBe(200);
  });
});

describe('health probes', () => {
  it('are counted apart from the client, so an exhausted budget never fails a probe', async () => {
    const t2 = await setupApp({ rateLimit: LIMITS });
    for (let i = 0; i <= LIMITS.burst; i++) await get(t2.app, '/v1/nope');
    expect((await get(t2.app, '/v1/nope')).statusCode).toBe(429);
    const probe = await get(t2.app, '/healthz');
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['ratelimit-limit']).toBeDefined();
  });
});
