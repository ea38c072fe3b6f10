// The retry schedule of webhook deliveries (docs/webhooks.md, "Answering, retries and disabling"): how many attempts a
// signal gets at one endpoint and how long to wait after each failure. Pure: the randomness of
// the jitter is injected so tests can pin it.
//
// The schedule is the list of delays before retry 1..n (config `delivery.retrySchedule`, by
// default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), so a signal gets n + 1 attempts in all.

/** Each delay is moved by up to this fraction either way, so retries of many signals that failed together spread out. */
export const JITTER_FRACTION = 0.1;

/** The longest a receiver's `Retry-After` can push a retry back; beyond it we retry anyway. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** Attempts a signal gets at one endpoint: the first one, then one per delay of the schedule. */
export function attemptsAllowed(schedule: readonly number[]): number {
  return schedule.length + 1;
}

export interface RetryDelayOptions {
  /** What the receiver asked for in `Retry-After` (429 or 503), in ms. */
  retryAfterMs?: number | null;
  /** Source of randomness in [0, 1); Math.random by default. */
  random?: () => number;
}

/**
 * The delay before the next attempt after `attemptsMade` attempts have failed, or null when
 * the schedule is exhausted (no attempt is left). The schedule's delay is moved by up to ±10%;
 * a receiver's `Retry-After` makes the delay at least what it asked, up to 24 hours. Retry-After
 * never grants an attempt beyond the schedule.
 */
export function nextRetryDelay(
  schedule: readonly number[],
  attemptsMade: number,
  options: RetryDelayOptions = {},
): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) {
    throw new RangeError(`attemptsMade must be an integer of at least 1 (got ${attemptsMade})`);
  }
  const base = schedule[attemptsMade - 1];
  if (base === undefined) return null;
  const random = options.random ?? Math.random;
  // random() in [0, 1) maps to a factor in [0.9, 1.1).
  const jittered = Math.round(base * (1 + (random() * 2 - 1) * JITTER_FRACTION));
  const asked = options.retryAfterMs;
  if (asked === undefined || asked === null || Number.isNaN(asked) || asked <= 0) return jittered;
  return Math.max(jittered, Math.min(Math.ceil(asked), MAX_RETRY_AFTER_MS));
}

const UNITS: readonly [number, string][] = [
  [86_400_000, 'd'],
  [3_600_000, 'h'],
  [60_000, 'min'],
  [1000, 's'],
  [1, 'ms'],
];

/** A duration for people: `5 s`, `2 h 35 min 5 s`, `1 d 3 h`, `0 s`. */
export function formatDuration(ms: number): string {
  let rest = Math.round(ms);
  const parts: string[] = [];
  for (const [size, unit] of UNITS) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)} ${unit}`);
      rest %= size;
    }
  }
  return parts.length === 0 ? '0 s' : parts.join(' ');
}

/**
 * The schedule as a markdown table for the docs (like graphile-worker's backoff table): each
 * attempt, the delay before it and the time since the first attempt, without jitter.
 */
export function describeSchedule(schedule: readonly number[]): string {
  const rows = ['| Attempt | Delay before it | Time since first attempt |', '| ---: | ---: | ---: |'];
  rows.push('| 1 | (none) | 0 s |');
  let total = 0;
  schedule.forEach((delay, index) => {
    total += delay;
    rows.push(`| ${index + 2} | ${formatDuration(delay)} | ${formatDuration(total)} |`);
  });
  return rows.join('\n') + '\n';
}
