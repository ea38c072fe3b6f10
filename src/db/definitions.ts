// The functions of the schema, one per file in sql/<stage>/<function>.sql (sql/README.md). The
// files are the whole truth: loadDefinitions applies those that changed since they were last
// applied (a checksum per function in schema_definitions), and drops every function of the
// schema that no file defines.
//
// Bodies are not checked while the files load (check_function_bodies off), so the files load in
// any order and may call each other; once all are in place, each applied function goes through
// its language's validator, which parses and (for SQL functions) plans the body against the
// schema as it now is.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PoolClient } from 'pg';

export const DEFINITIONS_DIR = fileURLToPath(new URL('../../sql', import.meta.url));

/** A file of sql/ that cannot be applied, or a definition PostgreSQL refused. */
export class SchemaError extends Error {
  override name = 'SchemaError';
}

export interface Definition {
  /** The function's name, which is also the file's name. */
  name: string;
  /** The path from the repository root, for messages: `sql/1-render/cd_render_booking.sql`. */
  file: string;
  text: string;
  checksum: string;
}

export function checksum(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const STAGE = /^\d+-[a-z0-9-]+$/;
const NAME = /^[a-z_][a-z0-9_]*$/;
const CREATE = /\bCREATE\s+(OR\s+REPLACE\s+)?FUNCTION\s+([A-Za-z_][A-Za-z0-9_.]*)\s*\(/gi;

/** Reads sql/: the stage folders in their numbered order, the files of each in name order. */
export function readDefinitions(dir = DEFINITIONS_DIR): Definition[] {
  const definitions: Definition[] = [];
  const seen = new Map<string, string>();
  const stages = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const stage of stages.map((entry) => entry.name).sort(byNumber)) {
    if (!STAGE.test(stage)) throw new SchemaError(`sql/${stage}: a stage folder is named <number>-<stage>, such as 2-signals`);
    for (const entry of readdirSync(join(dir, stage)).sort()) {
      if (!entry.endsWith('.sql')) continue;
      const name = entry.slice(0, -'.sql'.length);
      const file = `sql/${stage}/${entry}`;
      if (!NAME.test(name)) throw new SchemaError(`${file}: a definition file is named after its function, in lower case`);
      const text = readFileSync(join(dir, stage, entry), 'utf8');
      const created = [...text.matchAll(CREATE)];
      if (created.length !== 1 || created[0]![2] !== name || !created[0]![1]) {
        throw new SchemaError(`${file} must hold exactly one CREATE OR REPLACE FUNCTION ${name}(...)`);
      }
      const other = seen.get(name);
      if (other) throw new SchemaError(`${name} is defined twice: ${other} and ${file}`);
      seen.set(name, file);
      definitions.push({ name, file, text, checksum: checksum(text) });
    }
  }
  return definitions;
}

function byNumber(a: string, b: string): number {
  return parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b);
}

/** What a load did: the functions (re)applied from their files, and those dropped. */
export interface DefinitionsReport {
  applied: string[];
  dropped: string[];
}

/**
 * Applies the definitions whose file changed since they were last applied, in the caller's
 * transaction. With `only`, applies just those (the functions a migration requires before it
 * runs) and neither drops nor validates: the final load does both.
 */
