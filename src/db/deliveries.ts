// Deliveries: the fan-out's rows, the worker's claim on one, and what each attempt leaves behind.
import { arrayLiteral } from './array-literal.ts';
import { Batcher } from './batcher.ts';
import type { Pool } from './pool.ts';

export interface DeliveryKey {
  clubId: string;
  endpointId: string;
  sequence: number;
}

/**
 * Creates the deliveries of one signal, one per matching active endpoint that existed before
 * it, idempotently, and records the fan-out as done (cd_fan_out_signals). Returns every
 * delivery of the signal still pending: the new ones and those left over from an interrupted
 * run. Signals fanned out at the same moment by one process share the statement (see Batcher).
 * `traceparent`: the signal's fan-out span, which its new deliveries' attempts continue.
 */
export function fanOutSignal(pool: Pool, clubId: string, sequence: number, traceparent: string | null = null): Promise<PendingDelivery[]> {
  return batchersFor(pool).fanOut.submit({ clubId, sequence, traceparent });
}

/** A pending delivery of a signal: which endpoint's lane is to be woken. */
export interface PendingDelivery {
  endpointId: string;
  signalId: string;
}

async function fanOutSignals(pool: Pool, signals: SignalToFanOut[]): Promise<PendingDelivery[][]> {
  const { rows } = await pool.query<{ club_id: string; signal_sequence: string; endpoint_id: string; signal_id: string }>({
    name: 'cd_fan_out_signals',
    text: 'SELECT * FROM cd_fan_out_signals($1::text[], $2::bigint[], $3::text[])',
    // No array of nulls when nothing is traced: the common case sends one null.
    values: [
      arrayLiteral(signals.map((s) => s.clubId)),
      arrayLiteral(signals.map((s) => s.sequence)),
      signals.some((s) => s.traceparent) ? arrayLiteral(signals.map((s) => s.traceparent)) : null,
    ],
  });
  const bySignal = new Map<string, PendingDelivery[]>();
  for (const r of rows) {
    const key = `${r.club_id}\u0000${Number(r.signal_sequence)}`;
    let list = bySignal.get(key);
    if (!list) bySignal.set(key, (list = []));
    list.push({ endpointId: r.endpoint_id, signalId: r.signal_id });
  }
  return signals.map((s) => bySignal.get(`${s.clubId}\u0000${s.sequence}`) ?? []);
}

interface SignalToFanOut {
  clubId: string;
  sequence: number;
  traceparent: string | null;
}

export interface DeliveryTarget {
  url: string;
  secret: Buffer;
  previousSecret: Buffer | null;
  signalId: string;
  /** The signal's `created`, in Unix ms. */
  signalCreatedMs: number;
  body: string;
  /** The signal's fan-out span, when it was traced: the attempt's trace continues it. */
  traceparent: string | null;
}

/** A row of cd_claim_lane (sql/5-delivery/cd_claim_lane.sql). */
interface LaneRow {
  outcome: 'claimed' | 'canceled' | 'lane' | 'held' | 'paused';
  signal_sequence: string;
  attempt: number;
  /** On the 'lane' row: the target of the claimed deliveries. */
  url: string | null;
  secret: Buffer | null;
  previous_secret: Buffer | null;
  signal_id: string;
  signal_created_ms: number;
  body: string;
  max_in_flight: number | null;
  rate_limit: number | null;
  effective_rate: number | null;
  wait_ms: number | null;
  traceparent: string | null;
}

/**
 * A delivery claimed for one attempt: `attempt` is its number (the attempts recorded so far,
 * plus one; only its record counts it).
 */
export interface ClaimedDelivery {
  key: DeliveryKey;
  attempt: number;
  target: DeliveryTarget;
  /** When the lane's claim returned it (ms since the epoch): where its trace's lane span begins. */
  claimedAt: number;
}

export interface LaneClaim {
  claimed: ClaimedDelivery[];
  /** Deliveries canceled instead because the endpoint was deleted or disabled. */
  canceled: number;
  /**
   * No pending delivery of the endpoint had a lower sequence than this when it was claimed from
   * (the lowest pending at or after `fromSequence`; with none, one past the last): the next
   * claim's `fromSequence`, as long as nothing made an older delivery pending again.
   */
  floor: number;
  /** Whether pending deliveries of the endpoint are left besides those claimed (held by the lane, not due yet, or not claimed for want of room). */
  othersPending: boolean;
  /** What the endpoint asks of its lane now (null: the endpoint is gone or disabled). */
  lane: LaneTerms | null;
}

