// The retry schedule on its own: attempt count, jitter bounds, Retry-After and the published
// table. Randomness is injected so every expected delay is exact.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  attemptsAllowed,
  describeSchedule,
  formatDuration,
  JITTER_FRACTION,
  MAX_RETRY_AFTER_MS,
  nextRetryDelay,
} from '../../src/domain/retry-schedule.ts';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
// docs/webhooks.md "Answering, retries and disabling": 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
const DEFAULT = [5 * S, 5 * MIN, 30 * MIN, 2 * H, 5 * H, 10 * H, 10 * H];
const middle = () => 0.5; // no jitter
const lowest = () => 0; // -10%
const highest = () => 0.999_999_999; // just under +10%

describe('attemptsAllowed', () => {
  it('is 8 for the default schedule: the first attempt plus 7 retries', () => {
    expect(attemptsAllowed(DEFAULT)).toBe(8);
  });

  it('is one more than the number of delays of any schedule', () => {
    expect(attemptsAllowed([])).toBe(1);
    expect(attemptsAllowed([100, 200])).toBe(3);
  });

  it('matches the configuration default', () => {
    expect(loadConfig({}).delivery.retrySchedule).toEqual(DEFAULT);
  });
});

describe('nextRetryDelay', () => {
  it('takes the delay after attempt n from position n of the schedule', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((made) => nextRetryDelay(DEFAULT, made, { random: middle }));
    expect(delays).toEqual(DEFAULT);
  });

  it('returns null once every allowed attempt was made', () => {
    expect(nextRetryDelay(DEFAULT, 8, { random: middle })).toBeNull();
    expect(nextRetryDelay(DEFAULT, 9, { random: middle })).toBeNull();
    expect(nextRetryDelay([], 1, { random: middle })).toBeNull();
  });

  it('moves each delay by at most 10% either way', () => {
    expect(JITTER_FRACTION).toBe(0.1);
    expect(nextRetryDelay(DEFAULT, 1, { random: lowest })).toBe(4500);
    expect(nextRetryDelay(DEFAULT, 1, { random: highest })).toBe(5500);
    expect(nextRetryDelay(DEFAULT, 7, { random: lowest })).toBe(9 * H);
    expect(nextRetryDelay(DEFAULT, 7, { random: highest })).toBe(11 * H);
    expect(nextRetryDelay(DEFAULT, 2, { random: () => 0.75 })).toBe(315_000);
  });

  it('stays within ±10% with the real random source', () => {
    for (let i = 0; i < 200; i++) {
      const delay = nextRetryDelay(DEFAULT, 3)!;
      expect(delay).toBeGreaterThanOrEqual(27 * MIN);
      expect(delay).toBeLessThanOrEqual(33 * MIN);
    }
  });

  it('waits at least as long as Retry-After asks', () => {
    expect(nextRetryDelay(DEFAULT, 1, { random: highest, retryAfterMs: 7000 })).toBe(7000);
    expect(nextRetryDelay(DEFAULT, 1, { random: middle, retryAfterMs: 60 * MIN })).toBe(60 * MIN);
  });

  it('keeps the schedule delay when Retry-After asks for less', () => {
    expect(nextRetryDelay(DEFAULT, 3, { random: middle, retryAfterMs: 7000 })).toBe(30 * MIN);
    expect(nextRetryDelay(DEFAULT, 1, { random: lowest, retryAfterMs: 0 })).toBe(4500);
    expect(nextRetryDelay(DEFAULT, 1, { random: lowest, retryAfterMs: null })).toBe(4500);
    expect(nextRetryDelay(DEFAULT, 1, { random: lowest, retryAfterMs: -5 })).toBe(4500);
    expect(nextRetryDelay(DEFAULT, 1, { random: lowest, retryAfterMs: Number.NaN })).toBe(4500);
  });

  it('caps what Retry-After can ask at 24 hours', () => {
    expect(MAX_RETRY_AFTER_MS).toBe(24 * H);
    expect(nextRetryDelay(DEFAULT, 1, { random: middle, retryAfterMs: 7 * 24 * H })).toBe(24 * H);
    expect(nextRetryDelay(DEFAULT, 1, { random: middle, retryAfterMs: Number.POSITIVE_INFINITY })).toBe(24 * H);
  });

  it('never grants an attempt beyond the schedule, whatever Retry-After says', () => {
    expect(nextRetryDelay(DEFAULT, 8, { random: middle, retryAfterMs: 1000 })).toBeNull();
  });

  it('works with a compressed test schedule', () => {
    const fast = [10, 20, 40];
    expect(attemptsAllowed(fast)).toBe(4);
    expect([1, 2, 3, 4].map((made) => nextRetryDelay(fast, made, { random: middle }))).toEqual([10, 20, 40, null]);
  });

  it('refuses an attempt count below 1 or not an integer', () => {
    expect(() => nextRetryDelay(DEFAULT, 0)).toThrow(RangeError);
    expect(() => nextRetryDelay(DEFAULT, 1.5)).toThrow(RangeError);
  });
});

describe('formatDuration', () => {
  it('writes durations with the largest units first and leaves out zero units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(250)).toBe('250 ms');
    expect(formatDuration(5 * S)).toBe('5 s');
    expect(formatDuration(5 * MIN + 5 * S)).toBe('5 min 5 s');
    expect(formatDuration(2 * H)).toBe('2 h');
    expect(formatDuration(27 * H + 35 * MIN + 5 * S)).toBe('1 d 3 h 35 min 5 s');
  });
});

describe('describeSchedule', () => {
  it('publishes the default schedule as a table of 8 attempts', () => {
    expect(describeSchedule(DEFAULT)).toBe(
      [
        '| Attempt | Delay before it | Time since first attempt |',
        '| ---: | ---: | ---: |',
        '| 1 | (none) | 0 s |',
        '| 2 | 5 s | 5 s |',
        '| 3 | 5 min | 5 min 5 s |',
        '| 4 | 30 min | 35 min 5 s |',
        '| 5 | 2 h | 2 h 35 min 5 s |',
        '| 6 | 5 h | 7 h 35 min 5 s |',
        '| 7 | 10 h | 17 h 35 min 5 s |',
        '| 8 | 10 h | 1 d 3 h 35 min 5 s |',
        '',
      ].join('\n'),
    );
  });

  it('has one row per allowed attempt for any schedule', () => {
    const table = describeSchedule([100, 200]);
    const rows = table.trim().split('\n').slice(2);
    expect(rows).toHaveLength(attemptsAllowed([100, 200]));
    expect(rows[2]).toBe('| 3 | 200 ms | 300 ms |');
  });
});
