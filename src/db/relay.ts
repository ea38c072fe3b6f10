// The relay's SQL: which clubs have signals not yet fanned out, and the per-club mark.
import { Batcher } from './batcher.ts';
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
 * One relay pass over a club (cd_relay_clubs): takes the club's mark for the statement (another
 * relay process working on the same club is skipped, not waited for), folds in the fan-outs
 * that completed contiguously after it, and reads the signals after greatest(mark, fannedOut),
 * `fannedOut` being the highest sequence this process fanned out already. Null when another
 * process holds the club. Clubs relayed at the same moment share one statement (see Batcher).
 */
export function relayClub(pool: Pool, clubId: string, fannedOut: number | undefined, limit: number): Promise<RelayPass | null> {
  let batcher = batchers.get(pool);
  if (!batcher) batchers.set(pool, (batcher = new Batcher((requests) => relayClubs(pool, requests), 1, 50)));
  return batcher.submit({ clubId, fannedOut, limit });
}

export interface RelayPass {
  mark: number;
  signals: PendingSignal[];
}

interface RelayRequest {
  clubId: string;
  fannedOut: number | undefined;
  limit: number;
}

const batchers = new WeakMap<Pool, Batcher<RelayRequest, RelayPass | null>>();

async function relayClubs(pool: Pool, requests: RelayRequest[]): Promise<(RelayPass | null)[]> {
  const { rows } = await pool.query<{ n: number; mark: string; sequence: string | null; id: string | null }>({
    name: 'cd_relay_clubs',
    text: 'SELECT * FROM cd_relay_clubs($1::text[], $2::bigint[], $3::int[])',
    values: [requests.map((r) => r.clubId), requests.map((r) => r.fannedOut ?? null), requests.map((r) => r.limit)],
  });
  const passes: (RelayPass | null)[] = requests.map(() => null);
  for (const row of rows) {
    const pass = (passes[row.n - 1] ??= { mark: Number(row.mark), signals: [] });
    if (row.sequence !== null) pass.signals.push({ sequence: Number(row.sequence), id: row.id! });
  }
  return passes;
}

/** Signals after `after`, in sequence order. */
export async function signalsAfter(pool: Pool, clubId: string, after: number, limit: number): Promise<PendingSignal[]> {
  const { rows } = await pool.query<{ sequence: string; id: string }>(
    'SELECT sequence, id FROM signals WHERE club_id = $1 AND sequence > $2 ORDER BY sequence LIMIT $3',
    [clubId, after, limit],
  );
  return rows.map((r) => ({ sequence: Number(r.sequence), id: r.id }));
}
