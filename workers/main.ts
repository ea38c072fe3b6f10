// The pipeline: relay, fan-out and delivery workers, and the reconciler that re-enqueues
// deliveries whose job was lost. `clubdata worker` runs it alone; `clubdata serve` runs it
// beside the API. Any number of worker processes may run against one database and queue.
import type { Worker } from 'bullmq';
import { overdueDeliveries } from '../src/db/deliveries.ts';
import { closeDeliveryAgents } from '../src/delivery/http-client.ts';
import { isExpectedDuringShutdown } from '../src/lifecycle.ts';
import type { Pipeline, PipelineOptions } from '../src/queue/pipeline.ts';
import { deliveryJobId, openQueueBackend, QUEUE_NAMES, type DeliveryJob, type FanOutJob } from '../src/queue/queues.ts';
import { createDeliveryProcessor, RetryLater } from './deliver.ts';
import { createFanOutProcessor, enqueueDeliveries } from './fan-out.ts';
import { SignalRelay } from './relay.ts';


const RECONCILE_EVERY_MS = 10_000;

export async function startPipeline(options: PipelineOptions): Promise<Pipeline> {
  const { config, pool, log, metrics } = options;
  const backend = openQueueBackend({
    redisUrl: config.redisUrl,
    databaseUrl: options.databaseUrl,
    prefix: config.queuePrefix,
    onError: (error, queue) => {
      if (!isExpectedDuringShutdown(error)) log.error({ err: error, queue }, 'queue error');
    },
  });
  const fanOutQueue = backend.newQueue<FanOutJob>(QUEUE_NAMES.fanOut);
  const deliveryQueue = backend.newQueue<DeliveryJob>(QUEUE_NAMES.delivery);

  const workers: Worker[] = [
    backend.newWorker<FanOutJob>(QUEUE_NAMES.fanOut, createFanOutProcessor({ pool, deliveryQueue, log }), {
      // A fan-out is one statement and one addBulk, mostly waiting on round trips: 8 at once keep
      // up with a few hundred signals a second on a loaded machine, where 4 fell behind.
      concurrency: 8,
      // Fan-outs take milliseconds: a dead worker's are taken back after 10 s, not BullMQ's 30 + 30.
      lockDuration: 10_000,
      stalledInterval: 10_000,
    }),
    backend.newWorker<DeliveryJob>(
      QUEUE_NAMES.delivery,
      createDeliveryProcessor({ pool, config, secretBox: options.secretBox, log, metrics }),
      {
        concurrency: config.delivery.concurrency,
        // An attempt can take the whole receiver timeout; the lock (renewed while the job runs)
        // must outlive it. A dead worker's jobs are taken back after it lapses.
        lockDuration: config.delivery.timeoutMs + 10_000,
        stalledInterval: Math.min(30_000, config.delivery.timeoutMs + 10_000),
        settings: {
          backoffStrategy: (_attemptsMade: number, _type?: string, error?: Error) =>
            error instanceof RetryLater ? error.delayMs : 1000,
        },
      },
    ),
  ];
  for (const worker of workers) {
    worker.on('failed', (job, error) => {
      if (!(error instanceof RetryLater)) log.error({ err: error, queue: worker.name, job_id: job?.id }, 'job failed');
    });
  }

  const relay = new SignalRelay({ pool, databaseUrl: options.databaseUrl, queue: fanOutQueue, log });
  await relay.start();

  // Deliveries overdue and unclaimed: their job was lost (queue restart), their worker died, or
  // they were made due early (recovery) while their job still waits for a later retry time.
  const reconcile = async () => {
    const overdue = await overdueDeliveries(pool, 5_000, 1000);
    if (overdue.length === 0) return;
    const missing = [];
    for (const delivery of overdue) {
      const job = await deliveryQueue.getJob(deliveryJobId(delivery));
      if (!job) missing.push(delivery);
      else if (await job.isDelayed()) await job.promote().catch(() => {}); // it may have just started
    }
    log.info({ deliveries: overdue.length, enqueued: missing.length }, 'reconciler: overdue deliveries taken up again');
    await enqueueDeliveries(deliveryQueue, missing);
  };
  let reconciling: Promise<void> | undefined;
  const reconcileTimer = setInterval(() => {
    reconciling ??= reconcile()
      .catch((error: unknown) => log.error({ err: error }, 'reconciler pass failed'))
      .finally(() => (reconciling = undefined));
  }, RECONCILE_EVERY_MS);

  const updateDepth = async () => {
    for (const [name, queue] of [[QUEUE_NAMES.fanOut, fanOutQueue], [QUEUE_NAMES.delivery, deliveryQueue]] as const) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
      for (const [state, n] of Object.entries(counts)) metrics.queueDepth.set({ queue: name, state }, n);
    }
  };
  metrics.queueDepth.reset();
  const depthTimer = setInterval(() => void updateDepth().catch(() => {}), 5000);
  depthTimer.unref();

  return {
    queues: { fanOut: fanOutQueue, delivery: deliveryQueue },
    async close() {
      clearInterval(reconcileTimer);
      clearInterval(depthTimer);
      await relay.stop();
      await reconciling;
      // worker.close() stops taking jobs and waits for the active ones; an attempt is bounded by
      // the receiver timeout, so this is bounded too.
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([fanOutQueue.close(), deliveryQueue.close()]);
      await backend.close();
      await closeDeliveryAgents();
    },
  };
}
