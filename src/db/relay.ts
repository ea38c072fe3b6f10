// The relay's SQL: which clubs have signals not yet fanned out, and the per-club mark.
import type { Pool } from './pool.ts';

export interface PendingSignal {
  sequence: number;
  id: string;
}

/** Clubs whose last signal is beyond their relay mark. One row per club: cheap to poll. */
export async function clubsWithPendingSignals(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ club_id: string }>(
    `SELECT s.club_id FROM signal_sequences s
       LEFT JOIN signal_relay r ON r.club_id = s.club_id
      WHERE s.last_sequence > coalesce(r.relayed_sequence, 0)`,
  );
  return rows.map((r) => r.club_id);
}

/**
 * One relay pass over a club (cd_relay_club): takes the club's mark for the statement (another
 * relay process working on the same club is skipped, not waited for), folds in the fan-outs
 * that completed contiguously after it, and reads the signals after greatest(mark, fannedOut),
 * `fannedOut` being the highest sequence this process fanned out already. Null when another
 * process holds the club.
 */
export async function relayClub(
  pool: Pool,
  clubId: string,
  fannedOut: number | undefined,
  limit: number,
): Promise<{ mark: number; signals: PendingSignal[] } | null> {
  const { rows } = await pool.query<{ mark: string; sequence: string | null; id: string | null }>({
    name: 'cd_relay_club',
    text: 'SELECT * FROM cd_relay_club($1, $2, $3)',
    values: [clubId, fannedOut ?? null, limit],
  });
  if (rows.length === 0) return null;
  const signals = rows.filter((r) => r.sequence !== null).map((r) => ({ sequence: Number(r.sequence), id: r.id! }));
  return { mark: Number(rows[0]!.mark), signals };
}

/** Signals after `after`, in sequence order. */
export async function signalsAfter(pool: Pool, clubId: string, after: number, limit: number): Promise<PendingSignal[]> {
  const { rows } = await pool.query<{ sequence: string; id: string }>(
    'SELECT sequence, id FROM signals WHERE club_id = $1 AND sequence > $2 ORDER BY sequence LIMIT $3',
    [clubId, after, limit],
  );
  return rows.map((r) => ({ sequence: Number(r.sequence), id: r.id }));
}
