// Read API against the machine's limits (scenario 1) and page depth (scenario 2).
//
// For each endpoint, three contenders run side by side in the same run, with the same
// concurrency and for the same time, in an order that rotates from round to round:
//   ours  - our API (`clubdata api`, its own process) loaded by autocannon from this process;
//   bare  - a bare node:http server (bench/lib/bare-server.ts) sending the bytes our API sent;
//   sql   - the same repository function (same SQL, same pg pool size as the server) in a loop
//           here, with no HTTP at all.
// The lower of the two limits bounds what any HTTP service over this SQL can do on this
// machine; our figure is reported as a ratio of it (goal: 0.7 or better). Page depth compares
// the first page of /v1/bookings with a page past the 900,000th booking (goal: ratio <= 1.3).
// A fourth contender, not a limit, tells where a gap comes from: `minimal`, a plain node:http
// server making the same repository call (bench/lib/minimal-server.ts); --no-minimal leaves it out.
// A fifth, `without_watermark`, is our API with the watermark's subquery (Signal-Sequence,
// src/db/watermark.ts) replaced by a constant (bench/lib/without-watermark.ts): ours / it is
// what the watermark costs (goal: 0.97 or better); --no-watermark leaves it out.
//
//   node bench/read-api.ts [--smoke] [--out FILE] [--duration S] [--warmup S] [--rounds N]
//                          [--connections N] [--log-level LEVEL] [--profile DIR] [--no-minimal]
//                          [--no-watermark]
//                          [--scenario customers,bookings,schedule,customer,signals,depth]
//
// Full mode uses the persistent database clubdata_bench_large on BENCH_DATABASE_URL's server
// (default postgresql://postgres@127.0.0.1:5432/postgres), seeded once with the --size large
// demo (about 2 minutes) and reused while it is complete. --smoke seeds the small demo into a
// scratch database, measures about a second per contender, and drops the database.
// --profile DIR runs the API with --cpu-prof and leaves its .cpuprofile in DIR. --scenario runs
// only the named scenarios (for investigations: the docs want them all).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { createKey, revokeKey } from '../src/db/api-keys.ts';
import { createPool, type Pool } from '../src/db/pool.ts';
import { DEFAULT_SCOPES } from '../src/domain/scopes.ts';
import { freePort, startApi } from './lib/api-process.ts';
import { BENCH_DATABASE_URL, dropDatabase, freshDatabase } from './lib/databases.ts';
import { LARGE_DATABASE, prepareLarge, seedInto } from './lib/large-club.ts';
import { loadAverage } from './lib/machine.ts';
import { processTicks, stopProcess, TICKS_PER_SECOND } from './lib/proc.ts';
import { runReadCall, type ReadCall } from './lib/read-calls.ts';
import { writeReport, type ChartSeries, type ComparisonRow } from './lib/report.ts';
import { median, ratio, round, Samples, summarize } from './lib/stats.ts';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

const { values } = parseArgs({
  options: {
    smoke: { type: 'boolean' },
    out: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    rounds: { type: 'string' },
    connections: { type: 'string' },
    'log-level': { type: 'string' },
    profile: { type: 'string' },
    scenario: { type: 'string' },
    minimal: { type: 'boolean' },
    watermark: { type: 'boolean' },
  },
  allowNegative: true,
});
const smoke = Boolean(values.smoke);
const settings = {
  duration_s: Number(values.duration ?? (smoke ? 0.5 : 10)),
  warmup_s: Number(values.warmup ?? (smoke ? 0 : 2)),
  rounds: Number(values.rounds ?? (smoke ? 1 : 3)),
  connections: Number(values.connections ?? 10),
  // As src/server.ts creates it (createPool(url, 20)), so both sides have the same connections.
  pool_size: 20,
  // The service as deployed logs every request at info (docs/operations.md: LOG_LEVEL default), to /dev/null here.
  log_level: values['log-level'] ?? 'info',
};
/** 1-based position of the deep page's cursor in the confirmed bookings, in full mode. */
const DEEP_POSITION = 900_001;
const PAGE = 100;
const LIMIT_GOAL = 0.7;
const DEPTH_GOAL = 1.3;
/** The watermark (Signal-Sequence) may cost at most 3% of the read API's throughput (issue 13). */
const WATERMARK_GOAL = 0.97;

