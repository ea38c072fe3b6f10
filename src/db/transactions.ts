// The ledger as the API shows it; the JSON comes from cd_render_transaction (sql/1-render/).
import type { CreatedWindow } from '../domain/timestamps.ts';
import { listPage } from './list.ts';
import type { Pool } from './pool.ts';
import type { Read } from './watermark.ts';
import { createdWindowConditions } from './time-window.ts';

export interface TransactionListFilter {
  clubId: string;
  limit: number;
  startingAfter: string | undefined;
  window: CreatedWindow;
}

// Each row is filtered on its own created_at: a refund falls in the window of its own time,
// not of the charge it reverses, so summing a window gives that window's net cash movement.
export function listTransactions(pool: Pool, filter: TransactionListFilter): Promise<Read> {
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
