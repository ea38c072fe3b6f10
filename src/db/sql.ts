// A tiny builder for parameterised SQL: values go in as $n placeholders, never as text; and the
// read of one record by a named statement.
import { createHash } from 'node:crypto';
import type { Pool } from './pool.ts';
import type { Read } from './watermark.ts';

export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const statementNames = new Map<string, string>();

/**
 * One record and its watermark, read by a named (prepared) statement: each pooled connection
 * parses and plans it once and then only executes it. A lookup by primary key has the same plan
 * whatever the values, and planning was a third of such a read's time in the database
 * (docs/benchmarks.md, "The watermark's cost"). Lists keep planning per call: their best plan
 * depends on the values (a cursor deep in a list, a narrow filter).
 */
export async function readRecord(pool: Pool, text: string, values: unknown[]): Promise<Read | null> {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `cd_read_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  const result = await pool.query<Read>({ name, text, values });
  return result.rows[0] ?? null;
}
