// `clubdata receive --key` and `clubdata mirror` without --api find the running service the way
// the commands find the embedded PostgreSQL (src/api-address.ts): a real `clubdata api` process
// records where it listens in its data folder, the commands call it there, and once it stops
// (or a record names a process that is gone) they fall back to PUBLIC_URL and say, in one line
// naming --api, that nothing answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { insertCustomer } from '../fixtures.ts';
import { bearer, createTestDatabase, insertClub } from '../helper.ts';
import { eventually } from '../workers/pipeline-helper.ts';
import { freePort } from '../workers/processes.ts';
import { ROOT, runCli } from './run-cli.ts';

const running = new Set<ChildProcess>();
let databaseUrl: string;
let pool: Awaited<ReturnType<typeof createTestDatabase>>['pool'];
let dataDir: string;
let key: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'clubdata-cli-api-address-'));
  ({ url: databaseUrl, pool } = await createTestDatabase());
  const club = await insertClub(pool);
  await insertCustomer(pool, club.id);
  key = (await bearer(pool, club.id, { scopes: ALL_SCOPES })).replace('Bearer ', '');
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** `clubdata <args>` as a child process on this file's database and data folder; output kept. */
function start(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [`${ROOT}src/cli.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_OPTIONS: process.env.NODE_OPTIONS ?? '', DATABASE_URL: databaseUrl, CLUBDATA_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => (output.stdout += d));
  child.stderr.on('data', (d) => (output.stderr += d));
  const exited = once(child, 'exit').then(([code]) => {
    running.delete(child);
    return code as number | null;
  });
  return { child, output, exited };
}

describe('the API address of the running service', () => {
  it('is recorded by `clubdata api`, used by receive and mirror without --api, and removed when it stops', async () => {
    const port = await freePort();
    // Development mode: the receiver's endpoint is plain http on 127.0.0.1.
    const api = start(['api'], { PORT: String(port), CLUBDATA_ENV: 'development' });
    const file = join(dataDir, 'api.json');
    await eventually('the API records its address', async () => existsSync(file), 60_000);
    const url = `http://127.0.0.1:${port}`;
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pid: api.child.pid, url });
    await eventually('the API answers', async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.ok === true, 30_000);

    // No --api and no PUBLIC_URL: the receiver registers its endpoint through the recorded API.
    const receive = start(['receive', '--port', '0', '--key', key]);
    await eventually('the receiver registers and listens', async () => receive.output.stderr.includes('listening on'), 30_000);
    const [, endpoint] = /registered endpoint (we_\w+)/.exec(receive.output.stderr) ?? [];
    expect(endpoint, receive.output.stderr).toBeDefined();
    const registered = await pool.query('SELECT deleted_at FROM webhook_endpoints WHERE id = $1', [endpoint]);
    expect(registered.rows).toEqual([{ deleted_at: null }]);
    receive.child.kill('SIGINT');
    expect(await receive.exited, receive.output.stderr).toBe(0);
    expect(receive.output.stderr).toContain(`deleted endpoint ${endpoint}`);

    // The mirror copies from it too.
    const out = join(dataDir, 'club.db');
    const mirror = start(['mirror', '--key', key, '--out', out, '--relist', '0']);
    await eventually('the copy is ready', async () => mirror.output.stderr.includes('Following; Ctrl-C stops.'), 60_000);
    expect(mirror.output.stderr).toContain(`copying the club from ${url} into ${out}`);
    mirror.child.kill('SIGINT');
    expect(await mirror.exited, mirror.output.stderr).toBe(0);

    api.child.kill('SIGTERM');
    expect(await api.exited, api.output.stderr).toBe(0);
    expect(existsSync(file)).toBe(false);

    // A record left by a process that is gone (killed outright) is not believed.
    await writeFile(file, `${JSON.stringify({ pid: api.child.pid, url })}\n`);
    const closed = await freePort();
    for (const args of [['receive', '--port', '0', '--key', key], ['mirror', '--key', key, '--out', join(dataDir, 'other.db')]]) {
      const run = await runCli(databaseUrl, args, { env: { CLUBDATA_DATA_DIR: dataDir, PORT: String(closed) }, timeoutMs: 60_000 });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr.trim().split('\n').at(-1)).toMatch(
        new RegExp(
          `^clubdata( mirror)?: no service answers at http://127\\.0\\.0\\.1:${closed} \\(ECONNREFUSED\\); that address is the default ` +
            `\\(PUBLIC_URL\\): no running service is recorded in ${file.replaceAll('.', '\\.')}\\. Start the service \\(npm start\\), ` +
            'or say where it runs with --api URL',
        ),
      );
    }
    expect(existsSync(join(dataDir, 'other.db'))).toBe(false);
  }, 180_000);
});
