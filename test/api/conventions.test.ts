// Conventions every route shares: request ids, the envelope for unknown paths (404) and wrong
// methods (405), no internals in 500s, the public OpenAPI document and reference page, the
// health endpoints, and no CORS headers.
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createPool } from '../../src/db/pool.ts';
import { expectOpenApi } from '../openapi.ts';
import { bearer, cleanUp, insertClub, setupApp, setupClubApi, testConfig, type TestContext, testSecretBox } from '../helper.ts';

const t = await setupClubApi();
const { auth, pool } = t;

const request = (method: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: method as 'GET', url, headers });

function expectEnvelope(res: LightMyRequestResponse, status: number, type: string, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatchObject({ type, code, message: expect.any(String) });
  expect(body.error.request_id).toBe(res.headers['x-request-id']);
  return body.error as { type: string; code: string; message: string; param?: string; request_id: string };
}

describe('X-Request-Id', () => {
  it('is on every response, starts with req_, is unique, and equals error.request_id', async () => {
    const responses = [
      await request('GET', '/v1/customers', { authorization: auth }), // 200
      await request('GET', '/v1/customers'), // 401
      await request('GET', '/v1/customers?limit=0', { authorization: auth }), // 400
      await request('GET', '/v1/no_such_thing', { authorization: auth }), // 404
      await request('POST', '/v1/customers', { authorization: auth }), // 405
      await request('GET', '/healthz'),
      await request('GET', '/readyz'),
      await request('GET', '/v1/openapi.json'),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 400, 404, 405, 200, 200, 200]);
    const ids = responses.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^req_[0-9A-Za-z_-]{8,}$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const res of responses.filter((r) => r.statusCode >= 400)) {
      expect(res.json().error.request_id).toBe(res.headers['x-request-id']);
    }
  });

  it('is not taken from the client', async () => {
    const res = await request('GET', '/healthz', { 'x-request-id': 'req_chosen_by_client' });
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    expect(res.headers['x-request-id']).not.toBe('req_chosen_by_client');
  });
});

describe('request log', () => {
  it('writes one line per request, with its id, status, duration and club, and never the key', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info', redact: ['req.headers.authorization'] }, {
      write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    });
    const app = await buildApp({ secretBox: testSecretBox(), config: testConfig(), pool: t.pool, logger });
    try {
      await app.ready();
      const ok = await app.inject({ method: 'GET', url: '/v1/customers?limit=1', headers: { authorization: auth } });
      const unauthorized = await app.inject({ method: 'GET', url: '/v1/customers' });
      const missing = await app.inject({ method: 'GET', url: '/v1/no_such_thing', headers: { authorization: auth } });
      const requestLines = lines.filter((line) => line.msg === 'request');
      expect(requestLines.map((line) => [line.reqId, line.method, line.path, line.status])).toEqual([
        [ok.headers['x-request-id'], 'GET', '/v1/customers', 200],
        [unauthorized.headers['x-request-id'], 'GET', '/v1/customers', 401],
        [missing.headers['x-request-id'], 'GET', '/v1/no_such_thing', 404],
      ]);
      for (const line of requestLines) expect(line.duration_ms).toEqual(expect.any(Number));
      expect(requestLines[0]!.club_id).toMatch(/^club_/);
      expect(requestLines[1]!.club_id).toBeUndefined();
      // Fastify's own pair of lines per request is off.
      expect(lines.some((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toBe(false);
      expect(JSON.stringify(lines)).not.toContain(auth.replace(/^Bearer /, ''));
    } finally {
      await app.close();
    }
  });
});

describe('unknown paths and methods', () => {
  it('answers an unknown path with 404 resource_missing, with or without a key', async () => {
    for (const headers of [{}, { authorization: auth }] as Record<string, string>[]) {
      for (const url of ['/v1/no_such_thing', '/v2/customers', '/', '/v1/customers/cus_1/nothing']) {
        expectEnvelope(await request('GET', url, headers), 404, 'not_found_error', 'resource_missing');
      }
    }
  });

  it('answers a known path with a wrong method with 405 method_not_allowed and Allow', async () => {
    for (const [method, url] of [
      ['POST', '/v1/customers'],
      ['DELETE', '/v1/customers/cus_x'],
      ['PUT', '/v1/customers/cus_x'],
      ['PATCH', '/v1/customers'],
    ] as const) {
      for (const headers of [{}, { authorization: auth }] as Record<string, string>[]) {
        const res = await request(method, url, headers);
        expectEnvelope(res, 405, 'invalid_request_error', 'method_not_allowed');
        const allow = String(res.headers.allow).split(/,\s*/);
        expect(allow, `${method} ${url}`).toContain('GET');
        expect(allow).not.toContain(method);
      }
    }
  });
});

