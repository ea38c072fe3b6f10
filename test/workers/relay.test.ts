// The relay (workers/relay.ts) on a real database and Redis: signals become fan-out jobs, and a
// fan-out that finished without its writes (forgotten by a PostgreSQL crash, or failed while the
// database was away) is run again once the club's mark has been stuck for resendAfterMs.
import { randomBytes } from 'node:crypto';
import type { Job } from 'bullmq';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../src/db/pool.ts';
import { openQueueBackend, QUEUE_NAMES, type FanOutJob } from '../../src/queue/queues.ts';
import { SignalRelay } from '../../workers/relay.ts';
import { createTestDatabase, insertClub, TEST_REDIS_URL } from '../helper.ts';
import { insertCustomer } from './pipeline-helper.ts';

let pool: Pool;
let url: string;

beforeAll(async () => {
  ({ pool, url } = await createTestDatabase());
});

const until = async (what: string, check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('SignalRelay', () => {
  it('runs a fan-out again when it finished but its writes are missing and the mark is stuck', async () => {
    const club = await insertClub(pool);
    const backend = openQueueBackend({ redisUrl: TEST_REDIS_URL, databaseUrl: url, prefix: `t${randomBytes(5).toString('hex')}`, onError: () => {} });
    const queue = backend.newQueue<FanOutJob>(QUEUE_NAMES.fanOut);
    const runs: string[] = [];
    // A fan-out "whose writes were forgotten": it finishes without recording anything.
    const worker = backend.newWorker<FanOutJob>(QUEUE_NAMES.fanOut, async (job: Job<FanOutJob>) => void runs.push(job.id!), {
      concurrency: 1,
    });
    const relay = new SignalRelay({ pool, databaseUrl: url, queue, log: pino({ level: 'silent' }), pollMs: 100, resendAfterMs: 500 });
    afterAll(async () => {
      await relay.stop();
      await worker.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await backend.close();
    });
    await insertCustomer(pool, club.id);
    await relay.start();
    await until('the first run', () => runs.length >= 1);
    await until('a second run of the same job', () => runs.length >= 2);
    expect(new Set(runs).size).toBe(1);
    expect(runs[0]).toMatch(new RegExp(`${club.id}`));
    const { rows } = await pool.query('SELECT relayed_sequence::int AS mark FROM signal_relay WHERE club_id = $1', [club.id]);
    expect(rows[0].mark).toBe(0); // the mark moves only once a fan-out is recorded
  });
});
