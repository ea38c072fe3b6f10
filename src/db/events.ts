// Events and their rosters as the API shows them; the JSON comes from cd_render_event and
// cd_render_participant (sql/1-render/).
import { listPage } from './list.ts';
import type { Pool } from './pool.ts';
import { readRecord } from './sql.ts';
import { signalSequenceOf, type Read } from './watermark.ts';

export interface EventListFilter {
  clubId: string;
  limit: number;
  startingAfter: string | undefined;
  includeCanceled: boolean;
}

// Any event of the club is a valid cursor, cancelled or not, as for bookings.
export function listEvents(pool: Pool, filter: EventListFilter): Promise<Read> {
  return listPage(
    pool,
    {
      table: 'events',
      sortKey: 'created_at',
      render: () => '(SELECT r FROM cd_render_event(t) r)',
      where: () => (filter.includeCanceled ? [] : ['t.canceled_at IS NULL']),
    },
    { clubId: filter.clubId, limit: filter.limit, startingAfter: filter.startingAfter, url: '/v1/events' },
  );
}

/** Cancelled events too; null for an id that is not an event of the club. */
export async function getEvent(pool: Pool, clubId: string, id: string): Promise<Read | null> {
  return readRecord(
    pool,
    `SELECT (SELECT r FROM cd_render_event(t) r)::text AS body, ${signalSequenceOf('$1')} AS sequence FROM events t WHERE t.club_id = $1 AND t.id = $2`,
    [clubId, id],
  );
}

async function eventExists(pool: Pool, clubId: string, id: string): Promise<boolean> {
  const result = await pool.query('SELECT 1 FROM events WHERE club_id = $1 AND id = $2', [clubId, id]);
  return result.rowCount === 1;
}

export interface ParticipantListFilter {
  clubId: string;
  eventId: string;
  limit: number;
  startingAfter: string | undefined;
  includeRemoved: boolean;
}

/**
 * One page of an event's roster, oldest join first; null when the event is not the club's.
 * The cursor must be a roster entry of this same event (removed or not, for the same reason a
 * cancelled booking stays a valid cursor).
 */
export async function listParticipants(pool: Pool, filter: ParticipantListFilter): Promise<Read | null> {
  if (!(await eventExists(pool, filter.clubId, filter.eventId))) return null;
  return listPage(
    pool,
    {
      table: 'participants',
      sortKey: 'joined_at',
      render: () => '(SELECT r FROM cd_render_participant(t) r)',
      where: (p) => [`t.event_id = ${p.add(filter.eventId)}`, ...(filter.includeRemoved ? [] : ['t.removed_at IS NULL'])],
      cursorWhere: (p, alias) => [`${alias}.event_id = ${p.add(filter.eventId)}`],
    },
    {
      clubId: filter.clubId,
      limit: filter.limit,
      startingAfter: filter.startingAfter,
      url: `/v1/events/${filter.eventId}/participants`,
    },
  );
}

/** A roster entry, removed ones too; null unless it belongs to that event of the club. */
export async function getParticipant(
  pool: Pool,
  clubId: string,
  eventId: string,
  id: string,
): Promise<Read | null> {
  return readRecord(
    pool,
    `SELECT (SELECT r FROM cd_render_participant(t) r)::text AS body, ${signalSequenceOf('$1')} AS sequence
       FROM participants t WHERE t.club_id = $1 AND t.event_id = $2 AND t.id = $3`,
    [clubId, eventId, id],
  );
}
