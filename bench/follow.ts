// Follow lag: how soon a client following GET /v1/signals/stream hears of a change. A writer
// commits one change per transaction (a customer renamed: one customer.updated signal) at a
// steady rate; a stream client of `clubdata api` (its own process) records when each event
// arrives. The lag of a signal is its arrival minus its `created`, taken in the committing
// transaction (same machine, same clock; millisecond precision).
//
// The limit measured beside it in the same run: a bare LISTEN client on the same database,
// receiving the NOTIFY that the same commits send. That is how soon anything built on
// PostgreSQL can hear of a commit on this machine; ours adds the API's read and the HTTP hop.
// Goal (issue 13): p99 within 100 ms at 50 signals/s (ours / 100 ms <= 1); 300 signals/s is reported.
//
//   node bench/follow.ts [--smoke] [--out FILE] [--seconds S]
//
// Uses a scratch database on BENCH_DATABASE_URL's server, seeded with a small demo club, and
// drops it at the end.
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createKey } from '../src/db/api-keys.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPool, type Pool } from '../src/db/pool.ts';
import { seedDemo } from '../src/demo/seed.ts';
import { openStream } from '../test/streams/sse-client.ts';
import { freePort, startApi } from './lib/api-process.ts';
import { BENCH_DATABASE_URL, dropDatabase, freshDatabase } from './lib/databases.ts';
import { loadAverage } from './lib/machine.ts';
import { sleep, stopProcess } from './lib/proc.ts';
import { writeReport, type ComparisonRow } from './lib/report.ts';
import { round, Samples, summarize } from './lib/stats.ts';

const { values } = parseArgs({
  options: { smoke: { type: 'boolean' }, out: { type: 'string' }, seconds: { type: 'string' } },
});
const smoke = Boolean(values.smoke);
const settings = { seconds_per_rate: Number(values.seconds ?? (smoke ? 1 : 20)), rates: [50, 300], writer_connections: 10 };
const GOAL_MS = 100;
const GOAL_RATE = 50;
const SCRATCH = 'clubdata_bench_follow';
const CLUB = 'club_demo_ny';

const t0 = performance.now();
const say = (message: string) => process.stderr.write(`follow [${((performance.now() - t0) / 1000).toFixed(1)} s] ${message}\n`);

/** Commits `rate` one-signal transactions a second for `seconds`; resolves with how many. */
async function write(pool: Pool, customers: string[], rate: number, seconds: number): Promise<number> {
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const inFlight = new Set<Promise<unknown>>();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const id = customers[i % customers.length]!;
    const change = pool.query('UPDATE customers SET first_name = $3 WHERE club_id = $1 AND id = $2', [CLUB, id, `r${rate}-${i}`]);
    inFlight.add(change);
    void change.finally(() => inFlight.delete(change));
  }
  await Promise.all(inFlight);
  return total;
}

