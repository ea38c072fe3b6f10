// The pipeline: the relay (which fans signals out) and the delivery lane workers, and the
// reconciler that wakes a lane whose job was lost. `clubdata worker` runs it alone; `clubdata serve` runs it
// beside the API. Any number of worker processes may run against one database and queue.
import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import { overdueLanes, retryGivenUp } from '../src/db/deliveries.ts';
import { closeDeliveryAgents } from '../src/delivery/http-client.ts';
import { logBackgroundError } from '../src/lifecycle.ts';
import type { Pipeline, PipelineOptions } from '../src/queue/pipeline.ts';
import { laneHasJob, logQueueErrors, openQueueBackend, QUEUE_NAMES, wakeLanes, type GivenUpJob, type LaneJob } from '../src/queue/queues.ts';
import { SignalRelay } from './3-relay/relay.ts';
import { createFanOut } from './4-fan-out/fan-out.ts';
import { createLanes } from './5-delivery/lanes.ts';

/** How often the reconciler looks for lanes that have overdue work and no job. */
const RECONCILE_EVERY_MS = 5_000;
/** How often a worker looks for lane jobs whose worker died (BullMQ's stalled-job check). */
const STALLED_CHECK_MS = 5_000;

export async function startPipeline(options: PipelineOptions): Promise<Pipeline> {
  const { config, pool, log, metrics } = options;
  const backend = openQueueBackend({
    redisUrl: config.redisUrl,
    databaseUrl: options.databaseUrl,
    prefix: config.queuePrefix,
    onError: logQueueErrors(log),
  });
  const deliveryQueue = backend.newQueue<LaneJob>(QUEUE_NAMES.delivery);
  const givenUpQueue = backend.newQueue<GivenUpJob>(QUEUE_NAMES.givenUp);
  const lanes = createLanes({ pool, config, secretBox: options.secretBox, log, metrics, queue: deliveryQueue, givenUpQueue });
  // A lane running in this process is woken directly; the others through the queue. The relay's
  // fan-outs add deliveries after the lane's floor; a recovery or an operator's retry may make
  // older ones pending again, so their lanes look from the start (cd_claim_lane).
  const wake = async (list: LaneJob[], { fromStart = true } = {}) => {
    const elsewhere = lanes.wakeHere(list, { fromStart });
    if (elsewhere.length > 0) await wakeLanes(deliveryQueue, elsewhere);
  };

  // A given-up delivery's job fails at once with the delivery's last error, so that Bull Board
  // lists it among failed jobs. An operator's retry there runs it again: the delivery gets one
  // more attempt, through its endpoint's lane.
  const showOrRetryGivenUp = async (job: Job<GivenUpJob>) => {
    if (job.attemptsMade === 0) {
      // Bull Board shows the error's stack: the delivery's last error alone, not this line's.
      const givenUp = new UnrecoverableError(job.data.error);
      givenUp.stack = job.data.error;
      throw givenUp;
    }
    const { clubId, endpointId, sequence } = job.data;
    const retried = await retryGivenUp(pool, { clubId, endpointId, sequence });
    if (retried) await wake([{ clubId, endpointId }]);
    log.info({ club_id: clubId, endpoint_id: endpointId, signal_id: job.data.signalId, retried }, 'given-up delivery retried by an operator');
    return retried ? 'sent again' : 'not failed any more';
  };

  const workers: Worker[] = [
    backend.newWorker<LaneJob>(QUEUE_NAMES.delivery, (job, token) => lanes.runLane(job, token), {
      // Lanes served at once by this process; each has up to DELIVERY_PER_ENDPOINT_CONCURRENCY
      // requests in flight, and a hanging endpoint holds only its own lane.
      concurrency: config.delivery.concurrency,
      // A dead worker's lanes go back to the queue once their lock lapses and a stalled-job check
      // has seen it twice: within lockDuration + 2 x STALLED_CHECK_MS, which is the lease of the
      // deliveries they had in flight (DELIVERY_TIMEOUT + 10 s). The lock is renewed while a
      // lane runs, however long.
      lockDuration: Math.max(config.delivery.timeoutMs, 5_000),
      stalledInterval: STALLED_CHECK_MS,
    }),
    backend.newWorker<GivenUpJob>(QUEUE_NAMES.givenUp, showOrRetryGivenUp, { concurrency: 1 }),
  ];
  for (const worker of workers) {
    worker.on('failed', (job, error) => {
      // A given-up delivery's job fails on purpose; the lane has logged the delivery already.
      if (worker.name !== QUEUE_NAMES.givenUp) log.error({ err: error, queue: worker.name, job_id: job?.id }, 'job failed');
    });
  }

  const relay = new SignalRelay({
    pool,
    databaseUrl: options.databaseUrl,
    fanOut: createFanOut({ pool, wake: (list) => wake(list, { fromStart: false }), log }),
    log,
    onLaneWake: (clubId, endpointId) =>
      void wake([{ clubId, endpointId }]).catch((error: unknown) => log.warn({ err: error }, 'could not wake a lane')),
  });
  await relay.start();

  // Endpoints with deliveries overdue and unclaimed and no lane job: the job was lost (a queue
  // restart), failed (stalled once too often) or removed by hand. Their lanes are made again
  // from the table; lanes that have a job are left alone, and only real wakes are logged.
  // A lane waiting for a later due time is brought forward (a recovery made its deliveries due
  // now); a lane waiting or running is left as it is.
  const reconcile = async () => {
    const overdue = await overdueLanes(pool, 2_000, 1000);
    if (overdue.length === 0) return;
    const lost = [];
    for (const lane of overdue) if (!(await laneHasJob(deliveryQueue, lane))) lost.push(lane);
    await wakeLanes(deliveryQueue, overdue);
    if (lost.length > 0) log.info({ lanes: lost.length }, 'reconciler: lanes with overdue deliveries and no job made again');
  };
  let reconciling: Promise<void> | undefined;
  const reconcileTimer = setInterval(() => {
    reconciling ??= reconcile()
      .catch((error: unknown) => logBackgroundError(log, error, 'reconciler pass failed'))
      .finally(() => (reconciling = undefined));
  }, RECONCILE_EVERY_MS);

  const updateDepth = async () => {
    for (const [name, queue] of [[QUEUE_NAMES.delivery, deliveryQueue], [QUEUE_NAMES.givenUp, givenUpQueue]] as const) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
      for (const [state, n] of Object.entries(counts)) metrics.queueDepth.set({ queue: name, state }, n);
    }
  };
  metrics.queueDepth.reset();
  const depthTimer = setInterval(() => void updateDepth().catch(() => {}), 5000);
  depthTimer.unref();

  return {
    queues: { delivery: deliveryQueue, givenUp: givenUpQueue },
    async close() {
      clearInterval(reconcileTimer);
      clearInterval(depthTimer);
      lanes.stop();
      log.info('delivery lanes stopping: attempts in flight finish, what is claimed ahead goes back to the queue');
      await relay.stop();
      await reconciling;
      // worker.close() stops taking jobs and waits for the active ones; an attempt is bounded by
      // the receiver timeout, so this is bounded too. After a queue restart, BullMQ may wait
      // forever for a job the queue lost while its lane ran, and its connections may never
      // finish closing (test/workers/faults.test.ts, Redis restarted): once every lane has
      // returned, and its attempts are recorded, the queue's own closing gets a few seconds.
      await Promise.race([Promise.all(workers.map((w) => w.close())), lanes.idle().then(() => sleep(2000))]);
      const closeQueues = async () => {
        await Promise.all([deliveryQueue.close(), givenUpQueue.close()]);
        await backend.close();
      };
      await Promise.race([closeQueues(), sleep(3000)]);
      await closeDeliveryAgents();
    },
  };
}
