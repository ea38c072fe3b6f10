// The schedule of a day or window; the items come from cd_schedule_items (sql/1-render/).
import type { ScheduleWindow } from '../domain/schedule-window.ts';
import type { Pool } from './pool.ts';
import { signalSequenceOf, type Read } from './watermark.ts';
import { toTimestamptz } from './time-window.ts';

export interface ScheduleFilter {
  clubId: string;
  window: ScheduleWindow;
  type: 'event' | 'reservation' | undefined;
  spaceId: string | undefined;
}

// A club day D runs from D 00:00 to D+1 00:00 on the club's clock. `D::timestamp AT TIME ZONE
// tz` turns each wall-clock midnight into its instant, so a day across a daylight-saving change
// is 23 or 25 hours long, as it is in the club. "Today" is read on the club's clock too. A
// window arrives as two instants in epoch microseconds, both inclusive.
const SCHEDULE_SQL = `
  SELECT cd_render_list(cd_schedule_items(c.club_id, w.starts_from, w.starts_until, w.until_inclusive, $5, $6),
                        false, '/v1/schedule')::text AS body,
         ${signalSequenceOf('$1')} AS sequence
  FROM clubs c
  CROSS JOIN LATERAL (SELECT coalesce($2::date, (now() AT TIME ZONE c.timezone)::date) AS day) d
  CROSS JOIN LATERAL (
    SELECT CASE WHEN $3::bigint IS NULL THEN d.day::timestamp AT TIME ZONE c.timezone ELSE ${toTimestamptz('$3')} END AS starts_from,
           CASE WHEN $4::bigint IS NULL THEN (d.day + 1)::timestamp AT TIME ZONE c.timezone ELSE ${toTimestamptz('$4')} END AS starts_until,
           $4::bigint IS NOT NULL AS until_inclusive
  ) w
  WHERE c.club_id = $1`;

/** The list envelope of every schedule item in the day or window, unpaginated. */
export async function listSchedule(pool: Pool, filter: ScheduleFilter): Promise<Read> {
  const { window } = filter;
  const result = await pool.query<Read>(SCHEDULE_SQL, [
    filter.clubId,
    window.kind === 'day' ? (window.date ?? null) : null,
    window.kind === 'window' ? window.fromMicros.toString() : null,
    window.kind === 'window' ? window.untilMicros.toString() : null,
    filter.type ?? null,
    filter.spaceId ?? null,
  ]);
  return result.rows[0]!;
}
