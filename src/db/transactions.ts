// The ledger as the API shows it; the JSON comes from cd_render_transaction (migrations).
import type { CreatedWindow } from '../schemas/transactions.ts';
import { listPage } from './list.ts';
import type { Pool } from './pool.ts';
import type { SqlParams } from './sql.ts';

/**
 * Conditions keeping rows of `t` whose `column` lies in the window. The bounds are plain
 * comparisons on the column, so the list index on (club_id, column, id) serves them.
 */
export function createdWindowConditions(p: SqlParams, column: string, window: CreatedWindow): string[] {
  const at = (ms: number) => `(timestamptz 'epoch' + ${p.add(ms)}::bigint * interval '1 millisecond')`;
  return [
    ...(window.fromMs === undefined ? [] : [`t.${column} >= ${at(window.fromMs)}`]),
    ...(window.untilMs === undefined ? [] : [`t.${column} < ${at(window.untilMs)}`]),
  ];
}

export interface TransactionListFilter {
  clubId: string;
  limit: number;
  startingAfter: string | undefined;
  window: CreatedWindow;
}

// Each row is filtered on its own created_at: a refund falls in the window of its own time,
// not of the charge it reverses, so summing a window gives that window's net cash movement.
export function listTransactions(pool: Pool, filter: TransactionListFilter): Promise<string> {
  return listPage(
    pool,
    {
      table: 'transactions',
      sortKey: 'created_at',
      render: () => 'cd_render_transaction(t)',
      where: (p) => createdWindowConditions(p, 'created_at', filter.window),
    },
    { clubId: filter.clubId, limit: filter.limit, startingAfter: filter.startingAfter, url: '/v1/transactions' },
  );
}
