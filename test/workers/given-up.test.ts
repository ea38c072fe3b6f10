// A delivery given up is shown to operators as a failed job of the given-up queue, with the last
// attempt's error, and retrying that job (what Bull Board's Retry button does) sends the
// delivery once more. On both queue backends, with the real pipeline and receiver.
import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import type { GivenUpJob } from '../../src/queue/queues.ts';
import { cleanUp, createTestDatabase, insertClub } from '../helper.ts';
import { eventually, insertCustomer, insertEndpoint, runPipeline } from './pipeline-helper.ts';
import { TestReceiver } from './receiver.ts';

describe.each(['postgres', 'redis'] as const)('given-up deliveries, %s backend', (backend) => {
  it('appear as failed jobs with the last error, and a retry of the job sends the delivery again', async () => {
    const { pool, url } = await createTestDatabase();
    const running = await runPipeline(pool, url, { backend, delivery: { retrySchedule: [100] } });
    const receiver = await new TestReceiver().start();
    cleanUp(() => receiver.stop());
    const club = await insertClub(pool);
    const endpoint = await insertEndpoint(pool, running.secretBox, club.id, receiver.url);
    receiver.respond = () => ({ status: 503 });
    await insertCustomer(pool, club.id);

    const queue = running.pipeline.queues.givenUp;
    let failed: Job<GivenUpJob>[] = [];
    await receiver.waitFor(() => receiver.at(endpoint.path).length >= 2, 45_000, 'both attempts');
    await eventually('the given-up delivery shown', async () => (failed = await queue.getFailed()).length > 0);
    expect(failed).toHaveLength(1);
    const job = failed[0]!;
    expect(job.failedReason).toBe('HTTP 503 Service Unavailable');
    // What Bull Board shows under Error: the delivery's error, not where the job threw.
    expect(job.stacktrace).toEqual(['HTTP 503 Service Unavailable']);
    expect(job.data).toMatchObject({ clubId: club.id, endpointId: endpoint.id, attempts: 2 });
    const { rows } = await pool.query('SELECT status, attempts FROM deliveries WHERE endpoint_id = $1', [endpoint.id]);
    expect(rows).toEqual([{ status: 'failed', attempts: 2 }]);

    receiver.respond = () => ({ status: 200 });
    await job.retry('failed');
    await receiver.waitFor(() => receiver.deliveredIds(endpoint.path).size === 1, 45_000, 'the delivery sent again');
    await eventually(
      'the delivery recorded as succeeded',
      async () => (await pool.query('SELECT status FROM deliveries WHERE endpoint_id = $1', [endpoint.id])).rows[0].status === 'succeeded',
    );
    const { rows: after } = await pool.query('SELECT status, attempts FROM deliveries WHERE endpoint_id = $1', [endpoint.id]);
    expect(after).toEqual([{ status: 'succeeded', attempts: 3 }]);
  });
});
