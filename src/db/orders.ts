// Orders as the API shows them; the JSON, line items and total included, comes from
// cd_render_order (sql/1-render/).
import type { CreatedWindow } from '../domain/timestamps.ts';
import { listPage } from './list.ts';
import type { Pool } from './pool.ts';
import { readRecord } from './sql.ts';
import { signalSequenceOf, type Read } from './watermark.ts';
import { createdWindowConditions } from './time-window.ts';

export interface OrderListFilter {
  clubId: string;
  limit: number;
  startingAfter: string | undefined;
  /** Only this customer's orders; an id that is no customer of the club matches nothing. */
  customerId: string | undefined;
  window: CreatedWindow;
}

export function listOrders(pool: Pool, filter: OrderListFilter): Promise<Read> {
  return listPage(
    pool,
    {
      table: 'orders',
      sortKey: 'created_at',
      render: () => '(SELECT r FROM cd_render_order(t) r)',
      where: (p) => [
        ...(filter.customerId === undefined ? [] : [`t.customer_id = ${p.add(filter.customerId)}`]),
        ...createdWindowConditions(p, 'created_at', filter.window),
      ],
    },
    { clubId: filter.clubId, limit: filter.limit, startingAfter: filter.startingAfter, url: '/v1/orders' },
  );
}

export async function getOrder(pool: Pool, clubId: string, id: string): Promise<Read | null> {
  return readRecord(
    pool,
    `SELECT (SELECT r FROM cd_render_order(t) r)::text AS body, ${signalSequenceOf('$1')} AS sequence FROM orders t WHERE t.club_id = $1 AND t.id = $2`,
    [clubId, id],
  );
}
