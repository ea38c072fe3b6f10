// The signal streams open in this API process, and what keeps them moving. New signals reach a
// stream through PostgreSQL, never through this process's own events, so any number of API
// processes serve streams whatever process the writes went through:
// - the signals' NOTIFY (cd_emit_signals: one per club and commit, naming the club) wakes the
//   streams of that club at once;
// - every second a check marks the streams seen (the per-key quota counts streams of every
//   process, src/db/signal-streams.ts), ends those whose key was revoked or expired or whose
//   club lost API access, and reads each club's last sequence, which wakes a stream that a lost
//   notification left behind (the polling fallback);
// - a stream idle for SIGNAL_STREAM_IDLE sends a heartbeat and its watermark.
// Shutdown ends every stream (preClose), so that clients reconnect elsewhere and resume.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { checkStreams } from '../db/signal-streams.ts';
import type { Pool } from '../db/pool.ts';
import { NotificationListener } from '../db/notifications.ts';
import { logBackgroundError } from '../lifecycle.ts';
import type { DeliveryMetrics } from '../metrics.ts';

/** What the registry needs of a stream (routes/signals/stream.ts). */
export interface FollowingStream {
  readonly id: string;
  readonly clubId: string;
  /** The sequence the stream's client has reached (every signal it may see up to it was sent). */
  readonly cursor: number;
  /** Reads and sends what committed after the cursor. */
  wake(): void;
  /** Sends a heartbeat and the watermark if nothing was sent for `idleMs`. */
  keepAlive(now: number, idleMs: number): void;
  /** Ends the stream; `reason` goes to the log. */
  end(reason: string): void;
}

export interface SignalStreams {
  add(stream: FollowingStream): void;
  remove(stream: FollowingStream): void;
  /** False once the process is shutting down: no stream may start. */
  readonly accepting: boolean;
  readonly metrics: DeliveryMetrics;
  readonly idleMs: number;
  readonly perKey: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    signalStreams: SignalStreams;
  }
}

const CHECK_MS = 1000;

class StreamRegistry implements SignalStreams {
  readonly #streams = new Map<string, FollowingStream>();
  readonly #pool: Pool;
  readonly #app: FastifyInstance;
  #listener: NotificationListener | undefined;
  #timer: NodeJS.Timeout | undefined;
  #checking = false;
  accepting = true;
  readonly metrics: DeliveryMetrics;
  readonly idleMs: number;
  readonly perKey: number;

  constructor(app: FastifyInstance, options: SignalStreamsOptions) {
    this.#app = app;
    this.#pool = app.pool;
    this.metrics = options.metrics;
    this.idleMs = app.config.signalStreams.idleMs;
    this.perKey = app.config.signalStreams.perKey;
  }

  add(stream: FollowingStream): void {
    this.#streams.set(stream.id, stream);
    this.metrics.signalStreamsOpened.inc();
    this.metrics.signalStreamsOpen.set(this.#streams.size);
    if (this.#streams.size === 1) this.#start();
  }

  remove(stream: FollowingStream): void {
    if (!this.#streams.delete(stream.id)) return;
    this.metrics.signalStreamsOpen.set(this.#streams.size);
    if (this.#streams.size === 0) this.#stop();
  }

  /** Ends every stream and stops listening: the process is shutting down. */
  close(): void {
    this.accepting = false;
    for (const stream of [...this.#streams.values()]) stream.end('server shutting down');
    this.#stop();
  }

  #start(): void {
    this.#listener = new NotificationListener({
      connection: this.#pool.options,
      channels: ['clubdata_signals'],
      // The payload is `<club_id>:<last sequence>`.
      onNotification: (_channel, payload) => this.#wakeClub(payload.slice(0, payload.lastIndexOf(':'))),
      log: this.#app.log,
      name: 'signal streams',
    });
    void this.#listener.start();
    this.#timer = setInterval(() => {
      // Heartbeats first, whatever the database does: a proxy must not cut an idle stream
      // because a check is slow or failing.
      const now = Date.now();
      for (const stream of this.#streams.values()) stream.keepAlive(now, this.idleMs);
      void this.#check();
    }, CHECK_MS);
    this.#timer.unref();
  }

  #stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    const listener = this.#listener;
    this.#listener = undefined;
    void listener?.stop();
  }

  #wakeClub(clubId: string): void {
    for (const stream of this.#streams.values()) if (stream.clubId === clubId) stream.wake();
  }

  async #check(): Promise<void> {
    if (this.#checking || this.#streams.size === 0) return;
    this.#checking = true;
    try {
      const streams = [...this.#streams.values()];
      const clubs = [...new Set(streams.map((s) => s.clubId))];
      const check = await checkStreams(
        this.#pool,
        streams.map((s) => s.id),
        clubs,
      );
      for (const stream of streams) {
        if (check.ended.has(stream.id)) stream.end('key revoked or expired, or API access turned off');
        else if ((check.sequences.get(stream.clubId) ?? 0) > stream.cursor) stream.wake();
      }
    } catch (error) {
      logBackgroundError(this.#app.log, error, 'signal streams check failed; retrying in a second');
    } finally {
      this.#checking = false;
    }
  }
}

export interface SignalStreamsOptions {
  metrics: DeliveryMetrics;
}

export default fp<SignalStreamsOptions>(
  async function signalStreams(app: FastifyInstance, options: SignalStreamsOptions) {
    const registry = new StreamRegistry(app, options);
    app.decorate('signalStreams', registry);
    // Before the server waits for its requests to finish: a stream never would.
    app.addHook('preClose', (done) => {
      registry.close();
      done();
    });
  },
  { name: 'signal-streams' },
);
