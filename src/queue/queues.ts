// Queue names, job payloads and the one place that picks the queue backend: Redis (BullMQ's
// default) when REDIS_URL is set, BullMQ's own PostgreSQL backend otherwise, so that `npm start`
// on the embedded PostgreSQL needs nothing else. The rest of the code sees one API either way.
import { createHash } from 'node:crypto';
import { createPostgresBackend, Queue, Worker, withBackend, type WorkerOptions, type Processor } from 'bullmq';
import { Redis } from 'ioredis';
import { logBackgroundError, type BackgroundLog, type Dependency } from '../lifecycle.ts';
import { memoize } from '../domain/memo.ts';

export const QUEUE_NAMES = {
  delivery: 'clubdata-delivery',
  givenUp: 'clubdata-deliveries-given-up',
} as const;

/**
 * One endpoint's delivery lane, as its wakers name it: the endpoint's due deliveries are claimed,
 * posted and recorded by a lane that a worker process runs in memory (workers/5-delivery/). The
 * deliveries table says what is due; a lane carries nothing else.
 */
export interface LaneRef {
  clubId: string;
  endpointId: string;
}

/**
 * A shard of the endpoints: the queue job whose worker process serves their lanes while it runs
 * it (workers/5-delivery/lanes.ts). An endpoint's shard is fixed by its id (shardOf); one job per
 * shard, so one process at a time serves an endpoint, and Bull Board shows the shards: running
 * (served by a worker), delayed (idle until an endpoint's next retry) or absent (nothing pending).
 */
export interface ShardJob {
  shard: number;
}

/**
 * A delivery given up (its retry schedule exhausted, or its endpoint disabled by it), shown to
 * operators as a failed job of its own queue in Bull Board, with the last attempt's error.
 * Retrying that job in Bull Board sends the delivery once more (workers/main.ts).
 */
export interface GivenUpJob {
  clubId: string;
  endpointId: string;
  sequence: number;
  signalId: string;
  attempts: number;
  error: string;
}

/**
 * How many shards the endpoints are spread over: the most worker processes that share the
 * delivery work (each serves whole shards), and the number of jobs Bull Board shows.
 */
export const DELIVERY_SHARDS = 16;

/**
 * The shard of an endpoint: from the first 28 bits of the MD5 of its id, as cd_lane_shard computes
 * it in the database (a test holds the two to the same answers).
 */
export function shardOf(endpointId: string, shards = DELIVERY_SHARDS): number {
  return shards === DELIVERY_SHARDS ? knownShard(endpointId) : shardOfHash(endpointId, shards);
}

/**
 * The shards of the endpoints seen, by id: a lane asks for its shard several times a run (its
 * wake, its start, its end), and an MD5 each time was 1 % of the worker's time at 2,000
 * endpoints flat out (docs/benchmarks.md).
 */
const knownShard = memoize((endpointId: string) => shardOfHash(endpointId, DELIVERY_SHARDS));

const shardOfHash = (endpointId: string, shards: number) => parseInt(createHash('md5').update(endpointId).digest('hex').slice(0, 7), 16) % shards;

const shardId = (shard: number) => `shard.${shard}`;

/**
 * Makes sure each shard runs: adds its job, or brings forward a shard waiting for a later due
 * time. One job per shard at a time: a shard already waiting stays as it is, and a wake that
 * arrives while the shard runs is kept and runs once it ends (BullMQ's deduplication with
 * keepLastIfActive), so that deliveries made meanwhile by another process are never left behind.
 *
 * One statement per shard, never a batch: on BullMQ's PostgreSQL backend a batch brings forward
 * its delayed jobs in one transaction, row after row, while every worker's fetch promotes the due
 * delayed jobs of the queue in one UPDATE, in whatever order it finds them. Two statements
 * locking the same rows in different orders deadlock; one that locks a single job can only wait
 * (docs/webhooks.md, "PostgreSQL deadlocks").
 */
export async function wakeShards(queue: Queue<ShardJob>, shards: Iterable<number>): Promise<void> {
  await Promise.all(
    [...new Set(shards)].map((shard) =>
      queue.add(`shard ${shard}`, { shard }, { ...SHARD_JOB_OPTIONS, deduplication: { id: shardId(shard), reschedule: true, keepLastIfActive: true } }),
    ),
  );
}

/**
 * Whether the shard has a live job (waiting, delayed or running); the due poll asks before it
 * wakes a shard. A deduplication key left pointing at no live job would swallow every wake, so
 * one found so is removed.
 */
