// Writer cost: how much the signal triggers slow the platform's own writes, table by table
// (bookings, each with its court row; customers; transactions). For each table it inserts and
// then updates N rows one transaction each, then inserts and updates N rows in one statement
// each, once with the signal triggers enabled and once with them disabled, on the same scratch
// database, the two sides of each phase back to back and in turns so that machine noise hits
// both alike. Reports medians and their ratio (goals: at most 2x for one write per transaction,
// 4x for one statement), and the CPU time the PostgreSQL backend spent on each phase, which a
// busy machine disturbs less than the clock.
// For the one-statement phases it also measures a floor: the same statement without triggers
// plus storing the signals it emitted once more (the same rows under new keys, one INSERT ...
// SELECT, no touch and no rendering), and a second floor that also renders each resource as it is
// now (the service's own renderers) around the body it stores: no way of emitting those signals
// can go below it.
//
//   node bench/writer-cost.ts [--rows 10000] [--rounds 3] [--smoke]
//   BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) names a server
//   where a scratch database may be created and dropped.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_DATABASE_URL, dropDatabase, freshDatabase } from './lib/databases.ts';
import { writeReport } from './lib/report.ts';
import { median, ratio, round } from './lib/stats.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string' }, rounds: { type: 'string' }, smoke: { type: 'boolean' }, out: { type: 'string' } },
});
const rows = Number(values.rows ?? (values.smoke ? 300 : 10_000));
const rounds = Number(values.rounds ?? (values.smoke ? 1 : 3));
const scratch = `clubdata_bench_writer_${process.pid}`;

/**
 * A table the platform writes, as the phases write it: one row per transaction (an insert, then
 * an update of it) and in one statement each (`rows` inserted, then every one of them updated,
 * each update changing something the signal shows). `triggerTables`: the tables whose signal
 * triggers are switched off for the other side of each ratio.
 */
interface Writer {
  table: string;
  triggerTables: string[];
  insertOne: (client: pg.Client, id: string) => Promise<void>;
  updateOne: (client: pg.Client, id: string) => Promise<void>;
  insertMany: (client: pg.Client, prefix: string) => Promise<void>;
  updateMany: (client: pg.Client, prefix: string) => Promise<void>;
}

/** The ids the one-statement phases write under a prefix: prefix_1 … prefix_rows. */
const manyIds = (prefix: string) => Array.from({ length: rows }, (_, n) => `${prefix}_${n + 1}`);

