// The schema runner (src/db/migrate.ts) and the sql/ loader (src/db/definitions.ts) on real,
// empty databases: what a fresh database gets, how a database built by the migrations of before
// sql/ upgrades, which edits are refused, and what a changed, removed or broken file does.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFINITIONS_DIR, readDefinitions } from '../../src/db/definitions.ts';
import { MIGRATIONS_DIR, migrate, readMigrations } from '../../src/db/migrate.ts';
import type { Pool } from '../../src/db/pool.ts';
import { json, runCli } from '../cli/run-cli.ts';
import { insertBooking, insertCustomer, insertSpace, insertSpaceCategory } from '../fixtures.ts';
import { cleanUp, createTestDatabase, insertClub } from '../helper.ts';

const REPOSITORY = fileURLToPath(new URL('../..', import.meta.url));
/** Every migration of the checkout, by name, in order. */
const MIGRATIONS = readMigrations().map((migration) => migration.name);

/** Functions, trigger bindings and the rest of the schema, as PostgreSQL prints them back. */
type Schema = Record<'functions' | 'triggers' | 'columns' | 'constraints' | 'indexes', Map<string, string>>;

async function describeSchema(pool: Pool): Promise<Schema> {
  const pairs = async (sql: string) => new Map((await pool.query<{ k: string; v: string }>(sql)).rows.map((r) => [r.k, r.v]));
  return {
    functions: await pairs(`
      SELECT p.oid::regprocedure::text AS k, pg_get_functiondef(p.oid) AS v
        FROM pg_proc p
       WHERE p.pronamespace = 'public'::regnamespace
         AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')`),
    triggers: await pairs(`
      SELECT t.tgrelid::regclass || '.' || t.tgname AS k, pg_get_triggerdef(t.oid) AS v
        FROM pg_trigger t WHERE NOT t.tgisinternal`),
    columns: await pairs(`
      SELECT table_name || '.' || column_name AS k,
             concat_ws(' ', data_type, is_nullable, column_default) AS v
        FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name NOT IN ('schema_migrations', 'schema_definitions')`),
    constraints: await pairs(`
      SELECT conrelid::regclass || '.' || conname AS k, pg_get_constraintdef(oid) AS v
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace
         AND conrelid::regclass::text NOT IN ('schema_migrations', 'schema_definitions')`),
    indexes: await pairs(`
      SELECT indexname AS k, indexdef AS v FROM pg_indexes
       WHERE schemaname = 'public' AND tablename NOT IN ('schema_migrations', 'schema_definitions')`),
  };
}

/**
 * Every row of every table, as a digest per table, to show an upgrade loses nothing. Signals
 * without their bodies, which 0020 gave previous_sequence (compared on their own below).
 */
async function digestRows(pool: Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'
        AND tablename NOT IN ('schema_migrations', 'schema_definitions') ORDER BY 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables) {
    const row = name === 'signals' ? '(t.club_id, t.sequence, t.id, t.type, t.scope, t.resource_id, t.created_at)' : 't';
    const { rows } = await pool.query<{ n: string; md5: string | null }>(
      `SELECT count(*) AS n, md5(string_agg(${row}::text, ',' ORDER BY ${row}::text)) AS md5 FROM ${name} t`,
    );
    digest[name] = `${rows[0]!.n} ${rows[0]!.md5}`;
  }
  return digest;
}

/** The stored signals in (club, sequence) order, with previous_sequence once the column exists. */
async function storedBodies(
  pool: Pool,
): Promise<{ club_id: string; sequence: number; resource_id: string; body: string; previous_sequence: number | null | undefined }[]> {
  const { rows } = await pool.query('SELECT to_jsonb(s) AS s FROM signals s ORDER BY club_id, sequence');
  return rows.map(({ s }) => ({ ...s, sequence: Number(s.sequence) }));
}

function differences(left: Map<string, string>, right: Map<string, string>): string[] {
  const keys = new Set([...left.keys(), ...right.keys()]);
  return [...keys].filter((key) => left.get(key) !== right.get(key)).sort();
}

/** Copies of migrations/ and sql/ that a test may change. */
function scratchDirs(): { migrations: string; definitions: string } {
  const root = mkdtempSync(join(tmpdir(), 'clubdata-migrate-'));
  cleanUp(() => rmSync(root, { recursive: true, force: true }));
  const dirs = { migrations: join(root, 'migrations'), definitions: join(root, 'sql') };
  cpSync(MIGRATIONS_DIR, dirs.migrations, { recursive: true });
  cpSync(DEFINITIONS_DIR, dirs.definitions, { recursive: true });
  return dirs;
}