async function main() {
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await admin.connect();
  let api: ChildProcess | undefined;
  let pool: Pool | undefined;
  let bare: pg.Client | undefined;
  try {
    const url = await freshDatabase(admin, SCRATCH);
    await migrate(url);
    pool = createPool(url, settings.writer_connections);
    await seedDemo(pool, { size: 'small', counts: { customers: 200, bookings: 50 } });
    const customers = (await pool.query<{ id: string }>('SELECT id FROM customers WHERE club_id = $1', [CLUB])).rows.map((r) => r.id);
    const key = await createKey(pool, { clubId: CLUB, name: 'follow', scopes: ['signals:read', 'customers:read'], expiresAt: null });
    const port = await freePort();
    api = (await startApi({ url, port, logLevel: 'info' })).child;

    // The limit: a bare LISTEN client on the same commits.
    const notified: { at: number; club: string; sequence: number }[] = [];
    bare = new pg.Client({ connectionString: url });
    bare.on('error', () => {});
    await bare.connect();
    bare.on('notification', (message) => {
      const payload = message.payload ?? '';
      const colon = payload.lastIndexOf(':');
      notified.push({ at: Date.now(), club: payload.slice(0, colon), sequence: Number(payload.slice(colon + 1)) });
    });
    await bare.query('LISTEN clubdata_signals');

    const comparisons: ComparisonRow[] = [];
    const scenarios = [];
    for (const rate of settings.rates) {
      const stream = await openStream(`http://127.0.0.1:${port}/v1/signals/stream`, { authorization: `Bearer ${key.key}` });
      if (stream.status !== 200) throw new Error(`the stream answered ${stream.status}: ${stream.body}`);
      await stream.waitFor((events) => events.length >= 1);
      notified.length = 0;
      const from = Number(stream.events[0]!.id);
      say(`${rate} signals/s for ${settings.seconds_per_rate} s from sequence ${from}`);
      const written = await write(pool, customers, rate, settings.seconds_per_rate);
      const last = from + written;
      const { rows } = await pool.query<{ n: string }>('SELECT max(sequence) AS n FROM signals WHERE club_id = $1', [CLUB]);
      if (Number(rows[0]!.n) !== last) throw new Error(`${written} changes made signals up to ${rows[0]!.n}, not ${last}`);
      await stream.waitFor((events) => events.some((e) => e.event === 'signal' && Number(e.id) >= last), 10_000);
      stream.close();
      const arrivals = new Map(stream.events.filter((e) => e.event === 'signal').map((e) => [Number(e.id), e.at]));
      const created = await pool.query<{ sequence: string; created_ms: string }>(
        `SELECT sequence, (extract(epoch FROM created_at) * 1000)::bigint AS created_ms FROM signals WHERE club_id = $1 AND sequence > $2 AND sequence <= $3`,
        [CLUB, from, last],
      );
      const ours = new Samples();
      const limit = new Samples();
      const createdAt = new Map(created.rows.map((r) => [Number(r.sequence), Number(r.created_ms)]));
      for (const [sequence, at] of arrivals) {
        const c = createdAt.get(sequence);
        if (c !== undefined) ours.push(Math.max(0, at - c));
      }
      // A notification names the club's last sequence of its commit: one per transaction here.
      for (const n of notified) {
        const c = createdAt.get(n.sequence);
        if (n.club === CLUB && c !== undefined) limit.push(Math.max(0, n.at - c));
      }
      const o = summarize(ours);
      const l = summarize(limit);
      say(`${rate}/s: ${o.count} of ${written} signals streamed, lag p50 ${o.p50_ms} ms, p99 ${o.p99_ms} ms; bare LISTEN p50 ${l.p50_ms} ms, p99 ${l.p99_ms} ms`);
      scenarios.push({ rate, written, streamed: o.count, ours: o, bare_listen: l });
      const scenario = `Follow lag at ${rate} signals/s (emit to event at the stream client; ${o.count} of ${written} streamed)`;
      if (rate === GOAL_RATE) {
        const ratioToGoal = round(o.p99_ms / GOAL_MS, 2);
        comparisons.push({
          scenario,
          measure: 'p99 ms',
          ours: round(o.p99_ms, 1),
          limits: [{ name: 'goal', value: GOAL_MS }],
          ratio: ratioToGoal,
          ratio_of: `ours / ${GOAL_MS} ms`,
          goal: '<= 1',
          met: ratioToGoal <= 1 && o.count === written,
        });
      }
      comparisons.push({
        scenario,
        measure: 'p99 ms',
        ours: round(o.p99_ms, 1),
        limits: [{ name: 'NOTIFY at a bare LISTEN client', value: round(l.p99_ms, 1) }],
        ratio: round(o.p99_ms / Math.max(l.p99_ms, 1), 2),
        ratio_of: 'ours / bare LISTEN (p99)',
        goal: 'reported',
        met: null,
      });
    }
    await writeReport(values.out, {
      benchmark: 'follow',
      title: 'Following a club: signal stream lag',
      smoke,
      settings,
      load_average: { after: loadAverage() },
      scenarios,
      comparisons,
      tables: [
        {
          title: 'Lag from a signal’s emit to its arrival (ms): the stream client of `clubdata api`, and a bare LISTEN client on the same commits',
          columns: ['Signals/s', 'Streamed / committed', 'Ours p50 / p99 / max', 'Bare LISTEN p50 / p99 / max'],
          rows: scenarios.map((s) => [
            s.rate,
            `${s.streamed} / ${s.written}`,
            `${s.ours.p50_ms} / ${s.ours.p99_ms} / ${s.ours.max_ms}`,
            `${s.bare_listen.p50_ms} / ${s.bare_listen.p99_ms} / ${s.bare_listen.max_ms}`,
          ]),
        },
      ],
    });
  } finally {
    await stopProcess(api, 10_000);
    await bare?.end().catch(() => {});
    await pool?.end().catch(() => {});
    await dropDatabase(admin, SCRATCH).catch(() => {});
    await admin.end();
  }
}

await main();
