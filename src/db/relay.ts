// The relay's SQL: which clubs have signals not yet fanned out, and the per-club mark.
import type { PoolClient } from 'pg';
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
 * Takes the club's relay mark for this transaction (another relay process working on the same
 * club is skipped, not waited for), folds in the fan-outs that completed contiguously after it,
 * and returns the mark; null when another process holds the club.
 */
export async function claimClubMark(client: PoolClient, clubId: string): Promise<number | null> {
  await client.query('INSERT INTO signal_relay (club_id) VALUES ($1) ON CONFLICT DO NOTHING', [clubId]);
  const claimed = await client.query<{ relayed_sequence: string }>(
    'SELECT relayed_sequence FROM signal_relay WHERE club_id = $1 FOR UPDATE SKIP LOCKED',
    [clubId],
  );
  if (claimed.rowCount === 0) return null;
  let mark = Number(claimed.rows[0]!.relayed_sequence);
  // Sequences of a club have no gaps (the counter is transactional), so completed fan-outs
  // mark + 1, mark + 2, ... move the mark on; later ones wait for the missing one.
  const done = await client.query<{ signal_sequence: string }>(
    'SELECT signal_sequence FROM signal_fanouts WHERE club_id = $1 AND signal_sequence > $2 ORDER BY signal_sequence LIMIT 10000',
    [clubId, mark],
  );
  for (const row of done.rows) {
    if (Number(row.signal_sequence) !== mark + 1) break;
    mark += 1;
  }
  // Signals pruned by retention below the oldest kept one never need fanning out.
  const oldest = await client.query<{ min: string | null }>('SELECT min(sequence) AS min FROM signals WHERE club_id = $1', [clubId]);
  if (oldest.rows[0]!.min !== null) mark = Math.max(mark, Number(oldest.rows[0]!.min) - 1);
  await client.query('UPDATE signal_relay SET relayed_sequence = $2 WHERE club_id = $1 AND relayed_sequence <> $2', [clubId, mark]);
  await client.query('DELETE FROM signal_fanouts WHERE club_id = $1 AND signal_sequence <= $2', [clubId, mark]);
  return mark;
}

/** Signals after `after`, in sequence order. */
export async function signalsAfter(client: PoolClient, clubId: string, after: number, limit: number): Promise<PendingSignal[]> {
  const { rows } = await client.query<{ sequence: string; id: string }>(
    'SELECT sequence, id FROM signals WHERE club_id = $1 AND sequence > $2 ORDER BY sequence LIMIT $3',
    [clubId, after, limit],
  );
  return rows.map((r) => ({ sequence: Number(r.sequence), id: r.id }));
}
