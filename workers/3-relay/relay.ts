// Relay: committed signals are fanned out (workers/4-fan-out/fan-out.ts), club by club in sequence order.
// Woken by the signals' NOTIFY, with a polling fallback, so a missed notification delays a
// signal but never loses it. A club's mark in signal_relay only moves past a signal once its
// fan-out is recorded, so a fan-out whose writes were lost (a PostgreSQL crash forgets the
// pipeline's last unflushed commits, docs/webhooks.md) is run again once the mark is stuck.
import type { Context } from '@opentelemetry/api';
import type { Logger } from 'pino';
import { clubsWithPendingSignals, relayClub, signalsAfter, type PendingSignal } from '../../src/db/relay.ts';
import type { Pool } from '../../src/db/pool.ts';
import { logBackgroundError } from '../../src/lifecycle.ts';
import { NotificationListener } from '../../src/db/notifications.ts';
import { contextOf, endSpan, startSpan, tracing, within } from '../../src/tracing.ts';

export interface RelayOptions {
  pool: Pool;
  databaseUrl: string;
  /**
   * Fans out signals of one club (createFanOut); it may be given the same signal again. `trace`:
   * the relay's span for the club, with tracing on (src/tracing.ts).
   */
  fanOut: (clubId: string, signals: PendingSignal[], trace?: Context) => Promise<unknown>;
  log: Logger;
  /** Polling fallback interval. */
  pollMs?: number;
  /** A club whose mark has not moved for this long while its signals were fanned out is fanned out again from the mark. */
  resendAfterMs?: number;
  /** Clubs relayed at once in a pass. */
  clubsAtOnce?: number;
  /** Signals read per club and pass. */
  batch?: number;
  /** Signals per fan-out call: their lanes are woken before the next ones are fanned out. */
  chunk?: number;
  /**
   * How long a pass waits after its wake-up, so that the commits of that moment go in one pass:
   * at 300 committing transactions a second, a pass (three statements) for each was the
   * largest share of the pipeline's PostgreSQL time (docs/benchmarks.md).
   */
  gatherMs?: number;
  /**
   * Called for each `NOTIFY clubdata_lanes, '<club_id> <endpoint_id>'`: a write outside the
   * pipeline (an endpoint's recovery) made deliveries due now, and their lane should run. The
   * relay's LISTEN connection carries it; the due poll (workers/main.ts) is the fallback.
   */
  onLaneWake?: (clubId: string, endpointId: string) => void;
}

