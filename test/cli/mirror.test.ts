// `clubdata mirror` as a user runs it: a real child process against the real API, copying a club
// into a SQLite file, printing a line per change, stopping cleanly on Ctrl-C (its own key
// revoked), resuming from its file, and refusing bad arguments with a one-line error.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '@clubdata/sdk/sqlite';
import { seedDemo } from '../../src/demo/seed.ts';
import { insertCustomer } from '../fixtures.ts';
import { buildApp } from '../../src/app.ts';
import { bearer, setupApp, testConfig, testSecretBox } from '../helper.ts';
import { eventually } from '../workers/pipeline-helper.ts';
import { freePort } from '../workers/processes.ts';
import { ROOT, runCli } from './run-cli.ts';

const CLUB = 'club_demo_ny';
const t = await setupApp({ rateLimit: { perSecond: 1_000_000, burst: 10_000_000 } });
const dir = await mkdtemp(join(tmpdir(), 'clubdata-cli-mirror-'));
const out = join(dir, 'club.db');
let base = '';
const running = new Set<ChildProcess>();

beforeAll(async () => {
  await seedDemo(t.pool, { size: 'small', counts: { customers: 50, bookings: 50 } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

function startMirror(...args: string[]) {
  const child = spawn(process.execPath, [`${ROOT}src/cli.ts`, 'mirror', '--club', CLUB, '--out', out, '--api', base, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_OPTIONS: process.env.NODE_OPTIONS, DATABASE_URL: t.url, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return { child, stdout: () => stdout, stderr: () => stderr };
}

describe('clubdata mirror', () => {
  it('copies the club into a file, prints each change, stops on Ctrl-C with its key revoked, and resumes', async () => {
    const first = startMirror('--relist', '0');
    await eventually('the copy is ready', async () => first.stderr().includes('Following; Ctrl-C stops.'), 30_000);
    expect(first.stderr()).toContain(`copying the club from ${base} into ${out}`);
    expect(first.stderr()).toMatch(/ready at sequence \d+: 50 customers, \d+ bookings, \d+ events, \d+ participants, 1 club, /);

    const customer = await insertCustomer(t.pool, CLUB);
    await eventually('the change is printed', async () => first.stdout().includes(customer), 45_000);
    expect(first.stdout()).toMatch(new RegExp(`customers\\s+${customer}  new \\(sequence \\d+, lag \\d+ ms\\)`));

    first.child.kill('SIGINT');
    const [code] = (await once(first.child, 'exit')) as [number | null];
    expect(code, first.stderr()).toBe(0);
    expect(first.stderr()).toMatch(/stopped at sequence \d+; .* resumes from there/);
    const keys = await t.pool.query<{ revoked: boolean }>("SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE name LIKE 'clubdata mirror %'");
    expect(keys.rows).toEqual([{ revoked: true }]);

    const store = new SqliteStore(out);
    const stopped = (await store.readCursor())!;
    expect((await store.get(stopped.generation, 'customers', customer))?.data).toMatchObject({ id: customer, object: 'customer' });
    await store.close();

    // Changed while it was stopped: the next run resumes after its cursor and picks it up.
    await t.pool.query("UPDATE customers SET phone = '+1 555 0101' WHERE id = $1", [customer]);
    const second = startMirror('--relist', '0', '--json');
    await eventually('the change made while stopped is printed', async () => second.stdout().includes(customer), 30_000);
    expect(second.stderr()).toContain(`resuming ${out} after sequence ${stopped.sequence}`);
    const line = JSON.parse(second.stdout().trim().split('\n').find((l) => l.includes(customer))!);
    expect(line).toMatchObject({ resource: 'customers', id: customer, new: false, record: { phone: '+1 555 0101' } });
    second.child.kill('SIGINT');
    expect((await once(second.child, 'exit'))[0]).toBe(0);
  });

  it('refuses bad arguments with one line and status 2, and an unknown club with status 1', async () => {
    const cases: [string[], RegExp][] = [
      [['mirror', '--club', CLUB], /--out/],
      [['mirror', '--out', out], /--club ID .* or --key/],
      [['mirror', '--club', CLUB, '--key', 'cd_live_x', '--out', out], /^clubdata: --club and --key are exclusive/],
      [['mirror', '--key', 'nope', '--out', out], /--key must be an API key/],
      [['mirror', '--club', CLUB, '--out', out, '--resources', 'customers,planets'], /not planets/],
      [['mirror', '--club', CLUB, '--out', out, '--resources', 'participants'], /participants need events/],
      [['mirror', '--club', CLUB, '--out', out, '--relist', '-1'], /--relist/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(t.url, args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.split('\n')[0], args.join(' ')).toMatch(message);
    }
    const unknown = await runCli(t.url, ['mirror', '--club', 'club_nope', '--out', out, '--api', base]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no club club_nope');
  });

  it('finds the SDK by its name when started by the launcher, which sets the source condition itself', async () => {
    // No NODE_OPTIONS from this run: bin/clubdata.mjs gives its child the clubdata-source condition.
    const launched = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [`${ROOT}bin/clubdata.mjs`, 'mirror', '--club', 'club_nope', '--out', out], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: t.url, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      child.on('exit', (code) => resolve({ code, stderr }));
    });
    expect(launched.stderr.trim()).toBe('clubdata: no club club_nope');
    expect(launched.code).toBe(1);
  });

  it('says where it could not reach the service, exits 1, and leaves no file and no key', async () => {
    const other = join(dir, 'unreachable.db');
    const closed = `http://127.0.0.1:${await freePort()}`;
    const run = await runCli(t.url, ['mirror', '--club', CLUB, '--out', other, '--api', closed], { timeoutMs: 60_000 });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(
      `clubdata mirror: no service answers at ${closed} (ECONNREFUSED); that address is given with --api. ` +
        'Start the service (npm start), or say where it runs with --api URL. Nothing was written.',
    );
    expect(existsSync(other)).toBe(false);
    const live = await t.pool.query("SELECT id FROM api_keys WHERE name LIKE 'clubdata mirror %' AND revoked_at IS NULL");
    expect(live.rows).toEqual([]);
  });

  it("checks the key's scopes before writing anything, and names every one it lacks", async () => {
    const key = (await bearer(t.pool, CLUB, { scopes: ['customers:read', 'club:read'] })).replace('Bearer ', '');
    const other = join(dir, 'narrow.db');
    const run = await runCli(t.url, ['mirror', '--key', key, '--out', other, '--api', base]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'clubdata mirror: the key lacks bookings:read, events:read, spaces:read, coaches:read, waivers:read, orders:read, ' +
        'transactions:read, signals:read: the mirror needs the read scope of each resource it copies (customers, bookings, events, ' +
        'participants, club, spaces, coaches, waivers, orders, transactions) and signals:read to follow their changes. Use a key that ' +
        'holds them (clubdata keys create --club ID --scopes ...), or --club instead of --key, or fewer --resources. Nothing was written.\n',
    );
    expect(existsSync(other)).toBe(false);

    // Fewer resources need fewer scopes: only signals:read is missing for these two.
    const fewer = await runCli(t.url, ['mirror', '--key', key, '--out', other, '--api', base, '--resources', 'customers,club']);
    expect(fewer.code).toBe(1);
    expect(fewer.stderr).toMatch(/^clubdata mirror: the key lacks signals:read: /);
    expect(existsSync(other)).toBe(false);
  });

  it('removes the file it made when the first copy fails midway', async () => {
    // The real API, made to fail every listing of transactions after the check (the first one):
    // the copy has stored customers, bookings and more by then.
    const faulty = await buildApp({ config: testConfig({ rateLimit: { perSecond: 1_000_000, burst: 10_000_000 } }), pool: t.pool, secretBox: testSecretBox() });
    let transactionReads = 0;
    faulty.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/v1/transactions') || ++transactionReads === 1) return;
      await reply.code(500).send({ error: { type: 'api_error', code: 'injected_failure', message: 'Injected failure.' } });
    });
    const faultyUrl = await faulty.listen({ host: '127.0.0.1', port: 0 });
    try {
      const other = join(dir, 'midway.db');
      const run = await runCli(t.url, ['mirror', '--club', CLUB, '--out', other, '--api', faultyUrl], { timeoutMs: 60_000 });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`clubdata mirror: copying the club from ${faultyUrl} into ${other}\n`);
      expect(run.stderr).toContain(`clubdata mirror: the API at ${faultyUrl} refused: Injected failure.\n`);
      expect(run.stderr.trim().split('\n').at(-1)).toBe(`clubdata mirror: the first copy did not complete; ${other} was removed`);
      expect(transactionReads).toBeGreaterThan(1);
      for (const suffix of ['', '-wal', '-shm']) expect(existsSync(`${other}${suffix}`), suffix).toBe(false);
    } finally {
      await faulty.close();
    }
  });

  it('names the file it cannot open', async () => {
    const notADatabase = join(dir, 'notes.txt');
    await writeFile(notADatabase, 'these are my notes, not a mirror\n'.repeat(100));
    const run = await runCli(t.url, ['mirror', '--club', CLUB, '--out', notADatabase, '--api', base]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n').at(-1)).toBe(`clubdata mirror: cannot open ${notADatabase} as a mirror file: file is not a database`);
    expect(await readFile(notADatabase, 'utf8')).toBe('these are my notes, not a mirror\n'.repeat(100));
  });
});
