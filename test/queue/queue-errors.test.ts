// The queue backends' errors in the service's log (logQueueErrors, as workers/main.ts and
// src/server.ts wire them): while the server behind the queues cannot be reached, one warning
// naming it, with the code /readyz answers for it, then quiet for a while. A Redis outage is
// Redis's, never "the database". On BullMQ's PostgreSQL backend, shards handed back and woken as
// the pipeline does, in a burst, deadlock nothing; a deadlock, which PostgreSQL rolls back and
// the caller runs again, is a warning, not an error.
import { randomBytes } from 'node:crypto';
import { DelayedError, type Job } from 'bullmq';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logBackgroundError } from '../../src/lifecycle.ts';
import { DELIVERY_SHARDS, logQueueErrors, openQueueBackend, wakeShards, type ShardJob } from '../../src/queue/queues.ts';
import { createTestDatabase, TEST_REDIS_URL } from '../helper.ts';
import { freePort, RedisProcess } from '../workers/processes.ts';

type LogLine = Record<string, unknown>;

describe('the queue backend on Redis', () => {
  it('logs a Redis outage as Redis not reachable (redis_unavailable), once, at warning level', async () => {
    const redis = new RedisProcess(await freePort());
    await redis.start();
    const lines: LogLine[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    const backend = openQueueBackend({
      redisUrl: redis.url,
      databaseUrl: 'postgresql://unused/db',
      prefix: `t${randomBytes(5).toString('hex')}`,
      onError: logQueueErrors(log),
    });
    const queue = backend.newQueue('outage');
    const worker = backend.newWorker('outage', async () => 'done', { concurrency: 1 });
    await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
    try {
      await redis.stop();
      const deadline = Date.now() + 45_000;
      while (!lines.some((line) => line.code === 'redis_unavailable')) {
        if (Date.now() > deadline) throw new Error(`no redis_unavailable line; logged: ${JSON.stringify(lines).slice(0, 500)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Every connection (the queue's, the worker's two) fails, again and again, meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await redis.start();
      // Forced: after Redis restarted, BullMQ may wait for ever for the worker's lost connection (workers/main.ts).
      await worker.close(true);
      await queue.close();
      await backend.close();
      await redis.stop();
    }
    expect(lines.filter((line) => /database/.test(String(line.msg)) || line.code === 'database_unavailable')).toEqual([]);
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(lines.filter((line) => line.code === 'redis_unavailable')).toEqual([
      expect.objectContaining({ level: 40, queue: 'outage', msg: 'queue error: Redis is not reachable (not logged again for 30 s)' }),
    ]);
  });
});

describe('a shard that put itself back in the queue while its lock was being renewed', () => {
  it("has BullMQ's lost lock logged as a warning (job_lock_lost), not as an error", async () => {
    const lines: LogLine[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    const backend = openQueueBackend({ redisUrl: TEST_REDIS_URL, databaseUrl: 'postgresql://unused/db', prefix: `t${randomBytes(5).toString('hex')}`, onError: logQueueErrors(log) });
    const queue = backend.newQueue<ShardJob>('shards');
    let ran = 0;
    // As a shard waits for its next due time (workers/5-delivery/lanes.ts): moved to delayed (its lock released), then, a moment
    // later, DelayedError; the extender's timer (every lockDuration / 2) falls in that moment.
    const worker = backend.newWorker<ShardJob>(
      'shards',
      async (job: Job<ShardJob>, token?: string) => {
        ran++;
        await job.moveToDelayed(Date.now() + 60_000, token);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        throw new DelayedError();
      },
      { concurrency: 1, lockDuration: 1_000, stalledInterval: 5_000 },
    );
    try {
      await wakeShards(queue, [0]);
      const deadline = Date.now() + 45_000;
      while (!lines.some((line) => line.code === 'job_lock_lost')) {
        if (Date.now() > deadline) throw new Error(`no job_lock_lost line (ran ${ran}); logged: ${JSON.stringify(lines).slice(0, 500)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await worker.close();
      await queue.obliterate({ force: true }).catch(() => {});
      await queue.close();
      await backend.close();
    }
    expect(lines.filter((line) => (line.level as number) >= 50)).toEqual([]);
    expect(lines.find((line) => line.code === 'job_lock_lost')).toMatchObject({ level: 40, queue: 'shards' });
  });
});

describe("BullMQ's PostgreSQL backend", () => {
  it('deadlocks nothing while shards are handed back and woken in a burst, as the pipeline does', async () => {
    const { url } = await createTestDatabase();
    const errors: Error[] = [];
    const backend = openQueueBackend({ redisUrl: undefined, databaseUrl: url, prefix: `t${randomBytes(5).toString('hex')}`, onError: (error) => errors.push(error) });
    const queue = backend.newQueue<ShardJob>('shards');
    const shards = Array.from({ length: DELIVERY_SHARDS }, (_, i) => i);
    // A shard as workers/5-delivery/lanes.ts serves one: some work, then back to the queue (delayed)
    // until its next due time, a few ms away, so that many shards come due together.
    const worker = backend.newWorker<ShardJob>(
      'shards',
      async (job: Job<ShardJob>, token?: string) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        await job.moveToDelayed(Date.now() + Math.floor(Math.random() * 30), token);
        throw new DelayedError();
      },
      { concurrency: 20, lockDuration: 5_000, stalledInterval: 5_000 },
    );
    worker.on('failed', (_job, error) => errors.push(error));
    try {
      await wakeShards(queue, shards);
      // Wakes as the relay's fan-outs send them: ten shards at a time, in no particular order,
      // from several passes at once.
      const until = Date.now() + 6_000;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (Date.now() < until) {
            const some = [...shards].sort(() => Math.random() - 0.5).slice(0, 10);
            await wakeShards(queue, some).catch((error: Error) => errors.push(error));
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }),
      );
    } finally {
      await worker.close();
      await queue.close();
      await backend.close();
    }
    expect(errors.filter((error) => (error as { code?: string }).code === '40P01').map((error) => error.message)).toEqual([]);
  });

  it('has a deadlock, rolled back and run again, logged as a warning, not as an error', async () => {
    const { url } = await createTestDatabase();
    // A real one: two transactions each holding a row the other wants.
    const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([a.connect(), b.connect()]);
    let deadlock: unknown;
    try {
      await a.query('CREATE TABLE locks (id int PRIMARY KEY); INSERT INTO locks VALUES (1), (2)');
      await Promise.all([a.query('BEGIN'), b.query('BEGIN')]);
      await a.query('UPDATE locks SET id = id WHERE id = 1');
      await b.query('UPDATE locks SET id = id WHERE id = 2');
      const outcomes = await Promise.allSettled([a.query('UPDATE locks SET id = id WHERE id = 2'), b.query('UPDATE locks SET id = id WHERE id = 1')]);
      deadlock = outcomes.find((outcome) => outcome.status === 'rejected')?.reason;
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    expect((deadlock as { code?: string }).code).toBe('40P01');
    const lines: LogLine[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    const queueErrors = logQueueErrors(log);
    for (let i = 0; i < 3; i++) queueErrors(deadlock as Error, 'lanes', 'database');
    expect(lines).toEqual([expect.objectContaining({ level: 40, queue: 'lanes', code: 'deadlock_detected' })]);
    expect(String(lines[0]!.msg)).toMatch(/^queue error: a deadlock, rolled back by PostgreSQL; it runs again/);
    // Any other failure of the database is still an error.
    logBackgroundError(log, Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' }), 'queue error');
    expect(lines[1]).toMatchObject({ level: 50 });
  });
});
