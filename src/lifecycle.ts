import type { Logger } from 'pino';
import { isDatabaseUnreachable } from './db/pool.ts';

// Whether the process is shutting down. Its database connections then close, and the embedded
// PostgreSQL stops, under clients that may be between queries; such a client reports the lost
// connection as an error no one listens to. While stopping, that is expected and harmless; at
// any other time an unexpected error still ends the process.
let stopping = false;

export function markStopping(): void {
  stopping = true;
}

export function isExpectedDuringShutdown(error: unknown): boolean {
  return stopping && isDatabaseUnreachable(error);
}

/** What background work logs to: a pino logger, or Fastify's (app.log). */
export type BackgroundLog = Pick<Logger, 'warn' | 'error'>;

const QUIET_MS = 30_000;
const quiet = new Map<string, { until: number; suppressed: number }>();

/**
 * Logs a failure of background work (queues, relay, reconciler). While the database cannot be
 * reached (down, or the embedded one starting again), each of them fails many times a second the
 * same way: that is logged once per kind as a warning, without a stack, and then counted
 * silently for 30 s. Any other failure is an error, logged each time.
 */
export function logBackgroundError(log: BackgroundLog, error: unknown, msg: string, fields: Record<string, unknown> = {}): void {
  if (isExpectedDuringShutdown(error)) return;
  if (!isDatabaseUnreachable(error)) {
    log.error({ ...fields, err: error }, msg);
    return;
  }
  const now = Date.now();
  const state = quiet.get(msg);
  if (state && state.until > now) {
    state.suppressed++;
    return;
  }
  const suppressed = state?.suppressed ? { suppressed_since_last: state.suppressed } : {};
  log.warn({ ...fields, cause: (error as Error).message, ...suppressed }, `${msg}: the database is not reachable (not logged again for ${QUIET_MS / 1000} s)`);
  quiet.set(msg, { until: now + QUIET_MS, suppressed: 0 });
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
