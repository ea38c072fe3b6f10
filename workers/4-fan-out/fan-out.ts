// Fan-out: a club's committed signals -> their deliveries (one per matching active endpoint that
// existed before the signal, idempotent by (signal, endpoint)) -> a wake for each of those
// endpoints' lanes. A step of the relay's pass (workers/3-relay/relay.ts) rather than a queue job of its
// own: on BullMQ's PostgreSQL backend a job per signal was the pipeline's bottleneck, with the
// fan-out queue thousands of jobs behind (docs/benchmarks.md). Re-running it is harmless: the
// rows exist already and a lane is woken at most once.
import type { Context } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { fanOutSignal, type PendingDelivery } from '../../src/db/deliveries.ts';
import type { Pool } from '../../src/db/pool.ts';
import type { PendingSignal } from '../../src/db/relay.ts';
import type { LaneRef } from '../../src/queue/queues.ts';
import { endSpan, startSpan, traceparentOf } from '../../src/tracing.ts';

export interface FanOutOptions {
  pool: Pool;
  /** Makes sure each lane runs (wakeLanes). */
  wake: (lanes: LaneRef[]) => Promise<void>;
  log: Logger;
}

/**
 * Fans out signals of one club, in one statement per 50 (see fanOutSignal), then wakes their
 * lanes once each. With `trace`, the relay's span, each signal's fan-out is a span under it, which
 * its deliveries keep (src/tracing.ts).
 */
export function createFanOut({ pool, wake, log }: FanOutOptions) {
  return async function fanOut(clubId: string, signals: PendingSignal[], trace?: Context): Promise<number> {
    const pending = await Promise.all(
      signals.map((signal) => (trace ? fanOutTraced(pool, clubId, signal, trace) : fanOutSignal(pool, clubId, signal.sequence))),
    );
    const lanes = new Map<string, LaneRef>();
    let deliveries = 0;
    for (const list of pending) {
      deliveries += list.length;
      for (const d of list) lanes.set(d.endpointId, { clubId, endpointId: d.endpointId });
    }
    await wake([...lanes.values()]);
    if (deliveries > 0) {
      log.debug({ club_id: clubId, from: signals[0]!.sequence, to: signals[signals.length - 1]!.sequence, deliveries }, 'signals fanned out');
    }
    return deliveries;
  };
}

/** One signal's fan-out as a span, whose traceparent its new deliveries keep. */
async function fanOutTraced(pool: Pool, clubId: string, signal: PendingSignal, trace: Context): Promise<PendingDelivery[]> {
  const span = startSpan('fan-out', trace, { 'clubdata.club.id': clubId, 'clubdata.signal.id': signal.id, 'clubdata.signal.sequence': signal.sequence });
  try {
    const deliveries = await fanOutSignal(pool, clubId, signal.sequence, traceparentOf(span));
    span.setAttribute('clubdata.deliveries', deliveries.length);
    endSpan(span);
    return deliveries;
  } catch (error) {
    endSpan(span, error instanceof Error ? error.message : String(error));
    throw error;
  }
}
