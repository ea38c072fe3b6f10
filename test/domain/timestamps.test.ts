// The timestamp-bound rule on its own: parsing, PostgreSQL's limits, exact comparison and the
// window checks every list and the schedule share.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  checkWindow,
  compareInstants,
  parseInstant,
  readBound,
  toCreatedWindow,
  toEpochMicros,
  type Instant,
} from '../../src/domain/timestamps.ts';
import { InvalidInput } from '../../src/domain/errors.ts';
import type { ApiError } from '../../src/errors.ts';
import { fromDomainError } from '../../src/plugins/error-handler.ts';

const at = (value: string): Instant => parseInstant('created_after', value);

/**
 * The answer a client gets for the InvalidInput a call throws (the domain raises no HTTP error);
 * fails the test when the call throws nothing or something else.
 */
function errorOf(call: () => unknown): ApiError {
  try {
    call();
  } catch (error) {
    if (error instanceof InvalidInput) return fromDomainError(error)!;
    throw error;
  }
  throw new Error('expected an InvalidInput');
}

describe('parseInstant', () => {
  it('reads Z as UTC', () => {
    expect(at('2026-03-08T09:00:00Z')).toEqual({ ms: Date.UTC(2026, 2, 8, 9), subMs: '' });
    expect(at('2026-03-08t09:00:00z')).toEqual(at('2026-03-08T09:00:00Z'));
    expect(at('2026-03-08 09:00:00Z')).toEqual(at('2026-03-08T09:00:00Z'));
  });

  it('subtracts a positive offset and adds a negative one', () => {
    expect(at('2026-03-08T14:30:00+05:30').ms).toBe(Date.UTC(2026, 2, 8, 9));
    expect(at('2026-03-08T04:00:00-05:00').ms).toBe(Date.UTC(2026, 2, 8, 9));
    // Minutes without a colon, or left out, as the format allows.
    expect(at('2026-03-08T14:30:00+0530').ms).toBe(Date.UTC(2026, 2, 8, 9));
    expect(at('2026-03-08T04:00:00-05').ms).toBe(Date.UTC(2026, 2, 8, 9));
    // An offset that crosses midnight moves the day too.
    expect(at('2026-03-07T23:30:00-05:00').ms).toBe(Date.UTC(2026, 2, 8, 4, 30));
  });

  it('keeps milliseconds and every digit beyond them', () => {
    expect(at('2026-03-08T09:00:00.12Z')).toEqual({ ms: Date.UTC(2026, 2, 8, 9, 0, 0, 120), subMs: '' });
    expect(at('2026-03-08T09:00:00.1234567891Z')).toEqual({ ms: Date.UTC(2026, 2, 8, 9, 0, 0, 123), subMs: '4567891' });
    // Trailing zeros name the same instant.
    expect(at('2026-03-08T09:00:00.123000Z')).toEqual(at('2026-03-08T09:00:00.123Z'));
    expect(at('2026-03-08T09:00:00.0000400Z')).toEqual({ ms: Date.UTC(2026, 2, 8, 9), subMs: '04' });
  });

  it('keeps years 0001 to 0099 and the extremes PostgreSQL takes', () => {
    const first = new Date(0);
    first.setUTCFullYear(1, 0, 1);
    expect(at('0001-01-01T00:00:00Z').ms).toBe(first.getTime());
    expect(at('0001-01-01T00:00:00+15:59').ms).toBe(first.getTime() - (15 * 60 + 59) * 60_000);
    expect(at('9999-12-31T23:59:59.999999-15:59').ms).toBe(Date.UTC(9999, 11, 31, 23, 59, 59, 999) + (15 * 60 + 59) * 60_000);
  });

  it('rolls a leap second over into the next minute, as PostgreSQL does', () => {
    expect(at('2016-12-31T23:59:60Z').ms).toBe(Date.UTC(2017, 0, 1));
  });

  it('refuses year 0000 and offsets beyond ±15:59 with 400 parameter_invalid on the parameter', () => {
    for (const value of ['0000-01-01T00:00:00Z', '0000-12-31T23:59:59.999+01:00']) {
      const error = errorOf(() => parseInstant('created_after', value));
      expect(error).toMatchObject({ statusCode: 400, code: 'parameter_invalid', param: 'created_after' });
      expect(error.message).toMatch(/year must be 0001 or later/);
    }
    for (const value of ['2026-01-01T00:00:00+16:00', '2026-01-01T00:00:00-16:00', '2026-01-01T00:00:00+23:59']) {
      const error = errorOf(() => parseInstant('starts_before', value));
      expect(error).toMatchObject({ statusCode: 400, code: 'parameter_invalid', param: 'starts_before' });
      expect(error.message).toMatch(/offset must lie within -15:59 and \+15:59/);
    }
  });

  it('refuses what is no timestamp with Z or an offset', () => {
    for (const value of ['', 'yesterday', '2026-03-08', '2026-03-08T09:00:00', '2026-02-30T00:00:00Z', '2026-03-08T24:30:00Z']) {
      expect(errorOf(() => parseInstant('created_before', value)), value).toMatchObject({
        statusCode: 400,
        code: 'parameter_invalid',
        param: 'created_before',
      });
    }
  });
});

