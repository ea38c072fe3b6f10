// The pipeline benchmark's scale scenario (bench/pipeline.ts --scenario scale): how delivery
// holds up as the endpoints multiply, each getting a trickle, as on a platform of many clubs.
// For each point (endpoints x clubs) and backend, on a scratch database of its own and with
// one `clubdata worker` started for it:
//   - the clubs and their endpoints, spread evenly (endpoint j belongs to club j mod clubs), each
//     subscribed to every signal of its club, inserted in one statement;
//   - a warm-up: the steady rate until every club has had a signal (3 s at least);
//   - steady: `offered` deliveries/s in total (1,000 in the full run) for 20 s, spread evenly:
//     each club gets offered / endpoints signals/s, committed one per transaction, in turn;
//     delivered/s from the first commit to the last receipt, p50/p99 commit -> receipt;
//   - flat out: 30,000 deliveries (a transaction per club of up to 50 signals, the clubs in
//     turn, as fast as the producer commits): deliveries/s from the first receipt to the last,
//     and the worker's CPU ms per 1,000 deliveries.
// Each phase waits (up to a minute in the full run) for the load average to fall under 2.5, then
// records the load average at its start, the worker's lane runs per 1,000 deliveries
// (its clubdata_lane_runs_total, read from /metrics) and, with --pg-profile, where PostgreSQL's
// time went (bench/lib/pipeline-pg-profile.ts).
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Queue } from 'bullmq';
import pg from 'pg';
import { generateSigningSecret, SecretBox } from '../../src/domain/secrets.ts';
import { openQueueBackend, QUEUE_NAMES } from '../../src/queue/queues.ts';
import { BENCH_DATABASE_URL, dropDatabase, freshDatabase } from './databases.ts';
import { cpuBetween, cpuGroups, machineLoad, snapshotCpu } from './pipeline-cpu.ts';
import { cpuMsPerDelivery, databaseCounters, deliveryFigures, pipelineDepth, sampleDepth } from './pipeline-measure.ts';
import { logPlans, PgProfiler, trackFunctions, type PgProfile } from './pipeline-pg-profile.ts';
import { collect, WorkerProcess, type Sink } from './pipeline-processes.ts';
import { Producer, transactionOf, type CommitLog } from './pipeline-producer.ts';
import { now, sleep } from './proc.ts';
import type { ComparisonRow, Table } from './report.ts';
import { median, medianBy, ratio, round } from './stats.ts';

export interface ScalePoint {
  endpoints: number;
  clubs: number;
  /** The endpoints' `ordering` (docs/webhooks.md, "Order and pace"). */
  ordering: 'none' | 'per_resource';
}

/** `20x1,200x50,20x1o`: endpoints x clubs, each club with at least one endpoint; `o`: its endpoints ordered per resource. */
export function parseScalePoints(list: string): ScalePoint[] {
  return list.split(',').map((item) => {
    const match = /^\s*(\d+)\s*x\s*(\d+)(o?)\s*$/.exec(item);
    const point = match ? { endpoints: Number(match[1]), clubs: Number(match[2]), ordering: match[3] ? ('per_resource' as const) : ('none' as const) } : undefined;
    if (!point || point.clubs < 1 || point.endpoints < point.clubs) {
      throw new Error(`--scale: "${item}" is not ENDPOINTSxCLUBS (then o for per_resource ordering) with at least one endpoint per club`);
    }
    return point;
  });
}

export const pointName = (p: ScalePoint) => `${p.endpoints}x${p.clubs}${p.ordering === 'per_resource' ? 'o' : ''}`;

export interface ScalePlan {
  /** Deliveries/s offered in the steady phase, in total. */
  offeredPerSecond: number;
  steadySeconds: number;
  /** The warm-up's shortest length; it lasts until every club has had a signal. */
  warmUpSeconds: number;
  flatOutDeliveries: number;
  /** Signals per transaction, flat out (fewer when a club has fewer). */
  flatOutBatch: number;
  drainTimeoutMs: number;
  /**
   * Before each phase, how long at most to wait for the 1-minute load average to fall under
   * LOAD_TO_START (the phase before, or anyone else's work, leaves it high); 0: no wait.
   */
  settleSeconds: number;
  /**
   * Flat-out phases in a row (the first after the settling wait, the others after a couple of
   * seconds): the one of median rate is the point's flat out, and the goal's CPU ratio takes the
   * median of their CPU, since a single phase scattered by a tenth or more from run to run.
   */
  flatOutRounds: number;
}

