// Fan-out: one signal -> its deliveries (one per matching active endpoint, idempotent by
// (signal, endpoint)) -> a wake for each of those endpoints' lanes. Re-running it is harmless:
// the rows exist already and a lane is woken at most once, so the relay may enqueue a signal
// again whenever in doubt.
import type { Job, Queue } from 'bullmq';
import type { Logger } from 'pino';
import { fanOutSignal } from '../src/db/deliveries.ts';
import type { Pool } from '../src/db/pool.ts';
import { wakeLanes, type FanOutJob, type LaneJob } from '../src/queue/queues.ts';

export function createFanOutProcessor(options: { pool: Pool; laneQueue: Queue<LaneJob>; log: Logger }) {
  return async function fanOut(job: Job<FanOutJob>): Promise<number> {
    const { clubId, sequence, signalId } = job.data;
    const pending = await fanOutSignal(options.pool, clubId, sequence);
    await wakeLanes(
      options.laneQueue,
      pending.map((d) => ({ clubId, endpointId: d.endpointId })),
    );
    if (pending.length > 0) options.log.debug({ club_id: clubId, signal_id: signalId, deliveries: pending.length }, 'signal fanned out');
    return pending.length;
  };
}