const WRITERS: Writer[] = [
  {
    // A booking with its court row: two tables feed its representation.
    table: 'bookings',
    triggerTables: ['bookings', 'booking_spaces'],
    insertOne: async (client, id) => {
      await client.query(
        `INSERT INTO bookings (club_id, id, customer_id, business_date, starts_at, ends_at)
         VALUES ('club_bench', $1, 'cus_bench', '2026-06-01', '2026-06-01T10:00:00Z', '2026-06-01T11:00:00Z')`,
        [id],
      );
      await client.query(
        `INSERT INTO booking_spaces (club_id, booking_id, space_id, starts_at, ends_at)
         VALUES ('club_bench', $1, 'spa_bench', '2026-06-01T10:00:00Z', '2026-06-01T11:00:00Z')`,
        [id],
      );
    },
    updateOne: async (client, id) => {
      await client.query(`UPDATE bookings SET title = 'Doubles' WHERE club_id = 'club_bench' AND id = $1`, [id]);
    },
    insertMany: async (client, prefix) => {
      await client.query(
        `INSERT INTO bookings (club_id, id, customer_id, business_date, starts_at, ends_at)
         SELECT 'club_bench', $1 || '_' || n, 'cus_bench', '2026-06-02', '2026-06-02T10:00:00Z', '2026-06-02T11:00:00Z'
           FROM generate_series(1, $2) AS n`,
        [prefix, rows],
      );
    },
    // A platform's nightly update: every row of the statement changes something visible.
    updateMany: async (client, prefix) => {
      await client.query(`UPDATE bookings SET title = 'Nightly' WHERE club_id = 'club_bench' AND id = ANY ($1)`, [manyIds(prefix)]);
    },
  },
  {
    table: 'customers',
    triggerTables: ['customers', 'subscriptions'],
    insertOne: async (client, id) => {
      await client.query(`INSERT INTO customers (club_id, id, email, first_name) VALUES ('club_bench', $1, $1 || '@example.com', 'Ada')`, [id]);
    },
    updateOne: async (client, id) => {
      await client.query(`UPDATE customers SET first_name = 'Grace' WHERE club_id = 'club_bench' AND id = $1`, [id]);
    },
    insertMany: async (client, prefix) => {
      await client.query(
        `INSERT INTO customers (club_id, id, email, first_name)
         SELECT 'club_bench', $1 || '_' || n, $1 || '_' || n || '@example.com', 'Ada' FROM generate_series(1, $2) AS n`,
        [prefix, rows],
      );
    },
    updateMany: async (client, prefix) => {
      await client.query(`UPDATE customers SET first_name = 'Nightly' WHERE club_id = 'club_bench' AND id = ANY ($1)`, [manyIds(prefix)]);
    },
  },
  {
    // The ledger: charges of one order. Its rows only grow (a change to one makes no signal, and
    // its trigger fires on inserts alone), so its update phases measure what an update pays.
    table: 'transactions',
    triggerTables: ['transactions'],
    insertOne: async (client, id) => {
      await client.query(`INSERT INTO transactions (club_id, id, order_id, amount, currency) VALUES ('club_bench', $1, 'ord_bench', 1500, 'usd')`, [id]);
    },
    updateOne: async (client, id) => {
      await client.query(`UPDATE transactions SET charge_type = 'cash' WHERE club_id = 'club_bench' AND id = $1`, [id]);
    },
    insertMany: async (client, prefix) => {
      await client.query(
        `INSERT INTO transactions (club_id, id, order_id, amount, currency)
         SELECT 'club_bench', $1 || '_' || n, 'ord_bench', 1500, 'usd' FROM generate_series(1, $2) AS n`,
        [prefix, rows],
      );
    },
    updateMany: async (client, prefix) => {
      await client.query(`UPDATE transactions SET charge_type = 'cash' WHERE club_id = 'club_bench' AND id = ANY ($1)`, [manyIds(prefix)]);
    },
  },
];