/** The load average under which a phase starts at once (2 cores; docs/benchmarks.md). */
const LOAD_TO_START = 2.5;

export interface ScaleContext {
  backend: 'redis' | 'postgres';
  sink: Sink;
  workDir: string;
  redisUrl: string;
  /** The worker's environment beside the database, the queue and its metrics port. */
  workerEnv: Record<string, string | undefined>;
  /** --cpu-prof DIR: the worker's CPU profile goes under it, in <backend>/scale-<point>. */
  profileDir: string | undefined;
  pgProfile: boolean;
  /** --pg-plans RATE: that share of the statements have their plans logged by the server (auto_explain). */
  pgPlans: number | undefined;
  say: (message: string) => void;
}

type Load = ReturnType<typeof machineLoad>;

export interface ScalePhase {
  load_at_start: Load;
  signals: number;
  transactions: number;
  deliveries_expected: number;
  all_delivered: boolean;
  deliveries: number;
  /**
   * Deliveries/s the producer committed: its transactions' deliveries over their span, counting
   * the last transaction's share of it (n transactions cover n intervals, not n - 1). Under the
   * offered rate when the producer's commits could not keep pace (the steady phase's commits
   * wait on the server's NOTIFY lock like everyone's).
   */
  deliveries_per_s_committed: number;
  latency_p50_ms: number;
  latency_p90_ms: number;
  latency_p99_ms: number;
  latency_max_ms: number;
  deliveries_per_s_first_commit_to_last_receipt: number;
  deliveries_per_s_first_to_last_receipt: number;
  drain_ms_after_last_commit: number;
  worker_cpu_ms_per_1000: number;
  postgres_cpu_ms_per_1000: number;
  /** Of postgres_cpu_ms_per_1000, the backends of the producer's writes: the triggers that make the signals. */
  postgres_for_producer_cpu_ms_per_1000?: number;
  /** The producer's and the receiver's own processes (the benchmark's, not the service's); absent from results stored before they were measured. */
  producer_cpu_ms_per_1000?: number;
  sink_cpu_ms_per_1000?: number;
  redis_cpu_ms_per_1000: number;
  machine_busy_percent: number;
  lane_runs_per_1000: number;
  pg_commits_per_1000: number;
  /** The most lanes the worker had waiting for one of its DELIVERY_CONCURRENCY slots (clubdata_lanes, sampled). */
  max_lanes_waiting: number;
  max_pending_deliveries_in_db: number;
  pg_profile?: PgProfile;
}

export interface ScaleResult {
  backend: 'redis' | 'postgres';
  endpoints: number;
  clubs: number;
  ordering?: 'none' | 'per_resource';
  steady_signals_per_s_per_club: number;
  warm_up: { signals: number; deliveries: number; all_delivered: boolean };
  steady: ScalePhase;
  flat_out: ScalePhase;
  /** Every flat-out round's rate and worker CPU (flat_out is the one of median rate). */
  flat_out_rounds?: { deliveries_per_s: number; worker_cpu_ms_per_1000: number }[];
  worker_problems?: string[];
}

/** The clubs and endpoints of a point: endpoint j belongs to club j mod clubs. */
interface Layout {
  clubIds: string[];
  /** Endpoints of each club, by its index. */
  endpointsOf: number[];
  paths: Set<string>;
}

async function seed(pool: pg.Pool, point: ScalePoint, sinkUrl: string, secretBox: SecretBox): Promise<Layout> {
  const clubIds = Array.from({ length: point.clubs }, (_, i) => `club_scale_${i}`);
  await pool.query(
    `INSERT INTO clubs (club_id, name, timezone) SELECT c, 'Bench club ' || c, 'America/New_York' FROM unnest($1::text[]) AS c`,
    [clubIds],
  );
  const endpointsOf = clubIds.map(() => 0);
  const rows = { club: [] as string[], id: [] as string[], url: [] as string[], secret: [] as Buffer[] };
  const paths = new Set<string>();
  for (let j = 0; j < point.endpoints; j++) {
    const club = j % point.clubs;
    endpointsOf[club]!++;
    const id = `we_scale_${j}`;
    rows.club.push(clubIds[club]!);
    rows.id.push(id);
    rows.url.push(`${sinkUrl}/${id}`);
    rows.secret.push(secretBox.seal(generateSigningSecret()));
    paths.add(`/${id}`);
  }
  // As bench/pipeline.ts adds an endpoint: every signal type, the scope of customer signals,
  // receiving what its club emits from now on.
  await pool.query(
    `INSERT INTO webhook_endpoints (club_id, id, url, signal_types, scopes, secret, from_sequence, ordering)
     SELECT e.club_id, e.id, e.url, '{*}', '{customers:read}', e.secret,
            coalesce((SELECT last_sequence FROM signal_sequences s WHERE s.club_id = e.club_id), 0), $5
       FROM unnest($1::text[], $2::text[], $3::text[], $4::bytea[]) AS e (club_id, id, url, secret)`,
    [rows.club, rows.id, rows.url, rows.secret, point.ordering],
  );
  return { clubIds, endpointsOf, paths };
}