function writeProbe(dirs: { definitions: string }, name: string, text: string): void {
  mkdirSync(join(dirs.definitions, '9-probe'), { recursive: true });
  writeFileSync(join(dirs.definitions, '9-probe', `${name}.sql`), text);
}

async function probeDefinition(pool: Pool, name: string): Promise<string[]> {
  const { rows } = await pool.query<{ def: string }>(
    "SELECT pg_get_functiondef(oid) AS def FROM pg_proc WHERE proname = $1 AND pronamespace = 'public'::regnamespace",
    [name],
  );
  return rows.map((row) => row.def);
}

describe('one home for every function', () => {
  it('gives every function of a migrated schema exactly one file in sql/, and no migration defines one', async () => {
    const { pool } = await createTestDatabase();
    const { functions } = await describeSchema(pool);
    const inSchema = [...functions.keys()].map((signature) => signature.replace(/\(.*$/, '')).sort();
    const files = readDefinitions().map((definition) => definition.name).sort();
    expect(inSchema).toEqual(files);
    expect(new Set(inSchema).size).toBe(inSchema.length);
    for (const migration of readMigrations()) expect(migration.text, migration.file).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?FUNCTION/i);
  });

  it('refuses a function defined in two files, or a file that defines another function', () => {
    const dirs = scratchDirs();
    writeProbe(dirs, 'cd_utc', readFileSync(join(DEFINITIONS_DIR, '0-core', 'cd_utc.sql'), 'utf8'));
    expect(() => readDefinitions(dirs.definitions)).toThrow('cd_utc is defined twice: sql/0-core/cd_utc.sql and sql/9-probe/cd_utc.sql');
    writeProbe(dirs, 'cd_utc', "CREATE OR REPLACE FUNCTION cd_other() RETURNS int LANGUAGE sql AS 'SELECT 1';\n");
    expect(() => readDefinitions(dirs.definitions)).toThrow('sql/9-probe/cd_utc.sql must hold exactly one CREATE OR REPLACE FUNCTION cd_utc(...)');
  });
});

