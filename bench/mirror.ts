// The SDK's mirror (sdk/src/mirror) against what any client of the same API can do, in one run:
//
//   first copy  - the mirror's first full copy of the club's customers and bookings into a
//                 SqliteStore, against plain `fetch` paging the same lists with the same page
//                 size (100) and parsing each page, storing nothing. Goal: at most 1.15 times
//                 as long (issue 14). Contenders alternate, best of the rounds each.
//   apply rate  - with the mirror stopped, simulate commits a burst of changes; then the raw
//                 stream reads those signals (no store), and the mirror, started again on its
//                 file, applies them. Signals per second, each; reported.
//   following   - the mirror follows while simulate commits 300 changes a second: how far
//                 behind it ever fell (signals committed but not yet applied, sampled every
//                 100 ms) and how long it took to catch up once the writer stopped. Goal: it
//                 never falls behind the stream, i.e. it catches up within a second.
//
//   node bench/mirror.ts [--smoke] [--out FILE] [--rounds N]
//
// Full mode copies the large demo club of clubdata_bench_large (bench/lib/large-club.ts: 100,000
// customers, 1,000,000 bookings) and writes no signals to it: the burst and the following run
// on a scratch database with a small demo club. --smoke uses the small club for all three.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ClubData } from '@clubdata/sdk';
import { SqliteStore } from '@clubdata/sdk/sqlite';
import { createKey } from '../src/db/api-keys.ts';
import { createPool, type Pool } from '../src/db/pool.ts';
import { simulate } from '../src/demo/simulate.ts';
import { ALL_SCOPES } from '../src/domain/scopes.ts';
import { freePort, startApi } from './lib/api-process.ts';
import { BENCH_DATABASE_URL, dropDatabase, freshDatabase } from './lib/databases.ts';
import { prepareLarge, seedInto } from './lib/large-club.ts';
import { loadAverage } from './lib/machine.ts';
import { stopProcess } from './lib/proc.ts';
import { writeReport, type ComparisonRow } from './lib/report.ts';
import { round } from './lib/stats.ts';

const { values } = parseArgs({ options: { smoke: { type: 'boolean' }, out: { type: 'string' }, rounds: { type: 'string' } } });
const smoke = Boolean(values.smoke);
const settings = {
  rounds: Number(values.rounds ?? (smoke ? 1 : 2)),
  page_size: 100,
  burst_changes: smoke ? 300 : 6000,
  follow_rate: 300,
  follow_seconds: smoke ? 2 : 20,
};
const COPY_GOAL = 1.15;
const SCRATCH = `clubdata_bench_mirror_${process.pid}`;
const SMALL_CLUB = 'club_demo_ny';

const t0 = performance.now();
const say = (message: string) => process.stderr.write(`mirror [${((performance.now() - t0) / 1000).toFixed(1)} s] ${message}\n`);

interface Api {
  child: ChildProcess;
  client: ClubData;
  base: string;
  key: string;
}

async function startClubApi(url: string, pool: Pool, clubId: string): Promise<Api> {
  const port = await freePort();
  const { child } = await startApi({ url, port, logLevel: 'warn' });
  const key = (await createKey(pool, { clubId, name: 'bench mirror', scopes: ALL_SCOPES, expiresAt: null })).key;
  const base = `http://127.0.0.1:${port}`;
  return { child, base, key, client: new ClubData({ apiKey: key, baseUrl: base }) };
}

