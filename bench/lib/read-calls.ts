// The repository calls behind the read-API scenarios, with the arguments the routes pass, in
// one place: bench/read-api.ts runs them in its SQL-only loops, and the minimal server
// (bench/lib/minimal-server.ts) answers HTTP with them.
import { listBookings } from '../../src/db/bookings.ts';
import { getCustomer, listCustomers } from '../../src/db/customers.ts';
import type { Pool } from '../../src/db/pool.ts';
import type { Read } from '../../src/db/watermark.ts';
import { listSchedule } from '../../src/db/schedule.ts';
import { listSignals } from '../../src/db/signals.ts';
import { readScheduleWindow } from '../../src/domain/schedule-window.ts';
import { readCreatedWindow } from '../../src/domain/timestamps.ts';

export type ReadCall =
  | { kind: 'customers'; clubId: string; limit: number }
  | { kind: 'bookings'; clubId: string; limit: number; startingAfter: string | undefined }
  | { kind: 'schedule'; clubId: string; date: string }
  | { kind: 'customer'; clubId: string; id: string }
  | { kind: 'signals'; clubId: string; limit: number; scopes: string[] };

/** The body and watermark the route would send (null: its 404). */
export function runReadCall(pool: Pool, call: ReadCall): Promise<Read | null> {
  switch (call.kind) {
    case 'customers':
      return listCustomers(pool, {
        clubId: call.clubId,
        limit: call.limit,
        startingAfter: undefined,
        email: undefined,
        includeArchived: false,
        includeEndedSubscriptions: false,
      });
    case 'bookings':
      return listBookings(pool, { clubId: call.clubId, limit: call.limit, startingAfter: call.startingAfter, includeCanceled: false });
    case 'schedule':
      return listSchedule(pool, { clubId: call.clubId, window: readScheduleWindow({ date: call.date }), type: undefined, spaceId: undefined });
    case 'customer':
      return getCustomer(pool, call.clubId, call.id, false);
    case 'signals':
      return listSignals(pool, {
        clubId: call.clubId,
        scopes: call.scopes,
        limit: call.limit,
        startingAfter: undefined,
        afterSequence: undefined,
        order: 'asc',
        type: undefined,
        resourceId: undefined,
        window: readCreatedWindow({}),
      });
  }
}