export async function loadDefinitions(
  client: PoolClient,
  definitions: Definition[],
  only?: Definition[],
): Promise<DefinitionsReport> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_definitions (
    name       text PRIMARY KEY,
    file       text NOT NULL,
    checksum   text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_definitions');
  const current = new Map(rows.map((row) => [row.name, row.checksum]));
  const changed = (only ?? definitions).filter((definition) => current.get(definition.name) !== definition.checksum);

  await client.query('SET LOCAL check_function_bodies = off');
  const applied: number[] = [];
  for (const definition of changed) applied.push(await applyDefinition(client, definition));
  await client.query('SET LOCAL check_function_bodies = on');
  if (only) return { applied: changed.map((definition) => definition.name), dropped: [] };

  for (const [index, oid] of applied.entries()) {
    const definition = changed[index]!;
    const { rows: validator } = await client.query<{ validator: string | null }>(
      `SELECT nullif(l.lanvalidator, 0)::regproc::text AS validator
         FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = $1`,
      [oid],
    );
    const name = validator[0]?.validator;
    if (!name) continue;
    await inFile(definition, () => client.query(`SELECT ${client.escapeIdentifier(name)}($1)`, [oid]));
  }

  const names = definitions.map((definition) => definition.name);
  const { rows: orphans } = await client.query<{ signature: string; name: string }>(
    `SELECT p.oid::regprocedure::text AS signature, p.proname AS name
       FROM pg_proc p
      WHERE p.pronamespace = current_schema()::regnamespace
        AND p.prokind IN ('f', 'p')
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                         WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
        AND NOT (p.proname = ANY ($1))
      ORDER BY 1`,
    [names],
  );
  for (const orphan of orphans) {
    await client.query(`DROP ROUTINE ${orphan.signature}`).catch((error: unknown) => {
      throw new SchemaError(`${orphan.signature} has no file in sql/ and cannot be dropped: ${messageOf(error)}`);
    });
  }
  await client.query('DELETE FROM schema_definitions WHERE NOT (name = ANY ($1))', [names]);
  return { applied: changed.map((definition) => definition.name), dropped: orphans.map((orphan) => orphan.name) };
}

/**
 * Runs one file and records its checksum; returns the oid of the function it defines. A function
 * whose result type or parameter names changed cannot be replaced, so it is dropped and created
 * again (PostgreSQL refuses if a trigger or default still uses it). A changed parameter list
 * creates a new function beside the old one, which is dropped here.
 */
async function applyDefinition(client: PoolClient, definition: Definition): Promise<number> {
  const before = await versions(client, definition.name);
  await client.query('SAVEPOINT definition');
  try {
    await client.query(definition.text);
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT definition');
    if ((error as { code?: string }).code !== '42P13' || before.size !== 1) throw located(error, definition);
    await inFile(definition, () => client.query(`DROP FUNCTION ${[...before.values()][0]!.signature}`));
    await inFile(definition, () => client.query(definition.text));
  }
  await client.query('RELEASE SAVEPOINT definition');

  const after = await versions(client, definition.name);
  let created: number | undefined;
  for (const [oid, version] of after) {
    if (before.get(oid)?.xmin !== version.xmin) created = oid;
  }
  for (const [oid, version] of after) {
    if (oid !== created) await inFile(definition, () => client.query(`DROP FUNCTION ${version.signature}`));
  }
  if (created === undefined) throw new SchemaError(`${definition.file} did not create ${definition.name}`);
  await client.query(
    `INSERT INTO schema_definitions (name, file, checksum) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET file = EXCLUDED.file, checksum = EXCLUDED.checksum, applied_at = now()`,
    [definition.name, definition.file, definition.checksum],
  );
  return created;
}

async function versions(client: PoolClient, name: string): Promise<Map<number, { xmin: string; signature: string }>> {
  const { rows } = await client.query<{ oid: number; xmin: string; signature: string }>(
    `SELECT p.oid::int AS oid, p.xmin::text AS xmin, p.oid::regprocedure::text AS signature
       FROM pg_proc p WHERE p.pronamespace = current_schema()::regnamespace AND p.proname = $1`,
    [name],
  );
  return new Map(rows.map((row) => [row.oid, { xmin: row.xmin, signature: row.signature }]));
}

async function inFile<T>(definition: Definition, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw located(error, definition);
  }
}

/** An error of PostgreSQL's, told with the file (and the line, when PostgreSQL gave a position). */
export function located(error: unknown, where: { file: string; text: string }): SchemaError {
  if (error instanceof SchemaError) return error;
  const position = Number((error as { position?: string }).position);
  const line = position > 0 ? `, line ${where.text.slice(0, position).split('\n').length}` : '';
  return new SchemaError(`${where.file}${line}: ${messageOf(error)}`, { cause: error });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