const t0 = performance.now();
const say = (message: string) => process.stderr.write(`read-api [${((performance.now() - t0) / 1000).toFixed(1)} s] ${message}\n`);

// ---------------------------------------------------------------------------------------------
// Data

interface Dataset {
  url: string;
  clubId: string;
  /** Dropped at the end (smoke); the large database is kept for the next run. */
  scratch: string | undefined;
}


/** Smoke mode's scratch database, dropped at the end (or on an interruption). */
const SCRATCH_DATABASE = `clubdata_bench_read_${process.pid}`;

async function prepareSmoke(admin: pg.Client): Promise<Dataset> {
  const url = await freshDatabase(admin, SCRATCH_DATABASE);
  await seedInto(url, 'small', say);
  return { url, clubId: 'club_demo_ny', scratch: SCRATCH_DATABASE };
}

/**
 * The demo seed writes history with the signal triggers off, so the signal list would be empty.
 * Real platform writes (a title change on bookings, committed `batch` at a time) make the
 * signals, through the same triggers as in production. Topped up only when too few are left
 * inside the retention the API prunes to at start.
 */
async function ensureSignals(pool: Pool, clubId: string, wanted: number): Promise<number> {
  const count = async () =>
    (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM signals WHERE club_id = $1 AND created_at > now() - interval '20 days'`,
        [clubId],
      )
    ).rows[0]!.n;
  const before = await count();
  if (before >= wanted) return before;
  say(`making ${wanted - before} signals by updating bookings`);
  const batch = 500;
  for (let done = 0; done < wanted - before; done += batch) {
    await pool.query(
      `UPDATE bookings SET title = 'Benchmark ' || to_char(clock_timestamp(), 'YYYY-MM-DD HH24:MI:SS.US')
        WHERE club_id = $1 AND id IN (SELECT id FROM bookings WHERE club_id = $1 AND status = 'confirmed'
                                       ORDER BY starts_at DESC, id OFFSET $2 LIMIT $3)`,
      [clubId, done, Math.min(batch, wanted - before - done)],
    );
  }
  const after = await count();
  if (after <= before) throw new Error('updating bookings emitted no signals: are the signal triggers in place?');
  await pool.query('VACUUM ANALYZE bookings, signals');
  return after;
}

interface Facts {
  customers: number;
  confirmedBookings: number;
  signals: number;
  customerId: string;
  busyDay: string;
  busyDayItems: number;
  deep: { id: string; position: number };
}

async function readFacts(pool: Pool, clubId: string, signals: number): Promise<Facts> {
  const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[]) => (await pool.query<T>(sql, params)).rows[0]!;
  const { n: customers } = await one<{ n: number }>(
    'SELECT count(*)::int AS n FROM customers WHERE club_id = $1 AND archived_at IS NULL',
    [clubId],
  );
  const { n: confirmedBookings } = await one<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings WHERE club_id = $1 AND status = 'confirmed'`,
    [clubId],
  );
  // A customer from the middle of the list: neither the oldest record nor the newest.
  const { id: customerId } = await one<{ id: string }>(
    `SELECT id FROM customers WHERE club_id = $1 AND archived_at IS NULL
      ORDER BY first_became_customer_at, id OFFSET $2 LIMIT 1`,
    [clubId, Math.floor(customers / 2)],
  );
  const busy = await one<{ day: string; n: number }>(
    `SELECT business_date::text AS day, count(*)::int AS n FROM bookings
      WHERE club_id = $1 AND status = 'confirmed' GROUP BY business_date ORDER BY count(*) DESC, business_date LIMIT 1`,
    [clubId],
  );
  // Past the 900,000th booking on the large club; as deep in proportion on the small data.
  const position = smoke
    ? Math.max(1, Math.floor(confirmedBookings * 0.9))
    : Math.min(DEEP_POSITION, confirmedBookings - PAGE);
  const { id: deepId } = await one<{ id: string }>(
    `SELECT id FROM bookings WHERE club_id = $1 AND status = 'confirmed' ORDER BY created_at, id OFFSET $2 LIMIT 1`,
    [clubId, position - 1],
  );
  return { customers, confirmedBookings, signals, customerId, busyDay: busy.day, busyDayItems: busy.n, deep: { id: deepId, position } };
}

