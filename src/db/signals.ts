// The signal history. Bodies are the stored copies: returned byte for byte, never re-rendered.
import type { CreatedWindow } from '../domain/timestamps.ts';
import { listPage } from './list.ts';
import type { Pool } from './pool.ts';
import { createdWindowConditions } from './time-window.ts';

export interface SignalListFilter {
  clubId: string;
  scopes: string[];
  limit: number;
  startingAfter: string | undefined;
  order: 'asc' | 'desc';
  type: string | undefined;
  resourceId: string | undefined;
  /** Applied to the emit time, stored already cut to the millisecond the API shows. */
  window: CreatedWindow;
}

export function listSignals(pool: Pool, filter: SignalListFilter): Promise<string> {
  return listPage(
    pool,
    {
      table: 'signals',
      sortKey: 'sequence',
      order: filter.order,
      render: () => '(t).body::json',
      where: (p) => [
        `t.scope = ANY (${p.add(filter.scopes)}::text[])`,
        ...(filter.type === undefined ? [] : [`t.type = ${p.add(filter.type)}`]),
        ...(filter.resourceId === undefined ? [] : [`t.resource_id = ${p.add(filter.resourceId)}`]),
        ...createdWindowConditions(p, 'created_at', filter.window),
      ],
    },
    { clubId: filter.clubId, limit: filter.limit, startingAfter: filter.startingAfter, url: '/v1/signals' },
  );
}

export async function getSignal(pool: Pool, clubId: string, id: string, scopes: string[]): Promise<string | null> {
  const result = await pool.query<{ body: string }>(
    'SELECT body FROM signals WHERE club_id = $1 AND id = $2 AND scope = ANY ($3::text[])',
    [clubId, id, scopes],
  );
  return result.rows[0]?.body ?? null;
}

/** Deletes signals older than the retention, club by club; returns how many went. */
export async function pruneSignals(pool: Pool, retentionDays: number): Promise<number> {
  const clubs = await pool.query<{ club_id: string }>('SELECT club_id FROM clubs');
  let deleted = 0;
  for (const { club_id } of clubs.rows) {
    const result = await pool.query(
      `DELETE FROM signals WHERE club_id = $1 AND created_at < now() - make_interval(days => $2)`,
      [club_id, retentionDays],
    );
    deleted += result.rowCount ?? 0;
  }
  return deleted;
}
