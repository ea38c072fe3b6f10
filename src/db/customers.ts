// Customers as the API shows them; the JSON comes from cd_render_customer (sql/1-render/).
import { listPage } from './list.ts';
import type { Pool } from './pool.ts';
import { readRecord } from './sql.ts';
import { signalSequenceOf, type Read } from './watermark.ts';

export interface CustomerListFilter {
  clubId: string;
  limit: number;
  startingAfter: string | undefined;
  email: string | undefined;
  includeArchived: boolean;
  includeEndedSubscriptions: boolean;
}

export function listCustomers(pool: Pool, filter: CustomerListFilter): Promise<Read> {
  return listPage(
    pool,
    {
      table: 'customers',
      sortKey: 'first_became_customer_at',
      render: (p) => `(SELECT r FROM cd_render_customer(t, ${p.add(filter.includeEndedSubscriptions)}) r)`,
      where: (p) => [
        ...(filter.includeArchived ? [] : ['t.archived_at IS NULL']),
        // lower() = lower() compares literally: % and _ carry no meaning outside LIKE.
        ...(filter.email === undefined ? [] : [`lower(t.email) = lower(${p.add(filter.email)})`]),
      ],
    },
    { clubId: filter.clubId, limit: filter.limit, startingAfter: filter.startingAfter, url: '/v1/customers' },
  );
}

export async function getCustomer(
  pool: Pool,
  clubId: string,
  id: string,
  includeEndedSubscriptions: boolean,
): Promise<Read | null> {
  return readRecord(
    pool,
    `SELECT (SELECT r FROM cd_render_customer(t, $3) r)::text AS body, ${signalSequenceOf('$1')} AS sequence
       FROM customers t WHERE t.club_id = $1 AND t.id = $2`,
    [clubId, id, includeEndedSubscriptions],
  );
}
