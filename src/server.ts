// The service process in its roles: `api` (the HTTP API), `worker` (the delivery pipeline, with
// a small HTTP server for probes and operators), or both (`serve`, what `npm start` runs).
// Order of start: database (external or embedded), migrations, pools, pipeline, HTTP; shutdown
// runs the same steps backwards: stop taking requests and jobs, finish in-flight work, close
// pools, stop the embedded PostgreSQL. What runs in the database overlaps with what runs in this
// process: the HTTP app's modules load while the migrations run, and its plugins and routes get
// ready while the demo is seeded.
import { createServer, type AddressInfo } from 'node:net';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { recordApiAddress } from './api-address.ts';
import { localUrl, type Config } from './config.ts';
import { migrate } from './db/migrate.ts';
import { createPool } from './db/pool.ts';
import { openDatabase } from './db/postgres.ts';
import { pruneIdempotencyKeys } from './db/idempotency-keys.ts';
import { pruneSignals } from './db/signals.ts';
import { prepareDemo } from './demo/first-run.ts';
import type { Pipeline, PipelineStarter } from './queue/pipeline.ts';
import type { GivenUpJob, ShardJob } from './queue/queues.ts';
import { logBackgroundError, markStopping } from './lifecycle.ts';
import { loadSecretBox } from './secret-key.ts';

type Step = [name: string, run: () => Promise<unknown>];

export interface Roles {
  api: boolean;
  pipeline: PipelineStarter | undefined;
}

/** Runs every shutdown step even when one fails, and reports the failures. */
async function runShutdown(steps: Step[], log: Logger): Promise<boolean> {
  let clean = true;
  for (const [name, run] of steps) {
    try {
      await run();
    } catch (error) {
      clean = false;
      log.error({ err: error }, `shutdown step failed: ${name}`);
    }
  }
  return clean;
}

export async function runService(config: Config, log: Logger, roles: Roles): Promise<void> {
  const steps: Step[] = [];
  const shutdown = async (): Promise<boolean> => runShutdown(steps.reverse().splice(0), log);
  let stopping = false;
  // Aborted when stopping, so that long start-up work (the first start's signal history) ends early.
  const stopped = new AbortController();
  let startup: Promise<void> = Promise.resolve();
  // Ends the service in order (after the start-up step in progress); exits 0 only when asked to
  // stop and every step went well.
  const stop = (reason: string, failed: boolean) => {
    if (stopping) return;
    stopping = true;
    stopped.abort();
    markStopping();
    if (failed) log.error(`${reason}; shutting down`);
    else log.info(`${reason}, shutting down`);
    const timer = setTimeout(() => {
      log.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000);
    timer.unref();
    void startup
      .catch(() => {})
      .then(shutdown)
      .then((clean) => {
        log.info('stopped');
        process.exit(clean && !failed ? 0 : 1);
      });
  };
  // Installed first, so that a signal during start-up also ends in an orderly shutdown (after
  // the step in progress) rather than the default of dying on the spot.
  // SIGHUP (the terminal closed) too: the embedded PostgreSQL runs detached and only its owner stops it.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(`${signal} received`, false));
  startup = start(config, log, roles, steps, () => stopping, stop, stopped.signal);
  try {
    await startup;
  } catch (error) {
    await shutdown();
    throw error;
  }
}

/**
 * Refuses a port another process listens on, before anything else happens: a second `npm start`
 * must not touch the database (the demo key, the pipeline) only to fail at the end.
 */
async function assertPortFree(host: string, port: number): Promise<void> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is in use: is another clubdata service running here? Stop it, or give this one a free PORT (and, for the embedded PostgreSQL, another CLUBDATA_DATA_DIR)`)
          : error,
      ),
    );
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * Records where the API listens in the data folder, so that `clubdata receive` and `mirror` find
 * it without --api (api-address.ts); removed first at shutdown. A folder it cannot write to
 * (a read-only deployment) only costs those commands the finding.
 */
async function recordAddress(config: Config, address: string | AddressInfo | null, log: Logger, steps: Step[]): Promise<void> {
  if (address === null || typeof address === 'string') return;
  try {
    const forget = await recordApiAddress(config.dataDir, localUrl(address.address, address.port));
    steps.push(['remove the recorded API address', forget]);
  } catch (error) {
    log.warn({ err: error }, `could not record the API's address in ${config.dataDir}; clubdata receive and mirror will need --api`);
  }
}