export class SignalRelay {
  readonly #options: Required<RelayOptions>;
  /** Per club: the highest sequence this process fanned out. */
  readonly #fannedOut = new Map<string, number>();
  /** Per club with signals pending: the mark last seen, and since when it has not moved while they were. */
  readonly #marks = new Map<string, { mark: number; since: number }>();
  #listener: NotificationListener | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(options: RelayOptions) {
    this.#options = { pollMs: 1000, resendAfterMs: 30_000, clubsAtOnce: 8, batch: 1000, chunk: 100, gatherMs: 10, onLaneWake: () => {}, ...options };
  }

  async start(): Promise<void> {
    this.#listener = new NotificationListener({
      connection: { connectionString: this.#options.databaseUrl },
      channels: ['clubdata_signals', 'clubdata_lanes'],
      onNotification: (channel, payload) => {
        if (channel !== 'clubdata_lanes') return this.wake();
        const [clubId, endpointId] = payload.split(' ');
        if (clubId && endpointId) this.#options.onLaneWake(clubId, endpointId);
      },
      log: this.#options.log,
      name: 'relay',
    });
    await this.#listener.start();
    this.#timer = setInterval(() => this.wake(), this.#options.pollMs);
    this.wake();
  }

  /** Runs a relay pass in `gatherMs`, or right after the one in progress. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = new Promise((resolve) => setTimeout(resolve, this.#options.gatherMs))
      .then(() => {
        // What committed while the pass waited is in it: no pass again for that.
        this.#again = false;
        return this.#pass();
      })
      .catch((error: unknown) => logBackgroundError(this.#options.log, error, 'relay pass failed; retrying on the next wake-up'))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
    await this.#listener?.stop();
  }

  // Clubs are relayed several at once, each by one task from the mark to its last signal, so a
  // club's signals are still fanned out in sequence order; those tasks' passes, fan-outs and
  // records share statements (the batchers of src/db/relay.ts and src/db/deliveries.ts). One
  // club after another, a pass over the 250 clubs that commit in a second of 2,000 endpoints
  // over 500 clubs took longer than that second (docs/benchmarks.md).
  async #pass(): Promise<void> {
    const clubs = await clubsWithPendingSignals(this.#options.pool);
    let next = 0;
    const relayTask = async () => {
      while (next < clubs.length && !this.#stopped) await this.#relayClub(clubs[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(this.#options.clubsAtOnce, clubs.length) }, relayTask));
  }

  async #relayClub(clubId: string): Promise<void> {
    const { fanOut, log, chunk } = this.#options;
    const pending = await this.#readPending(clubId);
    if (!pending) return;
    const { signals, stuck, mark } = pending;
    if (stuck) log.warn({ club_id: clubId, mark }, 'fan-out has not advanced; fanning out pending signals again');
    // The root of its signals' traces: the relay's pass over the club.
    const span = tracing.enabled
      ? startSpan('relay', contextOf(null), {
          'clubdata.club.id': clubId,
          'clubdata.signals': signals.length,
          'clubdata.signal.sequence.from': signals[0]!.sequence,
          'clubdata.signal.sequence.to': signals[signals.length - 1]!.sequence,
        })
      : null;
    try {
      for (let i = 0; i < signals.length; i += chunk) {
        const part = signals.slice(i, i + chunk);
        await fanOut(clubId, part, span ? within(span) : undefined);
        this.#fannedOut.set(clubId, Math.max(this.#fannedOut.get(clubId) ?? 0, part[part.length - 1]!.sequence));
      }
    } catch (error) {
      if (span) endSpan(span, error instanceof Error ? error.message : String(error));
      throw error;
    }
    if (span) endSpan(span);
    log.debug({ club_id: clubId, from: signals[0]!.sequence, to: signals[signals.length - 1]!.sequence }, 'signals relayed');
    if (signals.length === this.#options.batch) this.#again = true;
  }

  /** Reads what to fan out for a club: one statement, and a second only when the mark is stuck. */
  async #readPending(clubId: string) {
    const { pool, batch, resendAfterMs } = this.#options;
    const fannedOut = this.#fannedOut.get(clubId);
    const pass = await relayClub(pool, clubId, fannedOut, batch);
    if (pass === null) return null;
    const { mark } = pass;
    // Nothing beyond the mark: neither new signals nor fan-outs of this process it has yet to
    // fold in. A mark standing still now is no stall, however long the club stays quiet: the
    // clock starts again with the next signal, not from when the mark last moved.
    if (pass.signals.length === 0 && (fannedOut === undefined || fannedOut <= mark)) {
      this.#marks.delete(clubId);
      return null;
    }
    // Normally only what is new since this process's last fan-out. When the mark has not moved
    // for a while with signals pending, everything after it again: a fan-out whose writes were
    // lost, or one of a process that died midway (fanning out again is a no-op for the others).
    const now = Date.now();
    const seen = this.#marks.get(clubId);
    const stuck = seen !== undefined && seen.mark === mark && now - seen.since > resendAfterMs;
    if (!seen || seen.mark !== mark || stuck) this.#marks.set(clubId, { mark, since: now });
    const signals = stuck && fannedOut !== undefined && fannedOut > mark ? await signalsAfter(pool, clubId, mark, batch) : pass.signals;
    return signals.length === 0 ? null : { signals, stuck, mark };
  }
}
