// The limit the pipeline benchmark compares against: a plain BullMQ worker, with nothing of
// ours around it (no database, no signing, no attempt records, no per-endpoint limit), whose
// jobs POST the same body to the same receiver with undici. A child process, like our worker, and
// with BullMQ wired as ours is (src/queue/queues.ts), so that only the work per job differs.
//
// Started by bench/pipeline.ts with fork(); over IPC it receives
//   { start: { backend, redisUrl, databaseUrl, prefix, queue, concurrency, sinkUrl, body } }
// answers { ready: true } once its worker runs, and closes on { stop: true }.
import type { Job, Worker } from 'bullmq';
import { Agent, request } from 'undici';
import { openQueueBackend, type QueueBackend } from '../../src/queue/queues.ts';

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

/** BullMQ on the same backend, wired as our worker's (src/queue/queues.ts): the queue side and the worker side. */
export function openPlainBackend(settings: Pick<PlainWorkerSettings, 'backend' | 'redisUrl' | 'databaseUrl' | 'prefix'>): QueueBackend {
  return openQueueBackend({
    redisUrl: settings.backend === 'redis' ? settings.redisUrl : undefined,
    databaseUrl: settings.databaseUrl,
    prefix: settings.prefix,
    onError: (error, queue) => process.stderr.write(`plain ${queue}: ${error.message}\n`),
  });
}

function startWorker(backend: QueueBackend, settings: PlainWorkerSettings): Worker<PlainJob> {
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
  return backend.newWorker<PlainJob>(settings.queue, processor, { concurrency: settings.concurrency });
}

// Only when run as the child process, not when the bench imports openPlainQueue.
if (process.send && import.meta.filename === process.argv[1]) {
  type Message = { start?: PlainWorkerSettings; stop?: boolean };
  let backend: QueueBackend | undefined;
  let worker: Worker<PlainJob> | undefined;
  const onMessage = async (message: Message) => {
    if (message.start) {
      backend = openPlainBackend(message.start);
      worker = startWorker(backend, message.start);
      await worker.waitUntilReady();
      process.send!({ ready: true });
    }
    if (message.stop) {
      await worker?.close();
      await backend?.close();
      process.exit(0);
    }
  };
  // A failure stays unhandled on purpose: it ends this child with the error on stderr.
  process.on('message', (message: Message) => void onMessage(message));
  process.on('disconnect', () => process.exit(0));
}