/** An endpoint's options and pace, as its lane's claims find them (cd_claim_lane). */
export interface LaneTerms {
  /** Requests at once (null: the worker's DELIVERY_PER_ENDPOINT_CONCURRENCY). */
  maxInFlight: number | null;
  /** Deliveries a second at most (null: none). */
  rateLimit: number | null;
  /** The rate it is slowed to after 429s or 503s without Retry-After (null: not slowed). */
  effectiveRate: number | null;
  /** Nothing claimed because another lane run holds the endpoint, or a receiver paused it: for how long. */
  blocked: { reason: 'held' | 'paused'; forMs: number } | null;
}

// Per pool, so that every caller sharing a pool shares its batches. One batch of each kind in
// flight: the next forms while it runs, so a fan-out or record waits at most one statement; with
// more in flight, deliveries trickling in at a steady rate went one per statement and commit,
// and the WAL flushes of those commits were what PostgreSQL waited on.
const batchers = new WeakMap<
  Pool,
  {
    fanOut: Batcher<SignalToFanOut, PendingDelivery[]>;
    record: Batcher<AttemptToRecord, AttemptResult>;
    claim: Batcher<ClaimRequest, LaneClaim>;
    nextDue: Batcher<{ clubId: string; endpointId: string }, number | null>;
  }
>();

function batchersFor(pool: Pool) {
  let found = batchers.get(pool);
  if (!found) {
    found = {
      fanOut: new Batcher((signals) => fanOutSignals(pool, signals), 1, 50),
      record: new Batcher((records) => recordAttempts(pool, records), 1, 50),
      // Two at once: a lane waits for its claim before it posts anything.
      claim: new Batcher((requests) => claimLanes(pool, requests), 2, 50),
      nextDue: new Batcher((lanes) => lanesNextDue(pool, lanes), 1, 50),
    };
    batchers.set(pool, found);
  }
  return found;
}

/**
 * Claims up to `batch` of an endpoint's due deliveries, in sequence order, for one attempt each,
 * skipping those the lane holds (`holding`: claimed, in flight or being recorded). Nothing is
 * written per delivery: the endpoint's hold keeps other processes off them, and each claim that
 * returns some leaves it running for `leaseMs` less a second at least. Each comes
 * with its target, the endpoint as it is now and the stored signal. When the endpoint was
 * deleted or disabled, its pending deliveries are canceled instead, by the rule its deletion and
 * disabling use (cd_cancel_deliveries). Only deliveries from `fromSequence` on are looked at: the
 * floor of the lane's previous claim, or 0 to look at all (cd_claim_lane says why). `holder`
 * names the worker process: one at a time holds the endpoint, and another claims nothing
 * meanwhile. `ownRate`: the rate the lane slowed the endpoint to, stored (undefined: the stored
 * one stands). The claims of lanes made at the same moment go as one statement (cd_claim_lanes).
 */
export function claimLane(
  pool: Pool,
  clubId: string,
  endpointId: string,
  batch: number,
  leaseMs: number,
  fromSequence: number,
  holder: string,
  holding: ReadonlySet<number>,
  ownRate?: number | null,
): Promise<LaneClaim> {
  return batchersFor(pool).claim.submit({ clubId, endpointId, batch, leaseMs, fromSequence, holder, holding: [...holding], ownRate });
}

interface ClaimRequest {
  clubId: string;
  endpointId: string;
  batch: number;
  leaseMs: number;
  fromSequence: number;
  holder: string;
  holding: number[];
  ownRate: number | null | undefined;
}

/**
 * What each claim's lane holds, as the text of a two-dimensional PostgreSQL bigint array, one row
 * per claim padded with 0 (cd_claim_lanes); '{}' when no lane holds anything.
 */
export function holdingsOf(requests: readonly { holding: readonly number[] }[]): string {
  const width = Math.max(0, ...requests.map((r) => r.holding.length));
  if (width === 0) return '{}';
  const rows = requests.map((r) => {
    const row = r.holding.map(Math.trunc);
    while (row.length < width) row.push(0);
    return arrayLiteral(row);
  });
  return `{${rows.join(',')}}`;
}

