// Bookings as the API shows them; the JSON comes from cd_render_booking (sql/1-render/).
import { listPage } from './list.ts';
import type { Pool } from './pool.ts';
import { readRecord } from './sql.ts';
import { signalSequenceOf, type Read } from './watermark.ts';

export interface BookingListFilter {
  clubId: string;
  limit: number;
  startingAfter: string | undefined;
  includeCanceled: boolean;
}

// Any booking of the club is a valid cursor, cancelled or not: a booking cancelled between two
// page requests must not break the walk through the list.
export function listBookings(pool: Pool, filter: BookingListFilter): Promise<Read> {
  return listPage(
    pool,
    {
      table: 'bookings',
      sortKey: 'created_at',
      render: () => '(SELECT r FROM cd_render_booking(t) r)',
      where: () => (filter.includeCanceled ? [] : ["t.status = 'confirmed'"]),
    },
    { clubId: filter.clubId, limit: filter.limit, startingAfter: filter.startingAfter, url: '/v1/bookings' },
  );
}

/** Cancelled bookings too; null for an id that is not a booking of the club (events included). */
export async function getBooking(pool: Pool, clubId: string, id: string): Promise<Read | null> {
  return readRecord(
    pool,
    `SELECT (SELECT r FROM cd_render_booking(t) r)::text AS body, ${signalSequenceOf('$1')} AS sequence FROM bookings t WHERE t.club_id = $1 AND t.id = $2`,
    [clubId, id],
  );
}
