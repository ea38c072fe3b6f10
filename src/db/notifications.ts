// A connection that LISTENs to PostgreSQL notifications, for the processes woken by commits (the
// relay, the signal streams). A notification is a wake-up, never the data: every listener also
// polls, so a lost connection only costs latency until it is back, one reconnection a second.
import pg from 'pg';
import { logBackgroundError, type BackgroundLog } from '../lifecycle.ts';

export interface ListenerOptions {
  /** How to reach the database (a new connection of its own: LISTEN holds it). */
  connection: pg.ClientConfig;
  channels: string[];
  onNotification: (channel: string, payload: string) => void;
  log: BackgroundLog;
  /** Who listens, for the logs ("relay", "signal streams"). */
  name: string;
}

export class NotificationListener {
  readonly #options: ListenerOptions;
  #client: pg.Client | undefined;
  #stopped = false;

  constructor(options: ListenerOptions) {
    this.#options = options;
  }

  /** Connects and listens; on failure it logs and keeps trying in the background. */
  async start(): Promise<void> {
    if (this.#stopped) return;
    const { connection, channels, onNotification, log, name } = this.#options;
    const client = new pg.Client(connection);
    client.on('notification', (message) => onNotification(message.channel, message.payload ?? ''));
    // A connection that fails while connecting is the catch's below: one reconnection, not two
    // (each would open a connection of its own, and all but one would never be closed).
    client.on('error', (error) => {
      if (this.#client !== client) return;
      logBackgroundError(log, error, `${name} LISTEN connection lost; polling until it is back`);
      this.#client = undefined;
      this.#retry();
    });
    try {
      await client.connect();
      await client.query(channels.map((channel) => `LISTEN ${channel};`).join(' '));
      if (this.#stopped) {
        await client.end().catch(() => {});
        return;
      }
      this.#client = client;
    } catch (error) {
      logBackgroundError(log, error, `${name} could not LISTEN; polling only`);
      await client.end().catch(() => {});
      this.#retry();
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  #retry(): void {
    if (!this.#stopped) setTimeout(() => void this.start().catch(() => {}), 1000).unref();
  }
}
