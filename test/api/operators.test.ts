// Operator surfaces: /metrics and Bull Board at /admin/queues. Both are absent (404) without
// operator credentials configured, refuse missing or wrong credentials with 401 and a Basic
// challenge, and work with the right ones, however the path is percent-encoded: the guard judges
// paths as the router and its 405 do. Bull Board is checked on both queue backends.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createMetrics } from '../../src/metrics.ts';
import { openQueueBackend, QUEUE_NAMES, type GivenUpJob, type ShardJob } from '../../src/queue/queues.ts';
import { cleanUp, createTestDatabase, TEST_REDIS_URL, testConfig, testSecretBox } from '../helper.ts';

const OPERATOR = { user: 'ops', password: 'correct horse battery' };
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const RIGHT = basic(OPERATOR.user, OPERATOR.password);
const WRONG_CREDENTIALS = [basic(OPERATOR.user, 'correct horse battery!'), basic('admin', OPERATOR.password), 'Bearer cd_live_x'];

function expectEnvelope(response: LightMyRequestResponse, status: number, type: string, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const { error } = response.json();
  expect(error).toMatchObject({ type, code, message: expect.any(String), request_id: response.headers['x-request-id'] });
  expect(error.request_id).toMatch(/^req_/);
}

function expectChallenge(response: LightMyRequestResponse) {
  expectEnvelope(response, 401, 'authentication_error', 'operator_credentials_invalid');
  expect(response.headers['www-authenticate']).toMatch(/^Basic realm="clubdata operators"/);
}

let pool: Awaited<ReturnType<typeof createTestDatabase>>['pool'];
let databaseUrl: string;

beforeAll(async () => {
  ({ pool, url: databaseUrl } = await createTestDatabase());
});

/** Producers on the two queues, in a namespace of this test's own, wiped and closed afterwards. */
function openQueues(backend: 'redis' | 'postgres') {
  const queueBackend = openQueueBackend({
    redisUrl: backend === 'redis' ? TEST_REDIS_URL : undefined,
    databaseUrl,
    prefix: `t${randomBytes(5).toString('hex')}`,
    onError: (error) => {
      throw error;
    },
  });
  const queues = {
    delivery: queueBackend.newQueue<ShardJob>(QUEUE_NAMES.delivery),
    givenUp: queueBackend.newQueue<GivenUpJob>(QUEUE_NAMES.givenUp),
  };
  cleanUp(async () => {
    for (const queue of [queues.delivery, queues.givenUp]) {
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
    }
    await queueBackend.close();
  });
  return queues;
}

async function app(options: { operator?: typeof OPERATOR; queues?: ReturnType<typeof openQueues>; metrics?: ReturnType<typeof createMetrics> }) {
  const instance = await buildApp({
    config: testConfig({ operator: options.operator }),
    pool,
    secretBox: testSecretBox(),
    metrics: options.metrics,
    queues: options.queues,
  });
  await instance.ready();
  cleanUp(() => instance.close());
  return instance;
}

describe('without operator credentials configured', () => {
  let api: FastifyInstance;
  beforeAll(async () => {
    // Queues are handed in, yet the board must not exist: credentials are what turns it on.
    api = await app({ queues: openQueues('redis') });
  });

  it('/metrics answers 404 in the envelope, with or without credentials sent', async () => {
    for (const headers of [{}, { authorization: RIGHT }]) {
      const response = await api.inject({ method: 'GET', url: '/metrics', headers });
      expectEnvelope(response, 404, 'not_found_error', 'resource_missing');
      expect(response.body).not.toContain('clubdata_');
    }
  });

  it('/admin/queues, its API and its assets answer 404 in the envelope', async () => {
    for (const url of ['/admin/queues', '/admin/queues/', '/admin/queues/api/queues', '/admin/queues/static/images/logo.svg']) {
      const response = await api.inject({ method: 'GET', url, headers: { authorization: RIGHT } });
      expectEnvelope(response, 404, 'not_found_error', 'resource_missing');
      expect(response.headers['www-authenticate']).toBeUndefined();
    }
  });

  it('other methods on them answer 404 too, never 405: nothing says they exist', async () => {
    for (const [method, url] of [
      ['POST', '/metrics'],
      ['DELETE', '/metrics'],
      ['POST', '/admin/queues/api/queues'],
      ['PUT', '/admin/queues'],
      // Spelled otherwise, they are still these paths to the router and to its 405.
      ['PUT', '/%6detrics'],
      ['DELETE', '/%6Detrics?x=1'],
      ['PUT', '/admin/%71ueues'],
      ['POST', '/admin/%71ueues/api/queues'],
    ]) {
      const response = await api.inject({ method: method as 'POST', url });
      expectEnvelope(response, 404, 'not_found_error', 'resource_missing');
      expect(response.headers.allow).toBeUndefined();
    }
  });
});

