// Brings a database to this checkout's schema, at `clubdata migrate` and at every start, in one
// transaction under an advisory lock (so processes starting together take turns):
// 1. the files of migrations/ not yet applied, in name order. Each applied file's checksum is
//    kept in schema_migrations, and a file changed after it was applied is refused: a change
//    goes in a new migration. A migration that needs functions while it runs (a column default,
//    a check, a trigger binding) names them in a `-- requires:` line; they load from sql/ first.
// 2. the functions of sql/ whose file changed, and the drop of those with no file any more
//    (src/db/definitions.ts).
// The first eleven migrations, which also defined the functions, are folded into
// 0011_baseline.sql; a database they built records the baseline in their place (adoptBaseline).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PoolClient } from 'pg';
import { checksum, DEFINITIONS_DIR, loadDefinitions, located, readDefinitions, SchemaError } from './definitions.ts';
import { createPool } from './pool.ts';
import { withTransaction } from './transaction.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Any fixed number shared by every process of the service: the key of the migration lock. */
const MIGRATION_LOCK = 7_424_311_220_001;

export interface MigrationReport {
  /** The migrations applied by this run, by name (the file name without `.sql`). */
  migrations: string[];
  /** The functions (re)applied from sql/. */
  definitions: string[];
  /** The functions dropped because no file defines them. */
  dropped: string[];
}

export interface MigrationDirs {
  migrations?: string;
  definitions?: string;
}

interface Migration {
  name: string;
  file: string;
  text: string;
  checksum: string;
  requires: string[];
}

export async function migrate(databaseUrl: string, dirs: MigrationDirs = {}): Promise<MigrationReport> {
  const migrations = readMigrations(dirs.migrations ?? MIGRATIONS_DIR);
  const definitions = readDefinitions(dirs.definitions ?? DEFINITIONS_DIR);
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  for (const migration of migrations) {
    for (const name of migration.requires) {
      if (!byName.has(name)) throw new SchemaError(`${migration.file} requires ${name}, which no file in sql/ defines`);
    }
  }

  const pool = createPool(databaseUrl, 1);
  try {
    return await withTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        id       serial PRIMARY KEY,
        name     varchar(255) NOT NULL,
        run_on   timestamp NOT NULL,
        checksum text
      )`);
      await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
      await adoptBaseline(client, migrations);
      const pending = await pendingMigrations(client, migrations);

      const report: MigrationReport = { migrations: [], definitions: [], dropped: [] };
      for (const migration of pending) {
        const required = migration.requires.map((name) => byName.get(name)!);
        report.definitions.push(...(await loadDefinitions(client, definitions, required)).applied);
        await client.query(migration.text).catch((error: unknown) => {
          throw located(error, migration);
        });
        await client.query('INSERT INTO schema_migrations (name, run_on, checksum) VALUES ($1, now(), $2)', [
          migration.name,
          migration.checksum,
        ]);
        report.migrations.push(migration.name);
      }
      const loaded = await loadDefinitions(client, definitions);
      report.definitions.push(...loaded.applied);
      report.dropped = loaded.dropped;
      return report;
    });
  } finally {
    await pool.end();
  }
}

const REQUIRES = /^--\s*requires:(.*)$/gm;

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((entry) => entry.endsWith('.sql'))
    .sort()
    .map((entry) => {
      const file = `migrations/${entry}`;
      if (!/^\d{4}_[a-z0-9_]+\.sql$/.test(entry)) throw new SchemaError(`${file}: a migration is named NNNN_short_name.sql`);
      const text = readFileSync(join(dir, entry), 'utf8');
      const requires = [...text.matchAll(REQUIRES)].flatMap((match) => match[1]!.split(/[\s,]+/).filter(Boolean));
      return { name: entry.slice(0, -'.sql'.length), file, text, checksum: checksum(text), requires };
    });
}

/**
 * The migrations still to run. Refuses a database that is ahead of this checkout or that ran
 * a file this checkout changed, and a new file that sorts before one already applied.
 */
async function pendingMigrations(client: PoolClient, migrations: Migration[]): Promise<Migration[]> {
  const { rows } = await client.query<{ id: number; name: string; checksum: string | null }>(
    'SELECT id, name, checksum FROM schema_migrations ORDER BY name',
  );
  const files = new Map(migrations.map((migration) => [migration.name, migration]));
  for (const row of rows) {
    const migration = files.get(row.name);
    if (!migration) {
      throw new SchemaError(`the database has migration ${row.name}, which this checkout lacks: it was migrated by a newer version`);
    }
    if (row.checksum === null) {
      // Applied before checksums were kept: the file as it is now is taken as the one that ran.
      await client.query('UPDATE schema_migrations SET checksum = $1 WHERE id = $2', [migration.checksum, row.id]);
    } else if (row.checksum !== migration.checksum) {
      throw new SchemaError(
        `${migration.file} was changed after it was applied to this database; ` +
          'restore the file and put the change in a new migration',
      );
    }
  }
  const last = rows.at(-1)?.name;
  const pending = migrations.filter((migration) => !rows.some((row) => row.name === migration.name));
  const early = pending.find((migration) => last !== undefined && migration.name < last);
  if (early) throw new SchemaError(`${early.file} sorts before ${last}, which is already applied: give it a later number`);
  return pending;
}

/** The first eleven migrations, as node-pg-migrate recorded them before 0011_baseline.sql. */
const FOLDED = [
  '0001_core_helpers',
  '0002_club_data',
  '0003_render_customers',
  '0004_render_club_resources',
  '0005_render_bookings_events',
  '0006_signals',
  '0007_webhooks',
  '0008_schedule_items_club_timezone',
  '0009_delivery_batches',
  '0010_relay_pass',
  '0011_signal_sequence_per_transaction',
];
const BASELINE = '0011_baseline';

/**
 * A database built by the eleven folded migrations has the baseline's tables already: it records
 * the baseline instead of them, and the final load replaces every function with its sql/ file.
 */
async function adoptBaseline(client: PoolClient, migrations: Migration[]): Promise<void> {
  const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations WHERE name = ANY ($1)', [FOLDED]);
  if (rows.length === 0) return;
  if (rows.length < FOLDED.length) {
    const missing = FOLDED.filter((name) => !rows.some((row) => row.name === name));
    throw new SchemaError(
      `the database stopped at an early migration (it lacks ${missing.join(', ')}); ` +
        'no upgrade path exists from there: build a new database',
    );
  }
  const baseline = migrations.find((migration) => migration.name === BASELINE);
  if (!baseline) throw new SchemaError(`migrations/${BASELINE}.sql is missing`);
  await client.query('DELETE FROM schema_migrations WHERE name = ANY ($1)', [FOLDED]);
  await client.query('INSERT INTO schema_migrations (name, run_on, checksum) VALUES ($1, now(), $2)', [BASELINE, baseline.checksum]);
}

/** The report in a few lines, for the CLI. */
export function describeMigration(report: MigrationReport): string {
  const lines = [];
  if (report.migrations.length) lines.push(`migrations applied: ${report.migrations.join(', ')}`);
  if (report.definitions.length) lines.push(`functions loaded from sql/: ${report.definitions.length}`);
  if (report.dropped.length) lines.push(`functions dropped (no file in sql/): ${report.dropped.join(', ')}`);
  return lines.length ? lines.join('\n') : 'database is up to date';
}