// Databases built by the migrations as they were before sql/, taken from git history: at the
// commit that added 0011 (eleven migrations, each defining its functions) and at the last commit
// before the baseline (twelve), with the rows node-pg-migrate recorded for them.
describe.each([
  ['4da5390', ['0011_baseline']],
  ['2918b8d', ['0011_baseline', '0012_idempotency_keys']],
])('a database migrated by the files of %s', (commit, adopted) => {
  const expectedMigrations = MIGRATIONS.filter((name) => !adopted.includes(name));
  it('upgrades with no loss and ends with the functions and triggers of a fresh database', async () => {
    const git = (...args: string[]) => {
      try {
        return execFileSync('git', ['-C', REPOSITORY, ...args], { encoding: 'utf8' });
      } catch (error) {
        throw new Error(`this test reads commit ${commit} from git history: run it in a full clone`, { cause: error });
      }
    };
    const migrations = git('ls-tree', '--name-only', commit, 'migrations/').split('\n').filter((file) => file.endsWith('.sql'));
    expect(migrations.length).toBeGreaterThanOrEqual(11);

    const { url, pool } = await createTestDatabase({ empty: true });
    await pool.query('CREATE TABLE schema_migrations (id serial PRIMARY KEY, name varchar(255) NOT NULL, run_on timestamp NOT NULL)');
    for (const file of migrations) {
      await pool.query(`BEGIN; ${git('show', `${commit}:${file}`)}; COMMIT`);
      await pool.query('INSERT INTO schema_migrations (name, run_on) VALUES ($1, now())', [file.replace(/^migrations\/|\.sql$/g, '')]);
    }

    // Data and signals, written as the platform writes them.
    const club = await insertClub(pool);
    const customer = await insertCustomer(pool, club.id, { firstName: 'Ada' });
    await insertCustomer(pool, club.id);
    await pool.query("UPDATE customers SET first_name = 'Grace' WHERE club_id = $1 AND id = $2", [club.id, customer]);
    const category = await insertSpaceCategory(pool, club.id);
    const space = await insertSpace(pool, club.id, { categoryId: category, name: 'Court 1' });
    await insertBooking(pool, club.id, {
      customerId: customer,
      businessDate: '2026-03-02',
      start: '2026-03-02T14:00:00Z',
      end: '2026-03-02T15:00:00Z',
      spaces: [{ spaceId: space, start: '2026-03-02T14:00:00Z', end: '2026-03-02T15:00:00Z' }],
    });
    const rowsBefore = await digestRows(pool);
    const bodiesBefore = await storedBodies(pool);
    const files = readDefinitions().map((definition) => definition.name);
    const legacy = [...(await describeSchema(pool)).functions.keys()].map((signature) => signature.replace(/\(.*$/, ''));
    expect(legacy).toContain('cd_club_timezone'); // dead since 0008, and in no file
    const { rows: signals } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM signals WHERE club_id = $1', [club.id]);
    expect(Number(signals[0]!.n)).toBeGreaterThanOrEqual(4);

    const report = await migrate(url);
    expect(report.migrations).toEqual(expectedMigrations);
    expect(report.dropped).toEqual(legacy.filter((name) => !files.includes(name)).sort());
    // Every file is applied; those a pending migration requires come first.
    expect([...report.definitions].sort()).toEqual([...files].sort());

    const fresh = await createTestDatabase();
    const [upgraded, expected] = [await describeSchema(pool), await describeSchema(fresh.pool)];
    for (const kind of Object.keys(expected) as (keyof Schema)[]) {
      const diff = differences(upgraded[kind], expected[kind]);
      console.log(`upgrade from ${commit}: ${kind} compared: ${expected[kind].size}, differences: ${diff.length}`);
      expect(diff, kind).toEqual([]);
    }
    const rowsAfter = await digestRows(pool);
    // Every row is kept; tables that later migrations made (idempotency_keys, demo_key) are empty.
    const added = Object.keys(rowsAfter).filter((table) => !(table in rowsBefore));
    expect(rowsAfter).toEqual({ ...rowsBefore, ...Object.fromEntries(added.map((table) => [table, '0 null'])) });
    // Each stored body is the same bytes with previous_sequence after sequence: the sequence of
    // the previous signal about the same resource, or null (Ada's update names her creation).
    const bodiesAfter = await storedBodies(pool);
    expect(bodiesAfter.map((s) => s.sequence)).toEqual(bodiesBefore.map((s) => s.sequence));
    const lastOf = new Map<string, number>();
    bodiesBefore.forEach((before, i) => {
      const key = `${before.club_id} ${before.resource_id}`;
      const previous = lastOf.get(key) ?? null;
      lastOf.set(key, before.sequence);
      const marker = `"sequence" : ${before.sequence}, `;
      expect(bodiesAfter[i]!.body).toBe(before.body.replace(marker, `${marker}"previous_sequence" : ${previous}, `));
      expect(bodiesAfter[i]!.previous_sequence).toBe(previous);
    });
    const ada = bodiesAfter.filter((s) => s.resource_id === customer);
    expect(ada.map((s) => s.previous_sequence)).toEqual([null, ada[0]!.sequence]);

    // The pipeline goes on where it was: the next change gets the next sequence.
    const { rows: last } = await pool.query<{ s: string }>('SELECT max(sequence) AS s FROM signals WHERE club_id = $1', [club.id]);
    await pool.query("UPDATE customers SET first_name = 'Ida' WHERE club_id = $1 AND id = $2", [club.id, customer]);
    const { rows: next } = await pool.query<{ sequence: string; type: string }>(
      'SELECT sequence, type FROM signals WHERE club_id = $1 ORDER BY sequence DESC LIMIT 1',
      [club.id],
    );
    expect(next[0]).toEqual({ sequence: String(Number(last[0]!.s) + 1), type: 'customer.updated' });

    expect(await migrate(url)).toEqual({ migrations: [], definitions: [], dropped: [] });
  });
});

describe('migrations', () => {
  it('refuses a migration file changed after it was applied, naming it, and applies nothing', async () => {
    const dirs = scratchDirs();
    const { url, pool } = await createTestDatabase({ empty: true });
    await migrate(url, dirs);
    appendFileSync(join(dirs.migrations, '0012_idempotency_keys.sql'), '-- an edit in place\n');
    writeFileSync(join(dirs.migrations, '0013_probe.sql'), 'CREATE TABLE probe (id int);\n');
    await expect(migrate(url, dirs)).rejects.toThrow(
      'migrations/0012_idempotency_keys.sql was changed after it was applied to this database; restore the file and put the change in a new migration',
    );
    const { rows } = await pool.query("SELECT 1 FROM pg_tables WHERE tablename = 'probe'");
    expect(rows).toEqual([]);
  });

  it('refuses a database ahead of the checkout, and a new migration numbered before an applied one', async () => {
    const dirs = scratchDirs();
    const { url, pool } = await createTestDatabase({ empty: true });
    await migrate(url, dirs);
    writeFileSync(join(dirs.migrations, '0005_late.sql'), 'SELECT 1;\n');
    await expect(migrate(url, dirs)).rejects.toThrow(`migrations/0005_late.sql sorts before ${MIGRATIONS.at(-1)}, which is already applied`);
    rmSync(join(dirs.migrations, '0005_late.sql'));
    await pool.query("INSERT INTO schema_migrations (name, run_on, checksum) VALUES ('0099_future', now(), 'x')");
    await expect(migrate(url, dirs)).rejects.toThrow('the database has migration 0099_future, which this checkout lacks');
  });

  it('refuses a database that stopped partway through the folded migrations', async () => {
    const { url, pool } = await createTestDatabase({ empty: true });
    await pool.query('CREATE TABLE schema_migrations (id serial PRIMARY KEY, name varchar(255) NOT NULL, run_on timestamp NOT NULL)');
    await pool.query("INSERT INTO schema_migrations (name, run_on) VALUES ('0001_core_helpers', now()), ('0002_club_data', now())");
    await expect(migrate(url)).rejects.toThrow(/the database stopped at an early migration \(it lacks 0003_render_customers, .*0011_signal_sequence_per_transaction\)/);
  });

  it('loads the functions a migration requires before it runs', async () => {
    const dirs = scratchDirs();
    writeProbe(dirs, 'cd_probe_default', "CREATE OR REPLACE FUNCTION cd_probe_default() RETURNS text LANGUAGE sql AS $$ SELECT 'probe' $$;\n");
    const table = 'CREATE TABLE probe (label text NOT NULL DEFAULT cd_probe_default());\nINSERT INTO probe DEFAULT VALUES;\n';
    writeFileSync(join(dirs.migrations, '0013_probe.sql'), table);
    const { url, pool } = await createTestDatabase({ empty: true });
    await expect(migrate(url, dirs)).rejects.toThrow(/migrations\/0013_probe.sql, line 1: function cd_probe_default\(\) does not exist/);

    writeFileSync(join(dirs.migrations, '0013_probe.sql'), `-- requires: cd_probe_default\n${table}`);
    await migrate(url, dirs);
    expect((await pool.query('SELECT label FROM probe')).rows).toEqual([{ label: 'probe' }]);

    writeFileSync(join(dirs.migrations, '0014_probe.sql'), '-- requires: cd_nowhere\nSELECT 1;\n');
    await expect(migrate(url, dirs)).rejects.toThrow('migrations/0014_probe.sql requires cd_nowhere, which no file in sql/ defines');
  });

  it("works in schema public even where a schema named after the user comes first (BullMQ's, with the embedded database)", async () => {
    const { url, pool } = await createTestDatabase({ empty: true });
    await migrate(url);
    // As BullMQ's PostgreSQL backend leaves it when the queue prefix is the user's name.
    const { rows: user } = await pool.query<{ name: string }>('SELECT current_user AS name');
    const schema = `"${user[0]!.name}"`;
    await pool.query(`CREATE SCHEMA ${schema}; CREATE FUNCTION ${schema}.add_job() RETURNS int LANGUAGE sql AS 'SELECT 1'`);
    expect(await migrate(url)).toEqual({ migrations: [], definitions: [], dropped: [] });
    const { rows } = await pool.query(`SELECT 1 FROM pg_proc WHERE proname = 'add_job' AND pronamespace = $1::regnamespace`, [user[0]!.name]);
    expect(rows).toHaveLength(1);
  });

  it('lets processes starting together take turns', async () => {
    const { url } = await createTestDatabase({ empty: true });
    const reports = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    expect(reports.map((report) => report.migrations.length).sort()).toEqual([0, 0, MIGRATIONS.length]);
  });
});

describe('the functions of sql/', () => {
  it('applies a file again only when it changed', async () => {
    const dirs = scratchDirs();
    const { url } = await createTestDatabase({ empty: true });
    await migrate(url, dirs);
    expect((await migrate(url, dirs)).definitions).toEqual([]);
    appendFileSync(join(dirs.definitions, '0-core', 'cd_utc.sql'), '-- a comment changes the file\n');
    expect(await migrate(url, dirs)).toEqual({ migrations: [], definitions: ['cd_utc'], dropped: [] });
  });

  it('drops a function whose file was removed', async () => {
    const dirs = scratchDirs();
    writeProbe(dirs, 'cd_probe', "CREATE OR REPLACE FUNCTION cd_probe() RETURNS int LANGUAGE sql AS 'SELECT 1';\n");
    const { url, pool } = await createTestDatabase({ empty: true });
    await migrate(url, dirs);
    expect(await probeDefinition(pool, 'cd_probe')).toHaveLength(1);
    rmSync(join(dirs.definitions, '9-probe', 'cd_probe.sql'));
    expect((await migrate(url, dirs)).dropped).toEqual(['cd_probe']);
    expect(await probeDefinition(pool, 'cd_probe')).toEqual([]);
    expect((await pool.query("SELECT 1 FROM schema_definitions WHERE name = 'cd_probe'")).rows).toEqual([]);
  });

  it('replaces a function whose parameters or result changed, leaving no old version behind', async () => {
    const dirs = scratchDirs();
    const { url, pool } = await createTestDatabase({ empty: true });
    writeProbe(dirs, 'cd_probe', "CREATE OR REPLACE FUNCTION cd_probe(n int) RETURNS int LANGUAGE sql AS 'SELECT n';\n");
    await migrate(url, dirs);
    writeProbe(dirs, 'cd_probe', "CREATE OR REPLACE FUNCTION cd_probe(n text) RETURNS int LANGUAGE sql AS 'SELECT length(n)';\n");
    await migrate(url, dirs);
    expect((await pool.query("SELECT cd_probe('abc') AS v")).rows).toEqual([{ v: 3 }]);
    expect(await probeDefinition(pool, 'cd_probe')).toHaveLength(1);
    writeProbe(dirs, 'cd_probe', "CREATE OR REPLACE FUNCTION cd_probe(n text) RETURNS text LANGUAGE sql AS 'SELECT upper(n)';\n");
    await migrate(url, dirs);
    expect((await pool.query("SELECT cd_probe('abc') AS v")).rows).toEqual([{ v: 'ABC' }]);
  });

  it('refuses a file PostgreSQL cannot apply, naming file and line, and keeps the old definition', async () => {
    const dirs = scratchDirs();
    const { url, pool } = await createTestDatabase({ empty: true });
    await migrate(url, dirs);
    const before = await probeDefinition(pool, 'cd_utc');
    const file = join(dirs.definitions, '0-core', 'cd_utc.sql');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('SELECT to_char', 'SELECT to_char_nowhere'));
    await expect(migrate(url, dirs)).rejects.toThrow(/^sql\/0-core\/cd_utc.sql: function to_char_nowhere\(.*\) does not exist/);
    writeFileSync(file, text.replace('LANGUAGE sql', 'LANGUAGE plpgsql').replace('SELECT to_char', 'BEGIN SELECT to_char'));
    await expect(migrate(url, dirs)).rejects.toThrow(/^sql\/0-core\/cd_utc.sql: unexpected end of function definition/);
    expect(await probeDefinition(pool, 'cd_utc')).toEqual(before);
  });
});

describe('clubdata migrate', () => {
  it('says what it applied, then that the database is up to date, and refuses an edited migration with exit 1', async () => {
    const { url, pool } = await createTestDatabase({ empty: true });
    const first = await runCli(url, ['migrate']);
    expect(first).toEqual({
      code: 0,
      stdout: `migrations applied: ${MIGRATIONS.join(', ')}\nfunctions loaded from sql/: ${readDefinitions().length}\n`,
      stderr: '',
    });
    expect(json(await runCli(url, ['migrate', '--json']))).toEqual({ migrations: [], definitions: [], dropped: [] });

    // As if 0012 had been edited after it ran here.
    await pool.query("UPDATE schema_migrations SET checksum = 'edited' WHERE name = '0012_idempotency_keys'");
    expect(await runCli(url, ['migrate'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'clubdata: migrations/0012_idempotency_keys.sql was changed after it was applied to this database; ' +
        'restore the file and put the change in a new migration\n',
    });
  });
});
