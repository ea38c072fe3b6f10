// Reads back what the triggers emitted, straight from the history table.
import type { Pool } from '../../src/db/pool.ts';
import { withTransaction } from '../../src/db/transaction.ts';

export interface StoredSignal {
  id: string;
  object: 'signal';
  type: string;
  created: string;
  sequence: number;
  previous_sequence: number | null;
  api_version: string;
  data: { object: Record<string, unknown> & { id: string } };
  previous_attributes?: Record<string, unknown>;
}

/** Signals of a club emitted after `afterSequence`, oldest first. */
export async function signalsSince(pool: Pool, clubId: string, afterSequence = 0): Promise<StoredSignal[]> {
  const { rows } = await pool.query<{ body: string }>(
    'SELECT body FROM signals WHERE club_id = $1 AND sequence > $2 ORDER BY sequence',
    [clubId, afterSequence],
  );
  return rows.map((r) => JSON.parse(r.body));
}

export async function lastSequence(pool: Pool, clubId: string): Promise<number> {
  const { rows } = await pool.query('SELECT coalesce(max(sequence), 0)::int AS n FROM signals WHERE club_id = $1', [clubId]);
  return rows[0].n;
}

/** Runs statements in one transaction, as a platform writer would. */
export async function inTransaction(pool: Pool, statements: [string, unknown[]?][]): Promise<void> {
  await withTransaction(pool, async (client) => {
    for (const [sql, params] of statements) await client.query(sql, params ?? []);
  });
}
