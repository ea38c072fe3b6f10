// Time windows in SQL. Bounds reach PostgreSQL as instants src/domain/timestamps.ts already
// parsed, never as the caller's text, so the database cannot read a bound differently (it would
// round digits beyond microseconds) nor fail on one.
import type { CreatedWindow } from '../domain/timestamps.ts';
import type { SqlParams } from './sql.ts';

/**
 * SQL for the timestamptz `micros` epoch microseconds after 1970, exactly. The value goes in as
 * text (a bigint); whole seconds and the remaining microseconds are added apart because an
 * interval multiplied by a large count is computed in floating point and loses microseconds.
 */
export function toTimestamptz(placeholder: string): string {
  return `(timestamptz 'epoch' + (${placeholder}::bigint / 1000000) * interval '1 second' + (${placeholder}::bigint % 1000000) * interval '1 microsecond')`;
}

/** Adds epoch microseconds as a parameter and returns the SQL for that timestamptz. */
export function addTimestamptz(p: SqlParams, micros: bigint): string {
  return toTimestamptz(p.add(micros.toString()));
}

/**
 * Conditions keeping rows of `t` whose `column` lies in a record window (CreatedWindow: shown
 * milliseconds, `fromMs` inclusive, `untilMs` exclusive). The bounds are plain comparisons on the
 * column, so an index on (club_id, column, ...) serves them.
 */
export function createdWindowConditions(p: SqlParams, column: string, window: CreatedWindow): string[] {
  const at = (ms: number) => addTimestamptz(p, BigInt(ms) * 1000n);
  return [
    ...(window.fromMs === undefined ? [] : [`t.${column} >= ${at(window.fromMs)}`]),
    ...(window.untilMs === undefined ? [] : [`t.${column} < ${at(window.untilMs)}`]),
  ];
}
