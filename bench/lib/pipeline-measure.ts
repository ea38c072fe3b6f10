// What the pipeline benchmark reads while and after a scenario runs: delivery figures from the
// producer's commit times and the receiver's receipts, the queue's depth every 500 ms, and the
// scratch database's counters. Shared by bench/pipeline.ts and bench/lib/pipeline-scale.ts.
import type { Queue } from 'bullmq';
import type pg from 'pg';
import type { Receipt } from './pipeline-processes.ts';
import { now } from './proc.ts';
import { percentile, round } from './stats.ts';

/**
 * Commit-to-receipt of every first receipt, and throughput: `committedAt` maps a signal id (the
 * receipt's webhook-id) to when its transaction committed; the first and last commit of the
 * scenario bound the offered part.
 */
export function deliveryFigures(committedAt: Map<string, number>, receipts: Receipt[], firstCommitMs: number, lastCommitMs: number) {
  const first = new Map<string, number>();
  for (const [path, id, at] of receipts) {
    const key = `${path} ${id}`;
    if (!first.has(key) || first.get(key)! > at) first.set(key, at);
  }
  const latencies: number[] = [];
  let firstReceipt = Infinity;
  let lastReceipt = 0;
  for (const [key, at] of first) {
    const commit = committedAt.get(key.slice(key.indexOf(' ') + 1));
    if (commit !== undefined) latencies.push(at - commit);
    firstReceipt = Math.min(firstReceipt, at);
    lastReceipt = Math.max(lastReceipt, at);
  }
  latencies.sort((a, b) => a - b);
  // Deliveries per whole second from the first receipt: the steady part of a drain.
  const perSecond: number[] = [];
  for (const at of first.values()) {
    const s = Math.floor((at - firstReceipt) / 1000);
    perSecond[s] = (perSecond[s] ?? 0) + 1;
  }
  const fullSeconds = perSecond.slice(0, Math.max(0, Math.floor((lastReceipt - firstReceipt) / 1000))).map((n) => n ?? 0);
  const sortedSeconds = [...fullSeconds].sort((a, b) => a - b);
  return {
    deliveries: first.size,
    duplicate_receipts: receipts.length - first.size,
    latency_p50_ms: round(percentile(latencies, 50), 1),
    latency_p90_ms: round(percentile(latencies, 90), 1),
    latency_p99_ms: round(percentile(latencies, 99), 1),
    latency_max_ms: round(latencies[latencies.length - 1] ?? NaN, 1),
    deliveries_per_s_first_commit_to_last_receipt: round(first.size / ((lastReceipt - firstCommitMs) / 1000), 0),
    deliveries_per_s_first_to_last_receipt: round(first.size / ((lastReceipt - firstReceipt) / 1000), 0),
    median_deliveries_in_a_whole_second: sortedSeconds.length ? percentile(sortedSeconds, 50) : NaN,
    drain_ms_after_last_commit: round(lastReceipt - lastCommitMs, 0),
  };
}

/** CPU ms per delivery of a process group busy `percent` of one core for `seconds`. */
export function cpuMsPerDelivery(percent: number | undefined, seconds: number, deliveries: number): number {
  return round((((percent ?? NaN) / 100) * seconds * 1000) / Math.max(deliveries, 1), 3);
}

export interface DepthSample {
  t_ms: number;
  delivery_waiting: number;
  delivery_active: number;
  delivery_delayed: number;
  /** Signals committed and not yet past the relay's mark (fanned out and recorded). */
  relay_backlog?: number;
  pending_deliveries_in_db?: number;
}

/** Queue depth (and whatever else `probe` reads), sampled every 500 ms until stopped. */
export function sampleDepth(probe: () => Promise<Omit<DepthSample, 't_ms'>>) {
  const samples: DepthSample[] = [];
  const start = now();
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      samples.push({ t_ms: Math.round(now() - start), ...(await probe()) });
    } catch {
      // A sample missed (e.g. at shutdown) is only a gap in the series.
    } finally {
      busy = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), 500);
  return {
    stop() {
      clearInterval(timer);
      const max = (key: keyof DepthSample) => Math.max(0, ...samples.map((s) => Number(s[key] ?? 0)));
      return {
        max_delivery_waiting: max('delivery_waiting'),
        max_delivery_delayed: max('delivery_delayed'),
        max_relay_backlog: max('relay_backlog'),
        max_pending_deliveries_in_db: max('pending_deliveries_in_db'),
        samples,
      };
    },
  };
}

export type DepthSeries = ReturnType<ReturnType<typeof sampleDepth>['stop']>;

export async function countJobs(queue: Queue) {
  const c = await queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
  return { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0 };
}

/** The pipeline's own depth: lane jobs by state, signals not yet fanned out, pending deliveries. */
export async function pipelineDepth(pool: pg.Pool, delivery: Queue): Promise<Omit<DepthSample, 't_ms'>> {
  const [d, f, p] = await Promise.all([
    countJobs(delivery),
    pool.query<{ n: number }>(
      `SELECT coalesce(sum(s.last_sequence - coalesce(r.relayed_sequence, 0)), 0)::int AS n
         FROM signal_sequences s LEFT JOIN signal_relay r ON r.club_id = s.club_id`,
    ),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM deliveries WHERE status = 'pending'`),
  ]);
  return {
    delivery_waiting: d.waiting,
    delivery_active: d.active,
    delivery_delayed: d.delayed,
    relay_backlog: f.rows[0]!.n,
    pending_deliveries_in_db: p.rows[0]!.n,
  };
}

/** The scratch database's transaction and row counters (every process's work on it, BullMQ's too). */
export async function databaseCounters(pool: pg.Pool) {
  const { rows } = await pool.query(
    `SELECT xact_commit::float8 AS commits, (tup_inserted + tup_updated + tup_deleted)::float8 AS rows_written,
            pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 AS wal_bytes
       FROM pg_stat_database WHERE datname = current_database()`,
  );
  return rows[0] as { commits: number; rows_written: number; wal_bytes: number };
}
