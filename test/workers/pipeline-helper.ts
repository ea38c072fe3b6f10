// Runs the real pipeline (relay, fan-out, delivery workers) in the test process against the
// test file's own database and a queue namespace of its own. Endpoints are made and changed by
// the product: createEndpoint for a plain fixture, the real API (app.inject) for what a user
// does to an endpoint (delete, disable, re-enable, rotate its secret, recover).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import type { Pool } from '../../src/db/pool.ts';
import { createEndpoint } from '../../src/db/webhook-endpoints.ts';
import { DEFAULT_SCOPES } from '../../src/domain/scopes.ts';
import { generateSigningSecret, type SecretBox } from '../../src/domain/secrets.ts';
import { createMetrics, type DeliveryMetrics } from '../../src/metrics.ts';
import type { Pipeline } from '../../src/queue/pipeline.ts';
import { startPipeline } from '../../workers/main.ts';
import { insertCustomer } from '../fixtures.ts';
import { bearer, cleanUp, testConfig, testSecretBox, TEST_REDIS_URL, uid, type Finishing } from '../helper.ts';

/** A compressed schedule so that retries happen within a test. */
export const FAST_DELIVERY: Config['delivery'] = {
  retrySchedule: [100, 200, 300],
  timeoutMs: 1000,
  disableAfterMs: 60_000,
  concurrency: 20,
  perEndpointConcurrency: 3,
  laneLingerMs: 250,
  shardLingerMs: 5000,
};

const SIGNAL_SCOPES = ['customers:read', 'bookings:read', 'events:read'];

export interface RunningPipeline {
  pipeline: Pipeline;
  secretBox: SecretBox;
  config: Config;
  metrics: DeliveryMetrics;
  /**
   * Closes the pipeline now (once; otherwise when the calling test, or the file, ends): a test that makes
   * a pipeline of its own gives back its connections when it ends, so that the next ones find
   * the server's connection slots free.
   */
  close: () => Promise<void>;
}

/** A pipeline serves every club of its database: one per database, or two would share the work. */
export async function runPipeline(
  pool: Pool,
  databaseUrl: string,
  options: {
    backend: 'redis' | 'postgres';
    delivery?: Partial<Config['delivery']>;
    environment?: Config['environment'];
    within?: Finishing;
    /** The pipeline's log (default: silent, or TEST_LOG_LEVEL). */
    log?: Logger;
  },
): Promise<RunningPipeline> {
  const config = testConfig({
    environment: options.environment ?? 'development', // receivers are on loopback
    redisUrl: options.backend === 'redis' ? TEST_REDIS_URL : undefined,
    queuePrefix: `t${randomBytes(5).toString('hex')}`,
    delivery: { ...FAST_DELIVERY, ...options.delivery },
  });
  const secretBox = testSecretBox();
  const metrics = createMetrics();
  const pipeline = await startPipeline({
    config,
    pool,
    databaseUrl,
    secretBox,
    log: options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    metrics,
  });
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= pipeline.close());
  cleanUp(close, options.within);
  return { pipeline, secretBox, config, metrics, close };
}

/** How many deliveries the pipeline has counted with this outcome (clubdata_deliveries_total). */
export async function deliveriesCounted(running: RunningPipeline, outcome: 'succeeded' | 'retried' | 'failed' | 'canceled'): Promise<number> {
  const { values } = await running.metrics.deliveries.get();
  return values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

/** Waits until `check` answers true, asking every 25 ms; fails after `timeoutMs`. */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface EndpointFixture {
  id: string;
  secret: string;
  /** The receiver path it posts to: each endpoint gets its own. */
  path: string;
}

interface EndpointFields {
  signalTypes?: string[];
  scopes?: string[];
}

/** An active endpoint made by the product's createEndpoint, receiving signals emitted from now on. */
export async function insertEndpoint(
  pool: Pool,
  secretBox: SecretBox,
  clubId: string,
  receiverUrl: string,
  fields: EndpointFields = {},
): Promise<EndpointFixture> {
  const secret = generateSigningSecret();
  const path = `/hook_${uid()}`;
  const body = await createEndpoint(pool, {
    clubId,
    url: receiverUrl + path,
    description: '',
    signalTypes: fields.signalTypes ?? ['*'],
    scopes: fields.scopes ?? SIGNAL_SCOPES,
    sealedSecret: secretBox.seal(secret),
  });
  return { id: (JSON.parse(body) as { id: string }).id, secret, path };
}

/** The real API over the pipeline's database and secret box, as a user of one club. */
export interface ClubApi {
  app: FastifyInstance;
  call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** POST /v1/webhook_endpoints to a path of its own at the receiver. */
  createEndpoint(receiverUrl: string, fields?: EndpointFields): Promise<EndpointFixture>;
}

export async function startClubApi(pool: Pool, running: RunningPipeline, clubId: string): Promise<ClubApi> {
  const app = await buildApp({ config: running.config, pool, secretBox: running.secretBox });
  await app.ready();
  cleanUp(() => app.close());
  const authorization = await bearer(pool, clubId, { scopes: [...DEFAULT_SCOPES, 'webhook_endpoints:write'] });
  const call: ClubApi['call'] = (method, url, body) =>
    app.inject({ method, url, headers: { authorization }, ...(body === undefined ? {} : { payload: body }) });
  return {
    app,
    call,
    async createEndpoint(receiverUrl, fields = {}) {
      const path = `/hook_${uid()}`;
      const res = await call('POST', '/v1/webhook_endpoints', {
        url: receiverUrl + path,
        signal_types: fields.signalTypes ?? ['*'],
        scopes: fields.scopes ?? SIGNAL_SCOPES,
      });
      if (res.statusCode !== 200) throw new Error(`creating an endpoint: ${res.statusCode} ${res.body}`);
      const { id, secret } = res.json<{ id: string; secret: string }>();
      return { id, secret, path };
    },
  };
}

// Customers are the signals' source in these tests: each insert emits customer.created.
export { insertCustomer } from '../fixtures.ts';

/**
 * `endpoints` endpoints made now (posting nowhere: port 9 refuses), then `customers` customers
 * whose signals they receive; the endpoints and the signals' sequences.
 */
export async function endpointsWithSignals(pool: Pool, secretBox: SecretBox, clubId: string, endpoints: number, customers: number) {
  const made = [];
  for (let i = 0; i < endpoints; i++) made.push(await insertEndpoint(pool, secretBox, clubId, 'http://127.0.0.1:9'));
  const { rows: before } = await pool.query<{ last: number }>('SELECT coalesce(max(sequence), 0)::int AS last FROM signals WHERE club_id = $1', [clubId]);
  for (let i = 0; i < customers; i++) await insertCustomer(pool, clubId);
  const { rows } = await pool.query<{ sequence: number }>(
    'SELECT sequence::int FROM signals WHERE club_id = $1 AND sequence > $2 ORDER BY sequence',
    [clubId, before[0]!.last],
  );
  return { endpoints: made, sequences: rows.map((r) => r.sequence) };
}
