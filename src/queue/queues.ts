// Queue names, job payloads and the one place that picks the queue backend: Redis (BullMQ's
// default) when REDIS_URL is set, BullMQ's own PostgreSQL backend otherwise, so that `npm start`
// on the embedded PostgreSQL needs nothing else. The rest of the code sees one API either way.
import { createPostgresBackend, Queue, Worker, withBackend, type WorkerOptions, type Processor } from 'bullmq';
import { Redis } from 'ioredis';

export const QUEUE_NAMES = {
  fanOut: 'clubdata-fan-out',
  delivery: 'clubdata-delivery',
} as const;

/** One committed signal to fan out to the club's matching endpoints. */
export interface FanOutJob {
  clubId: string;
  sequence: number;
  signalId: string;
}

/** One (signal, endpoint) delivery; its state lives in the deliveries table. */
export interface DeliveryJob {
  clubId: string;
  endpointId: string;
  sequence: number;
  signalId: string;
}

export const fanOutJobId = (job: FanOutJob) => `${job.clubId}.${job.sequence}`;
export const deliveryJobId = (job: Pick<DeliveryJob, 'clubId' | 'endpointId' | 'sequence'>) =>
  `${job.clubId}.${job.endpointId}.${job.sequence}`;

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
  /** Every queue and worker reports its errors here (BullMQ prints to stderr when no one listens). */
  onError: (error: Error, queue: string) => void;
}

export function openQueueBackend(options: QueueBackendOptions): QueueBackend {
  const listen = <Q extends Queue | Worker>(queue: Q): Q => {
    (queue as Queue).on('error', (error: Error) => options.onError(error, queue.name));
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
  return {
    kind: 'postgres',
    newQueue: <T>(name: string) => listen(new postgres.Queue<T>(name, { connection }) as unknown as Queue<T>),
    newWorker: <T>(name: string, processor: Processor<T>, workerOptions: Omit<WorkerOptions, 'connection'>) =>
      listen(new postgres.Worker<T>(name, processor, { ...workerOptions, connection }) as unknown as Worker<T>),
    async close() {},
  };
}
