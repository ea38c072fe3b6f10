import type { Logger } from 'pino';
import { isDatabaseUnreachable, isSocketGone } from './db/pool.ts';

/** What background work depends on, and may find unreachable for a while. */
export type Dependency = 'database' | 'redis';

// ioredis's own words for a connection that is gone (its offline queue off, its retries spent).
const REDIS_GONE_MESSAGES = /^(Connection is closed|Reached the max retries per request limit|Stream isn't writeable)/;

/** Whether `error`, from Redis, says it cannot be reached now. */
function isRedisUnreachable(error: unknown): boolean {
  return isSocketGone(error) || (error instanceof Error && REDIS_GONE_MESSAGES.test(error.message));
}

/** A failure that passes by itself: how background work says it, with a code for log searches. */
interface PassingFailure {
  is: (error: unknown) => boolean;
  code: string;
  says: string;
}

/** Per dependency: being unreachable, said with the code /readyz answers with. */
const UNREACHABLE: Record<Dependency, PassingFailure> = {
  database: { is: isDatabaseUnreachable, code: 'database_unavailable', says: 'the database is not reachable' },
  redis: { is: isRedisUnreachable, code: 'redis_unavailable', says: 'Redis is not reachable' },
};

// SQLSTATE 40P01: PostgreSQL broke a lock cycle by rolling back one statement of it, which
// background work runs again (BullMQ's worker loops, the relay's next pass, the due poll's).
// Nobody has to act, so it is no error; one that keeps coming back is still seen, once per 30 s
// with a count. What deadlocked inside BullMQ's PostgreSQL backend, and what stopped it, is in docs/webhooks.md.
const DEADLOCK: PassingFailure = {
  is: (error) => error instanceof Error && (error as { code?: unknown }).code === '40P01',
  code: 'deadlock_detected',
  says: 'a deadlock, rolled back by PostgreSQL; it runs again',
};

// BullMQ's lock extender found a job's lock gone: a lane that had just put itself back in the
// queue (workers/5-delivery/lane-io.ts, park) while the extender's timer was due, or, rarely, a worker
// that stalled past its lock. Either way the stalled-job check hands the lane back and the
// endpoints' holds keep every attempt (workers/README.md, "When something is lost").
const LOCK_LOST: PassingFailure = {
  is: (error) => error instanceof Error && /^could not renew lock for job /.test(error.message),
  code: 'job_lock_lost',
  says: "a job's lock could not be renewed; the stalled-job check hands it back",
};

// Whether the process is shutting down. Its database connections then close, and the embedded
// PostgreSQL stops, under clients that may be between queries; such a client reports the lost
// connection as an error no one listens to. While stopping, that is expected and harmless; at
// any other time an unexpected error still ends the process.
let stopping = false;

export function markStopping(): void {
  stopping = true;
}

export function isExpectedDuringShutdown(error: unknown): boolean {
  return stopping && (isDatabaseUnreachable(error) || isRedisUnreachable(error));
}

/** What background work logs to: a pino logger, or Fastify's (app.log). */
export type BackgroundLog = Pick<Logger, 'warn' | 'error'>;

const QUIET_MS = 30_000;
const quiet = new Map<string, { until: number; suppressed: number }>();

/**
 * Logs a failure of background work (queues, relay, due poll) that talked to `dependency`.
 * While it cannot be reached (the database down, or the embedded one starting again; Redis
 * down), each of them fails many times a second the same way: that is logged once per kind as a
 * warning naming the dependency, without a stack, and then counted silently for 30 s. So is a
 * deadlock of the database, which passes by itself. Any other failure is an error, logged each
 * time: somebody has to look at it.
 */
export function logBackgroundError(
  log: BackgroundLog,
  error: unknown,
  msg: string,
  fields: Record<string, unknown> = {},
  dependency: Dependency = 'database',
): void {
  if (isExpectedDuringShutdown(error)) return;
  const passing = [UNREACHABLE[dependency], LOCK_LOST, ...(dependency === 'database' ? [DEADLOCK] : [])].find((failure) => failure.is(error));
  if (!passing) {
    log.error({ ...fields, err: error }, msg);
    return;
  }
  const now = Date.now();
  const kind = `${passing.code} ${msg}`;
  const state = quiet.get(kind);
  if (state && state.until > now) {
    state.suppressed++;
    return;
  }
  const suppressed = state?.suppressed ? { suppressed_since_last: state.suppressed } : {};
  log.warn(
    { ...fields, code: passing.code, cause: (error as Error).message, ...suppressed },
    `${msg}: ${passing.says} (not logged again for ${QUIET_MS / 1000} s)`,
  );
  quiet.set(kind, { until: now + QUIET_MS, suppressed: 0 });
}

/**
 * Ctrl-C, a termination request or a closed terminal, for the `clubdata` commands: aborted on
 * the first SIGINT, SIGTERM or SIGHUP, and the handlers stay installed, so that a second signal
 * (Ctrl-C reaches a command both from the terminal and through bin/clubdata.mjs) never kills a
 * command before it has stopped the embedded PostgreSQL it started. A long command stops early
 * on it; a short one finishes.
 */
export function interruption(): AbortSignal {
  if (!interrupted) {
    const controller = new AbortController();
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => controller.abort(signal));
    interrupted = controller.signal;
  }
  return interrupted;
}

let interrupted: AbortSignal | undefined;