/** Switches the signal triggers of a writer's tables (the row touch, or the statement's mark and touches) on or off. */
async function setTriggers(client: pg.Client, writer: Writer, enabled: boolean) {
  for (const table of writer.triggerTables) {
    const { rows } = await client.query<{ name: string }>(
      `SELECT tgname AS name FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal AND tgname LIKE '%signal%'`,
      [table],
    );
    for (const { name } of rows) await client.query(`ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
  }
}

/** The four phases of a table; each writes `rows` rows tagged `tag`, an update phase those its insert phase wrote. */
function phasesOf(writer: Writer) {
  const one = (tag: string, i: number) => `${writer.table}_${tag}_${i}`;
  return {
    [`${writer.table}: insert (one transaction each)`]: {
      goal: '<= 2.0',
      run: async (client: pg.Client, tag: string) => {
        for (let i = 0; i < rows; i++) {
          await client.query('BEGIN');
          await writer.insertOne(client, one(tag, i));
          await client.query('COMMIT');
        }
      },
    },
    [`${writer.table}: update (one transaction each)`]: {
      goal: '<= 2.0',
      run: async (client: pg.Client, tag: string) => {
        for (let i = 0; i < rows; i++) {
          await client.query('BEGIN');
          await writer.updateOne(client, one(tag, i));
          await client.query('COMMIT');
        }
      },
    },
    [`${writer.table}: insert (one statement)`]: {
      goal: '<= 4.0',
      run: (client: pg.Client, tag: string) => writer.insertMany(client, `${writer.table}_bulk_${tag}`),
    },
    [`${writer.table}: update (one statement)`]: {
      goal: '<= 4.0',
      run: (client: pg.Client, tag: string) => writer.updateMany(client, `${writer.table}_bulk_${tag}`),
    },
  };
}

const PHASES = Object.fromEntries(WRITERS.flatMap((writer) => Object.entries(phasesOf(writer)).map(([name, phase]) => [name, { ...phase, writer }])));
type Phase = string;

/**
 * The time (ms) storing the signals emitted after `afterSequence` takes once more: the same rows
 * under new keys, in one statement, then removed again (untimed).
 */
async function storeSignalsAgain(client: pg.Client, afterSequence: number): Promise<number> {
  return timedThenRemoved(
    client,
    1_000_000_000,
    `INSERT INTO signals (club_id, sequence, id, type, scope, resource_id, previous_sequence, created_at, body)
     SELECT club_id, sequence + 1000000000, id || '_again', type, scope, resource_id, previous_sequence, created_at, body
       FROM signals WHERE club_id = 'club_bench' AND sequence > $1`,
    [afterSequence],
  );
}

/** The time (ms) `sql` takes to store signals under sequences above `above`, which are then removed again (untimed). */
async function timedThenRemoved(client: pg.Client, above: number, sql: string, params: unknown[]): Promise<number> {
  const t0 = performance.now();
  await client.query(sql, params);
  const ms = performance.now() - t0;
  await client.query(`DELETE FROM signals WHERE club_id = 'club_bench' AND sequence > $1`, [above]);
  return ms;
}

/**
 * The time (ms) rendering the resources of the signals emitted after `afterSequence` and storing
 * a signal of each takes: each resource rendered as it is now by the service's own mapping
 * (cd_render_resources), wrapped in a signal body and stored under a new key, in one statement,
 * then removed again (untimed). For an update (`twice`), each is rendered twice and the two
 * renderings compared (cd_changed_attributes), as an update's signal needs its rendering before
 * and its previous attributes. What any way of emitting those signals must do at the least: no
 * touch, no ordering, no numbering.
 */
async function renderAndStoreAgain(client: pg.Client, afterSequence: number, twice: boolean): Promise<number> {
  return timedThenRemoved(
    client,
    2_000_000_000,
    `WITH emitted AS (
       SELECT array_agg(split_part(type, '.', 1) ORDER BY sequence) AS kinds, array_agg(club_id ORDER BY sequence) AS clubs,
              array_agg(resource_id ORDER BY sequence) AS resources, array_agg(sequence ORDER BY sequence) AS sequences
         FROM signals WHERE club_id = 'club_bench' AND sequence > $1
     ), rendered AS (
       SELECT e.sequences[r.n] AS sequence, e.kinds[r.n] AS kind, r.n, r.rendered FROM emitted e CROSS JOIN LATERAL cd_render_resources(e.kinds, e.clubs, e.resources) r
     ), earlier AS (
       SELECT r.n, r.rendered FROM emitted e CROSS JOIN LATERAL cd_render_resources(e.kinds, e.clubs, e.resources) r WHERE $2
     )
     INSERT INTO signals (club_id, sequence, id, type, scope, resource_id, previous_sequence, created_at, body)
     SELECT s.club_id, s.sequence + 2000000000, s.id || '_rendered', s.type, s.scope, s.resource_id, s.previous_sequence, s.created_at,
            json_build_object('id', s.id, 'object', 'signal', 'type', s.type, 'created', cd_utc(s.created_at), 'sequence', s.sequence,
              'previous_sequence', s.previous_sequence, 'api_version', 'v1', 'data', json_build_object('object', r.rendered),
              'previous_attributes', c.changed)::text
       FROM rendered r
       JOIN signals s ON s.club_id = 'club_bench' AND s.sequence = r.sequence
       LEFT JOIN earlier b ON b.n = r.n
       -- Compared only where there is an earlier rendering (a one-time filter: none for an insert).
       LEFT JOIN LATERAL (SELECT ch AS changed FROM cd_changed_attributes(b.rendered, r.rendered, cd_signal_derived_attributes(r.kind)) ch
                           WHERE b.n IS NOT NULL) c ON true`,
    [afterSequence, twice],
  );
}

/** A comparison row of ours against a floor, for each phase that measured it. */
function floorComparisons<P extends { phase: string; rows: number; with_ms: number }>(
  phases: P[],
  name: string,
  floorOf: (phase: P) => [ms: number | null, ratioToBare: number | null],
) {
  return phases.flatMap((p) => {
    const [ms, ratioToBare] = floorOf(p);
    if (ms === null) return [];
    return [
      {
        scenario: `${p.phase}, ${p.rows.toLocaleString('en-US')} rows`,
        measure: 'ms',
        ours: p.with_ms,
        limits: [{ name, value: ms }],
        ratio: ratio(p.with_ms, ms),
        ratio_of: `ours / floor; the floor is ${ratioToBare}x without triggers`,
        goal: 'reported',
      },
    ];
  });
}

async function lastSequence(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`SELECT coalesce(max(sequence), 0) AS n FROM signals WHERE club_id = 'club_bench'`);
  return Number(rows[0]!.n);
}

/** CPU time (ms) a local backend has used so far, from /proc; null when the server is elsewhere. */
function backendCpuMs(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await admin.connect();
  let client: pg.Client | undefined;
  try {
    client = new pg.Client({ connectionString: await freshDatabase(admin, scratch) });
    await client.connect();
    await client.query(`
      INSERT INTO clubs (club_id, name, timezone) VALUES ('club_bench', 'Bench', 'America/New_York');
      INSERT INTO customers (club_id, id, email) VALUES ('club_bench', 'cus_bench', 'bench@example.com');
      INSERT INTO space_categories (club_id, id, name) VALUES ('club_bench', 'spc_bench', 'Courts');
      INSERT INTO spaces (club_id, id, category_id, name, short_name) VALUES ('club_bench', 'spa_bench', 'spc_bench', 'Court 1', 'C1');
      INSERT INTO orders (club_id, id, customer_id, currency) VALUES ('club_bench', 'ord_bench', 'cus_bench', 'usd');`);
    const { rows: backendRows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = backendRows[0]!.pid;
    const samples: Record<'with' | 'without', Record<string, { ms: number[]; cpu: number[] }>> = { with: {}, without: {} };
    const storedAgain: Record<string, number[]> = {};
    const renderedAgain: Record<string, number[]> = {};
    // Each phase runs without and with the triggers back to back (in turns), so that the two
    // sides of a ratio are seconds apart, not minutes, on a machine whose load comes and goes.
    for (let r = 0; r < rounds; r++) {
      for (const [phase, { run, writer }] of Object.entries(PHASES)) {
        for (const side of r % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
          await setTriggers(client, writer, side === 'with');
          // Switching triggers and the VACUUM ANALYZE between phases make the session plan its
          // statements again, here at the bulk statement; a platform's session plans them at its
          // first, small write. One update of no row first, so that an update phase runs the
          // touch's plan a small write made (a bulk update once ran 80 times slower so).
          await writer.updateOne(client, 'no_such_row');
          const emittedAfter = await lastSequence(client);
          const [cpu0, t0] = [backendCpuMs(backend), performance.now()];
          await run(client, `${side}${r}`);
          const [cpu1, t1] = [backendCpuMs(backend), performance.now()];
          const sample = (samples[side][phase] ??= { ms: [], cpu: [] });
          sample.ms.push(t1 - t0);
          if (cpu0 !== null && cpu1 !== null) sample.cpu.push(cpu1 - cpu0);
          if (side === 'with' && phase.endsWith('(one statement)')) {
            (storedAgain[phase] ??= []).push(await storeSignalsAgain(client, emittedAfter));
            (renderedAgain[phase] ??= []).push(await renderAndStoreAgain(client, emittedAfter, phase.includes('update')));
          }
        }
        // What autovacuum would do between a platform's nightly jobs (it is off on this server):
        // the written tables, the history, and the touches each commit deletes.
        await client.query(`VACUUM ANALYZE ${[...writer.triggerTables, 'signals', 'signal_pending'].join(', ')}`);
      }
    }
    const { rows: emitted } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM signals`);
    const phases = Object.keys(PHASES).map((phase: Phase) => {
      const [w, wo] = [samples.with[phase]!, samples.without[phase]!];
      const withMs = median(w.ms);
      const withoutMs = median(wo.ms);
      const cpu = w.cpu.length && wo.cpu.length ? { with: median(w.cpu), without: median(wo.cpu) } : null;
      const floorMs = storedAgain[phase] ? withoutMs + median(storedAgain[phase]) : null;
      const renderFloorMs = renderedAgain[phase] ? withoutMs + median(renderedAgain[phase]) : null;
      return {
        phase,
        table: PHASES[phase]!.writer.table,
        rows,
        without_ms: round(withoutMs, 0),
        with_ms: round(withMs, 0),
        ratio: ratio(withMs, withoutMs),
        floor_ms: floorMs && round(floorMs, 0),
        floor_ratio: floorMs && ratio(floorMs, withoutMs),
        render_floor_ms: renderFloorMs && round(renderFloorMs, 0),
        render_floor_ratio: renderFloorMs && ratio(renderFloorMs, withoutMs),
        goal: PHASES[phase]!.goal,
        backend_cpu_without_ms: cpu && round(cpu.without, 0),
        backend_cpu_with_ms: cpu && round(cpu.with, 0),
        backend_cpu_ratio: cpu && ratio(cpu.with, cpu.without),
      };
    });
    const report = {
      benchmark: 'writer-cost',
      rounds,
      signals_emitted: emitted[0]!.n,
      phases,
      comparisons: [
        ...phases.map((p) => ({
          scenario: `${p.phase}, ${p.rows.toLocaleString('en-US')} rows`,
          measure: 'ms',
          ours: p.with_ms,
          limits: [{ name: 'triggers disabled', value: p.without_ms }],
          ratio: p.ratio,
          ratio_of: 'with / without triggers',
          goal: p.goal,
        })),
        ...floorComparisons(phases, 'floor: without triggers, plus storing the same signals again', (p) => [p.floor_ms, p.floor_ratio]),
        ...floorComparisons(
          phases,
          'floor: without triggers, plus rendering (an update: twice, and comparing) and storing the same signals',
          (p) => [p.render_floor_ms, p.render_floor_ratio],
        ),
      ],
      notes: [
        'Each phase writes its rows with the signal triggers on, and again with them off, back to back, in turns; medians of the rounds. A ratio compares the two sides of one phase in this run: the clock of the side without triggers moves with the machine and with the tables\' history, so ratios from different runs do not compare well. Before each side, an update of no row makes the session plan the touch of an update as a platform\'s first small write does.',
        'Bookings are written with their court row (two tables feed a booking); transactions fire their trigger on inserts alone (the ledger only grows, so an update makes no signal and pays nothing).',
        'Floor: the statement without triggers, plus storing the signals it emitted once more (one INSERT ... SELECT of the same rows under new keys): what storing them costs, with no touch, no rendering and no comparison. An update pays for two renderings of each resource (before and after) and their comparison, which the floor leaves out.',
        'Floor with rendering: the statement without triggers, plus rendering each resource of those signals as it is now (cd_render_resources, the service\'s one mapping from kind to renderer) and storing a signal body around it, in one INSERT ... SELECT; for an update, each resource rendered twice and the two compared (cd_changed_attributes), as its signal needs its rendering before and its previous attributes. What emitting exactly those signals costs at the least, with no touch, no ordering and no numbering.',
      ],
      tables: [
        {
          title: 'CPU time of the PostgreSQL backend (medians, ms): steadier than the clock on a busy machine',
          columns: ['Phase', 'Triggers disabled', 'Ours', 'Ratio'],
          rows: phases.map((p) => [p.phase, p.backend_cpu_without_ms, p.backend_cpu_with_ms, p.backend_cpu_ratio]),
        },
      ],
    };
    console.table(
      phases.map(({ phase, without_ms, with_ms, ratio, backend_cpu_ratio, floor_ratio, render_floor_ratio }) => ({
        phase,
        without_ms,
        with_ms,
        ratio,
        backend_cpu_ratio,
        floor_ratio,
        render_floor_ratio,
      })),
    );
    console.log(`signals emitted: ${emitted[0]!.n}`);
    await writeReport(values.out, report);
  } finally {
    await client?.end().catch(() => {});
    await dropDatabase(admin, scratch);
    await admin.end();
  }
}

await main();