/** Deliveries that `signals` signals make when signal i goes to club i mod clubs. */
function deliveriesOfSteady(layout: Layout, signals: number): number {
  const clubs = layout.clubIds.length;
  let total = 0;
  layout.endpointsOf.forEach((endpoints, k) => (total += (Math.floor(signals / clubs) + (k < signals % clubs ? 1 : 0)) * endpoints));
  return total;
}

/** A free loopback port for the worker's /metrics. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** The most lanes waiting for a slot in the worker (clubdata_lanes{state="waiting"} from /metrics), every 250 ms until stop(). */
function sampleLanesWaiting(port: number, authorization: string): { stop: () => number } {
  let most = 0;
  let stopped = false;
  void (async () => {
    while (!stopped) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization } });
        const match = /^clubdata_lanes\{state="waiting"\}\s+(\S+)$/m.exec(await response.text());
        if (match) most = Math.max(most, Number(match[1]));
      } catch {
        // the worker is busy or gone: the next sample
      }
      await sleep(250);
    }
  })();
  return {
    stop: () => {
      stopped = true;
      return most;
    },
  };
}

/** The worker's lane runs so far (clubdata_lane_runs_total), NaN when /metrics does not answer. */
async function laneRuns(port: number, authorization: string): Promise<number> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization } });
    const text = await response.text();
    const match = /^clubdata_lane_runs_total\s+(\S+)$/m.exec(text);
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

