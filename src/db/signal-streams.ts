// The open signal streams of every API process (migrations/0018): a key's quota of streams, and
// what each process learns of its streams every second (still allowed? still registered?).
import type { Pool } from './pool.ts';
import { withTransaction } from './transaction.ts';
import { signalSequenceOf } from './watermark.ts';

/** A stream not marked seen for this long belongs to a process that is gone, and stops counting. */
export const STREAM_STALE_SECONDS = 10;

/**
 * Registers a stream unless its key holds `max` live ones already; false when it does. The
 * streams portal pages open (with `portalSession`, which they end with) are counted apart, `max`
 * of them across every portal session of the key: people's live tails never take the places of
 * the key's servers, and making more sessions adds no places.
 */
export async function openStream(
  pool: Pool,
  input: { id: string; keyId: string; portalSession?: string | undefined; max: number },
): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    // One opening per key at a time: the count below is then exact (each statement of a READ
    // COMMITTED transaction sees what committed before it began, the rival opening included).
    await client.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [input.keyId]);
    await client.query(`DELETE FROM signal_streams WHERE key_id = $1 AND seen_at < now() - make_interval(secs => $2)`, [
      input.keyId,
      STREAM_STALE_SECONDS,
    ]);
    const { rows } = await client.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM signal_streams WHERE key_id = $1 AND (portal_session_id IS NOT NULL) = $2`,
      [input.keyId, input.portalSession !== undefined],
    );
    if (rows[0]!.open >= input.max) return false;
    await client.query('INSERT INTO signal_streams (id, key_id, portal_session_id) VALUES ($1, $2, $3)', [input.id, input.keyId, input.portalSession ?? null]);
    return true;
  });
}

export async function closeStream(pool: Pool, id: string): Promise<void> {
  await pool.query('DELETE FROM signal_streams WHERE id = $1', [id]);
}

export interface StreamCheck {
  /**
   * Streams that must end: their key was revoked, expired or deleted, their club's API access
   * turned off, or the portal session that opened one ended or ran out.
   */
  ended: Set<string>;
  /** Each club's last signal sequence, for the clubs asked about (0 before its first signal). */
  sequences: Map<string, number>;
}

/**
 * Marks the streams seen and says which must end; reads the clubs' last sequences (the polling
 * fallback of a lost notification). One round trip a second for all of a process's streams.
 */
export async function checkStreams(pool: Pool, streamIds: string[], clubIds: string[]): Promise<StreamCheck> {
  const { rows } = await pool.query<{ kind: 'stream' | 'club'; id: string; ended: boolean; sequence: string | null }>(
    `WITH seen AS (
       UPDATE signal_streams s SET seen_at = now()
         FROM api_keys k JOIN clubs c ON c.club_id = k.club_id
        WHERE s.id = ANY ($1::text[]) AND k.id = s.key_id
       RETURNING s.id, (k.revoked_at IS NOT NULL OR coalesce(k.expires_at <= now(), false) OR NOT c.api_access
                        OR (s.portal_session_id IS NOT NULL AND NOT EXISTS (
                              SELECT 1 FROM portal_sessions p
                               WHERE p.club_id = k.club_id AND p.id = s.portal_session_id
                                 AND p.ended_at IS NULL AND p.session_expires_at > now()))) AS ended
     )
     SELECT 'stream' AS kind, i.id, coalesce(seen.ended, true) AS ended, NULL AS sequence
       FROM unnest($1::text[]) AS i (id) LEFT JOIN seen ON seen.id = i.id
     UNION ALL
     SELECT 'club', c.id, false, ${signalSequenceOf('c.id')}
       FROM unnest($2::text[]) AS c (id)`,
    [streamIds, clubIds],
  );
  const check: StreamCheck = { ended: new Set(), sequences: new Map() };
  for (const row of rows) {
    if (row.kind === 'stream' && row.ended) check.ended.add(row.id);
    if (row.kind === 'club') check.sequences.set(row.id, Number(row.sequence));
  }
  return check;
}