describe('compareInstants', () => {
  it('orders instants, whatever offset names them', () => {
    expect(compareInstants(at('2026-03-08T09:00:00Z'), at('2026-03-08T04:00:00-05:00'))).toBe(0);
    expect(compareInstants(at('2026-03-08T09:00:00Z'), at('2026-03-08T09:00:01Z'))).toBeLessThan(0);
    expect(compareInstants(at('2026-03-08T09:00:01+00:00'), at('2026-03-08T09:00:00Z'))).toBeGreaterThan(0);
  });

  it('tells instants apart below the millisecond', () => {
    const ms = at('2026-03-08T09:00:00.123Z');
    const micro = at('2026-03-08T09:00:00.123001Z');
    const nano = at('2026-03-08T09:00:00.1230000001Z');
    expect(compareInstants(ms, micro)).toBeLessThan(0);
    expect(compareInstants(micro, ms)).toBeGreaterThan(0);
    expect(compareInstants(ms, nano)).toBeLessThan(0);
    expect(compareInstants(nano, micro)).toBeLessThan(0);
    // Digits are compared as a fraction, not as a number: .1239 is later than .12300001.
    expect(compareInstants(at('2026-03-08T09:00:00.1239Z'), at('2026-03-08T09:00:00.12300001Z'))).toBeGreaterThan(0);
    expect(compareInstants(at('2026-03-08T09:00:00.1234Z'), at('2026-03-08T09:00:00.123400Z'))).toBe(0);
  });
});

describe('toEpochMicros', () => {
  it('rounds a lower bound up and an upper bound down to the microsecond', () => {
    const exact = at('2026-03-08T09:00:00.123456Z');
    const base = BigInt(Date.UTC(2026, 2, 8, 9, 0, 0, 123)) * 1000n + 456n;
    expect(toEpochMicros(exact, 'ceil')).toBe(base);
    expect(toEpochMicros(exact, 'floor')).toBe(base);
    const between = at('2026-03-08T09:00:00.1234561Z');
    expect(toEpochMicros(between, 'ceil')).toBe(base + 1n);
    expect(toEpochMicros(between, 'floor')).toBe(base);
  });

  it('stays exact before 1970 and beyond Number precision', () => {
    expect(toEpochMicros(at('1969-12-31T23:59:59.999999Z'), 'floor')).toBe(-1n);
    const first = new Date(0);
    first.setUTCFullYear(1, 0, 1);
    expect(toEpochMicros(at('0001-01-01T00:00:00.000001Z'), 'floor')).toBe(BigInt(first.getTime()) * 1000n + 1n);
  });
});

describe('checkWindow', () => {
  const bound = (param: string, value: string) => readBound(param, value);

  it('accepts equal bounds and one-sided windows', () => {
    expect(() => checkWindow(bound('created_after', '2026-03-08T09:00:00Z'), bound('created_before', '2026-03-08T04:00:00-05:00'))).not.toThrow();
    expect(() => checkWindow(bound('created_after', '2026-03-08T09:00:00Z'), undefined)).not.toThrow();
    expect(() => checkWindow(undefined, bound('created_before', '2026-03-08T09:00:00Z'))).not.toThrow();
  });

  it('refuses a lower bound later than the upper one, naming the upper parameter, even below the millisecond', () => {
    const error = errorOf(() =>
      checkWindow(bound('created_after', '2026-03-08T09:00:00.1230001Z'), bound('created_before', '2026-03-08T09:00:00.123Z')),
    );
    expect(error).toMatchObject({ statusCode: 400, code: 'parameter_invalid', param: 'created_before' });
    expect(error.message).toMatch(/earlier than created_after \(2026-03-08T09:00:00.1230001Z\)/);
  });

  it('refuses a window longer than the limit, to the sub-millisecond', () => {
    const from = bound('starts_after', '2026-03-01T00:00:00Z');
    expect(() => checkWindow(from, bound('starts_before', '2026-04-01T00:00:00Z'), 31)).not.toThrow();
    for (const value of ['2026-04-01T00:00:01Z', '2026-04-01T00:00:00.0000001Z']) {
      const error = errorOf(() => checkWindow(from, bound('starts_before', value), 31));
      expect(error, value).toMatchObject({ statusCode: 400, code: 'parameter_invalid', param: 'starts_before' });
      expect(error.message).toMatch(/at most 31 days after starts_after/);
    }
    expect(compareInstants(addDays(at('2026-03-01T00:00:00.5Z'), 31), at('2026-04-01T00:00:00.5Z'))).toBe(0);
  });
});

describe('toCreatedWindow', () => {
  it('keeps the records whose shown millisecond lies between the bounds, both inclusive', () => {
    const t = Date.UTC(2026, 2, 8, 9, 0, 0, 123);
    const window = (after?: string, before?: string) =>
      toCreatedWindow(after === undefined ? undefined : readBound('created_after', after), before === undefined ? undefined : readBound('created_before', before));
    // A whole-millisecond bound keeps the record shown at that millisecond on both sides.
    expect(window('2026-03-08T09:00:00.123Z', '2026-03-08T09:00:00.123Z')).toEqual({ fromMs: t, untilMs: t + 1 });
    // A lower bound inside a millisecond starts at the next one; an upper one ends with its own.
    expect(window('2026-03-08T09:00:00.1230001Z', '2026-03-08T09:00:00.1239999Z')).toEqual({ fromMs: t + 1, untilMs: t + 1 });
    expect(window()).toEqual({ fromMs: undefined, untilMs: undefined });
  });
});