export async function runScalePoint(point: ScalePoint, plan: ScalePlan, ctx: ScaleContext): Promise<ScaleResult> {
  const { backend, sink } = ctx;
  const name = pointName(point);
  const scratch = `clubdata_bench_scale_${backend}_${process.pid}`;
  if (ctx.pgPlans) ctx.say(`${backend} scale ${name}: plans go to the server's log, database ${scratch}`);
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await admin.connect();
  const dbUrl = await freshDatabase(admin, scratch);
  if (ctx.pgProfile) await trackFunctions(admin, scratch);
  if (ctx.pgPlans) await logPlans(admin, scratch, ctx.pgPlans);
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  pool.on('error', () => {}); // the scratch database dropped at the end
  const key = randomBytes(32);
  const prefix = `bench_${randomBytes(4).toString('hex')}`;
  const operator = { user: 'bench', password: randomBytes(12).toString('hex') };
  const authorization = `Basic ${Buffer.from(`${operator.user}:${operator.password}`).toString('base64')}`;
  let producer: Producer | undefined;
  let worker: WorkerProcess | undefined;
  let queues: { close: () => Promise<void>; delivery: Queue; givenUp: Queue } | undefined;
  try {
    const layout = await seed(pool, point, sink.url, new SecretBox(key));
    producer = await Producer.open(dbUrl, layout.clubIds[0]!, 4);
    const profileDir = ctx.profileDir ? join(ctx.profileDir, backend, `scale-${name}`) : undefined;
    if (profileDir) await mkdir(profileDir, { recursive: true });
    const port = await freePort();
    worker = new WorkerProcess(
      {
        ...ctx.workerEnv,
        DATABASE_URL: dbUrl,
        REDIS_URL: backend === 'redis' ? ctx.redisUrl : undefined,
        QUEUE_PREFIX: prefix,
        WEBHOOK_SECRET_KEY: key.toString('base64'),
        PORT: String(port),
        OPERATOR_USER: operator.user,
        OPERATOR_PASSWORD: operator.password,
      },
      join(ctx.workDir, `worker-${backend}-scale-${name}.log`),
      profileDir,
    );
    const queueBackend = openQueueBackend({ redisUrl: backend === 'redis' ? ctx.redisUrl : undefined, databaseUrl: dbUrl, prefix, onError: () => {} });
    const delivery = queueBackend.newQueue(QUEUE_NAMES.delivery);
    const givenUp = queueBackend.newQueue(QUEUE_NAMES.givenUp);
    queues = {
      delivery,
      givenUp,
      async close() {
        if (backend === 'redis') await Promise.allSettled([delivery.obliterate({ force: true }), givenUp.obliterate({ force: true })]);
        await Promise.allSettled([delivery.close(), givenUp.close()]);
        await queueBackend.close();
      },
    };

    const perClub = plan.offeredPerSecond / point.endpoints;
    const signalsPerSecond = perClub * point.clubs;
    const w = producer;

    // Warm-up: new connections compile their functions and plans, the worker its paths, and
    // every endpoint's lane has run once before the steady phase.
    const warmSignals = Math.max(point.clubs, Math.ceil(signalsPerSecond * plan.warmUpSeconds));
    const warmLog = await w.steady('w', signalsPerSecond, warmSignals / signalsPerSecond, layout.clubIds);
    const warmExpected = deliveriesOfSteady(layout, warmLog.signals);
    const warm = await collect(sink, layout.paths, warmExpected, Math.max(60_000, plan.drainTimeoutMs));
    ctx.say(`${backend} scale ${name}: warm-up ${warm.distinct} of ${warmExpected} deliveries`);

    const phase = async (tag: string, produce: () => Promise<CommitLog>, expectedOf: (log: CommitLog) => number, settle = true): Promise<ScalePhase> => {
      const settleUntil = settle ? now() + plan.settleSeconds * 1000 : now();
      while (machineLoad().load_average_1m >= LOAD_TO_START && now() < settleUntil) await sleep(2000);
      await sink.take(); // anything left over from the phase before
      const loadAtStart = machineLoad();
      if (loadAtStart.load_average_1m >= LOAD_TO_START) ctx.say(`${backend} scale ${name} ${tag}: load average ${loadAtStart.load_average_1m} at the start`);
      const depth = sampleDepth(() => pipelineDepth(pool, delivery));
      const lanesWaiting = sampleLanesWaiting(port, authorization);
      const own = { worker: worker!.child.pid, sink: sink.child.pid, producer: process.pid };
      const cpuBefore = snapshotCpu(await cpuGroups(pool, own, w.backendPids));
      const runsBefore = await laneRuns(port, authorization);
      const countersBefore = await databaseCounters(pool);
      const profiler = ctx.pgProfile ? await PgProfiler.start(dbUrl) : undefined;
      const started = now();
      const log = await produce();
      const expected = expectedOf(log);
      const gathered = await collect(sink, layout.paths, expected, plan.drainTimeoutMs);
      const cpu = cpuBetween(cpuBefore, snapshotCpu(await cpuGroups(pool, own, w.backendPids)));
      const seconds = (now() - started) / 1000;
      const runsAfter = await laneRuns(port, authorization);
      const queueDepth = depth.stop();
      const { rows } = await pool.query<{ id: string; resource_id: string }>(
        'SELECT id, resource_id FROM signals WHERE club_id = ANY ($1) AND starts_with(resource_id, $2)',
        [layout.clubIds, `cus_${tag}_`],
      );
      const committedAt = new Map<string, number>();
      for (const r of rows) {
        const at = log.committedAt.get(transactionOf(r.resource_id));
        if (at !== undefined) committedAt.set(r.id, at);
      }
      const figures = deliveryFigures(committedAt, gathered.receipts, log.firstCommitMs, log.lastCommitMs);
      const pgProfile = await profiler?.stop(figures.deliveries);
      if (!profiler) await sleep(600); // PostgreSQL publishes its counters at most once a second per session
      const countersAfter = await databaseCounters(pool);
      const per1000 = (percent: number | undefined) => round(cpuMsPerDelivery(percent, seconds, figures.deliveries) * 1000, 1);
      const n = log.transactions;
      const producedSeconds = ((log.lastCommitMs - log.firstCommitMs) / 1000) * (n / (n - 1));
      return {
        load_at_start: loadAtStart,
        signals: log.signals,
        transactions: log.transactions,
        deliveries_expected: expected,
        all_delivered: gathered.complete,
        deliveries: figures.deliveries,
        deliveries_per_s_committed: n > 1 ? round(expected / producedSeconds, 0) : NaN, // one transaction: no span
        latency_p50_ms: figures.latency_p50_ms,
        latency_p90_ms: figures.latency_p90_ms,
        latency_p99_ms: figures.latency_p99_ms,
        latency_max_ms: figures.latency_max_ms,
        deliveries_per_s_first_commit_to_last_receipt: figures.deliveries_per_s_first_commit_to_last_receipt,
        deliveries_per_s_first_to_last_receipt: figures.deliveries_per_s_first_to_last_receipt,
        drain_ms_after_last_commit: figures.drain_ms_after_last_commit,
        worker_cpu_ms_per_1000: per1000(cpu.worker_cpu_percent_of_one_core),
        postgres_cpu_ms_per_1000: per1000(cpu.postgres_cpu_percent_of_one_core),
        postgres_for_producer_cpu_ms_per_1000: per1000(cpu.postgres_for_producer_cpu_percent_of_one_core),
        producer_cpu_ms_per_1000: per1000(cpu.producer_cpu_percent_of_one_core),
        sink_cpu_ms_per_1000: per1000(cpu.sink_cpu_percent_of_one_core),
        redis_cpu_ms_per_1000: per1000(cpu.redis_cpu_percent_of_one_core),
        machine_busy_percent: cpu.machine_busy_percent_of_all_cores ?? NaN,
        lane_runs_per_1000: round(((runsAfter - runsBefore) * 1000) / Math.max(figures.deliveries, 1), 1),
        pg_commits_per_1000: round(((countersAfter.commits - countersBefore.commits) * 1000) / Math.max(figures.deliveries, 1), 1),
        max_lanes_waiting: lanesWaiting.stop(),
        max_pending_deliveries_in_db: queueDepth.max_pending_deliveries_in_db,
        ...(pgProfile ? { pg_profile: pgProfile } : {}),
      };
    };

    const steadySignals = Math.round(signalsPerSecond * plan.steadySeconds);
    const steady = await phase(
      's',
      () => w.steady('s', signalsPerSecond, plan.steadySeconds, layout.clubIds),
      () => deliveriesOfSteady(layout, steadySignals),
    );
    ctx.say(`${backend} scale ${name}: steady ${steady.deliveries_per_s_first_commit_to_last_receipt}/s of ${plan.offeredPerSecond} offered, p99 ${steady.latency_p99_ms} ms`);

    const signalsPerClub = Math.ceil(plan.flatOutDeliveries / point.endpoints);
    const rounds: ScalePhase[] = [];
    for (let round = 0; round < plan.flatOutRounds; round++) {
      // Tags f, g, h, ...: each round writes customers of its own.
      const tag = String.fromCharCode('f'.charCodeAt(0) + round);
      if (round > 0) await sleep(2000);
      const flatOut = await phase(
        tag,
        () => w.flatOutOver(tag, layout.clubIds, signalsPerClub, plan.flatOutBatch),
        () => signalsPerClub * point.endpoints,
        round === 0,
      );
      ctx.say(`${backend} scale ${name}: flat out ${flatOut.deliveries_per_s_first_to_last_receipt}/s, worker ${flatOut.worker_cpu_ms_per_1000} CPU ms per 1,000`);
      rounds.push(flatOut);
    }
    const flatOut = medianBy(rounds, (r) => r.deliveries_per_s_first_to_last_receipt);

    const problems = worker.problems();
    return {
      backend,
      endpoints: point.endpoints,
      clubs: point.clubs,
      ordering: point.ordering,
      steady_signals_per_s_per_club: round(perClub, 3),
      warm_up: { signals: warmLog.signals, deliveries: warm.distinct, all_delivered: warm.complete },
      steady,
      flat_out: flatOut,
      flat_out_rounds: rounds.map((r) => ({ deliveries_per_s: r.deliveries_per_s_first_to_last_receipt, worker_cpu_ms_per_1000: r.worker_cpu_ms_per_1000 })),
      ...(problems.length ? { worker_problems: problems } : {}),
    };
  } finally {
    await worker?.stop();
    await queues?.close();
    await producer?.close();
    await pool.end();
    await dropDatabase(admin, scratch).catch(() => {});
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The report: the issue's goals as ratios, a table of every point, and the PostgreSQL profile.

const findPoint = (results: ScaleResult[], backend: string, endpoints: number, clubs: number, ordering = 'none') =>
  results.find((r) => r.backend === backend && r.endpoints === endpoints && r.clubs === clubs && (r.ordering ?? 'none') === ordering);

/** The goals of the scale work, for the points that ran (a run with other points has fewer rows). */
export function scaleComparisons(results: ScaleResult[], offered: number): ComparisonRow[] {
  // Rows with the same limits in a row share a table in docs/benchmarks.md: keeping up, then
  // p99, then the flat-out ratios, each for both backends.
  const keepUp: ComparisonRow[] = [];
  const latency: ComparisonRow[] = [];
  const flat: ComparisonRow[] = [];
  const backends = [...new Set(results.map((r) => r.backend))];
  for (const backend of backends) {
    for (const [endpoints, clubs, p99Goal] of [[2000, 500, 250], [10000, 2500, 500]] as const) {
      const r = findPoint(results, backend, endpoints, clubs);
      if (!r) continue;
      const scenario = `${backend}: ${endpoints.toLocaleString('en-US')} endpoints / ${clubs.toLocaleString('en-US')} clubs, ${offered.toLocaleString('en-US')} deliveries/s offered`;
      const delivered = r.steady.deliveries_per_s_first_commit_to_last_receipt;
      keepUp.push({
        scenario,
        measure: 'deliveries/s, first commit to last receipt',
        ours: delivered,
        limits: [{ name: 'offered', value: offered }],
        ratio: ratio(delivered, offered),
        ratio_of: 'delivered / offered',
        goal: '>= 0.99',
      });
      latency.push({
        scenario,
        measure: 'p99 ms, commit to receipt',
        ours: r.steady.latency_p99_ms,
        limits: [{ name: 'goal (ms)', value: p99Goal }],
        ratio: ratio(r.steady.latency_p99_ms, p99Goal),
        ratio_of: `p99 / ${p99Goal} ms`,
        goal: '<= 1',
      });
    }
    const small = findPoint(results, backend, 20, 1);
    const large = findPoint(results, backend, 2000, 500);
    if (small && large) {
      const scenario = `${backend}: flat out, 2,000 endpoints / 500 clubs against 20 endpoints / 1 club`;
      flat.push({
        scenario,
        measure: 'deliveries/s',
        ours: large.flat_out.deliveries_per_s_first_to_last_receipt,
        limits: [{ name: '20 endpoints / 1 club', value: small.flat_out.deliveries_per_s_first_to_last_receipt }],
        ratio: ratio(large.flat_out.deliveries_per_s_first_to_last_receipt, small.flat_out.deliveries_per_s_first_to_last_receipt),
        ratio_of: '2000x500 / 20x1',
        goal: '>= 0.9',
      });
      flat.push({
        scenario,
        measure: 'worker CPU ms per 1,000 deliveries',
        ours: flatOutCpu(large),
        limits: [{ name: '20 endpoints / 1 club', value: flatOutCpu(small) }],
        ratio: ratio(flatOutCpu(large), flatOutCpu(small)),
        ratio_of: '2000x500 / 20x1',
        goal: '<= 1.2',
      });
    }
    const ordered = findPoint(results, backend, 20, 1, 'per_resource');
    if (small && ordered) {
      flat.push({
        scenario: `${backend}: flat out, 20 endpoints / 1 club ordered per resource against the same unordered`,
        measure: 'deliveries/s',
        ours: ordered.flat_out.deliveries_per_s_first_to_last_receipt,
        limits: [{ name: 'unordered', value: small.flat_out.deliveries_per_s_first_to_last_receipt }],
        ratio: ratio(ordered.flat_out.deliveries_per_s_first_to_last_receipt, small.flat_out.deliveries_per_s_first_to_last_receipt),
        ratio_of: 'per_resource / none',
        goal: '>= 0.8',
      });
    }
  }
  return [...keepUp, ...latency, ...flat];
}

/** A point's worker CPU flat out: the median of its rounds (results stored before rounds: the one phase). */
const flatOutCpu = (r: ScaleResult) => (r.flat_out_rounds?.length ? median(r.flat_out_rounds.map((x) => x.worker_cpu_ms_per_1000)) : r.flat_out.worker_cpu_ms_per_1000);

const loadText = (l: Load) => `${l.load_average_1m} / ${l.load_average_5m}`;
// Results stored before these figures were measured have no producer share.
const producerShare = (p: ScalePhase) =>
  p.postgres_for_producer_cpu_ms_per_1000 === undefined ? p.postgres_cpu_ms_per_1000 : `${p.postgres_cpu_ms_per_1000}; ${p.postgres_for_producer_cpu_ms_per_1000}`;
/**
 * The whole machine's work per delivery, as far as these processes do it. On two cores, flat out
 * is bound by it: the producer's triggers make five times as many signals per delivery at
 * 2000x500 as at 20x1 (4 endpoints a club, not 20).
 */
const machineCpu = (p: ScalePhase) =>
  p.producer_cpu_ms_per_1000 === undefined || p.sink_cpu_ms_per_1000 === undefined
    ? ''
    : round(p.worker_cpu_ms_per_1000 + p.postgres_cpu_ms_per_1000 + p.redis_cpu_ms_per_1000 + p.sink_cpu_ms_per_1000 + p.producer_cpu_ms_per_1000, 0);

export function scaleTables(results: ScaleResult[], offered: number): Table[] {
  const tables: Table[] = [
    {
      title: `Endpoints x clubs: steady (${offered.toLocaleString('en-US')} deliveries/s offered, spread evenly) and flat out; load average (1 / 5 min) at each phase's start`,
      columns: [
        'Backend', 'Endpoints / clubs', `Delivered/s of ${offered.toLocaleString('en-US')} offered`, 'Committed/s by the producer', 'p50 / p99 ms', 'Lane runs per 1,000 (steady)',
        'Worker CPU ms per 1,000 (steady)', 'Flat out deliveries/s (median round)', 'Worker CPU ms per 1,000 (flat out, median of rounds)',
        'Flat out rounds: deliveries/s, worker CPU ms per 1,000', 'Lane runs per 1,000 (flat out)',
        "PostgreSQL CPU ms per 1,000 (flat out; of it, the producer's writes and their triggers)",
        'CPU ms per 1,000 of every process here (flat out: worker, PostgreSQL, receiver, producer)', 'Max lanes waiting for a slot (steady / flat out)', 'All delivered', 'Load at start (steady; flat out)',
      ],
      rows: results.map((r) => [
        r.backend, `${r.endpoints.toLocaleString('en-US')} / ${r.clubs.toLocaleString('en-US')}${r.ordering === 'per_resource' ? ', ordered per resource' : ''}`,
        r.steady.deliveries_per_s_first_commit_to_last_receipt, r.steady.deliveries_per_s_committed, `${r.steady.latency_p50_ms} / ${r.steady.latency_p99_ms}`,
        r.steady.lane_runs_per_1000, r.steady.worker_cpu_ms_per_1000,
        r.flat_out.deliveries_per_s_first_to_last_receipt, flatOutCpu(r),
        (r.flat_out_rounds ?? []).map((x) => `${x.deliveries_per_s}, ${x.worker_cpu_ms_per_1000}`).join('; '), r.flat_out.lane_runs_per_1000,
        producerShare(r.flat_out), machineCpu(r.flat_out), `${r.steady.max_lanes_waiting} / ${r.flat_out.max_lanes_waiting}`,
        r.steady.all_delivered && r.flat_out.all_delivered ? 'yes' : 'no',
        `${loadText(r.steady.load_at_start)}; ${loadText(r.flat_out.load_at_start)}`,
      ]),
    },
  ];
  for (const r of results) {
    for (const [phaseName, phase] of [['steady', r.steady], ['flat out', r.flat_out]] as const) {
      const profile = phase.pg_profile;
      if (!profile) continue;
      tables.push({
        title: `PostgreSQL functions per 1,000 deliveries, ${r.backend}, ${r.endpoints}x${r.clubs}, ${phaseName} (pg_stat_user_functions; by self time)`,
        columns: ['Function', 'Calls', 'Total ms', 'Self ms'],
        rows: profile.functions.map((f) => [f.name, f.calls, f.total_ms, f.self_ms]),
      });
      tables.push({
        title: `PostgreSQL backends of the database, ${r.backend}, ${r.endpoints}x${r.clubs}, ${phaseName}: what they ran (${profile.samples} samples every 20 ms, ${profile.mean_active_backends} active on average)`,
        columns: ['Statement', 'Wait', 'Share of samples'],
        rows: profile.active.map((a) => [a.statement, a.wait, a.share_of_samples]),
      });
    }
  }
  return tables;
}