describe('/metrics with operator credentials configured', () => {
  let api: FastifyInstance;
  beforeAll(async () => {
    const metrics = createMetrics();
    metrics.deliveries.inc({ outcome: 'succeeded' }, 3);
    metrics.attemptDuration.observe({ kind: 'ok' }, 0.2);
    metrics.lag.observe(1.5);
    metrics.endpointsDisabled.inc({ reason: 'failing' });
    metrics.queueDepth.set({ queue: QUEUE_NAMES.delivery, state: 'waiting' }, 7);
    api = await app({ operator: OPERATOR, metrics });
  });

  it('refuses a request without credentials with 401 and a Basic challenge', async () => {
    expectChallenge(await api.inject({ method: 'GET', url: '/metrics' }));
    expectChallenge(await api.inject({ method: 'GET', url: '/%6detrics' }));
  });

  it('refuses wrong credentials with 401', async () => {
    for (const authorization of WRONG_CREDENTIALS) {
      const response = await api.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
      expectChallenge(response);
      expect(response.body).not.toContain('clubdata_deliveries_total');
    }
  });

  it('checks credentials before the method: 401 without them, 405 with them', async () => {
    for (const method of ['POST', 'DELETE', 'PUT'] as const) {
      for (const url of ['/metrics', '/%6detrics', '/%6D%65trics']) {
        const refused = await api.inject({ method, url });
        expectChallenge(refused);
        expect(refused.headers.allow, `${method} ${url}`).toBeUndefined();
        // Counted by the rate limiter like any refusal.
        expect(refused.headers['ratelimit-remaining']).toMatch(/^\d+$/);
        const wrongMethod = await api.inject({ method, url, headers: { authorization: RIGHT } });
        expectEnvelope(wrongMethod, 405, 'invalid_request_error', 'method_not_allowed');
      }
    }
  });

  it('leaves paths the router does not take for /metrics to the 404, as routing is case-sensitive', async () => {
    for (const url of ['/METRICS', '/metrics/', '/%2Fmetrics']) {
      expectEnvelope(await api.inject({ method: 'PUT', url }), 404, 'not_found_error', 'resource_missing');
    }
  });

  it('serves the Prometheus exposition to the operator', async () => {
    const response = await api.inject({ method: 'GET', url: '/metrics', headers: { authorization: RIGHT } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = response.body;
    for (const name of [
      'clubdata_deliveries_total',
      'clubdata_delivery_attempt_duration_seconds',
      'clubdata_delivery_lag_seconds',
      'clubdata_endpoints_disabled_total',
      'clubdata_lane_runs_total',
      'clubdata_queue_jobs',
    ]) {
      expect(body).toContain(`# TYPE ${name} `);
    }
    // Samples of this app's own metrics object, not just the declarations.
    expect(body).toMatch(/^clubdata_deliveries_total\{outcome="succeeded"\} 3$/m);
    expect(body).toMatch(/^clubdata_delivery_attempt_duration_seconds_count\{kind="ok"\} 1$/m);
    expect(body).toMatch(/^clubdata_delivery_lag_seconds_sum 1\.5$/m);
    expect(body).toMatch(/^clubdata_endpoints_disabled_total\{reason="failing"\} 1$/m);
    expect(body).toMatch(/^clubdata_queue_jobs\{queue="clubdata-delivery",state="waiting"\} 7$/m);
  });
});

for (const backend of ['redis', 'postgres'] as const) {
  describe(`Bull Board at /admin/queues on the ${backend} backend`, () => {
    let api: FastifyInstance;
    let asset: string;
    let delayedJobId: string;
    beforeAll(async () => {
      const queues = openQueues(backend);
      // Something to show: a delayed job, so that nothing would take it even with a worker.
      delayedJobId = (await queues.delivery.add('shard 3', { shard: 3 }, { delay: 3_600_000 })).id!;
      api = await app({ operator: OPERATOR, queues });
    });

    it('serves the page to the operator, referring to its assets under /admin/queues', async () => {
      const response = await api.inject({ method: 'GET', url: '/admin/queues', headers: { authorization: RIGHT } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('/admin/queues/');
      const script = /(?:src|href)="([^"]*static\/js\/[^"]+\.js)"/.exec(response.body);
      expect(script, 'the page names a script').not.toBeNull();
      asset = new URL(script![1]!, 'http://x/admin/queues/').pathname;
      expect(asset).toMatch(/^\/admin\/queues\/static\//);
    });

    it('lists the two queues with their counts in its JSON API', async () => {
      const response = await api.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { authorization: RIGHT } });
      expect(response.statusCode, response.body).toBe(200);
      const { queues } = response.json<{ queues: { name: string; counts: Record<string, number> }[] }>();
      expect(queues.map((q) => q.name).sort()).toEqual([QUEUE_NAMES.delivery, QUEUE_NAMES.givenUp].sort());
      expect(queues.find((q) => q.name === QUEUE_NAMES.delivery)!.counts.delayed).toBe(1);
      expect(queues.find((q) => q.name === QUEUE_NAMES.givenUp)!.counts.delayed).toBe(0);
    });

    it('serves its static assets to the operator', async () => {
      const response = await api.inject({ method: 'GET', url: asset, headers: { authorization: RIGHT } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
    });

    it('refuses the page, the API, the assets and the actions without credentials or with wrong ones', async () => {
      const requests = [
        { method: 'GET', url: '/admin/queues' },
        { method: 'GET', url: '/admin/queues/' },
        { method: 'GET', url: `/admin/queues/queue/${QUEUE_NAMES.delivery}` },
        { method: 'GET', url: '/admin/queues/api/queues' },
        { method: 'GET', url: asset },
        { method: 'PUT', url: `/admin/queues/api/queues/${QUEUE_NAMES.delivery}/pause` },
        // Methods and paths the board does not have: credentials come before 404 and 405.
        { method: 'POST', url: '/admin/queues/api/queues' },
        { method: 'DELETE', url: '/admin/queues' },
        { method: 'POST', url: '/admin/queues/api/nothing-here' },
        { method: 'GET', url: '/admin/queues/static/nope.js' },
        // The router decodes the path: an encoded letter still reaches the board's route, or
        // its 404 and 405.
        { method: 'GET', url: '/admin/%71ueues/api/queues' },
        { method: 'DELETE', url: '/admin/%71ueues/api/queues' },
        { method: 'PUT', url: '/%61dmin/queues' },
        { method: 'POST', url: '/admin/%71ueues/api/nothing-here' },
      ] as const;
      for (const request of requests) {
        for (const authorization of [undefined, ...WRONG_CREDENTIALS]) {
          const response = await api.inject({ ...request, headers: authorization ? { authorization } : {} });
          expectChallenge(response);
          expect(response.headers['ratelimit-remaining'], `${request.method} ${request.url} is rate limited`).toMatch(/^\d+$/);
        }
      }
      // The refused action did nothing.
      const listed = await api.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { authorization: RIGHT } });
      expect(listed.json().queues.every((q: { isPaused: boolean }) => !q.isPaused)).toBe(true);
    });

    it('leaves 404 and 405 to the envelope error handler', async () => {
      const unknown = await api.inject({ method: 'GET', url: '/admin/queues/api/nothing-here', headers: { authorization: RIGHT } });
      expectEnvelope(unknown, 404, 'not_found_error', 'resource_missing');
      const wrongMethod = await api.inject({ method: 'DELETE', url: '/admin/queues/api/queues', headers: { authorization: RIGHT } });
      expectEnvelope(wrongMethod, 405, 'invalid_request_error', 'method_not_allowed');
      expect(wrongMethod.headers.allow).toContain('GET');
      // A missing asset is a missing file, whatever the method.
      for (const method of ['GET', 'POST'] as const) {
        const missingAsset = await api.inject({ method, url: '/admin/queues/static/nope.js', headers: { authorization: RIGHT } });
        expectEnvelope(missingAsset, 404, 'not_found_error', 'resource_missing');
      }
      expectEnvelope(await api.inject({ method: 'GET', url: '/v1/nothing-here' }), 404, 'not_found_error', 'resource_missing');
    });

    it("answers the refusals of the board's JSON API in the envelope, not in the board's own shape", async () => {
      const request = (method: 'GET' | 'PUT', url: string) => api.inject({ method, url: `/admin/queues/api/queues${url}`, headers: { authorization: RIGHT } });
      const missingJob = await request('GET', `/${QUEUE_NAMES.delivery}/nope`);
      expectEnvelope(missingJob, 404, 'not_found_error', 'resource_missing');
      expect(missingJob.json().error.message).toBe("No such job: 'nope'.");
      for (const [method, url] of [['GET', '/nope-queue/nope'], ['PUT', '/nope-queue/pause']] as const) {
        const missingQueue = await request(method, url);
        expectEnvelope(missingQueue, 404, 'not_found_error', 'resource_missing');
        expect(missingQueue.json().error.message).toBe("No such queue: 'nope-queue'.");
      }
      const badParameter = await request('GET', `?activeQueue=${QUEUE_NAMES.delivery}&status=bogus`);
      expectEnvelope(badParameter, 400, 'invalid_request_error', 'parameter_invalid');
      expect(badParameter.json().error.param).toBe('status');
      // Any other refusal keeps its status, with the board's reason as its code.
      const notRetriable = await request('PUT', `/${QUEUE_NAMES.delivery}/${delayedJobId}/retry`);
      expectEnvelope(notRetriable, 400, 'invalid_request_error', 'job_not_retriable');
      for (const response of [missingJob, badParameter, notRetriable]) expect(response.body).not.toContain('ERRORS.');
    });
  });
}
