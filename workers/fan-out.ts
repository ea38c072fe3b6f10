// Fan-out: one signal -> its deliveries (one per matching active endpoint, idempotent by
// (signal, endpoint)) -> one delivery job each. Re-running it is harmless: rows exist already
// and job ids dedupe, so the relay may enqueue a signal again whenever in doubt.
import type { Job, Queue } from 'bullmq';
import type { Logger } from 'pino';
import { fanOutSignal } from '../src/db/deliveries.ts';
import type { Pool } from '../src/db/pool.ts';
import { deliveryJobId, type DeliveryJob, type FanOutJob } from '../src/queue/queues.ts';

export const DELIVERY_JOB_OPTIONS = {
  // The schedule is ours (deliveries.attempts); BullMQ only needs to keep retrying while we ask.
  attempts: 1000,
  backoff: { type: 'delivery' },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 86_400 },
} as const;

export async function enqueueDeliveries(queue: Queue<DeliveryJob>, jobs: (DeliveryJob & { dueAt?: Date })[]): Promise<void> {
  if (jobs.length === 0) return;
  const now = Date.now();
  await queue.addBulk(
    jobs.map(({ dueAt, ...data }) => ({
      name: 'deliver',
      data,
      opts: { ...DELIVERY_JOB_OPTIONS, jobId: deliveryJobId(data), delay: Math.max(0, (dueAt?.getTime() ?? now) - now) },
    })),
  );
}

export function createFanOutProcessor(options: { pool: Pool; deliveryQueue: Queue<DeliveryJob>; log: Logger }) {
  return async function fanOut(job: Job<FanOutJob>): Promise<number> {
    const { clubId, sequence, signalId } = job.data;
    const pending = await fanOutSignal(options.pool, clubId, sequence);
    await enqueueDeliveries(
      options.deliveryQueue,
      pending.map((d) => ({ clubId, endpointId: d.endpointId, sequence, signalId, dueAt: d.dueAt })),
    );
    if (pending.length > 0) options.log.debug({ club_id: clubId, signal_id: signalId, deliveries: pending.length }, 'signal fanned out');
    return pending.length;
  };
}
