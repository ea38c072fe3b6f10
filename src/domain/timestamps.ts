// Timestamp bounds of list and schedule queries (created_after, created_before, starts_after,
// starts_before): the one place that decides which instant a bound names, whether PostgreSQL
// could hold it, how two bounds compare and which windows are refused. Pure: no I/O.
import { InvalidInput } from './errors.ts';

/** An exact instant: epoch milliseconds plus the digits of the fraction beyond them. */
export interface Instant {
  /** Epoch milliseconds, rounded down. */
  ms: number;
  /** Digits of the fraction beyond milliseconds, trailing zeros dropped ('' when none). */
  subMs: string;
}

// What the `date-time` format has already accepted: date, T or a space, time with an optional
// fraction, then Z or an offset of hours with optional minutes.
const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d)[Tt\s](\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:[Zz]|([+-])(\d\d)(?::?(\d\d))?)$/;

// PostgreSQL's timestamptz has no year 0000 and refuses offsets beyond ±15:59, though RFC 3339
// (and so the `date-time` format) allows both. Every bound is held to what PostgreSQL takes, so
// a bound means the same on every endpoint and can never make PostgreSQL fail further down.
const MAX_OFFSET_MINUTES = 15 * 60 + 59;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Parses a bound into its exact instant, keeping every digit of the fraction (PostgreSQL would
 * round beyond microseconds). Throws InvalidInput naming `param` for anything that is
 * no timestamp with Z or an offset, and for year 0000 or an offset beyond ±15:59.
 */
export function parseInstant(param: string, value: string): Instant {
  const m = TIMESTAMP.exec(value);
  if (!m) {
    throw new InvalidInput(
      param,
      `Invalid ${param}: must be an ISO 8601 timestamp with a UTC offset or Z, e.g. 2026-03-08T00:00:00-05:00.`,
    );
  }
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours = '0', offsetMinutes = '0'] = m;
  if (Number(year) < 1) {
    throw new InvalidInput(param, `Invalid ${param}: the year must be 0001 or later.`);
  }
  const offset = Number(offsetHours) * 60 + Number(offsetMinutes);
  if (offset > MAX_OFFSET_MINUTES || Number(offsetMinutes) > 59) {
    throw new InvalidInput(param, `Invalid ${param}: the UTC offset must lie within -15:59 and +15:59.`);
  }
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 1-99 as they are.
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  // The format checked this already; checked again so the parser stands on its own (a day
  // that does not exist would otherwise roll over into the next month).
  const exists = date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  if (!exists || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 60) {
    throw new InvalidInput(param, `Invalid ${param}: ${value} is no date and time of the calendar.`);
  }
  // Second 60, a leap second, rolls over into the next minute, as it does in PostgreSQL.
  date.setUTCHours(Number(hour), Number(minute), Number(second), Number(fraction.slice(0, 3).padEnd(3, '0')));
  return { ms: date.getTime() - offset * 60_000 * (sign === '-' ? -1 : 1), subMs: fraction.slice(3).replace(/0+$/, '') };
}

/** Negative when `a` is earlier than `b`, 0 when they are the same instant, positive when later. */
export function compareInstants(a: Instant, b: Instant): number {
  if (a.ms !== b.ms) return a.ms - b.ms;
  const width = Math.max(a.subMs.length, b.subMs.length);
  const x = a.subMs.padEnd(width, '0');
  const y = b.subMs.padEnd(width, '0');
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The instant `days` whole days (of 24 hours) later. */
export function addDays(at: Instant, days: number): Instant {
  return { ms: at.ms + days * DAY_MS, subMs: at.subMs };
}

/**
 * The instant in whole epoch microseconds, PostgreSQL's precision: 'ceil' for a lower bound and
 * 'floor' for an upper one, so a stored time is inside exactly when it is inside the exact bound.
 * A bigint, because microseconds back to year 0001 exceed Number's exact integers.
 */
export function toEpochMicros(at: Instant, rounding: 'floor' | 'ceil'): bigint {
  const micros = BigInt(at.ms) * 1000n + BigInt(at.subMs.slice(0, 3).padEnd(3, '0'));
  return rounding === 'ceil' && at.subMs.length > 3 ? micros + 1n : micros;
}

/** A parsed bound with the parameter it came from, for the window checks and their messages. */
export interface Bound {
  param: string;
  value: string;
  at: Instant;
}

/** Parses an optional bound parameter; undefined when the parameter was not given. */
export function readBound(param: string, value: string): Bound;
export function readBound(param: string, value: string | undefined): Bound | undefined;
export function readBound(param: string, value: string | undefined): Bound | undefined {
  return value === undefined ? undefined : { param, value, at: parseInstant(param, value) };
}

/**
 * The checks every window shares. Both bounds are inclusive, so they may be equal; an upper
 * bound earlier than the lower one is refused, and so is a window longer than `maxDays` days
 * when a limit is given. The upper bound's parameter is the one named.
 */
export function checkWindow(lower: Bound | undefined, upper: Bound | undefined, maxDays?: number): void {
  if (lower === undefined || upper === undefined) return;
  if (compareInstants(lower.at, upper.at) > 0) {
    throw new InvalidInput(
      upper.param,
      `Invalid ${upper.param}: it is earlier than ${lower.param} (${lower.value}); both bounds are inclusive, so they may be equal.`,
    );
  }
  if (maxDays !== undefined && compareInstants(upper.at, addDays(lower.at, maxDays)) > 0) {
    throw new InvalidInput(
      upper.param,
      `Invalid ${upper.param}: the window may span at most ${maxDays} days after ${lower.param}.`,
    );
  }
}

/**
 * A window on record timestamps (created_at, signed_at, a signal's emit time). A record is
 * inside when its timestamp as the API shows it (UTC, whole milliseconds, rounded down) lies
 * between the bounds, both inclusive. Stored times may carry microseconds, and a bound copied
 * from a response must still match the record it came from, so the window is kept in whole
 * milliseconds: `fromMs` inclusive, `untilMs` exclusive.
 */
export interface CreatedWindow {
  fromMs: number | undefined;
  untilMs: number | undefined;
}

/** The record window of two checked bounds (see checkWindow). */
export function toCreatedWindow(after: Bound | undefined, before: Bound | undefined): CreatedWindow {
  return {
    // The shown time is rounded down, so a bound with a fraction of a millisecond starts at the next one.
    fromMs: after === undefined ? undefined : after.at.ms + (after.at.subMs === '' ? 0 : 1),
    untilMs: before === undefined ? undefined : before.at.ms + 1,
  };
}

/**
 * The created_after / created_before window of the order, waiver, transaction and signal lists;
 * a window that ends before it starts is refused.
 */
export function readCreatedWindow(query: {
  created_after?: string | undefined;
  created_before?: string | undefined;
}): CreatedWindow {
  const after = readBound('created_after', query.created_after);
  const before = readBound('created_before', query.created_before);
  checkWindow(after, before);
  return toCreatedWindow(after, before);
}
