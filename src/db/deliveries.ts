// Deliveries: the fan-out's rows, the worker's claim on one, and what each attempt leaves behind.
import type { Pool } from './pool.ts';
import { withTransaction } from './transaction.ts';

export interface DeliveryKey {
  clubId: string;
  endpointId: string;
  sequence: number;
}

const KEY = 'club_id = $1 AND endpoint_id = $2 AND signal_sequence = $3';
const keyParams = (k: DeliveryKey) => [k.clubId, k.endpointId, k.sequence];

/**
 * Creates the deliveries of one signal, one per matching active endpoint that existed before
 * it, idempotently, and records the fan-out as done (cd_fan_out_signals). Returns every
 * delivery of the signal still pending: the new ones and those left over from an interrupted
 * run. Signals fanned out at the same moment by one process share the statement (see Batcher).
 */
export function fanOutSignal(pool: Pool, clubId: string, sequence: number): Promise<PendingDelivery[]> {
  return batchersFor(pool).fanOut.submit({ clubId, sequence });
}

export interface PendingDelivery {
  endpointId: string;
  signalId: string;
  dueAt: Date;
}

async function fanOutSignals(pool: Pool, signals: { clubId: string; sequence: number }[]): Promise<PendingDelivery[][]> {
  const { rows } = await pool.query<{ club_id: string; signal_sequence: string; endpoint_id: string; signal_id: string; next_attempt_at: Date }>({
    name: 'cd_fan_out_signals',
    text: 'SELECT * FROM cd_fan_out_signals($1::text[], $2::bigint[])',
    values: [signals.map((s) => s.clubId), signals.map((s) => s.sequence)],
  });
  const bySignal = new Map<string, PendingDelivery[]>();
  for (const r of rows) {
    const key = `${r.club_id}\u0000${Number(r.signal_sequence)}`;
    let list = bySignal.get(key);
    if (!list) bySignal.set(key, (list = []));
    list.push({ endpointId: r.endpoint_id, signalId: r.signal_id, dueAt: r.next_attempt_at });
  }
  return signals.map((s) => bySignal.get(`${s.clubId}\u0000${s.sequence}`) ?? []);
}

export interface DeliveryTarget {
  url: string;
  active: boolean;
  secret: Buffer;
  previousSecret: Buffer | null;
  signalId: string;
  signalCreatedAt: Date;
  body: string;
}

/** A row of cd_claim_deliveries (migrations/0009_delivery_batches.sql). */
interface ClaimRow {
  n: number;
  outcome: 'claimed' | 'later' | 'done';
  attempts: number;
  wait_ms: number;
  url: string | null;
  active: boolean;
  secret: Buffer;
  previous_secret: Buffer | null;
  signal_id: string | null;
  signal_created_at: Date;
  body: string;
}

export type Claim =
  /** `target` is null when the endpoint or the signal is gone. */
  | { state: 'claimed'; attempt: number; target: DeliveryTarget | null }
  | { state: 'done' }
  /** Held by another worker (perhaps a dead one) or not due yet: look again after `inMs`. */
  | { state: 'later'; inMs: number };

/**
 * Runs many callers' requests as one statement. A request goes at once while fewer than
 * `inFlight` batches are running; otherwise it waits for the next to end and goes with every
 * request that queued meanwhile (at most `max`). PostgreSQL's per-statement and per-commit work
 * and the worker's socket writes are then paid once per batch rather than once per delivery
 * under load, and a lone request waits for nothing. A failed statement fails each request in it.
 */
class Batcher<I, O> {
  readonly #run: (inputs: I[]) => Promise<O[]>;
  readonly #inFlight: number;
  readonly #max: number;
  #queue: { input: I; resolve: (output: O) => void; reject: (error: unknown) => void }[] = [];
  #running = 0;

  constructor(run: (inputs: I[]) => Promise<O[]>, inFlight: number, max: number) {
    this.#run = run;
    this.#inFlight = inFlight;
    this.#max = max;
  }

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#queue.push({ input, resolve, reject });
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#running < this.#inFlight && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#max);
      this.#running++;
      this.#run(batch.map((entry) => entry.input))
        .then(
          (outputs) => batch.forEach((entry, i) => entry.resolve(outputs[i]!)),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          this.#running--;
          this.#pump();
        });
    }
  }
}

// Per pool, so that every caller sharing a pool shares its batches. One batch of each kind in
// flight: the next forms while it runs, so a claim or record waits at most one statement; with
// more in flight, deliveries trickling in at a steady rate went one per statement and commit,
// and the WAL flushes of those commits were what PostgreSQL waited on.
const batchers = new WeakMap<
  Pool,
  {
    fanOut: Batcher<{ clubId: string; sequence: number }, PendingDelivery[]>;
    claim: Batcher<ClaimRequest, Claim>;
    recordSuccess: Batcher<SuccessRecord, void>;
  }