/** Plain fetch paging one list to its end, parsing each page; the records it saw. */
async function fetchAll(api: Api, path: string): Promise<number> {
  let records = 0;
  for (let after = ''; ; ) {
    const response = await fetch(`${api.base}${path}&limit=${settings.page_size}${after && `&starting_after=${after}`}`, {
      headers: { authorization: `Bearer ${api.key}` },
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    const page = (await response.json()) as { data: { id: string }[]; has_more: boolean };
    records += page.data.length;
    if (!page.has_more) return records;
    after = page.data.at(-1)!.id;
  }
}

async function lastSequence(pool: Pool, clubId: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT coalesce(max(sequence), 0) AS n FROM signals WHERE club_id = $1', [clubId]);
  return Number(rows[0]!.n);
}

async function firstCopy(api: Api, dir: string) {
  const fetchTimes: number[] = [];
  const mirrorTimes: number[] = [];
  let records = 0;
  for (let round_ = 1; round_ <= settings.rounds; round_++) {
    let started = performance.now();
    records = (await fetchAll(api, '/v1/customers?include=archived')) + (await fetchAll(api, '/v1/bookings?include=canceled'));
    fetchTimes.push(performance.now() - started);
    say(`first copy round ${round_}: plain fetch ${records} records in ${(fetchTimes.at(-1)! / 1000).toFixed(1)} s`);
    const file = join(dir, `copy-${round_}.db`);
    const store = new SqliteStore(file);
    started = performance.now();
    const mirror = api.client.mirror({ resources: ['customers', 'bookings'], store, relistInterval: 0, pageSize: settings.page_size });
    await mirror.ready;
    mirrorTimes.push(performance.now() - started);
    const counts = await mirror.counts();
    await mirror.stop();
    await store.close();
    say(`first copy round ${round_}: mirror ${counts.customers} customers + ${counts.bookings} bookings in ${(mirrorTimes.at(-1)! / 1000).toFixed(1)} s`);
  }
  return { records, fetch_s: round(Math.min(...fetchTimes) / 1000, 2), mirror_s: round(Math.min(...mirrorTimes) / 1000, 2) };
}

async function applyRate(api: Api, pool: Pool, dir: string) {
  const file = join(dir, 'follow.db');
  let store = new SqliteStore(file);
  let mirror = api.client.mirror({ store, relistInterval: 0 });
  await mirror.ready;
  await mirror.stop();
  await store.close();
  const from = await lastSequence(pool, SMALL_CLUB);
  await simulate(pool, { clubId: SMALL_CLUB, ratePerSecond: 1000, durationSeconds: 3600, maxChanges: settings.burst_changes });
  const to = await lastSequence(pool, SMALL_CLUB);
  const signals = to - from;

  let started = performance.now();
  for await (const event of api.client.signals.stream({ afterSequence: from })) if (event.sequence >= to) break;
  const streamSeconds = (performance.now() - started) / 1000;

  store = new SqliteStore(file);
  started = performance.now();
  mirror = api.client.mirror({ store, relistInterval: 0 });
  while ((mirror.stats.sequence ?? 0) < to) await new Promise((r) => setTimeout(r, 5));
  const mirrorSeconds = (performance.now() - started) / 1000;
  const { applied, skipped } = mirror.stats;
  await mirror.stop();
  await store.close();
  const result = { signals, stream_per_s: round(signals / streamSeconds, 0), mirror_per_s: round(signals / mirrorSeconds, 0), applied, skipped };
  say(`apply rate: ${signals} signals; the stream alone ${result.stream_per_s}/s, the mirror ${result.mirror_per_s}/s`);
  return result;
}

async function following(api: Api, pool: Pool, dir: string) {
  const store = new SqliteStore(join(dir, 'live.db'));
  const mirror = api.client.mirror({ store, relistInterval: 0 });
  await mirror.ready;
  let maxBehind = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const committed = await lastSequence(pool, SMALL_CLUB);
      maxBehind = Math.max(maxBehind, committed - (mirror.stats.sequence ?? 0));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const summary = await simulate(pool, { clubId: SMALL_CLUB, ratePerSecond: settings.follow_rate, durationSeconds: settings.follow_seconds });
  const stopped = performance.now();
  const last = await lastSequence(pool, SMALL_CLUB);
  while ((mirror.stats.sequence ?? 0) < last) await new Promise((r) => setTimeout(r, 2));
  const catchUpMs = performance.now() - stopped;
  sampling = false;
  await sampler;
  await mirror.stop();
  await store.close();
  const changes = Object.values(summary.changes).reduce((a, b) => a + b, 0);
  const result = { changes, seconds: summary.seconds, max_behind_signals: maxBehind, catch_up_ms: round(catchUpMs, 0) };
  say(`following at ${settings.follow_rate}/s: ${changes} changes; at most ${maxBehind} signals behind; caught up ${result.catch_up_ms} ms after the writer stopped`);
  return result;
}

async function main() {
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await admin.connect();
  const dir = await mkdtemp(join(tmpdir(), 'clubdata-bench-mirror-'));
  const apis: Api[] = [];
  const pools: Pool[] = [];
  try {
    const scratchUrl = await freshDatabase(admin, SCRATCH);
    await seedInto(scratchUrl, 'small', say);
    const scratchPool = createPool(scratchUrl, 4);
    pools.push(scratchPool);
    const small = await startClubApi(scratchUrl, scratchPool, SMALL_CLUB);
    apis.push(small);

    let copyApi = small;
    if (!smoke) {
      const large = await prepareLarge(admin, say);
      const largePool = createPool(large.url, 2);
      pools.push(largePool);
      copyApi = await startClubApi(large.url, largePool, large.clubId);
      apis.push(copyApi);
    }
    const copy = await firstCopy(copyApi, dir);
    const rate = await applyRate(small, scratchPool, dir);
    const follow = await following(small, scratchPool, dir);

    const copyRatio = round(copy.mirror_s / copy.fetch_s, 2);
    const comparisons: ComparisonRow[] = [
      {
        scenario: `Mirror's first copy (${copy.records.toLocaleString('en-US')} customers and bookings, pages of ${settings.page_size})`,
        measure: 's',
        ours: copy.mirror_s,
        limits: [{ name: 'plain fetch paging', value: copy.fetch_s }],
        ratio: copyRatio,
        ratio_of: 'mirror / plain fetch',
        goal: `<= ${COPY_GOAL}`,
        met: copyRatio <= COPY_GOAL,
      },
      {
        scenario: `Mirror applying a burst of ${rate.signals} signals`,
        measure: 'signals/s',
        ours: rate.mirror_per_s,
        limits: [{ name: 'the stream read alone', value: rate.stream_per_s }],
        ratio: round(rate.mirror_per_s / rate.stream_per_s, 2),
        ratio_of: 'mirror / stream',
        goal: 'reported',
        met: null,
      },
      {
        scenario: `Mirror following ${settings.follow_rate} changes/s for ${settings.follow_seconds} s`,
        measure: 'ms to catch up',
        ours: follow.catch_up_ms,
        limits: [{ name: 'one second', value: 1000 }],
        ratio: round(follow.catch_up_ms / 1000, 2),
        ratio_of: 'catch-up / 1 s',
        goal: '<= 1',
        met: follow.catch_up_ms <= 1000,
      },
    ];
    await writeReport(values.out, {
      benchmark: 'mirror',
      title: "The SDK's mirror: first copy, apply rate, following",
      smoke,
      settings,
      load_average: { after: loadAverage() },
      scenarios: [{ copy, apply: rate, following: follow }],
      comparisons,
      tables: [
        {
          title: 'Following at 300 changes/s',
          columns: ['Changes', 'Seconds', 'Most signals behind (sampled every 100 ms)', 'Catch-up after the writer stopped (ms)'],
          rows: [[follow.changes, follow.seconds, follow.max_behind_signals, follow.catch_up_ms]],
        },
      ],
    });
  } finally {
    for (const api of apis) await stopProcess(api.child, 10_000);
    for (const pool of pools) await pool.end().catch(() => {});
    await dropDatabase(admin, SCRATCH).catch(() => {});
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
