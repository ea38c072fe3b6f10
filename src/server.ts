// The service process: database (external or embedded), migrations, demo data on first start,
// the HTTP server, and an orderly shutdown on SIGINT/SIGTERM.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { migrate } from './db/migrate.ts';
import { createPool } from './db/pool.ts';
import { openDatabase } from './db/postgres.ts';
import { pruneSignals } from './db/signals.ts';
import { prepareDemo } from './demo/first-run.ts';
import { loadSecretBox } from './secret-key.ts';

type Step = [name: string, run: () => Promise<unknown>];

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

export async function serve(config: Config, log: Logger): Promise<void> {
  const steps: Step[] = [];
  const shutdown = async (): Promise<boolean> => runShutdown(steps.reverse().splice(0), log);
  try {
    const database = await openDatabase(config, (msg) => log.info(msg));
    steps.push(['stop embedded PostgreSQL', () => database.stop()]);
    if (database.embedded) log.info(`embedded PostgreSQL on 127.0.0.1:${config.embeddedPostgresPort} (data in ${config.dataDir})`);

    const applied = await migrate(database.url, (msg) => log.warn(msg));
    if (applied.length > 0) log.info({ migrations: applied }, 'migrations applied');

    const pool = createPool(database.url);
    steps.push(['close database pool', () => pool.end()]);

    let redis: Redis | undefined;
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
      redis.on('error', (error) => log.warn({ err: error }, 'redis error'));
      await redis.connect();
      steps.push(['close redis', () => redis!.quit()]);
    }

    const secretBox = await loadSecretBox(config);
    const app = await buildApp({ config, pool, redis, secretBox, logger: log });
    steps.push(['close HTTP server', () => app.close()]);
    app.server.requestTimeout = 30_000;
    app.server.headersTimeout = 10_000;
    app.server.keepAliveTimeout = 5_000;

    // Retention: prune once at start, then hourly. Safe to run on every instance at once.
    const prune = () =>
      pruneSignals(pool, config.signalRetentionDays).then(
        (deleted) => deleted > 0 && log.info({ deleted, retention_days: config.signalRetentionDays }, 'pruned old signals'),
        (error: unknown) => log.error({ err: error }, 'signal pruning failed'),
      );
    void prune();
    const pruneTimer = setInterval(prune, 60 * 60 * 1000);
    pruneTimer.unref();
    steps.push(['stop signal pruning', async () => clearInterval(pruneTimer)]);

    const demo = config.demo ? await prepareDemo(pool, config, log) : undefined;
    await app.listen({ host: config.host, port: config.port });
    if (demo) process.stdout.write(demo.banner(config.publicUrl));
  } catch (error) {
    await shutdown();
    throw error;
  }

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info(`${signal} received, shutting down`);
      const timer = setTimeout(() => {
        log.error('shutdown took longer than 20 s; exiting');
        process.exit(1);
      }, 20_000);
      timer.unref();
      void shutdown().then((clean) => {
        log.info('stopped');
        process.exit(clean ? 0 : 1);
      });
    });
  }
}