// ---------------------------------------------------------------------------------------------
// Processes

/** A helper server (bare or minimal) in a child process; it prints {"port": N} when ready. */
async function startServer(script: string, args: string[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolvePort, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    lines.once('line', (line) => resolvePort((JSON.parse(line) as { port: number }).port));
  });
  return { child, port };
}

const stop = (child: ChildProcess | undefined) => stopProcess(child, 20_000);

/** Peak and median resident set size of a process while a measurement runs, from /proc. */
function sampleRss(pid: number): () => { peak_mb: number; median_mb: number } | undefined {
  const readings: number[] = [];
  const read = () => {
    try {
      const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kb) readings.push(Number(kb) / 1024);
    } catch {
      // Not Linux, or the process is gone: no figure rather than a wrong one.
    }
  };
  read();
  const timer = setInterval(read, 200);
  return () => {
    clearInterval(timer);
    read();
    if (readings.length === 0) return undefined;
    return { peak_mb: round(Math.max(...readings), 1), median_mb: round(median(readings), 1) };
  };
}

/** CPU time (user + system) a process has used so far, in ms, from /proc; undefined off Linux. */
function processCpuMs(pid: number): number | undefined {
  const stat = processTicks(pid);
  return stat ? (stat.ticks * 1000) / TICKS_PER_SECOND : undefined;
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface Measurement {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  mean_ms: number;
  requests: number;
  errors: number;
  /** CPU time of the serving process per answered request: the API, the bare server, or this process for SQL only. */
  cpu_ms_per_request?: number | undefined;
  rss_peak_mb?: number | undefined;
  rss_median_mb?: number | undefined;
}

/** A side's figures from its latency samples (answered in time), errors and CPU spent. */
function measured(samples: Samples, seconds: number, errors: number, cpuMs: number | undefined, answered: number): Measurement {
  const latency = summarize(samples);
  return {
    rps: round(latency.count / seconds, 1),
    p50_ms: latency.p50_ms,
    p99_ms: latency.p99_ms,
    mean_ms: latency.mean_ms,
    requests: latency.count,
    errors,
    cpu_ms_per_request: cpuMs !== undefined && answered > 0 ? round(cpuMs / answered, 4) : undefined,
  };
}

async function loadHttp(port: number, path: string, headers: Record<string, string>, seconds: number, serverPid: number): Promise<Measurement> {
  const samples = new Samples();
  const rss = sampleRss(serverPid);
  const cpuBefore = processCpuMs(serverPid);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let answered = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: settings.connections,
    duration: seconds,
    // autocannon ends a run at the first sample tick after its duration: tick often.
    sampleInt: 100,
    headers,
    timeout: 10,
  });
  // Only what is answered within the duration counts, exactly as in loadSql: the requests in
  // flight when it ends would otherwise stretch one side's clock and not the other's.
  instance.on('response', (_client, status, _bytes, time) => {
    answered++;
    if (status >= 200 && status < 300 && performance.now() <= deadline) samples.push(time);
  });
  const result = await instance;
  const cpuAfter = processCpuMs(serverPid);
  const memory = rss();
  return {
    ...measured(samples, seconds, result.errors + result.non2xx, cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined, answered),
    rss_peak_mb: memory?.peak_mb,
    rss_median_mb: memory?.median_mb,
  };
}