>();

function batchersFor(pool: Pool) {
  let found = batchers.get(pool);
  if (!found) {
    found = {
      fanOut: new Batcher((signals) => fanOutSignals(pool, signals), 1, 50),
      claim: new Batcher((requests) => claimDeliveries(pool, requests), 1, 50),
      recordSuccess: new Batcher((records) => recordSuccesses(pool, records), 1, 50),
    };
    batchers.set(pool, found);
  }
  return found;
}

interface ClaimRequest {
  key: DeliveryKey;
  leaseMs: number;
}

/**
 * Claims a pending, due delivery for one attempt: no other worker touches it until the lease
 * ends (longer than any attempt can take). A claimed delivery comes with its target, the
 * endpoint as it is now and the stored signal, read in the same statement (never from the job;
 * cd_claim_deliveries). Claims made at the same moment by one process go to PostgreSQL together
 * (see Batcher).
 */
export function claimDelivery(pool: Pool, key: DeliveryKey, leaseMs: number): Promise<Claim> {
  return batchersFor(pool).claim.submit({ key, leaseMs });
}

const keyText = (k: DeliveryKey) => `${k.clubId}\u0000${k.endpointId}\u0000${k.sequence}`;

async function claimDeliveries(pool: Pool, requests: ClaimRequest[]): Promise<Claim[]> {
  // The same delivery twice in one batch (a job run again while its first run is still going)
  // must not be claimed twice by one statement: the second asks again a moment later.
  const first = new Map<string, number>();
  const unique: ClaimRequest[] = [];
  const index = requests.map((request) => {
    const text = keyText(request.key);
    if (first.has(text)) return -1;
    first.set(text, unique.length);
    unique.push(request);
    return unique.length - 1;
  });
  const { rows } = await pool.query<ClaimRow>({
    name: 'cd_claim_deliveries',
    text: 'SELECT * FROM cd_claim_deliveries($1::text[], $2::text[], $3::bigint[], $4::float8)',
    values: [unique.map((r) => r.key.clubId), unique.map((r) => r.key.endpointId), unique.map((r) => r.key.sequence),
      // One lease for the batch: every caller in a process asks for the same.
      Math.max(...unique.map((r) => r.leaseMs))],
  });
  const byN = new Map<number, (typeof rows)[number]>();
  for (const row of rows) byN.set(Number(row.n), row);
  return index.map((i): Claim => {
    if (i < 0) return { state: 'later', inMs: 1000 };
    const row = byN.get(i + 1);
    // No row: the delivery is gone (its signal pruned); not pending: finished by someone else.
    if (!row || row.outcome === 'done') return { state: 'done' };
    if (row.outcome === 'later') return { state: 'later', inMs: Math.ceil(Number(row.wait_ms)) + 100 };
    const target: DeliveryTarget | null =
      row.url === null || row.signal_id === null
        ? null
        : {
            url: row.url,
            active: row.active,
            secret: row.secret,
            previousSecret: row.previous_secret,
            signalId: row.signal_id,
            signalCreatedAt: row.signal_created_at,
            body: row.body,
          };
    return { state: 'claimed', attempt: row.attempts, target };
  });
}

export interface AttemptRecord {
  attemptNumber: number;
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string;
}

export type AttemptResult =
  | { outcome: 'succeeded' }
  | { outcome: 'retry'; delayMs: number }
  | { outcome: 'failed' }
  | { outcome: 'endpoint_disabled'; reason: 'failing' | 'gone' };

/**
 * Records one attempt and its consequence in one transaction: the attempt row, the delivery's
 * new state, and the endpoint's failure bookkeeping (disabled when it is gone, or failing for
 * longer than `disableAfterMs`). Successes recorded at the same moment by one process share one
 * statement (see Batcher); each attempt is still recorded exactly once, with its delivery's state.
 */
