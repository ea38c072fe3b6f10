// Writer cost: how much the signal triggers slow the platform's own writes.
// Inserts and then updates N bookings (each with its court row), once with the signal
// triggers enabled and once with them disabled, on the same scratch database, alternating
// rounds so that machine noise hits both sides alike. Reports medians and their ratio.
//
//   node bench/writer-cost.ts [--rows 10000] [--rounds 3] [--smoke]
//   BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) names a server
//   where a scratch database may be created and dropped.
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

const SIGNAL_TABLES = ['bookings', 'booking_spaces'];

async function setTriggers(client: pg.Client, enabled: boolean) {
  for (const table of SIGNAL_TABLES) {
    await client.query(`ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER _500_signal_touch`);
  }
}

type Phase = 'insert (one transaction each)' | 'update (one transaction each)' | 'insert (one statement)';

async function runRound(client: pg.Client, tag: string): Promise<Record<Phase, number>> {
  const ids: string[] = [];
  const t0 = performance.now();
  for (let i = 0; i < rows; i++) {
    const id = `bkg_${tag}_${i}`;
    ids.push(id);
    await client.query('BEGIN');
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
    await client.query('COMMIT');
  }
  const t1 = performance.now();
  for (const id of ids) {
    await client.query('BEGIN');
    await client.query(`UPDATE bookings SET title = 'Doubles' WHERE club_id = 'club_bench' AND id = $1`, [id]);
    await client.query('COMMIT');
  }
  const t2 = performance.now();
  await client.query(
    `INSERT INTO bookings (club_id, id, customer_id, business_date, starts_at, ends_at)
     SELECT 'club_bench', 'bkg_bulk_' || $1 || '_' || n, 'cus_bench', '2026-06-02', '2026-06-02T10:00:00Z', '2026-06-02T11:00:00Z'
       FROM generate_series(1, $2) AS n`,
    [tag, rows],
  );
  const t3 = performance.now();
  return {
    'insert (one transaction each)': t1 - t0,
    'update (one transaction each)': t2 - t1,
    'insert (one statement)': t3 - t2,
  };
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
      INSERT INTO spaces (club_id, id, category_id, name, short_name) VALUES ('club_bench', 'spa_bench', 'spc_bench', 'Court 1', 'C1');`);
    const samples: Record<'with' | 'without', Record<string, number[]>> = { with: {}, without: {} };
    for (let r = 0; r < rounds; r++) {
      for (const side of r % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
        await setTriggers(client, side === 'with');
        const result = await runRound(client, `${side}${r}`);
        for (const [phase, ms] of Object.entries(result)) (samples[side][phase] ??= []).push(ms);
        await client.query('VACUUM ANALYZE bookings, booking_spaces, signals');
      }
    }
    const { rows: emitted } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM signals`);
    const phases = Object.keys(samples.with).map((phase) => {
      const withMs = median(samples.with[phase]!);
      const withoutMs = median(samples.without[phase]!);
      return { phase, rows, without_ms: round(withoutMs, 0), with_ms: round(withMs, 0), ratio: ratio(withMs, withoutMs) };
    });
    const report = { benchmark: 'writer-cost', goal: 'ratio <= 2.0', rounds, signals_emitted: emitted[0]!.n, phases };
    console.table(phases);
    console.log(`signals emitted: ${emitted[0]!.n}`);
    await writeReport(values.out, report);
  } finally {
    await client?.end().catch(() => {});
    await dropDatabase(admin, scratch);
    await admin.end();
  }
}

await main();