export async function shardHasJob(queue: Queue<ShardJob>, shard: number): Promise<boolean> {
  const key = shardId(shard);
  const jobId = await queue.getDeduplicationJobId(key);
  if (!jobId) return false;
  const job = await queue.getJob(jobId);
  const state = job ? await job.getState() : 'missing';
  if (['waiting', 'delayed', 'active', 'prioritized'].includes(state)) return true;
  await queue.removeDeduplicationKey(key);
  return false;
}

/** Shows a given-up delivery in Bull Board (its job fails at once, with the delivery's last error). */
export async function reportGivenUp(queue: Queue<GivenUpJob>, job: GivenUpJob): Promise<void> {
  await queue.add(`gave up after ${job.attempts} attempts`, job, {
    jobId: `${job.clubId}.${job.endpointId}.${job.sequence}.${job.attempts}`,
    attempts: 1,
    removeOnComplete: true,
    removeOnFail: { age: 30 * 86_400 },
  });
}

const SHARD_JOB_OPTIONS = {
  removeOnComplete: true,
  // A failed shard job (stalled too often, or an error of ours) is kept a day for Bull Board; the
  // due poll makes a new one meanwhile.
  removeOnFail: { age: 86_400 },
} as const;

export interface QueueBackend {
  kind: 'redis' | 'postgres';
  newQueue<T>(name: string): Queue<T>;
  newWorker<T>(name: string, processor: Processor<T>, options: Omit<WorkerOptions, 'connection'>): Worker<T>;
  close(): Promise<void>;
}

export interface QueueBackendOptions {
  redisUrl: string | undefined;
  databaseUrl: string;
  prefix: string;
  /**
   * Every queue and worker reports its errors here (BullMQ prints to stderr when no one listens),
   * with what the backend talks to: Redis, or the database for BullMQ's PostgreSQL backend.
   */
  onError: (error: Error, queue: string, dependency: Dependency) => void;
}

/** The service's onError: queue errors in the log, a dependency that is down said as such (logBackgroundError). */
export const logQueueErrors =
  (log: BackgroundLog): QueueBackendOptions['onError'] =>
  (error, queue, dependency) =>
    logBackgroundError(log, error, 'queue error', { queue }, dependency);

export function openQueueBackend(options: QueueBackendOptions): QueueBackend {
  const dependency: Dependency = options.redisUrl ? 'redis' : 'database';
  const listen = <Q extends Queue | Worker>(queue: Q): Q => {
    (queue as Queue).on('error', (error: Error) => options.onError(error, queue.name, dependency));
    return queue;
  };
  if (options.redisUrl) {
    const connections: Redis[] = [];
    // BullMQ needs maxRetriesPerRequest null so that blocking commands survive reconnects.
    const connect = () => {
      const redis = new Redis(options.redisUrl!, { maxRetriesPerRequest: null, enableReadyCheck: true });
      redis.on('error', () => {}); // reconnects by itself; the queue and worker report what fails
      connections.push(redis);
      return redis;
    };
    return {
      kind: 'redis',
      newQueue: <T>(name: string) =>
        listen(new Queue<T>(name, { prefix: options.prefix, connection: connect() })),
      newWorker: <T>(name: string, processor: Processor<T>, workerOptions: Omit<WorkerOptions, 'connection'>) =>
        listen(new Worker<T>(name, processor, { ...workerOptions, prefix: options.prefix, connection: connect() })),
      async close() {
        await Promise.allSettled(connections.map((c) => c.quit()));
      },
    };
  }
  const postgres = withBackend(createPostgresBackend);
  // BullMQ keeps its own tables in a schema of the same database (named by the prefix) and
  // migrates them itself.
  const connection = { connectionString: options.databaseUrl, schema: options.prefix, migrate: true, max: 10 };
  // A worker's statements take one connection of their own, one after another (BullMQ waits for
  // jobs on a separate LISTEN connection). Every fetch promotes the queue's due delayed jobs in
  // one multi-row UPDATE; with a fetch per free job slot in flight at once, they locked the same
  // rows in different orders and deadlocked each other under a burst (docs/webhooks.md).
  const workerConnection = { ...connection, max: 1 };
  return {
    kind: 'postgres',
    newQueue: <T>(name: string) => listen(new postgres.Queue<T>(name, { connection }) as unknown as Queue<T>),
    newWorker: <T>(name: string, processor: Processor<T>, workerOptions: Omit<WorkerOptions, 'connection'>) =>
      listen(new postgres.Worker<T>(name, processor, { ...workerOptions, connection: workerConnection }) as unknown as Worker<T>),
    async close() {},
  };
}
