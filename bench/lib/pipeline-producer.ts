// The pipeline benchmark's producer: SQL writes that make signals, as the platform's own
// writers do. Each inserted customer is one customer.created signal, emitted by the triggers at
// commit. The commit time of every write is taken right after its COMMIT returns, and kept by
// the ids of the customers it inserted, so that each delivery can be traced back to it.
import pg from 'pg';
import { now, sleep } from './proc.ts';

export interface CommitLog {
  /** Customer id prefix of one transaction -> wall-clock ms (with fraction) when COMMIT returned. */
  committedAt: Map<string, number>;
  signals: number;
  transactions: number;
  firstCommitMs: number;
  lastCommitMs: number;
}

const emptyLog = (): CommitLog => ({ committedAt: new Map(), signals: 0, transactions: 0, firstCommitMs: 0, lastCommitMs: 0 });

/** The transaction's id prefix of a customer id (`cus_<tag>_<n>_` + index within the insert). */
export function transactionOf(customerId: string): string {
  return customerId.slice(0, customerId.lastIndexOf('_') + 1);
}

export class Producer {
  readonly #clients: pg.Client[] = [];
  readonly #clubId: string;
  /** The PostgreSQL backends of the producer's connections: the writes' own cost (triggers included). */
  readonly backendPids: number[] = [];

  private constructor(clubId: string) {
    this.#clubId = clubId;
  }

  static async open(databaseUrl: string, clubId: string, connections: number): Promise<Producer> {
    const producer = new Producer(clubId);
    for (let i = 0; i < connections; i++) {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => {}); // a write in progress fails on its own; an idle loss is no crash
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      producer.backendPids.push(rows[0]!.pid);
      producer.#clients.push(client);
    }
    return producer;
  }

  async close(): Promise<void> {
    await Promise.all(this.#clients.map((c) => c.end().catch(() => {})));
  }

  /** One transaction (a single autocommitted statement) inserting `count` customers of a club. */
  async #write(client: pg.Client, prefix: string, count: number, log: CommitLog, clubId = this.#clubId): Promise<void> {
    await client.query(
      `INSERT INTO customers (club_id, id, email)
       SELECT $1, $2 || n, $2 || n || '@bench.example' FROM generate_series(1, $3::int) AS n`,
      [clubId, prefix, count],
    );
    const at = now();
    log.committedAt.set(prefix, at);
    log.signals += count;
    log.transactions += 1;
    if (log.firstCommitMs === 0 || at < log.firstCommitMs) log.firstCommitMs = at;
    if (at > log.lastCommitMs) log.lastCommitMs = at;
  }

  /**
   * A steady rate: signal i is due at start + i / rate, one signal per transaction, written by
   * several connections so that one slow commit does not hold back the schedule. With `clubs`,
   * signal i goes to club i mod their number: the rate is spread evenly over them.
   */
  async steady(tag: string, signalsPerSecond: number, seconds: number, clubs: string[] = [this.#clubId]): Promise<CommitLog> {
    const log = emptyLog();
    const total = Math.round(signalsPerSecond * seconds);
    const start = now();
    let next = 0;
    await Promise.all(
      this.#clients.map(async (client) => {
        for (;;) {
          const i = next++;
          if (i >= total) return;
          const wait = start + (i * 1000) / signalsPerSecond - now();
          if (wait > 1) await sleep(wait);
          await this.#write(client, `cus_${tag}_${i}_`, 1, log, clubs[i % clubs.length]);
        }
      }),
    );
    return log;
  }

  /** As fast as the connections can commit, `batch` signals per transaction, until `maxSignals` or `seconds`. */
  async flatOut(tag: string, batch: number, maxSignals: number, seconds: number): Promise<CommitLog> {
    const log = emptyLog();
    const deadline = now() + seconds * 1000;
    let issued = 0;
    let n = 0;
    await Promise.all(
      this.#clients.map(async (client) => {
        while (issued < maxSignals && now() < deadline) {
          const count = Math.min(batch, maxSignals - issued);
          issued += count;
          await this.#write(client, `cus_${tag}_${n++}_`, count, log);
        }
      }),
    );
    return log;
  }

  /**
   * `signalsPerClub` signals to each of `clubs`, committed as fast as the connections can: a
   * transaction per club and `batch` signals, the clubs taken in turn (round after round when a
   * club has more than a batch).
   */
  async flatOutOver(tag: string, clubs: string[], signalsPerClub: number, batch: number): Promise<CommitLog> {
    const log = emptyLog();
    const writes: { clubId: string; count: number }[] = [];
    for (let done = 0; done < signalsPerClub; done += batch) {
      for (const clubId of clubs) writes.push({ clubId, count: Math.min(batch, signalsPerClub - done) });
    }
    let next = 0;
    await Promise.all(
      this.#clients.map(async (client) => {
        for (;;) {
          const i = next++;
          const write = writes[i];
          if (!write) return;
          await this.#write(client, `cus_${tag}_${i}_`, write.count, log, write.clubId);
        }
      }),
    );
    return log;
  }
}
