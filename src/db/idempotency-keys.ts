// Idempotency-Key records (migrations/0012_idempotency_keys.sql), used by
// src/plugins/idempotency.ts. Bodies arrive here sealed and leave sealed; this file never sees
// a plaintext answer. Update docs/api.md "Idempotent requests" when a rule here changes.
import type { Pool } from './pool.ts';

/** How long a key is remembered from its first use: a repeat after this runs again. */
export const IDEMPOTENCY_KEY_HOURS = 24;

/**
 * A first request that has not answered after this long is taken to be lost (its process
 * died): a repeat then runs instead of getting 409 until the record expires. Well beyond the
 * server's 30 s request timeout, so a request still running is never run a second time.
 */
export const ABANDONED_AFTER_MS = 5 * 60 * 1000;

export interface IdempotencyKeyRef {
  apiKeyId: string;
  key: string;
}

/** The request claiming a key: what makes it "the same request", and its id. */
export interface ClaimingRequest {
  hash: Buffer;
  requestId: string;
}

/** A won claim: `since` (the record's created_at as text) tells it from a later takeover. */
export interface HeldClaim extends IdempotencyKeyRef {
  since: string;
}

export interface StoredAnswer {
  statusCode: number;
  contentType: string;
  sealedBody: Buffer;
}

export type Claim =
  | { outcome: 'claimed'; claim: HeldClaim }
  | { outcome: 'in_progress' }
  | { outcome: 'mismatch' }
  | ({ outcome: 'replay'; firstRequestId: string } & StoredAnswer);

/**
 * Claims the key for a request, or says why not. A record past its 24 hours, or a first
 * request abandoned, is taken over in the same statement, so two claimants never both win.
 */
export async function claimIdempotencyKey(pool: Pool, ref: IdempotencyKeyRef, request: ClaimingRequest): Promise<Claim> {
  // A record found below may be released (its request failed with a 5xx) before it is read:
  // then claiming again succeeds. Twice is enough unless other claimants keep failing.
  for (let tries = 0; tries < 3; tries++) {
    const claimed = await pool.query(
      `INSERT INTO idempotency_keys AS k (api_key_id, idempotency_key, request_hash, request_id)
       VALUES ($1, $2, $3, $6)
       ON CONFLICT (api_key_id, idempotency_key) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, request_id = EXCLUDED.request_id, status_code = NULL,
              content_type = NULL, response_body = NULL, created_at = now()
        WHERE k.created_at < now() - make_interval(hours => $4)
           OR (k.status_code IS NULL AND k.request_hash = EXCLUDED.request_hash
               AND k.created_at < now() - make_interval(secs => $5))
       RETURNING k.created_at::text AS since`,
      [ref.apiKeyId, ref.key, request.hash, IDEMPOTENCY_KEY_HOURS, ABANDONED_AFTER_MS / 1000, request.requestId],
    );
    const won = claimed.rows[0] as { since: string } | undefined;
    if (won) return { outcome: 'claimed', claim: { ...ref, since: won.since } };
    const found = await pool.query<{
      request_hash: Buffer;
      request_id: string;
      status_code: number | null;
      content_type: string | null;
      response_body: Buffer | null;
    }>(
      `SELECT request_hash, request_id, status_code, content_type, response_body
         FROM idempotency_keys WHERE api_key_id = $1 AND idempotency_key = $2`,
      [ref.apiKeyId, ref.key],
    );
    const row = found.rows[0];
    if (!row) continue;
    if (!row.request_hash.equals(request.hash)) return { outcome: 'mismatch' };
    if (row.status_code === null) return { outcome: 'in_progress' };
    return {
      outcome: 'replay',
      firstRequestId: row.request_id,
      statusCode: row.status_code,
      contentType: row.content_type ?? '',
      sealedBody: row.response_body!,
    };
  }
  return { outcome: 'in_progress' };
}

// Both statements below touch the record only while it is still this claim's: one taken over
// in the meantime (abandoned, or expired) belongs to another request.
const HELD = 'api_key_id = $1 AND idempotency_key = $2 AND created_at = $3::timestamptz AND status_code IS NULL';

/** Stores the claimed request's answer for its repeats. */
export async function completeIdempotencyKey(pool: Pool, claim: HeldClaim, answer: StoredAnswer): Promise<void> {
  await pool.query(`UPDATE idempotency_keys SET status_code = $4, content_type = $5, response_body = $6 WHERE ${HELD}`, [
    claim.apiKeyId,
    claim.key,
    claim.since,
    answer.statusCode,
    answer.contentType,
    answer.sealedBody,
  ]);
}

/** Forgets a claim whose request failed on our side (5xx), so that a retry runs again. */
export async function releaseIdempotencyKey(pool: Pool, claim: HeldClaim): Promise<void> {
  await pool.query(`DELETE FROM idempotency_keys WHERE ${HELD}`, [claim.apiKeyId, claim.key, claim.since]);
}

/** Deletes the records past their 24 hours (the hourly retention job); returns how many. */
export async function pruneIdempotencyKeys(pool: Pool): Promise<number> {
  const result = await pool.query('DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => $1)', [
    IDEMPOTENCY_KEY_HOURS,
  ]);
  return result.rowCount ?? 0;
}
