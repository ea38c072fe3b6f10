// Signal streams across real API processes: a stream served by one process while the changes
// commit elsewhere, and an API process killed mid-stream, its client resuming on another with
// Last-Event-ID. New signals reach a stream through PostgreSQL only (NOTIFY and the polling
// fallback), so nothing depends on which process a client is connected to.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from '../../src/db/api-keys.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { simulate } from '../../src/demo/simulate.ts';
import { ALL_SCOPES } from '../../src/domain/scopes.ts';
import { createTestDatabase } from '../helper.ts';
import { freePort } from '../workers/processes.ts';
import { openStream, type StreamEvent } from './sse-client.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLUB = 'club_demo_ny';
const db = await createTestDatabase();
// A data folder of their own: an API process records its address there (src/api-address.ts),
// never in the checkout's .data, where a developer's running service records its own.
const dataDir = await mkdtemp(join(tmpdir(), 'clubdata-streams-'));
let auth = '';
const processes: ChildProcess[] = [];

/** `clubdata api` on a port of its own; resolves once /readyz answers 200. */
async function startApi(): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/cli.ts', 'api'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      CLUBDATA_DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64'),
      RATE_LIMIT_PER_SECOND: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  processes.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    const ready = await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) return { child, base };
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`clubdata api did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  await seedDemo(db.pool, { size: 'small', counts: { customers: 60, bookings: 80 } });
  auth = `Bearer ${(await createKey(db.pool, { clubId: CLUB, name: 'streams', scopes: ALL_SCOPES, expiresAt: null })).key}`;
});

afterAll(async () => {
  for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

const signalsOf = (events: StreamEvent[]) => events.filter((e) => e.event === 'signal').map((e) => Number(e.id));

async function lastSequence(): Promise<number> {
  const { rows } = await db.pool.query<{ n: string }>('SELECT coalesce(max(sequence), 0) AS n FROM signals WHERE club_id = $1', [CLUB]);
  return Number(rows[0]!.n);
}

async function history(after: number, through: number): Promise<number[]> {
  const { rows } = await db.pool.query<{ sequence: string }>(
    'SELECT sequence FROM signals WHERE club_id = $1 AND sequence > $2 AND sequence <= $3 ORDER BY sequence',
    [CLUB, after, through],
  );
  return rows.map((r) => Number(r.sequence));
}

describe('signal streams across API processes', () => {
  it('a client whose API process is killed mid-stream resumes on another with Last-Event-ID: none lost, none repeated', async () => {
    const [a, b] = await Promise.all([startApi(), startApi()]);
    const start = await lastSequence();
    const first = await openStream(`${a.base}/v1/signals/stream?after_sequence=${start}`, { authorization: auth });
    expect(first.status).toBe(200);
    // Changes commit on the test's own connections, never through either API process.
    const writing = simulate(db.pool, { clubId: CLUB, ratePerSecond: 150, durationSeconds: 3 });
    await first.waitFor((events) => signalsOf(events).length >= 30);
    a.child.kill('SIGKILL');
    await first.ended;
    const received = signalsOf(first.events);
    const lastId = first.events.filter((e) => e.event === 'signal').at(-1)!.id!;
    const second = await openStream(`${b.base}/v1/signals/stream?after_sequence=${start}`, { authorization: auth, 'last-event-id': lastId });
    expect(second.status).toBe(200);
    await writing;
    const end = await lastSequence();
    await second.waitFor((events) => signalsOf(events).at(-1) === end, 45_000);
    const seen = [...received, ...signalsOf(second.events)];
    const expected = await history(start, end);
    console.log(
      `stream across a killed API process: ${received.length} signals from the first, ${seen.length - received.length} ` +
        `from the second after Last-Event-ID ${lastId}; ${expected.length} committed`,
    );
    expect(seen).toEqual(expected);
    second.close();
    b.child.kill('SIGTERM');
    expect(await once(b.child, 'exit')).toEqual([0, null]);
  }, 60_000);

  it("a key's streams are counted across processes: a sixth is refused whichever process it asks", async () => {
    const [a, b] = await Promise.all([startApi(), startApi()]);
    const key = `Bearer ${(await createKey(db.pool, { clubId: CLUB, name: 'quota', scopes: ALL_SCOPES, expiresAt: null })).key}`;
    const open = [];
    for (const base of [a.base, b.base, a.base, b.base, a.base]) {
      const client = await openStream(`${base}/v1/signals/stream`, { authorization: key });
      expect(client.status).toBe(200);
      open.push(client);
    }
    for (const base of [a.base, b.base]) {
      const sixth = await openStream(`${base}/v1/signals/stream`, { authorization: key });
      expect(sixth.status).toBe(429);
      expect(JSON.parse(sixth.body).error).toMatchObject({ code: 'too_many_streams' });
    }
    for (const client of open) client.close();
    for (const { child } of [a, b]) child.kill('SIGTERM');
  }, 60_000);
});