/** Claims of several lanes in one statement (cd_claim_lanes), in (club, endpoint) order; the answers in the requests' order. */
async function claimLanes(pool: Pool, requests: ClaimRequest[]): Promise<LaneClaim[]> {
  const order = requests.map((_, i) => i);
  order.sort((a, b) => {
    const x = requests[a]!;
    const y = requests[b]!;
    return x.clubId < y.clubId ? -1 : x.clubId > y.clubId ? 1 : x.endpointId < y.endpointId ? -1 : x.endpointId > y.endpointId ? 1 : 0;
  });
  const sorted = order.map((i) => requests[i]!);
  const { rows } = await pool.query<LaneRow & { n: number }>({
    name: 'cd_claim_lanes',
    text: 'SELECT * FROM cd_claim_lanes($1::text[], $2::text[], $3::int[], $4::float8[], $5::bigint[], $6::text[], $7::bool[], $8::float8[], $9::bigint[])',
    values: [
      ...[
        sorted.map((r) => r.clubId),
        sorted.map((r) => r.endpointId),
        sorted.map((r) => r.batch),
        sorted.map((r) => r.leaseMs),
        sorted.map((r) => r.fromSequence),
        sorted.map((r) => r.holder),
        sorted.map((r) => r.ownRate !== undefined),
        sorted.map((r) => r.ownRate ?? null),
      ].map(arrayLiteral),
      holdingsOf(sorted),
    ],
  });
  const rowsOf = sorted.map((): LaneRow[] => []);
  for (const row of rows) rowsOf[row.n - 1]!.push(row);
  const answers: LaneClaim[] = [];
  const claimedAt = Date.now();
  sorted.forEach((request, i) => (answers[order[i]!] = claimFromRows(request, rowsOf[i]!, claimedAt)));
  return answers;
}

/** One lane's claim from its rows of cd_claim_lane. */
function claimFromRows({ clubId, endpointId, fromSequence }: ClaimRequest, rows: LaneRow[], claimedAt: number): LaneClaim {
  const claim: LaneClaim = { claimed: [], canceled: 0, floor: fromSequence, othersPending: true, lane: null };
  // The claimed deliveries' endpoint comes once, on the 'lane' row that ends the claim.
  const laneRow = rows.find((row) => row.outcome === 'lane');
  const endpoint = laneRow?.url && laneRow.secret ? { url: laneRow.url, secret: laneRow.secret, previousSecret: laneRow.previous_secret } : null;
  for (const row of rows) {
    if (row.outcome === 'canceled') {
      claim.canceled = row.attempt;
      continue;
    }
    if (row.outcome !== 'claimed') {
      if (row.outcome === 'lane') {
        claim.floor = Number(row.signal_sequence);
        claim.othersPending = row.attempt !== 0;
      }
      claim.lane = {
        maxInFlight: row.max_in_flight,
        rateLimit: row.rate_limit,
        effectiveRate: row.effective_rate,
        blocked: row.outcome === 'lane' ? null : { reason: row.outcome, forMs: Math.max(Math.ceil(row.wait_ms ?? 0), 1) },
      };
      continue;
    }
    if (!endpoint) throw new Error(`cd_claim_lane claimed deliveries of ${endpointId} without their target`);
    claim.claimed.push({
      key: { clubId, endpointId, sequence: Number(row.signal_sequence) },
      attempt: row.attempt,
      target: {
        ...endpoint,
        signalId: row.signal_id,
        signalCreatedMs: row.signal_created_ms,
        body: row.body,
        traceparent: row.traceparent,
      },
      claimedAt,
    });
  }
  // In sequence order, whatever order UPDATE ... RETURNING gave them.
  claim.claimed.sort((a, b) => a.key.sequence - b.key.sequence);
  return claim;
}

/**
 * Stores the rate a lane run slowed its endpoint to as it parks or ends, and gives up its
 * process's hold on the endpoint (cd_leave_lane) (`ownRate`; undefined: the stored one stands).
 */
export async function leaveLane(pool: Pool, clubId: string, endpointId: string, holder: string, ownRate?: number | null): Promise<void> {
  await pool.query({
    name: 'cd_leave_lane',
    text: 'SELECT cd_leave_lane($1, $2, $3, $4::bool, $5::float8)',
    values: [clubId, endpointId, holder, ownRate !== undefined, ownRate ?? null],
  });
}

/** Gives up a worker process's holds on the endpoints of a shard as it lets the shard go (cd_leave_lanes). */
export async function leaveShard(pool: Pool, holder: string, shards: number, shard: number): Promise<number> {
  const { rows } = await pool.query<{ left: number }>('SELECT cd_leave_lanes($1, $2, $3) AS left', [holder, shards, shard]);
  return rows[0]?.left ?? 0;
}

/**
 * In how many whole ms (rounded up) the endpoint's lane has work again; null when it has no
 * pending delivery. Whole, because its shard may wait for it in the queue, and BullMQ's
 * PostgreSQL backend stores a delayed job's due time as a bigint and refuses a fraction. Lanes
 * asking at the same moment share one statement (cd_lanes_next_due, see Batcher).
 */