/** The same work without HTTP: `concurrency` loops calling the repository function. */
async function loadSql(run: () => Promise<unknown>, seconds: number): Promise<Measurement> {
  const samples = new Samples();
  let errors = 0;
  let firstError: unknown;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const end = started + seconds * 1000;
  let answered = 0;
  await Promise.all(
    Array.from({ length: settings.connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await run();
          answered++;
          const t1 = performance.now();
          if (t1 <= end) samples.push(t1 - t0);
        } catch (error) {
          errors++;
          firstError ??= error;
        }
      }
    }),
  );
  if (firstError) say(`SQL-only errors (${errors}), the first: ${(firstError as Error).message}`);
  const cpu = process.cpuUsage(cpuBefore);
  return measured(samples, seconds, errors, (cpu.user + cpu.system) / 1000, answered);
}

type Runner = (seconds: number) => Promise<Measurement>;

/** Medians over the rounds; errors summed; RSS at its peak. */
function combine(rounds: Measurement[]): Measurement {
  const of = (pick: (m: Measurement) => number | undefined) => rounds.map(pick).filter((v): v is number => v !== undefined);
  const rss = of((m) => m.rss_peak_mb);
  return {
    rps: round(median(of((m) => m.rps)), 1),
    p50_ms: round(median(of((m) => m.p50_ms)), 3),
    p99_ms: round(median(of((m) => m.p99_ms)), 3),
    mean_ms: round(median(of((m) => m.mean_ms)), 3),
    requests: of((m) => m.requests).reduce((a, b) => a + b, 0),
    errors: of((m) => m.errors).reduce((a, b) => a + b, 0),
    cpu_ms_per_request: of((m) => m.cpu_ms_per_request).length ? round(median(of((m) => m.cpu_ms_per_request)), 4) : undefined,
    rss_peak_mb: rss.length ? Math.max(...rss) : undefined,
    rss_median_mb: rss.length ? round(median(of((m) => m.rss_median_mb)), 1) : undefined,
  };
}

/**
 * Runs the contenders side by side: a warm-up of each, then `rounds` rounds in which each
 * contender runs once, the order rotating so that none always goes first or last.
 */
async function sideBySide<K extends string>(label: string, contenders: Record<K, Runner>) {
  const names = Object.keys(contenders) as K[];
  if (settings.warmup_s > 0) for (const name of names) await contenders[name](settings.warmup_s);
  const perRound: Record<K, Measurement>[] = [];
  for (let r = 0; r < settings.rounds; r++) {
    const order = names.map((_, i) => names[(i + r) % names.length]!);
    const round = {} as Record<K, Measurement>;
    for (const name of order) {
      round[name] = await contenders[name](settings.duration_s);
      say(`${label} round ${r + 1}/${settings.rounds} ${name}: ${round[name].rps} req/s, p50 ${round[name].p50_ms} ms, p99 ${round[name].p99_ms} ms`);
    }
    perRound.push(round);
  }
  const combined = {} as Record<K, Measurement>;
  for (const name of names) combined[name] = combine(perRound.map((round) => round[name]));
  return { combined, perRound };
}

// ---------------------------------------------------------------------------------------------

interface Scenario {
  /** Short name for --scenario. */
  key: string;
  name: string;
  path: string;
  call: ReadCall;
}

/** The two limits, as the docs name them. */
const LIMIT_NAMES = { bare: 'bare node:http', sql: 'SQL only' } as const;

/** A contender's bars in the chart. */
const point = (name: string, m: Measurement, note?: string): ChartSeries => ({ name, rps: m.rps, p50_ms: m.p50_ms, p99_ms: m.p99_ms, ...(note ? { note } : {}) });

