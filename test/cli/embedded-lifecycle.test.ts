// One owner of the embedded PostgreSQL at a time (issue 12, "The embedded database's
// lifecycle"), with the real `clubdata serve` as child processes on one data folder, in order:
// a second service refused before it touches anything; the server killed under the service
// (503 at once, then started again); the service killed outright (the next start takes the
// server over and stops it); a command's server taken over by a service started meanwhile.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { SIGNAL_TYPES } from '../../src/domain/signal-types.ts';
import { ROOT } from './run-cli.ts';
import { freePort } from '../workers/processes.ts';

interface Service {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

let root: string;
let dataDir: string;
let pgPort: number;
const started: Service[] = [];


function startService(port: number, embeddedPort = pgPort): Service {
  const child = spawn(process.execPath, [`${ROOT}src/cli.ts`, 'serve'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(embeddedPort),
      CLUBDATA_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const service = { child, port, output: () => text, exited };
  started.push(service);
  return service;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The demo key of the banner, once the service listens. */
async function demoKey(service: Service): Promise<string> {
  return waitFor(`the banner of the service on port ${service.port}\n${service.output()}`, () => {
    if (service.child.exitCode !== null) throw new Error(`the service exited:\n${service.output()}`);
    return /Bearer (cd_live_\w+)/.exec(service.output())?.[1];
  });
}

async function get(service: Service, path: string, key?: string) {
  const res = await fetch(`http://127.0.0.1:${service.port}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
}

async function postmasterPid(): Promise<number | undefined> {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number((await readFile(file, 'utf8')).split('\n')[0]) : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stop(service: Service, signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
  service.child.kill(signal);
  return service.exited;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'clubdata-lifecycle-'));
  // As root the embedded server runs as another user, which must reach its folder.
  await chmod(root, 0o755);
  dataDir = join(root, 'data');
  pgPort = await freePort();
});

afterAll(async () => {
  for (const service of started) if (service.child.exitCode === null) service.child.kill('SIGKILL');
  const pid = await postmasterPid();
  if (pid && alive(pid)) process.kill(pid, 'SIGINT');
  await waitFor('the embedded PostgreSQL to stop', () => (pid && alive(pid) ? undefined : true), 20_000).catch(() => {});
  await rm(root, { recursive: true, force: true });
});

describe('the embedded PostgreSQL has one owner at a time', () => {
  let first: Service;
  let key: string;

  it('a second service is refused before it touches anything: same port, or same data folder', async () => {
    first = startService(await freePort());
    key = await demoKey(first);

    // The same HTTP port: refused at once, in one line, without revoking the demo key.
    const samePort = startService(first.port, await freePort());
    expect(await samePort.exited).toBe(1);
    expect(samePort.output().trim()).toBe(
      `clubdata: port ${first.port} is in use: is another clubdata service running here? Stop it, or give this one a free PORT (and, for the embedded PostgreSQL, another CLUBDATA_DATA_DIR)`,
    );

    // Another port on the same data folder: the folder's server has an owner already.
    const sameFolder = startService(await freePort(), await freePort());
    expect(await sameFolder.exited).toBe(1);
    expect(sameFolder.output()).toContain(`clubdata: another clubdata service (process ${first.child.pid}) runs on the embedded PostgreSQL of ${join(dataDir, 'postgres')}`);
    expect(sameFolder.output()).not.toMatch(/demo key|seeding|\n\s+at /);

    const res = await get(first, '/v1/customers?limit=1', key);
    expect(res.status).toBe(200);
  }, 120_000);

  it('the first start leaves a signal history of every type, made by real changes through the triggers', async () => {
    const types = new Set<string>();
    let after = '';
    for (let page = 0; page < 50; page++) {
      const res = await fetch(`http://127.0.0.1:${first.port}/v1/signals?limit=100${after}`, { headers: { authorization: `Bearer ${key}` } });
      const body = (await res.json()) as { data: { id: string; type: string }[]; has_more: boolean };
      for (const signal of body.data) types.add(signal.type);
      if (!body.has_more) break;
      after = `&starting_after=${body.data.at(-1)!.id}`;
    }
    // Every type about the club's data; the webhook_endpoint.* ones come from endpoints failing.
    const ofData = SIGNAL_TYPES.filter((t) => !t.startsWith('webhook_endpoint.'));
    expect([...types].sort()).toEqual([...ofData].sort());
    expect(first.output()).toMatch(new RegExp(`club_demo_ny: a history of \\d+ signals \\(${ofData.length} types\\)`));
  }, 60_000);

  it('the server killed under the service: 503 in the envelope at once, then started again', async () => {
    const pid = (await postmasterPid())!;
    process.kill(pid, 'SIGKILL');
    const seen = { ready: new Set<number>(), api: new Set<string>() };
    await waitFor('the service to recover', async () => {
      const [ready, api] = await Promise.all([get(first, '/readyz'), get(first, '/v1/customers?limit=1', key)]);
      seen.ready.add(ready.status);
      seen.api.add(`${api.status} ${api.body.error?.code ?? ''}`.trim());
      return ready.status === 200 && api.status === 200 && seen.ready.has(503) ? true : undefined;
    }, 30_000);
    expect(seen.ready).toContain(503);
    // Requests that need the database were answered 503 in the envelope, never 500.
    expect([...seen.api].filter((answer) => !answer.startsWith('200'))).toEqual(['503 database_unavailable']);
    expect(first.output()).toContain(`the embedded PostgreSQL (process ${pid}) exited unexpectedly; starting it again`);
    await waitFor('the log line of its return', () => (first.output().includes('the embedded PostgreSQL is back') ? true : undefined), 30_000);
    expect(await postmasterPid()).not.toBe(pid);
  }, 60_000);

  it('the service killed outright: the next start takes the server over, keeps the demo key, and stops the server at Ctrl-C', async () => {
    await stop(first, 'SIGKILL');
    const orphan = (await postmasterPid())!;
    expect(alive(orphan)).toBe(true);

    const next = startService(await freePort(), await freePort());
    expect(await demoKey(next)).toBe(key);
    expect(next.output()).toContain(`took over the embedded PostgreSQL on port ${pgPort} that a stopped process left running`);
    expect((await get(next, '/v1/customers?limit=1', key)).status).toBe(200);

    expect(await stop(next)).toBe(0);
    expect(alive(orphan)).toBe(false);
    expect(await postmasterPid()).toBeUndefined();
  }, 120_000);

  it("a command's server is taken over by a service started meanwhile, and outlives the command", async () => {
    const command = await startEmbeddedPostgres(join(dataDir, 'postgres'), pgPort, () => {}, 'command');
    const service = startService(await freePort(), await freePort());
    await demoKey(service);
    expect(service.output()).toContain(`took over the embedded PostgreSQL on port ${pgPort} from the clubdata command in process ${process.pid}`);

    await command.stop();
    const pid = (await postmasterPid())!;
    expect(alive(pid)).toBe(true);
    expect((await get(service, '/readyz')).status).toBe(200);

    expect(await stop(service)).toBe(0);
    expect(alive(pid)).toBe(false);
  }, 120_000);

  it('a command interrupted twice (Ctrl-C reaches it from the terminal and through the launcher) still stops the server it started', async () => {
    expect(await postmasterPid()).toBeUndefined();
    const command = spawn(process.execPath, [`${ROOT}bin/clubdata.mjs`, 'simulate', '--club', 'club_demo_ny', '--rate', '5', '--duration', '60'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, EMBEDDED_PG_PORT: String(pgPort), CLUBDATA_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, as a terminal gives a command: the signal goes to the whole group.
      detached: true,
    });
    let output = '';
    command.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    command.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(command, 'exit');
    const pid = await waitFor(`the command's embedded PostgreSQL\n${output}`, async () => (output.includes('simulating') ? postmasterPid() : undefined));
    process.kill(-command.pid!, 'SIGINT');
    const [code] = await exited;
    expect(code, output).toBe(0);
    expect(output).toContain('signals emitted:');
    expect(alive(pid)).toBe(false);
    expect(await postmasterPid()).toBeUndefined();
    expect(existsSync(`${join(dataDir, 'postgres')}.owner`)).toBe(false);
  }, 120_000);

  it('a command finding a server whose owner is gone takes it over and stops it at its end', async () => {
    const orphan = await startEmbeddedPostgres(join(dataDir, 'postgres'), pgPort, () => {}, 'command');
    // Its owner, as the file names it, is a process that has ended.
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    await writeFile(`${join(dataDir, 'postgres')}.owner`, JSON.stringify({ pid: gone.pid, role: 'command' }));
    const pid = (await postmasterPid())!;

    const run = await runEmbeddedCli(['clubs', 'list']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`took over the embedded PostgreSQL on port ${pgPort} that a stopped process left running; it stops when this command ends`);
    expect(alive(pid)).toBe(false);
    await orphan.stop();
  }, 60_000);
});

/** `clubdata <args>` on the test's data folder, to its end. */
async function runEmbeddedCli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [`${ROOT}src/cli.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, EMBEDDED_PG_PORT: String(pgPort), CLUBDATA_DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}
