// Where PostgreSQL's time goes in a phase of the pipeline benchmark (`--pg-profile`), without
// pg_stat_statements (it needs the server restarted with it preloaded): per function, calls and
// time from pg_stat_user_functions (track_functions = 'all', set on the scratch database before
// the worker connects; the pipeline's statements and BullMQ's operations on its PostgreSQL
// backend are all PL/pgSQL or SQL functions; a SQL function inlined into its caller is not
// counted); rows written per table from pg_stat_user_tables;
// and what the database's backends were running, sampled from pg_stat_activity every 20 ms
// (statements that are not functions, and waits). All per 1,000 deliveries.
import pg from 'pg';
import { round } from './stats.ts';

/** Makes every later session of `database` count its functions' calls and time. */
export async function trackFunctions(admin: pg.Client, database: string): Promise<void> {
  await admin.query(`ALTER DATABASE ${database} SET track_functions = 'all'`);
}

/**
 * Makes every later session of `database` log the plans of a sample of its statements, nested
 * ones (inside PL/pgSQL functions) included, as they ran (rows, buffers), to the server's log:
 * the plans a worker's connections cached, which EXPLAIN from another session cannot show.
 */
export async function logPlans(admin: pg.Client, database: string, sampleRate: number): Promise<void> {
  const settings = {
    session_preload_libraries: 'auto_explain',
    'auto_explain.log_min_duration': '0',
    'auto_explain.sample_rate': String(sampleRate),
    'auto_explain.log_nested_statements': 'on',
    'auto_explain.log_analyze': 'on',
    'auto_explain.log_buffers': 'on',
    'auto_explain.log_timing': 'off',
  };
  for (const [name, value] of Object.entries(settings)) await admin.query(`ALTER DATABASE ${database} SET ${name} = '${value}'`);
}

interface Counters {
  functions: Map<string, { calls: number; total: number; self: number }>;
  tables: Map<string, { ins: number; upd: number; del: number }>;
}

async function readCounters(client: pg.Client): Promise<Counters> {
  const f = await client.query<{ name: string; calls: string; total: number; self: number }>(
    `SELECT schemaname || '.' || funcname AS name, calls, total_time AS total, self_time AS self FROM pg_stat_user_functions`,
  );
  const t = await client.query<{ name: string; ins: string; upd: string; del: string }>(
    `SELECT schemaname || '.' || relname AS name, n_tup_ins AS ins, n_tup_upd AS upd, n_tup_del AS del FROM pg_stat_user_tables`,
  );
  return {
    functions: new Map(f.rows.map((r) => [r.name, { calls: Number(r.calls), total: r.total, self: r.self }])),
    tables: new Map(t.rows.map((r) => [r.name, { ins: Number(r.ins), upd: Number(r.upd), del: Number(r.del) }])),
  };
}

/** One line of a statement, short enough to read in a table. */
const shortStatement = (query: string) => query.replace(/\s+/g, ' ').trim().slice(0, 90);

export interface PgProfile {
  functions: { name: string; calls: number; total_ms: number; self_ms: number }[];
  tables: { name: string; inserted: number; updated: number; deleted: number }[];
  /** Share of the samples in which a backend of the database was running each statement (or waiting on it). */
  active: { statement: string; wait: string; samples: number; share_of_samples: number }[];
  samples: number;
  /** Mean number of the database's backends active at a sample: how busy PostgreSQL was with it. */
  mean_active_backends: number;
}

export class PgProfiler {
  readonly #client: pg.Client;
  readonly #before: Counters;
  readonly #seen = new Map<string, number>();
  #samples = 0;
  #active = 0;
  #timer: NodeJS.Timeout;
  #busy = false;

  private constructor(client: pg.Client, before: Counters) {
    this.#client = client;
    this.#before = before;
    this.#timer = setInterval(() => void this.#sample(), 20);
  }

  static async start(databaseUrl: string): Promise<PgProfiler> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => {});
    await client.connect();
    return new PgProfiler(client, await readCounters(client));
  }

  async #sample(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    try {
      const { rows } = await this.#client.query<{ query: string; wait: string | null }>(
        `SELECT query, wait_event_type || ':' || wait_event AS wait FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      this.#samples++;
      this.#active += rows.length;
      for (const r of rows) {
        const key = `${shortStatement(r.query)}\u0000${r.wait ?? ''}`;
        this.#seen.set(key, (this.#seen.get(key) ?? 0) + 1);
      }
    } catch {
      // A missed sample is a gap, not a failure.
    } finally {
      this.#busy = false;
    }
  }

  /** Stops sampling and returns the phase's profile, per 1,000 of `deliveries`, top `top` of each. */
  async stop(deliveries: number, top = 12): Promise<PgProfile> {
    clearInterval(this.#timer);
    while (this.#busy) await new Promise((resolve) => setTimeout(resolve, 5));
    // Other sessions publish their function and table counters about once a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await readCounters(this.#client);
    await this.#client.end().catch(() => {});
    const per = (n: number) => round((n * 1000) / Math.max(deliveries, 1), 2);
    const functions = [...after.functions]
      .map(([name, a]) => {
        const b = this.#before.functions.get(name) ?? { calls: 0, total: 0, self: 0 };
        return { name, calls: per(a.calls - b.calls), total_ms: per(a.total - b.total), self_ms: per(a.self - b.self) };
      })
      .filter((f) => f.calls > 0)
      .sort((x, y) => y.self_ms - x.self_ms)
      .slice(0, top);
    const tables = [...after.tables]
      .map(([name, a]) => {
        const b = this.#before.tables.get(name) ?? { ins: 0, upd: 0, del: 0 };
        return { name, inserted: per(a.ins - b.ins), updated: per(a.upd - b.upd), deleted: per(a.del - b.del) };
      })
      .filter((t) => t.inserted + t.updated + t.deleted > 0)
      .sort((x, y) => y.inserted + y.updated + y.deleted - (x.inserted + x.updated + x.deleted))
      .slice(0, top);
    const active = [...this.#seen]
      .map(([key, samples]) => {
        const [statement, wait] = key.split('\u0000') as [string, string];
        return { statement, wait, samples, share_of_samples: round(samples / Math.max(this.#samples, 1), 3) };
      })
      .sort((x, y) => y.samples - x.samples)
      .slice(0, top);
    return { functions, tables, active, samples: this.#samples, mean_active_backends: round(this.#active / Math.max(this.#samples, 1), 2) };
  }
}
