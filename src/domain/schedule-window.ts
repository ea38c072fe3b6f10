// Which starts GET /v1/schedule covers (docs/api.md "The schedule"): one club-local day, or an
// inclusive window of at most 31 days. Pure: the route reads it from the query, the repository
// (db/schedule.ts) turns it into SQL.
import { InvalidInput } from './errors.ts';
import { checkWindow, readBound, toEpochMicros } from './timestamps.ts';

const MAX_WINDOW_DAYS = 31;

/** Which starts the schedule covers: one club-local day, or an inclusive window. */
export type ScheduleWindow =
  | { kind: 'day'; date: string | undefined }
  | {
      kind: 'window';
      /** Earliest start kept, in epoch microseconds (PostgreSQL's precision), rounded up. */
      fromMicros: bigint;
      /** Latest start kept, in epoch microseconds, rounded down. */
      untilMicros: bigint;
    };

/**
 * Reads date / starts_after / starts_before: a day (today when no parameter is given) or a
 * window of both bounds, never both kinds, the window at most 31 days and not reversed.
 */
export function readScheduleWindow(query: {
  date?: string | undefined;
  starts_after?: string | undefined;
  starts_before?: string | undefined;
}): ScheduleWindow {
  const { date, starts_after: after, starts_before: before } = query;
  if (date !== undefined && (after !== undefined || before !== undefined)) {
    throw new InvalidInput('date', 'Invalid date: give either date or the window starts_after and starts_before, not both.');
  }
  if (after === undefined && before === undefined) {
    // Year 0000 passes the date format but is no date for PostgreSQL.
    if (date !== undefined && date.startsWith('0000')) {
      throw new InvalidInput('date', 'Invalid date: must be a date formatted YYYY-MM-DD from year 0001 on.');
    }
    return { kind: 'day', date };
  }
  if (after === undefined || before === undefined) {
    const missing = after === undefined ? 'starts_after' : 'starts_before';
    throw new InvalidInput(missing, `Missing ${missing}: starts_after and starts_before are used together.`, { missing: true });
  }
  const from = readBound('starts_after', after);
  const until = readBound('starts_before', before);
  checkWindow(from, until, MAX_WINDOW_DAYS);
  // Item starts are compared exactly: rounding inward keeps a stored start inside precisely
  // when it lies between the bounds as given.
  return { kind: 'window', fromMicros: toEpochMicros(from.at, 'ceil'), untilMicros: toEpochMicros(until.at, 'floor') };
}
