// The pipeline: the relay (which fans signals out), the delivery lanes of the shards this process
// serves, and the due poll, which finds due deliveries no wake told of. `clubdata worker` runs it
// alone; `clubdata serve` runs it beside the API. Any number of worker processes may run against
// one database and queue.
import { setTimeout as sleep } from 'node:timers/promises';
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import { overdueLanes, retryGivenUp } from '../src/db/deliveries.ts';
import { closeDeliveryAgents } from '../src/delivery/http-client.ts';
import { logBackgroundError } from '../src/lifecycle.ts';
import { startTracing, tracing } from '../src/tracing.ts';
import type { Pipeline, PipelineOptions } from '../src/queue/pipeline.ts';
import {
  DELIVERY_SHARDS,
  logQueueErrors,
  openQueueBackend,
  QUEUE_NAMES,
  shardHasJob,
  shardOf,
  wakeShards,
  type GivenUpJob,
  type LaneRef,
  type ShardJob,
} from '../src/queue/queues.ts';
import { SignalRelay } from './3-relay/relay.ts';
import { createFanOut } from './4-fan-out/fan-out.ts';
import { showEndpointHealth } from './5-delivery/health-metrics.ts';
import { createLanes } from './5-delivery/lanes.ts';

/**
 * How often the due poll looks for endpoints with due deliveries that no lane has claimed, and
 * how long they must have been due: deliveries made by another process's fan-out (its relay wakes
 * the shard through the queue, which a shard already running here does not hear), or whose lane
 * or shard job was lost.
 */
const DUE_POLL_EVERY_MS = 1_000;
const DUE_POLL_GRACE_MS = 500;
/** How often a worker looks for shard jobs whose worker died (BullMQ's stalled-job check). */
const STALLED_CHECK_MS = 5_000;

export async function startPipeline(options: PipelineOptions): Promise<Pipeline> {
  const { config, pool, log, metrics } = options;
  // Traces of the delivery path, exported over OTLP when configured (src/tracing.ts).
  const stopTracing = config.traces && !tracing.enabled ? await startTracing(config.traces, process.env, 'clubdata-worker', (fields, message) => log.warn(fields, message)) : null;
  const backend = openQueueBackend({
    redisUrl: config.redisUrl,
    databaseUrl: options.databaseUrl,
    prefix: config.queuePrefix,
    onError: logQueueErrors(log),
  });
  const deliveryQueue = backend.newQueue<ShardJob>(QUEUE_NAMES.delivery);
  const givenUpQueue = backend.newQueue<GivenUpJob>(QUEUE_NAMES.givenUp);
  const lanes = createLanes({ pool, config, secretBox: options.secretBox, log, metrics, queue: deliveryQueue, givenUpQueue });
  // A lane whose shard this process serves is run or woken here; the others' shards through the
  // queue. The relay's fan-outs add deliveries after the lane's floor; a recovery or an
  // operator's retry may make older ones pending again, so their lanes look from the start
  // (cd_claim_lane).
  const wake = async (list: LaneRef[], { fromStart = true } = {}) => {
    const elsewhere = lanes.wakeHere(list, { fromStart });
    if (elsewhere.length > 0) await wakeShards(deliveryQueue, elsewhere.map((lane) => shardOf(lane.endpointId)));
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

  // A shard's job serves the shard; a lane job queued by an earlier version of the service (one
  // job per endpoint) wakes its endpoint's lane, here or through its shard, and ends.
  const serveDeliveryJob = async (job: Job<ShardJob | LaneRef>, token?: string): Promise<string> => {
    if ('shard' in job.data) return lanes.runShard(job as Job<ShardJob>, token);
    await wake([{ clubId: job.data.clubId, endpointId: job.data.endpointId }]);
    return 'a lane job of an earlier version: its shard woken';
  };

  const workers: Worker[] = [
    backend.newWorker<ShardJob | LaneRef>(QUEUE_NAMES.delivery, (job, token) => serveDeliveryJob(job, token), {
      // Every shard may be served by one process; with more processes, each takes what is free.
      // The lanes of the shards served here run DELIVERY_CONCURRENCY at once (lanes.ts).
      concurrency: DELIVERY_SHARDS,
      // A dead worker's shards go back to the queue once their lock lapses and a stalled-job
      // check has seen it twice: within lockDuration + 2 x STALLED_CHECK_MS, which is how long its
      // hold on their endpoints outlives its last claim (DELIVERY_TIMEOUT + 10 s). The lock is renewed
      // while a shard runs, however long.
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

  // Endpoints with deliveries due for DUE_POLL_GRACE_MS, not held by another live process: woken
  // here when this process serves their shard (made by another process's fan-out, or a lane's
  // run lost); otherwise their
  // shard is woken through the queue when it has no job (lost in a queue restart, failed after
  // stalling once too often, removed by hand), and left to the process serving it when it has.
  // Only the wakes of lost shards are logged.
  const pollDue = async () => {
    const overdue = await overdueLanes(pool, lanes.holder, DUE_POLL_GRACE_MS, 1000);
    if (overdue.length === 0) return;
    const elsewhere = new Set(lanes.wakeHere(overdue, { fromStart: true }).map((lane) => shardOf(lane.endpointId)));
    const lost = [];
    for (const shard of elsewhere) if (!(await shardHasJob(deliveryQueue, shard))) lost.push(shard);
    if (lost.length === 0) return;
    await wakeShards(deliveryQueue, lost);
    log.info({ shards: lost }, 'due poll: shards with due deliveries and no job made again');
  };
  let polling: Promise<void> | undefined;
  const pollTimer = setInterval(() => {
    polling ??= pollDue()
      .catch((error: unknown) => logBackgroundError(log, error, 'due poll failed'))
      .finally(() => (polling = undefined));
  }, DUE_POLL_EVERY_MS);

  const updateDepth = async () => {
    for (const [name, queue] of [[QUEUE_NAMES.delivery, deliveryQueue], [QUEUE_NAMES.givenUp, givenUpQueue]] as const) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
      for (const [state, n] of Object.entries(counts)) metrics.queueDepth.set({ queue: name, state }, n);
    }
  };
  metrics.queueDepth.reset();
  // One reading at a time: a slow one is not overlapped by the next. The queue's depth is left
  // as it was while the queue is away (its own errors are logged where they matter); the
  // endpoints' figures, read from the database, say why they are stale.
  let reading: Promise<void> | undefined;
  const depthTimer = setInterval(() => {
    reading ??= Promise.all([
      updateDepth().catch(() => {}),
      showEndpointHealth(pool, metrics).catch((error: unknown) => logBackgroundError(log, error, 'could not read the endpoints\' health for the metrics')),
    ])
      .then(() => {})
      .finally(() => (reading = undefined));
  }, 5000);
  depthTimer.unref();

  return {
    queues: { delivery: deliveryQueue, givenUp: givenUpQueue },
    async close() {
      clearInterval(pollTimer);
      clearInterval(depthTimer);
      lanes.stop();
      log.info('delivery lanes stopping: attempts in flight finish, what is claimed ahead is let go, pending for the next run');
      await relay.stop();
      await polling;
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
      // The spans of the last attempts, flushed to the collector (bounded: a collector that is
      // gone must not hold the shutdown; its failure is logged by startTracing's warn).
      if (stopTracing) await Promise.race([stopTracing(), sleep(3000)]);
    },
  };
}
