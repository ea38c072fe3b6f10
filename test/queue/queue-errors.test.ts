// The queue backends' errors in the service's log (logQueueErrors, as workers/main.ts and
// src/server.ts wire them): while the server behind the queues cannot be reached, one warning
// naming it, with the code /readyz answers for it, then quiet for a while. A Redis outage is
// Redis's, never "the database".
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logQueueErrors, openQueueBackend } from '../../src/queue/queues.ts';
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
      const deadline = Date.now() + 15_000;
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