export async function recordAttempt(
  pool: Pool,
  key: DeliveryKey,
  signalId: string,
  attempt: AttemptRecord,
  decision: { succeeded: boolean; gone: boolean; retryDelayMs: number | null; disableAfterMs: number },
): Promise<AttemptResult> {
  const attemptParams = [...keyParams(key), signalId, attempt.attemptNumber, attempt.attemptedAt, attempt.statusCode, attempt.error,
    attempt.durationMs, attempt.responseExcerpt];
  if (decision.succeeded) {
    await batchersFor(pool).recordSuccess.submit({ key, signalId, attempt });
    return { outcome: 'succeeded' };
  }
  // A failure: the endpoint's failing streak decides between retry, giving up and disabling it.
  return withTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO delivery_attempts (club_id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at,
                                      status_code, error, duration_ms, response_excerpt)
       VALUES ($1, $2, $4, $3, $5, $6, $7, $8, $9, $10)`,
      attemptParams,
    );
    const { rows } = await client.query<{ failing_for_ms: number }>(
      `UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, $3)
        WHERE club_id = $1 AND id = $2
        RETURNING extract(epoch FROM now() - failing_since) * 1000 AS failing_for_ms`,
      [key.clubId, key.endpointId, attempt.attemptedAt],
    );
    const failingForMs = Number(rows[0]?.failing_for_ms ?? 0);
    let result: AttemptResult;
    const disableReason = decision.gone ? 'gone' : failingForMs >= decision.disableAfterMs ? 'failing' : null;
    if (disableReason) {
      await client.query(
        `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $3
          WHERE club_id = $1 AND id = $2 AND status = 'active'`,
        [key.clubId, key.endpointId, disableReason],
      );
      await client.query(
        `UPDATE deliveries SET status = 'failed', completed_at = now(), leased_until = NULL WHERE ${KEY}`,
        keyParams(key),
      );
      result = { outcome: 'endpoint_disabled', reason: disableReason };
    } else if (decision.retryDelayMs === null) {
      await client.query(
        `UPDATE deliveries SET status = 'failed', completed_at = now(), leased_until = NULL WHERE ${KEY}`,
        keyParams(key),
      );
      result = { outcome: 'failed' };
    } else {
      await client.query(
        `UPDATE deliveries SET next_attempt_at = now() + make_interval(secs => $4::double precision / 1000), leased_until = NULL
          WHERE ${KEY}`,
        [...keyParams(key), decision.retryDelayMs],
      );
      result = { outcome: 'retry', delayMs: decision.retryDelayMs };
    }
    return result;
  });
}

interface SuccessRecord {
  key: DeliveryKey;
  signalId: string;
  attempt: AttemptRecord;
}

/**
 * The common case, for a batch of successes in one statement (one implicit transaction): each
 * attempt row, each delivery done, and each endpoint's failing streak cleared
 * (cd_record_successes).
 */
async function recordSuccesses(pool: Pool, records: SuccessRecord[]): Promise<void[]> {
  await pool.query({
    name: 'cd_record_successes',
    text: `SELECT cd_record_successes($1::text[], $2::text[], $3::bigint[], $4::text[], $5::int[], $6::timestamptz[],
                                      $7::int[], $8::int[], $9::text[])`,
    values: [
      records.map((r) => r.key.clubId),
      records.map((r) => r.key.endpointId),
      records.map((r) => r.key.sequence),
      records.map((r) => r.signalId),
      records.map((r) => r.attempt.attemptNumber),
      records.map((r) => r.attempt.attemptedAt),
      records.map((r) => r.attempt.statusCode),
      records.map((r) => r.attempt.durationMs),
      records.map((r) => r.attempt.responseExcerpt),
    ],
  });
  return records.map(() => undefined);
}

/** A delivery whose endpoint was deleted or disabled: never attempted again. */
export async function cancelDelivery(pool: Pool, key: DeliveryKey): Promise<void> {
  // By key, the status tested on the locked row (see claimDelivery for why not in the WHERE).
  await pool.query(
    `WITH current AS MATERIALIZED (
       SELECT club_id, endpoint_id, signal_sequence, status FROM deliveries WHERE ${KEY} FOR NO KEY UPDATE
     )
     UPDATE deliveries d SET status = 'canceled', completed_at = now(), leased_until = NULL, attempts = greatest(d.attempts - 1, 0)
       FROM current c
      WHERE d.club_id = c.club_id AND d.endpoint_id = c.endpoint_id AND d.signal_sequence = c.signal_sequence
        AND c.status = 'pending'`,
    keyParams(key),
  );
}

/**
 * Pending deliveries overdue by more than `graceMs` and not held by a worker: their job was
 * lost (a queue restart) or their worker died. The reconciler enqueues them again.
 */
export async function overdueDeliveries(pool: Pool, graceMs: number, limit: number): Promise<(DeliveryKey & { signalId: string })[]> {
  const { rows } = await pool.query<{ club_id: string; endpoint_id: string; signal_sequence: string; signal_id: string }>(
    `SELECT club_id, endpoint_id, signal_sequence, signal_id FROM deliveries
      WHERE status = 'pending' AND next_attempt_at < now() - make_interval(secs => $1::double precision / 1000)
        AND (leased_until IS NULL OR leased_until < now())
      ORDER BY next_attempt_at LIMIT $2`,
    [graceMs, limit],
  );
  return rows.map((r) => ({ clubId: r.club_id, endpointId: r.endpoint_id, sequence: Number(r.signal_sequence), signalId: r.signal_id }));
}
