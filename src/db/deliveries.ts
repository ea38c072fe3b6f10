// Deliveries: the fan-out's rows, the worker's claim on one, and what each attempt leaves behind.
import type { Pool } from './pool.ts';

export interface DeliveryKey {
  clubId: string;
  endpointId: string;
  sequence: number;
}

const KEY = 'club_id = $1 AND endpoint_id = $2 AND signal_sequence = $3';
const keyParams = (k: DeliveryKey) => [k.clubId, k.endpointId, k.sequence];

/**
 * Creates the deliveries of one signal, one per matching active endpoint that existed before
 * it, idempotently, and records the fan-out as done, in one transaction. Returns every
 * delivery of the signal still pending (new or left over from an interrupted run).
 */
export async function fanOutSignal(
  pool: Pool,
  clubId: string,
  sequence: number,
): Promise<{ endpointId: string; signalId: string; dueAt: Date }[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO deliveries (club_id, endpoint_id, signal_sequence, signal_id)
       SELECT s.club_id, e.id, s.sequence, s.id
         FROM signals s
         JOIN webhook_endpoints e ON e.club_id = s.club_id
        WHERE s.club_id = $1 AND s.sequence = $2
          AND e.status = 'active' AND e.deleted_at IS NULL AND e.from_sequence < s.sequence
          AND cd_endpoint_matches(e, s.type)
       ON CONFLICT DO NOTHING`,
      [clubId, sequence],
    );
    await client.query('INSERT INTO signal_fanouts (club_id, signal_sequence) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      clubId,
      sequence,
    ]);
    const { rows } = await client.query<{ endpoint_id: string; signal_id: string; next_attempt_at: Date }>(
      `SELECT endpoint_id, signal_id, next_attempt_at FROM deliveries
        WHERE club_id = $1 AND signal_sequence = $2 AND status = 'pending'`,
      [clubId, sequence],
    );
    await client.query('COMMIT');
    return rows.map((r) => ({ endpointId: r.endpoint_id, signalId: r.signal_id, dueAt: r.next_attempt_at }));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export type Claim =
  | { state: 'claimed'; attempt: number }
  | { state: 'done' }
  /** Held by another worker (perhaps a dead one) or not due yet: look again after `inMs`. */
  | { state: 'later'; inMs: number };

/**
 * Claims a pending, due delivery for one attempt: no other worker touches it until the lease
 * ends (longer than any attempt can take).
 */
export async function claimDelivery(pool: Pool, key: DeliveryKey, leaseMs: number): Promise<Claim> {
  const { rows } = await pool.query<{ attempts: number | null; status: string; wait_ms: number }>(
    `WITH claimed AS (
       UPDATE deliveries SET attempts = attempts + 1, leased_until = now() + make_interval(secs => $4::double precision / 1000)
        WHERE ${KEY} AND status = 'pending' AND next_attempt_at <= now() + interval '1 second'
          AND (leased_until IS NULL OR leased_until < now())
        RETURNING attempts)
     -- The outer read sees the row as it was before the UPDATE: enough to say why it was not claimed.
     SELECT (SELECT attempts FROM claimed) AS attempts, d.status,
            greatest(extract(epoch FROM greatest(d.leased_until, d.next_attempt_at) - now()) * 1000, 0) AS wait_ms
       FROM deliveries d WHERE d.club_id = $1 AND d.endpoint_id = $2 AND d.signal_sequence = $3`,
    [...keyParams(key), leaseMs],
  );
  const row = rows[0];
  if (!row || row.status !== 'pending') return { state: 'done' };
  if (row.attempts !== null) return { state: 'claimed', attempt: row.attempts };
  return { state: 'later', inMs: Math.ceil(Number(row.wait_ms)) + 100 };
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

/** The endpoint as it is now and the stored signal: read at every attempt, never from the job. */
export async function loadDeliveryTarget(pool: Pool, key: DeliveryKey): Promise<DeliveryTarget | null> {
  const { rows } = await pool.query(
    `SELECT e.url, e.status = 'active' AND e.deleted_at IS NULL AS active, e.secret,
            CASE WHEN e.previous_secret_until > now() THEN e.previous_secret END AS previous_secret,
            s.id AS signal_id, s.created_at AS signal_created_at, s.body
       FROM webhook_endpoints e
       JOIN signals s ON s.club_id = e.club_id AND s.sequence = $3
      WHERE e.club_id = $1 AND e.id = $2`,
    keyParams(key),
  );
  const row = rows[0];
  if (!row) return null;
  return {
    url: row.url,
    active: row.active,
    secret: row.secret,
    previousSecret: row.previous_secret,
    signalId: row.signal_id,
    signalCreatedAt: row.signal_created_at,
    body: row.body,
  };
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
 * longer than `disableAfterMs`).
 */
export async function recordAttempt(
  pool: Pool,
  key: DeliveryKey,
  signalId: string,
  attempt: AttemptRecord,
  decision: { succeeded: boolean; gone: boolean; retryDelayMs: number | null; disableAfterMs: number },
): Promise<AttemptResult> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO delivery_attempts (club_id, endpoint_id, signal_id, signal_sequence, attempt_number, attempted_at,
                                      status_code, error, duration_ms, response_excerpt)
       VALUES ($1, $2, $4, $3, $5, $6, $7, $8, $9, $10)`,
      [...keyParams(key), signalId, attempt.attemptNumber, attempt.attemptedAt, attempt.statusCode, attempt.error,
        attempt.durationMs, attempt.responseExcerpt],
    );
    let result: AttemptResult;
    if (decision.succeeded) {
      await client.query(
        `UPDATE deliveries SET status = 'succeeded', completed_at = now(), leased_until = NULL WHERE ${KEY}`,
        keyParams(key),
      );
      await client.query(
        'UPDATE webhook_endpoints SET failing_since = NULL WHERE club_id = $1 AND id = $2 AND failing_since IS NOT NULL',
        [key.clubId, key.endpointId],
      );
      result = { outcome: 'succeeded' };
    } else {
      const { rows } = await client.query<{ failing_for_ms: number }>(
        `UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, $3)
          WHERE club_id = $1 AND id = $2
          RETURNING extract(epoch FROM now() - failing_since) * 1000 AS failing_for_ms`,
        [key.clubId, key.endpointId, attempt.attemptedAt],
      );
      const failingForMs = Number(rows[0]?.failing_for_ms ?? 0);
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
    }
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** A delivery whose endpoint was deleted or disabled: never attempted again. */
export async function cancelDelivery(pool: Pool, key: DeliveryKey): Promise<void> {
  await pool.query(
    `UPDATE deliveries SET status = 'canceled', completed_at = now(), leased_until = NULL, attempts = greatest(attempts - 1, 0)
      WHERE ${KEY} AND status = 'pending'`,
    keyParams(key),
  );
}

/**
 * Pending deliveries overdue by more than `graceMs` and not held by a worker: their job was
 * lost (a queue restart) or their worker died. The reconciler enqueues them again.
 */
export async function overdueDeliveries(pool: Pool, graceMs: number, limit: number): Promise<(DeliveryKey & { signalId: string })[]> {
  const { rows } = await pool.query(
    `SELECT club_id, endpoint_id, signal_sequence, signal_id FROM deliveries
      WHERE status = 'pending' AND next_attempt_at < now() - make_interval(secs => $1::double precision / 1000)
        AND (leased_until IS NULL OR leased_until < now())
      ORDER BY next_attempt_at LIMIT $2`,
    [graceMs, limit],
  );
  return rows.map((r) => ({ clubId: r.club_id, endpointId: r.endpoint_id, sequence: Number(r.signal_sequence), signalId: r.signal_id }));
}