export function laneNextDue(pool: Pool, clubId: string, endpointId: string): Promise<number | null> {
  return batchersFor(pool).nextDue.submit({ clubId, endpointId });
}

async function lanesNextDue(pool: Pool, lanes: { clubId: string; endpointId: string }[]): Promise<(number | null)[]> {
  const { rows } = await pool.query<{ n: number; ms: number | null }>({
    name: 'cd_lanes_next_due',
    text: 'SELECT n, ms FROM cd_lanes_next_due($1::text[], $2::text[])',
    values: [arrayLiteral(lanes.map((l) => l.clubId)), arrayLiteral(lanes.map((l) => l.endpointId))],
  });
  const due: (number | null)[] = lanes.map(() => null);
  for (const row of rows) due[row.n - 1] = row.ms === null ? null : Math.ceil(row.ms);
  return due;
}

/**
 * The endpoints of a shard with pending deliveries (cd_shard_lanes), each with the ms until its
 * earliest is due (0: now), rounded up like laneNextDue.
 */
export async function shardLanes(pool: Pool, shards: number, shard: number): Promise<{ clubId: string; endpointId: string; dueInMs: number }[]> {
  const { rows } = await pool.query<{ club_id: string; endpoint_id: string; due_in_ms: number }>(
    'SELECT club_id, endpoint_id, due_in_ms FROM cd_shard_lanes($1, $2)',
    [shards, shard],
  );
  return rows.map((r) => ({ clubId: r.club_id, endpointId: r.endpoint_id, dueInMs: Math.ceil(r.due_in_ms) }));
}

export interface AttemptRecord {
  attemptNumber: number;
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string;
}

/**
 * What the worker knows of an attempt's consequence. `retryDelayMs` is the wait before the next
 * attempt after a failure (the schedule, jitter and Retry-After), null when none is left.
 */
export interface AttemptDecision {
  succeeded: boolean;
  /** The receiver answered 410 Gone. */
  gone: boolean;
  retryDelayMs: number | null;
  disableAfterMs: number;
  /**
   * The receiver asked to slow down (a 429, or a 503 with Retry-After): the attempt is recorded
   * but not counted, and the delivery is due again after retryDelayMs; with `pauseMs` (its
   * Retry-After) the whole endpoint is paused that long (cd_record_attempts).
   */
  throttled?: boolean;
  pauseMs?: number | null;
}

/**
 * What a record settled. `streak`, when the record changed the endpoint's state: `failing`, this
 * failure made it failing (cd_endpoint_failing); `ended`, this success ended a failing run (once
 * per endpoint and batch). The worker logs those changes rather than every attempt.
 */
export type AttemptResult = (
  | { outcome: 'succeeded' }
  | { outcome: 'retry'; delayMs: number }
  | { outcome: 'throttled'; delayMs: number }
  | { outcome: 'failed' }
  | { outcome: 'endpoint_disabled'; reason: 'failing' | 'gone' }
) & { streak?: 'failing' | 'ended' };

interface AttemptToRecord {
  key: DeliveryKey;
  signalId: string;
  attempt: AttemptRecord;
  decision: AttemptDecision;
}

/**
 * Records one attempt, success or failure, and its consequence in one transaction: the attempt
 * row, the delivery's new state, and the endpoint's failure bookkeeping (its failing streak
 * cleared by a success; disabled when it is gone, or failing for longer than `disableAfterMs`).
 * Attempts recorded at the same moment by one process share one statement (see Batcher); each
 * is still recorded exactly once, with its delivery's state (cd_record_attempts decides).
 */
export function recordAttempt(
  pool: Pool,
  key: DeliveryKey,
  signalId: string,
  attempt: AttemptRecord,
  decision: AttemptDecision,
): Promise<AttemptResult> {
  return batchersFor(pool).record.submit({ key, signalId, attempt, decision });
}

/** A row of cd_record_attempts (sql/5-delivery/cd_record_attempts.sql): a failure's outcome. */
interface RecordRow {
  n: number;
  outcome: 'succeeded' | 'retry' | 'throttled' | 'failed' | 'endpoint_disabled';
  reason: 'failing' | 'gone' | null;
  streak: 'failing' | 'ended' | null;
}

