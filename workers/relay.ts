// Relay: committed signals become fan-out jobs. Woken by the signals' NOTIFY, with a polling
// fallback, so a missed notification delays a signal but never loses it. Jobs are idempotent
// by signal (job id = club.sequence), and the club's mark in signal_relay only moves past a
// signal once its fan-out has completed, so a job lost by the queue is enqueued again.
import type { Queue } from 'bullmq';
import pg from 'pg';
import type { Logger } from 'pino';
import { clubsWithPendingSignals, relayClub, signalsAfter } from '../src/db/relay.ts';
import type { Pool } from '../src/db/pool.ts';
import { fanOutJobId, type FanOutJob } from '../src/queue/queues.ts';

export interface RelayOptions {
  pool: Pool;
  databaseUrl: string;
  queue: Queue<FanOutJob>;
  log: Logger;
  /** Polling fallback interval. */
  pollMs?: number;
  /** A signal enqueued this long ago and still not fanned out is enqueued again. */
  resendAfterMs?: number;
  batch?: number;
  /**
   * Called for each `NOTIFY clubdata_lanes, '<club_id> <endpoint_id>'`: a write outside the
   * pipeline (an endpoint's recovery) made deliveries due now, and their lane should run. The
   * relay's LISTEN connection carries it; the reconciler is the fallback.
   */
  onLaneWake?: (clubId: string, endpointId: string) => void;
}

export class SignalRelay {
  readonly #options: Required<RelayOptions>;
  /** Per club: the highest sequence this process enqueued. */
  readonly #enqueued = new Map<string, number>();
  /** Per club: the mark last seen, and since when it has not moved. */
  readonly #marks = new Map<string, { mark: number; since: number }>();
  #listener: pg.Client | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(options: RelayOptions) {
    this.#options = { pollMs: 1000, resendAfterMs: 30_000, batch: 1000, onLaneWake: () => {}, ...options };
  }

  async start(): Promise<void> {
    await this.#listen();
    this.#timer = setInterval(() => this.wake(), this.#options.pollMs);
    this.wake();
  }

  /** Runs a relay pass now, or right after the one in progress. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#pass()
      .catch((error: unknown) => this.#options.log.error({ err: error }, 'relay pass failed; retrying on the next wake-up'))
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
    await this.#listener?.end().catch(() => {});
  }

  async #listen(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({ connectionString: this.#options.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== 'clubdata_lanes') return this.wake();
      const [clubId, endpointId] = (message.payload ?? '').split(' ');
      if (clubId && endpointId) this.#options.onLaneWake(clubId, endpointId);
    });
    // A lost LISTEN connection only costs latency (the poll goes on); reconnect in the background.
    client.on('error', (error) => {
      this.#options.log.warn({ err: error }, 'relay LISTEN connection lost; polling until it is back');
      this.#listener = undefined;
      setTimeout(() => void this.#listen().catch(() => {}), 1000).unref();
    });
    try {
      await client.connect();
      await client.query('LISTEN clubdata_signals; LISTEN clubdata_lanes');
      this.#listener = client;
    } catch (error) {
      this.#options.log.warn({ err: error }, 'relay could not LISTEN; polling only');
      await client.end().catch(() => {});
      setTimeout(() => void this.#listen().catch(() => {}), 1000).unref();
    }
  }

  async #pass(): Promise<void> {
    for (const clubId of await clubsWithPendingSignals(this.#options.pool)) {
      if (this.#stopped) return;
      await this.#relayClub(clubId);
    }
  }

  async #relayClub(clubId: string): Promise<void> {
    const { queue, log } = this.#options;
    const pending = await this.#readPending(clubId);
    if (!pending) return;
    const { signals, enqueued, stuck, mark } = pending;
    if (stuck) {
      log.warn({ club_id: clubId, mark }, 'fan-out has not advanced; enqueueing pending signals again');
      await forgetFinishedJobs(queue, signals.map((signal) => fanOutJobId({ clubId, sequence: signal.sequence, signalId: signal.id })));
    }
    await queue.addBulk(
      signals.map((signal) => {
        const data: FanOutJob = { clubId, sequence: signal.sequence, signalId: signal.id };
        return {
          name: 'fan-out',
          data,
          opts: {
            jobId: fanOutJobId(data),
            attempts: 10,
            backoff: { type: 'exponential', delay: 500 },
            // Kept a while so that an enqueue racing the mark is recognised as a duplicate.
            removeOnComplete: { age: 3600, count: 50_000 },
            removeOnFail: { age: 7 * 86_400 },
          },
        };
      }),
    );
    this.#enqueued.set(clubId, Math.max(enqueued ?? 0, signals[signals.length - 1]!.sequence));
    log.debug({ club_id: clubId, from: signals[0]!.sequence, to: signals[signals.length - 1]!.sequence }, 'signals relayed');
    if (signals.length === this.#options.batch) this.#again = true;
  }

  /** Reads what to enqueue for a club: one statement, and a second only when the mark is stuck. */
  async #readPending(clubId: string) {
    const { pool, batch, resendAfterMs } = this.#options;
    const enqueued = this.#enqueued.get(clubId);
    const pass = await relayClub(pool, clubId, enqueued, batch);
    if (pass === null) return null;
    const { mark } = pass;
    // Normally only what is new since this process's last enqueue. When the mark has not
    // moved for a while, everything after it again: a job the queue lost, or one enqueued by
    // a process that died before it ran (the job ids make the others no-ops).
    const now = Date.now();
    const seen = this.#marks.get(clubId);
    const stuck = seen !== undefined && seen.mark === mark && now - seen.since > resendAfterMs;
    if (!seen || seen.mark !== mark || stuck) this.#marks.set(clubId, { mark, since: now });
    const signals = stuck && enqueued !== undefined && enqueued > mark ? await signalsAfter(pool, clubId, mark, batch) : pass.signals;
    return signals.length === 0 ? null : { signals, enqueued, stuck, mark };
  }
}

/**
 * Removes the jobs of these ids that finished, so that adding them again runs them again. A
 * fan-out job can finish while its writes are gone: PostgreSQL crashed before flushing them (the
 * pipeline commits without waiting for the flush, docs/webhooks.md), or it failed all its
 * attempts while the database was away. Its id would otherwise make the new job a no-op.
 */
async function forgetFinishedJobs(queue: Queue<FanOutJob>, ids: string[]): Promise<void> {
  for (const id of ids) {
    const job = await queue.getJob(id);
    if (!job) continue;
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') await job.remove().catch(() => {}); // taken meanwhile: it runs anyway
  }
}
