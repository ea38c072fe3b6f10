// Runs the real pipeline (relay, fan-out, delivery workers) in the test process against the
// test file's own database and a queue namespace of its own, and makes endpoints with SQL.
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll } from 'vitest';
import type { Config } from '../../src/config.ts';
import type { Pool } from '../../src/db/pool.ts';
import { generateSigningSecret, type SecretBox } from '../../src/domain/secrets.ts';
import { createMetrics } from '../../src/metrics.ts';
import type { Pipeline } from '../../src/queue/pipeline.ts';
import { startPipeline } from '../../workers/main.ts';
import { testConfig, testSecretBox, TEST_REDIS_URL, uid } from '../helper.ts';

/** A compressed schedule so that retries happen within a test. */
export const FAST_DELIVERY: Config['delivery'] = {
  retrySchedule: [100, 200, 300],
  timeoutMs: 1000,
  disableAfterMs: 60_000,
  concurrency: 20,
  perEndpointConcurrency: 3,
};

export interface RunningPipeline {
  pipeline: Pipeline;
  secretBox: SecretBox;
  config: Config;
}

export async function runPipeline(
  pool: Pool,
  databaseUrl: string,
  options: { backend: 'redis' | 'postgres'; delivery?: Partial<Config['delivery']>; environment?: Config['environment'] },
): Promise<RunningPipeline> {
  const config = testConfig({
    environment: options.environment ?? 'development', // receivers are on loopback
    redisUrl: options.backend === 'redis' ? TEST_REDIS_URL : undefined,
    queuePrefix: `t${randomBytes(5).toString('hex')}`,
    delivery: { ...FAST_DELIVERY, ...options.delivery },
  });
  const secretBox = testSecretBox();
  const pipeline = await startPipeline({
    config,
    pool,
    databaseUrl,
    secretBox,
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    metrics: createMetrics(),
  });
  afterAll(() => pipeline.close());
  return { pipeline, secretBox, config };
}

export interface EndpointFixture {
  id: string;
  secret: string;
  path: string;
}

/** An active endpoint created as the API would, receiving signals emitted from now on. */
export async function insertEndpoint(
  pool: Pool,
  secretBox: SecretBox,
  clubId: string,
  receiverUrl: string,
  fields: { signalTypes?: string[]; scopes?: string[] } = {},
): Promise<EndpointFixture> {
  const id = `we_${uid()}`;
  const secret = generateSigningSecret();
  const path = `/${id}`;
  await pool.query(
    `INSERT INTO webhook_endpoints (club_id, id, url, signal_types, scopes, secret, from_sequence)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce((SELECT last_sequence FROM signal_sequences WHERE club_id = $1), 0))`,
    [clubId, id, receiverUrl + path, fields.signalTypes ?? ['*'], fields.scopes ?? ['customers:read', 'bookings:read', 'events:read'], secretBox.seal(secret)],
  );
  return { id, secret, path };
}

// Customers are the signals' source in these tests: each insert emits customer.created.
export { insertCustomer } from '../fixtures.ts';