async function recordAttempts(pool: Pool, records: AttemptToRecord[]): Promise<AttemptResult[]> {
  const { rows } = await pool.query<RecordRow>({
    name: 'cd_record_attempts',
    text: `SELECT * FROM cd_record_attempts($1::text[], $2::text[], $3::bigint[], $4::text[], $5::int[], $6::timestamptz[],
                                            $7::int[], $8::text[], $9::int[], $10::text[], $11::bool[], $12::bool[],
                                            $13::float8[], $14::float8[], $15::bool[], $16::float8[])`,
    // Literals written here: the client's own array escaping was most of its CPU for this statement.
    values: [
      records.map((r) => r.key.clubId),
      records.map((r) => r.key.endpointId),
      records.map((r) => r.key.sequence),
      records.map((r) => r.signalId),
      records.map((r) => r.attempt.attemptNumber),
      records.map((r) => r.attempt.attemptedAt),
      records.map((r) => r.attempt.statusCode),
      records.map((r) => r.attempt.error),
      records.map((r) => r.attempt.durationMs),
      records.map((r) => r.attempt.responseExcerpt),
      records.map((r) => r.decision.succeeded),
      records.map((r) => r.decision.gone),
      records.map((r) => r.decision.retryDelayMs),
      records.map((r) => r.decision.disableAfterMs),
      records.map((r) => r.decision.throttled ?? false),
      records.map((r) => r.decision.pauseMs ?? null),
    ].map(arrayLiteral),
  });
  const byN = new Map<number, RecordRow>();
  for (const row of rows) byN.set(Number(row.n), row);
  return records.map((record, i): AttemptResult => {
    const row = byN.get(i + 1);
    const streak = row?.streak ? { streak: row.streak } : {};
    // A success has no row unless it ended a failing streak: the hot path gets nothing back (cd_record_attempts).
    if (record.decision.succeeded) return { outcome: 'succeeded', ...streak };
    switch (row?.outcome) {
      case 'retry':
        return { outcome: 'retry', delayMs: record.decision.retryDelayMs!, ...streak };
      case 'throttled':
        return { outcome: 'throttled', delayMs: record.decision.retryDelayMs!, ...streak };
      case 'failed':
        return { outcome: 'failed', ...streak };
      case 'endpoint_disabled':
        return { outcome: 'endpoint_disabled', reason: row.reason!, ...streak };
      default:
        throw new Error(`cd_record_attempts gave no outcome for failed attempt ${i + 1} of ${records.length}`);
    }
  });
}

/**
 * Endpoints with a pending delivery overdue by more than `graceMs`, among the `limit` longest
 * overdue, and held by no other live worker process than `holder` (the caller's): made by another
 * process's fan-out, their shard's job was lost (a queue restart, a job failed or removed by
 * hand), or their worker died. The due poll (workers/main.ts) wakes their lanes. The deliveries
 * looked at are bounded by `limit`, so that a poll costs the same whatever the backlog: those of
 * lanes running (in flight, or waiting in a backlog) take places in it, and a lost endpoint
 * behind more than `limit` older ones is found once they are sent.
 */
export async function overdueLanes(pool: Pool, holder: string, graceMs: number, limit: number): Promise<{ clubId: string; endpointId: string }[]> {
  const { rows } = await pool.query<{ club_id: string; endpoint_id: string }>(
    `SELECT DISTINCT club_id, endpoint_id FROM (
       SELECT d.club_id, d.endpoint_id FROM deliveries d
        WHERE d.status = 'pending' AND d.next_attempt_at < now() - make_interval(secs => $1::double precision / 1000)
        ORDER BY d.next_attempt_at LIMIT $2
     ) overdue
     -- Not late: a lane paused by its receiver's Retry-After comes back when the pause ends, and
     -- a lane another live process holds is that process's to run.
     WHERE NOT EXISTS (SELECT 1 FROM endpoint_lanes l
                        WHERE l.club_id = overdue.club_id AND l.endpoint_id = overdue.endpoint_id
                          AND (l.paused_until > now() OR (l.held_until > now() AND l.holder IS DISTINCT FROM $3)))`,
    [graceMs, limit, holder],
  );
  return rows.map((r) => ({ clubId: r.club_id, endpointId: r.endpoint_id }));
}

/**
 * Makes a given-up delivery pending and due now, for one more attempt (an operator's retry in
 * Bull Board). Its attempt count goes on, so one more failure gives up again. False when it is
 * not failed (already retried, or gone).
 */
export async function retryGivenUp(pool: Pool, key: DeliveryKey): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE deliveries SET status = 'pending', next_attempt_at = now(), completed_at = NULL
      WHERE club_id = $1 AND endpoint_id = $2 AND signal_sequence = $3 AND status = 'failed'`,
    [key.clubId, key.endpointId, key.sequence],
  );
  return rowCount === 1;
}