async function start(
  config: Config,
  log: Logger,
  roles: Roles,
  steps: Step[],
  stopping: () => boolean,
  stop: (reason: string, failed: boolean) => void,
  stopSignal: AbortSignal,
): Promise<void> {
  await assertPortFree(config.host, config.port);
  const database = await openDatabase(config, (msg) => log.info(msg), 'service');
  // The modules of the app, the queues and the metrics load (this process's work) while the
  // database migrates (its own). Started after the database, so that they do not hold up the
  // start of initdb. Handled here, so that a failure to load is no unhandled rejection while
  // the migrations run; it is thrown where the modules are used.
  const loading = Promise.all([import('./app.ts'), import('./metrics.ts'), import('./queue/queues.ts'), import('ioredis')]);
  loading.catch(() => {});
  steps.push(['stop embedded PostgreSQL', () => database.stop()]);
  if (database.embedded) {
    log.info(`embedded PostgreSQL on 127.0.0.1:${database.embedded.port} (data in ${config.dataDir})`);
    // While it is down, requests that need it answer 503 and /readyz says not ready.
    database.embedded.watch({
      onDown: (message) => log.error(message),
      onUp: (message) => log.info(message),
      onGiveUp: (error) => stop(`the embedded PostgreSQL cannot be started again (${error.message})`, true),
    });
  }
  if (stopping()) return;

  const schema = await migrate(database.url);
  if (schema.migrations.length + schema.definitions.length + schema.dropped.length > 0) {
    log.info({ migrations: schema.migrations, functions: schema.definitions.length, dropped: schema.dropped }, 'schema migrated');
  }

  const pool = createPool(database.url, 20);
  steps.push(['close database pool', () => pool.end()]);
  const secretBox = await loadSecretBox(config);
  const [{ buildApp }, { createMetrics }, { logQueueErrors, openQueueBackend, QUEUE_NAMES }, { Redis }] = await loading;
  const metrics = createMetrics();

  // The API's rate limiter keeps its counters in Redis; every role's /readyz checks it.
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    // ioredis reconnects by itself; while Redis is down the limiter lets requests through.
    redis.on('error', (error) => logBackgroundError(log, error, 'rate limiter connection error', {}, 'redis'));
    await redis.connect();
    // QUIT needs a connection: one still reconnecting after an outage is dropped instead (it has
    // nothing to flush, and quit() would fail the shutdown).
    steps.push(['close redis', async () => (redis!.status === 'ready' ? void (await redis!.quit()) : redis!.disconnect())]);
  }

  // Retention: prune once at start, then hourly. Safe to run on every instance at once.
  // Idempotency-Key records go after their 24 hours on the same clock (docs/api.md).
  const prune = () =>
    Promise.all([
      pruneSignals(pool, config.signalRetentionDays).then(
        (deleted) => deleted > 0 && log.info({ deleted, retention_days: config.signalRetentionDays }, 'pruned old signals'),
        (error: unknown) => log.error({ err: error }, 'signal pruning failed'),
      ),
      pruneIdempotencyKeys(pool).then(
        (deleted) => deleted > 0 && log.info({ deleted }, 'pruned expired idempotency keys'),
        (error: unknown) => log.error({ err: error }, 'idempotency key pruning failed'),
      ),
    ]);
  void prune();
  const pruneTimer = setInterval(() => void prune(), 60 * 60 * 1000);
  pruneTimer.unref();
  steps.push(['stop signal pruning', async () => clearInterval(pruneTimer)]);
  if (stopping()) return;

  let pipeline: Pipeline | undefined;
  if (roles.pipeline) {
    // The pipeline's own writes (relay marks, fan-outs, claims, attempt records) commit without
    // waiting for the WAL flush: each is redone when a PostgreSQL crash forgets it
    // (docs/webhooks.md), and it made the worker about a quarter faster (docs/benchmarks.md).
    const pipelinePool = createPool(database.url, 10, { waitForFlush: false });
    steps.push(['close the pipeline database pool', () => pipelinePool.end()]);
    const started = await roles.pipeline({ config, pool: pipelinePool, databaseUrl: database.url, secretBox, log, metrics });
    steps.push(['drain the delivery pipeline', () => started.close()]);
    log.info('delivery pipeline started');
    pipeline = started;
  }

  // Bull Board (/admin/queues, operators only) needs producers on both queues. Beside the
  // pipeline it shows the pipeline's own; an API-only process opens producers of its own (never
  // a Worker), closed after the HTTP server so that no board request outlives them.
  let queues = pipeline?.queues;
  if (config.operator && !queues) {
    const backend = openQueueBackend({
      redisUrl: config.redisUrl,
      databaseUrl: database.url,
      prefix: config.queuePrefix,
      onError: logQueueErrors(log),
    });
    const opened = {
      delivery: backend.newQueue<ShardJob>(QUEUE_NAMES.delivery),
      givenUp: backend.newQueue<GivenUpJob>(QUEUE_NAMES.givenUp),
    };
    steps.push([
      'close the queue dashboard producers',
      async () => {
        await Promise.all([opened.delivery.close(), opened.givenUp.close()]);
        await backend.close();
      },
    ]);
    queues = opened;
  }

  const app = await buildApp({ config, pool, redis, secretBox, metrics, queues, logger: log, routes: roles.api ? 'all' : 'probes' });
  steps.push(['close HTTP server', () => app.close()]);

  // The app's plugins and routes get ready (this process) while the demo is seeded (the
  // database's): the banner waits for the longer of the two, not for both in turn.
  const [ready, prepared] = await Promise.allSettled([
    app.ready(),
    config.demo && roles.api ? prepareDemo(pool, config, secretBox, log, stopSignal) : undefined,
  ]);
  if (ready.status === 'rejected') throw ready.reason;
  if (prepared.status === 'rejected') throw prepared.reason;
  const demo = prepared.value;
  if (stopping()) return;
  await app.listen({ host: config.host, port: config.port });
  if (roles.api) await recordAddress(config, app.server.address(), log, steps);
  if (demo) process.stdout.write(demo.banner(config.publicUrl));
}