const IGNORED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function main() {
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await admin.connect();
  let dataset: Dataset | undefined;
  let pool: Pool | undefined;
  let api: ChildProcess | undefined;
  let apiWithoutWatermark: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  let minimal: ChildProcess | undefined;
  let keyId: string | undefined;
  const work = await mkdtemp(join(tmpdir(), 'clubdata-bench-read-'));
  // Interrupted (Ctrl-C, CI's timeout): stop the servers and drop a scratch database, then go.
  const interrupted = () => {
    say('interrupted: stopping');
    const scratch = smoke ? SCRATCH_DATABASE : undefined;
    const dropScratch = async () => {
      if (!scratch) return;
      const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
      await client.connect();
      await dropDatabase(client, scratch).finally(() => client.end());
    };
    void Promise.all([stop(api), stop(apiWithoutWatermark), stop(bare), stop(minimal)])
      .then(() => Promise.all([dropScratch(), rm(work, { recursive: true, force: true })]))
      .catch(() => {})
      .finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const loadBefore = loadAverage();
    dataset = smoke ? await prepareSmoke(admin) : { ...(await prepareLarge(admin, say)), scratch: undefined };
    pool = createPool(dataset.url, settings.pool_size);
    const { clubId } = dataset;
    const signals = await ensureSignals(pool, clubId, smoke ? 300 : 10_000);
    const facts = await readFacts(pool, clubId, signals);
    say(
      `club ${clubId}: ${facts.customers} customers, ${facts.confirmedBookings} confirmed bookings, ${facts.signals} signals; ` +
        `busy day ${facts.busyDay} (${facts.busyDayItems} bookings); deep cursor at position ${facts.deep.position}`,
    );
    const scopes = [...DEFAULT_SCOPES, 'signals:read'];
    const key = await createKey(pool, { clubId, name: 'benchmark', scopes, expiresAt: new Date(Date.now() + 86_400_000) });
    keyId = key.id;
    const headers = { authorization: `Bearer ${key.key}` };

    const scenarios: Scenario[] = [
      {
        key: 'customers',
        name: 'GET /v1/customers?limit=100',
        path: '/v1/customers?limit=100',
        call: { kind: 'customers', clubId, limit: PAGE },
      },
      {
        key: 'bookings',
        name: `GET /v1/bookings?limit=100 (page at ${facts.deep.position.toLocaleString('en-US')})`,
        path: `/v1/bookings?limit=100&starting_after=${facts.deep.id}`,
        call: { kind: 'bookings', clubId, limit: PAGE, startingAfter: facts.deep.id },
      },
      {
        key: 'schedule',
        name: `GET /v1/schedule (busy day, ${facts.busyDayItems} bookings)`,
        path: `/v1/schedule?date=${facts.busyDay}`,
        call: { kind: 'schedule', clubId, date: facts.busyDay },
      },
      {
        key: 'customer',
        name: 'GET /v1/customers/{id}',
        path: `/v1/customers/${facts.customerId}`,
        call: { kind: 'customer', clubId, id: facts.customerId },
      },
      {
        key: 'signals',
        name: 'GET /v1/signals?limit=100',
        path: '/v1/signals?limit=100',
        call: { kind: 'signals', clubId, limit: PAGE, scopes },
      },
    ];
    const firstPage: Scenario = {
      key: 'first',
      name: 'GET /v1/bookings?limit=100 (first page)',
      path: '/v1/bookings?limit=100',
      call: { kind: 'bookings', clubId, limit: PAGE, startingAfter: undefined },
    };
    const p = pool;
    const sqlOf = (scenario: Scenario) => () => runReadCall(p, scenario.call);

    const port = await freePort();
    const profileDir = values.profile ? resolve(values.profile) : undefined;
    if (profileDir) await mkdir(profileDir, { recursive: true });
    const started = await startApi({ url: dataset.url, port, logLevel: settings.log_level, profileDir });
    api = started.child;
    const apiPid = api.pid!;
    // The same API without the watermark's subquery (--watermark false skips it).
    let withoutWatermark: { port: number; pid: number } | undefined;
    if (values.watermark ?? true) {
      const plainPort = await freePort();
      apiWithoutWatermark = (await startApi({ url: dataset.url, port: plainPort, logLevel: settings.log_level, withoutWatermark: true })).child;
      withoutWatermark = { port: plainPort, pid: apiWithoutWatermark.pid! };
      const check = await fetch(`http://127.0.0.1:${plainPort}/v1/club`, { headers: { authorization: `Bearer ${key.key}` } });
      if (check.headers.get('signal-sequence') !== '0') throw new Error('the API without the watermark still reads it: bench/lib/watermark-hooks.ts did not apply');
    }

    // One real response of each scenario: the bytes the bare server will send. The SQL-only
    // side must produce the very same body, or it would not be the same work.
    const captured: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
    const bodyBytes: Record<string, number> = {};
    for (const scenario of [...scenarios, firstPage]) {
      const response = await fetch(`http://127.0.0.1:${port}${scenario.path}`, { headers });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`${scenario.path} answered ${response.status}: ${body.toString().slice(0, 500)}`);
      const kept: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (!IGNORED_HEADERS.has(name)) kept[name] = value;
      });
      captured[scenario.path] = { status: 200, headers: kept, body: body.toString('base64') };
      bodyBytes[scenario.path] = body.length;
      const direct = await runReadCall(p, scenario.call);
      if (direct?.body !== body.toString('utf8')) throw new Error(`the SQL-only body of ${scenario.path} differs from the API's`);
    }
    const responsesFile = join(work, 'responses.json');
    await writeFile(responsesFile, JSON.stringify(captured));
    const bareServer = await startServer(join(root, 'bench', 'lib', 'bare-server.ts'), [responsesFile]);
    bare = bareServer.child;
    const barePid = bare.pid!;
    // The minimal server: node:http answering with the same repository calls (a diagnostic middle point).
    let minimalServer: { child: ChildProcess; port: number } | undefined;
    if (values.minimal ?? true) {
      const callsFile = join(work, 'calls.json');
      await writeFile(callsFile, JSON.stringify(Object.fromEntries([...scenarios, firstPage].map((s) => [s.path, s.call]))));
      minimalServer = await startServer(join(root, 'bench', 'lib', 'minimal-server.ts'), [dataset.url, callsFile]);
      minimal = minimalServer.child;
    }

    // --scenario customers,signals,depth: only those (for investigations; the docs want all).
    const chosen = values.scenario ? new Set(values.scenario.split(',')) : undefined;
    const results = [];
    for (const scenario of scenarios.filter((s) => !chosen || chosen.has(s.key))) {
      const contenders: Record<string, Runner> = {
        ours: (seconds) => loadHttp(port, scenario.path, headers, seconds, apiPid),
        bare: (seconds) => loadHttp(bareServer.port, scenario.path, headers, seconds, barePid),
        sql: (seconds) => loadSql(sqlOf(scenario), seconds),
      };
      if (withoutWatermark) {
        const { port: plainPort, pid } = withoutWatermark;
        contenders.without_watermark = (seconds) => loadHttp(plainPort, scenario.path, headers, seconds, pid);
      }
      if (minimalServer) {
        const { port: minimalPort, child } = minimalServer;
        contenders.minimal = (seconds) => loadHttp(minimalPort, scenario.path, headers, seconds, child.pid!);
      }
      const { combined: all, perRound } = await sideBySide(scenario.name, contenders);
      const combined = { ours: all.ours!, bare: all.bare!, sql: all.sql!, minimal: all.minimal, withoutWatermark: all.without_watermark };
      const lower: keyof typeof LIMIT_NAMES = combined.bare.rps <= combined.sql.rps ? 'bare' : 'sql';
      const ratioRps = ratio(combined.ours.rps, combined[lower].rps);
      results.push({
        name: scenario.name,
        path: scenario.path.replace(/starting_after=[^&]+/, 'starting_after=<id>').replace(/customers\/[^?]+/, 'customers/<id>'),
        response_bytes: bodyBytes[scenario.path],
        ours: combined.ours,
        bare: combined.bare,
        sql: combined.sql,
        ...(combined.minimal ? { minimal: combined.minimal, ratio_minimal_rps: ratio(combined.minimal.rps, combined[lower].rps) } : {}),
        ...(combined.withoutWatermark
          ? { without_watermark: combined.withoutWatermark, ratio_watermark_rps: ratio(combined.ours.rps, combined.withoutWatermark.rps) }
          : {}),
        lower_limit: lower,
        ratio_rps: ratioRps,
        ratio_p50: ratio(combined[lower].p50_ms, combined.ours.p50_ms),
        goal: `>= ${LIMIT_GOAL}`,
        met: ratioRps >= LIMIT_GOAL,
        rounds: perRound,
      });
    }

    let pageDepth;
    if (!chosen || chosen.has('depth')) {
      const depth = await sideBySide('page depth', {
        first: (seconds) => loadHttp(port, firstPage.path, headers, seconds, apiPid),
        deep: (seconds) => loadHttp(port, scenarios[1]!.path, headers, seconds, apiPid),
        sql_first: (seconds) => loadSql(sqlOf(firstPage), seconds),
        sql_deep: (seconds) => loadSql(sqlOf(scenarios[1]!), seconds),
      });
      const { first, deep, sql_first: sqlFirst, sql_deep: sqlDeep } = depth.combined;
      pageDepth = {
        position: facts.deep.position,
        first,
        deep,
        sql_first: sqlFirst,
        sql_deep: sqlDeep,
        ratio_p50: ratio(deep.p50_ms, first.p50_ms),
        ratio_rps: ratio(first.rps, deep.rps),
        sql_ratio_p50: ratio(sqlDeep.p50_ms, sqlFirst.p50_ms),
        goal: `<= ${DEPTH_GOAL}`,
        rounds: depth.perRound,
      };
    }

    const deepAt = facts.deep.position.toLocaleString('en-US');
    const depthScenario = `Page depth: GET /v1/bookings?limit=100, page past ${(facts.deep.position - 1).toLocaleString('en-US')} vs first page`;
    const comparisons: ComparisonRow[] = results.map((r) => ({
      scenario: r.name,
      measure: 'req/s',
      ours: r.ours.rps,
      limits: [
        { name: LIMIT_NAMES.bare, value: r.bare.rps },
        { name: LIMIT_NAMES.sql, value: r.sql.rps },
      ],
      ratio: r.ratio_rps,
      ratio_of: `ours / ${LIMIT_NAMES[r.lower_limit]}`,
      goal: r.goal,
      met: r.met,
    }));
    for (const r of results) {
      if (!r.without_watermark) continue;
      comparisons.push({
        scenario: `Watermark cost: ${r.name}`,
        measure: 'req/s',
        ours: r.ours.rps,
        limits: [{ name: 'ours without the watermark', value: r.without_watermark.rps }],
        ratio: r.ratio_watermark_rps!,
        ratio_of: 'with / without the watermark',
        goal: `>= ${WATERMARK_GOAL}`,
        met: r.ratio_watermark_rps! >= WATERMARK_GOAL,
      });
    }
    const fmt = (m: Measurement) => `${m.p50_ms} / ${m.p99_ms}`;
    const cpu = (...ms: (Measurement | undefined)[]) => ms.map((m) => (m?.cpu_ms_per_request === undefined ? '–' : m.cpu_ms_per_request.toFixed(3))).join(' / ');
    const detailRows: (string | number)[][] = results.map((r) => [
      r.name,
      r.response_bytes ?? '',
      fmt(r.ours),
      fmt(r.bare),
      fmt(r.sql),
      r.ratio_p50,
      cpu(r.ours, r.bare, r.sql),
      r.ours.errors,
      r.ours.rss_peak_mb ?? '',
      r.bare.rss_peak_mb ?? '',
    ]);
    // --minimal's middle point, when it ran: its own small table.
    const minimalRows = results.flatMap((r) =>
      r.minimal
        ? [[r.name, r.ours.rps, r.minimal.rps, r.sql.rps, r.ratio_minimal_rps ?? '', r.ratio_rps, fmt(r.minimal), cpu(r.ours, r.minimal)]]
        : [],
    );
    const chartScenarios = results.map((r) => ({
      name: r.name,
      series: [
        point('ours', r.ours, `${r.ratio_rps} of ${LIMIT_NAMES[r.lower_limit]}`),
        point(LIMIT_NAMES.bare, r.bare),
        point(LIMIT_NAMES.sql, r.sql),
        ...(r.minimal ? [point('node:http + same SQL', r.minimal, `${r.ratio_minimal_rps} of ${LIMIT_NAMES.sql}`)] : []),
      ],
    }));
    if (pageDepth) {
      const { first, deep, goal } = pageDepth;
      const depthRow = (measure: string, ours: number, firstPage: number, depthRatio: number, ratioOf: string): ComparisonRow => ({
        scenario: depthScenario,
        measure,
        ours,
        limits: [{ name: 'first page', value: firstPage }],
        ratio: depthRatio,
        ratio_of: ratioOf,
        goal,
        met: depthRatio <= DEPTH_GOAL,
      });
      comparisons.push(
        depthRow('p50 ms', deep.p50_ms, first.p50_ms, pageDepth.ratio_p50, 'deep / first'),
        depthRow('req/s', deep.rps, first.rps, pageDepth.ratio_rps, 'first / deep'),
      );
      const depthDetail = (page: string, path: string, ours: Measurement, sql: Measurement) =>
        [`Page depth: ${page} (ours, SQL only)`, bodyBytes[path] ?? '', fmt(ours), '', fmt(sql), '', cpu(ours, undefined, sql), ours.errors, ours.rss_peak_mb ?? '', ''];
      detailRows.push(
        depthDetail('first page', firstPage.path, first, pageDepth.sql_first),
        depthDetail(`page at ${deepAt}`, scenarios[1]!.path, deep, pageDepth.sql_deep),
      );
      chartScenarios.push({
        name: 'Page depth: GET /v1/bookings?limit=100 (ours)',
        series: [point('first page', first), point(`page at ${deepAt}`, deep, `p50 ${pageDepth.ratio_p50} × first page`)],
      });
    }
    const details = {
      title: 'Latency (p50 / p99 ms), errors and server memory (medians over the rounds; RSS at its peak)',
      columns: [
        'Scenario',
        'Bytes',
        'Ours',
        'Bare node:http',
        'SQL only',
        'Latency ratio (limit p50 / ours p50)',
        'CPU ms per request: API / bare server / SQL-only client',
        'Errors (ours)',
        'API RSS (MB)',
        'Bare server RSS (MB)',
      ],
      rows: detailRows,
    };
    const tables = [details];
    if (minimalRows.length) {
      tables.push({
        title: 'Where a gap comes from: "minimal" is a plain node:http server making the same repository call (no Fastify, authentication, rate limiter, request logs or request ids)',
        columns: ['Scenario', 'Ours req/s', 'Minimal req/s', 'SQL only req/s', 'Minimal / SQL only', 'Ours / SQL only', 'Minimal p50 / p99 ms', 'CPU ms per request: API / minimal'],
        rows: minimalRows,
      });
    }
    const chart = { title: 'Read API: throughput and latency per scenario', scenarios: chartScenarios };

    const report = {
      benchmark: 'read-api',
      title: 'Read API against the machine’s limits, and page depth',
      smoke,
      settings: { ...settings, database: dataset.scratch ? 'scratch (small demo)' : LARGE_DATABASE },
      data: {
        club: clubId,
        customers: facts.customers,
        confirmed_bookings: facts.confirmedBookings,
        signals: facts.signals,
        busy_day: facts.busyDay,
        busy_day_bookings: facts.busyDayItems,
        deep_cursor_position: facts.deep.position,
      },
      load_average: { before: loadBefore, after: loadAverage() },
      scenarios: results,
      page_depth: pageDepth,
      comparisons,
      tables,
      chart,
    };
    for (const row of comparisons) {
      say(`${row.met ? 'met   ' : 'MISSED'} ${row.scenario} [${row.measure}]: ratio ${row.ratio} (${row.ratio_of}), goal ${row.goal}`);
    }
    await writeReport(values.out, report);
  } finally {
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
    await Promise.all([stop(api), stop(apiWithoutWatermark), stop(bare), stop(minimal)]);
    if (values.profile) say(`CPU profile of the API in ${resolve(values.profile)}`);
    if (pool && keyId) await revokeKey(pool, keyId).catch(() => {});
    await pool?.end().catch(() => {});
    if (dataset?.scratch) await dropDatabase(admin, dataset.scratch);
    await admin.end();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