describe('500 responses', () => {
  let broken: TestContext;
  let key: string;

  beforeAll(async () => {
    // A database of its own, broken on purpose: the customer renderer is gone.
    broken = await setupApp();
    const club = await insertClub(broken.pool);
    key = await bearer(broken.pool, club.id);
    await broken.pool.query('DROP FUNCTION cd_render_customer(customers, boolean) CASCADE');
  });

  it('say api_error / internal_error with a generic message: no stack, no SQL', async () => {
    for (const url of ['/v1/customers', '/v1/customers/cus_x']) {
      const res = await broken.app.inject({ method: 'GET', url, headers: { authorization: key } });
      const error = expectEnvelope(res, 500, 'api_error', 'internal_error');
      expect(error.param).toBeUndefined();
      const text = res.body;
      expect(text).not.toMatch(/\bat \S+ \(|\n\s+at /); // stack frames
      expect(text).not.toMatch(/\.ts\b|node_modules|\/work\//);
      expect(text).not.toMatch(/\b(select|from|where|function|cd_render|relation|does not exist|syntax|postgres|pg)\b/i);
      expect(error.message.length).toBeLessThan(200);
    }
  });
});

describe('OpenAPI document and reference page', () => {
  it('serves an OpenAPI 3.1 document without a key', async () => {
    const res = await request('GET', '/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.paths['/v1/customers']?.get).toBeDefined();
    expect(doc.paths['/v1/customers/{id}']?.get).toBeDefined();
    expect(doc.components.securitySchemes).toBeDefined();
    // The public, non-/v1 routes are not part of the contract.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/v1/'))).toBe(true);
  });

  it('serves an HTML reference page at /docs without a key', async () => {
    let res = await request('GET', '/docs');
    for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      const location = String(res.headers.location);
      res = await request('GET', new URL(location, 'http://localhost/docs').pathname);
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});

describe('health', () => {
  it('/healthz answers 200 without a key', async () => {
    const res = await request('GET', '/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 with a live database', async () => {
    const res = await request('GET', '/readyz');
    expect(res.statusCode).toBe(200);
  });

  describe('without a database', () => {
    const deadPool = createPool('postgresql://postgres@127.0.0.1:1/x', 1);
    cleanUp(() => deadPool.end());

    it('/readyz answers 503 in the envelope, and /healthz still 200', async () => {
      const app = await buildApp({ secretBox: testSecretBox(), config: testConfig(), pool: deadPool });
      try {
        await app.ready();
        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        const body = ready.json();
        expect(body.error.type).toBe('api_error');
        expect(body.error.code).toEqual(expect.any(String));
        expect(body.error.request_id).toBe(ready.headers['x-request-id']);
        expect(ready.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\n\s+at /);
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('a request that needs the database answers 503 database_unavailable with Retry-After, not a 500', async () => {
      const app = await buildApp({ secretBox: testSecretBox(), config: testConfig(), pool: deadPool });
      try {
        await app.ready();
        const res = await app.inject({ method: 'GET', url: '/v1/customers', headers: { authorization: auth } });
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.json().error).toMatchObject({ type: 'api_error', code: 'database_unavailable', request_id: res.headers['x-request-id'] });
      } finally {
        await app.close();
      }
    });
  });

  describe('without Redis, when the service uses it', () => {
    it('/readyz answers 503 redis_unavailable', async () => {
      const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      redis.on('error', () => {});
      const app = await buildApp({ secretBox: testSecretBox(), config: testConfig(), pool, redis });
      try {
        await app.ready();
        const ready = await app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json().error).toMatchObject({ type: 'api_error', code: 'redis_unavailable' });
      } finally {
        await app.close();
        redis.disconnect();
      }
    });
  });
});

describe('CORS', () => {
  it('sends no CORS headers, even to a request with an Origin', async () => {
    const origin = { origin: 'https://browser.example' };
    const responses = [
      await request('GET', '/v1/customers', { ...origin, authorization: auth }),
      await request('GET', '/v1/customers', origin),
      await request('GET', '/v1/openapi.json', origin),
      await request('OPTIONS', '/v1/customers', { ...origin, 'access-control-request-method': 'GET' }),
    ];
    for (const res of responses) {
      for (const name of Object.keys(res.headers)) expect(name, `${res.statusCode}`).not.toMatch(/^access-control-/);
    }
    expect(responses[3]!.statusCode).not.toBe(204);
  });
});

describe('successful responses', () => {
  it('are JSON in the documented shape', async () => {
    const res = await request('GET', '/v1/customers', { authorization: auth });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expectOpenApi(t.app, '/v1/customers', 'GET', 200, res.json());
  });
});
