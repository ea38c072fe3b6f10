// The limit the pipeline benchmark compares against: a plain BullMQ worker, with nothing of
// ours around it (no database, no signing, no attempt records, no per-endpoint limit), whose
// jobs POST the same body to the same receiver with undici. A child process, like our worker.
//
// Started by bench/pipeline.ts with fork(); over IPC it receives
//   { start: { backend, redisUrl, databaseUrl, prefix, queue, concurrency, sinkUrl, body } }
// answers { ready: true } once its worker runs, and closes on { stop: true }.
import { createPostgresBackend, Queue, Worker, withBackend, type Job } from 'bullmq';
import { Agent, request } from 'undici';

export interface PlainWorkerSettings {
  backend: 'redis' | 'postgres';
  redisUrl: string;
  databaseUrl: string;
  prefix: string;
  queue: string;
  concurrency: number;
  sinkUrl: string;
  body: string;
}

/** A plain job: which endpoint path to POST to, and the id a receiver would deduplicate on. */
export interface PlainJob {
  path: string;
  id: string;
}

/** BullMQ makes (and closes) its own connections from these options. */
function redisOptions(url: string) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 6379), maxRetriesPerRequest: null };
}

/** The queue the bench adds plain jobs to, on the same backend as the worker. */
export function openPlainQueue(settings: Omit<PlainWorkerSettings, 'concurrency' | 'sinkUrl' | 'body'>): Queue<PlainJob> {
  if (settings.backend === 'redis') {
    return new Queue<PlainJob>(settings.queue, {
      prefix: settings.prefix,
      connection: redisOptions(settings.redisUrl),
    });
  }
  const postgres = withBackend(createPostgresBackend);
  return new postgres.Queue<PlainJob>(settings.queue, {
    connection: { connectionString: settings.databaseUrl, schema: settings.prefix, migrate: true, max: 10 },
  }) as unknown as Queue<PlainJob>;
}

function startWorker(settings: PlainWorkerSettings): Worker<PlainJob> {
  const agent = new Agent({ keepAliveTimeout: 4_000 });
  const body = Buffer.from(settings.body, 'utf8');
  const processor = async (job: Job<PlainJob>) => {
    const response = await request(settings.sinkUrl + job.data.path, {
      dispatcher: agent,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': job.data.id },
      body,
    });
    await response.body.dump();
    if (response.statusCode >= 300) throw new Error(`HTTP ${response.statusCode}`);
  };
  const options = { concurrency: settings.concurrency };
  if (settings.backend === 'redis') {
    return new Worker<PlainJob>(settings.queue, processor, {
      ...options,
      prefix: settings.prefix,
      connection: redisOptions(settings.redisUrl),
    });
  }
  const postgres = withBackend(createPostgresBackend);
  return new postgres.Worker<PlainJob>(settings.queue, processor, {
    ...options,
    connection: { connectionString: settings.databaseUrl, schema: settings.prefix, migrate: true, max: 10 },
  }) as unknown as Worker<PlainJob>;
}

// Only when run as the child process, not when the bench imports openPlainQueue.
if (process.send && import.meta.filename === process.argv[1]) {
  type Message = { start?: PlainWorkerSettings; stop?: boolean };
  let worker: Worker<PlainJob> | undefined;
  const onMessage = async (message: Message) => {
    if (message.start) {
      worker = startWorker(message.start);
      worker.on('error', (error) => process.stderr.write(`plain worker: ${error.message}\n`));
      await worker.waitUntilReady();
      process.send!({ ready: true });
    }
    if (message.stop) {
      await worker?.close();
      process.exit(0);
    }
  };
  // A failure stays unhandled on purpose: it ends this child with the error on stderr.
  process.on('message', (message: Message) => void onMessage(message));
  process.on('disconnect', () => process.exit(0));
}
