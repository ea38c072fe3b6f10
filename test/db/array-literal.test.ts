// The array literals the pipeline's batched statements send (src/db/array-literal.ts), read back
// by PostgreSQL itself: every element must arrive as the value it was, whatever its characters.
import { beforeAll, describe, expect, it } from 'vitest';
import { arrayLiteral } from '../../src/db/array-literal.ts';
import type { Pool } from '../../src/db/pool.ts';
import { createTestDatabase } from '../helper.ts';

let pool: Pool;

beforeAll(async () => {
  ({ pool } = await createTestDatabase());
});

async function readBack<T>(literal: string, type: string): Promise<T[]> {
  const { rows } = await pool.query<{ value: T[] }>(`SELECT $1::${type}[] AS value`, [literal]);
  return rows[0]!.value;
}

describe('arrayLiteral', () => {
  it('keeps every string as it was: quotes, backslashes, commas, braces, spaces, the word NULL, empty, Unicode', async () => {
    const strings = ['plain', 'say "hi"', 'back\\slash', '\\"', 'a,b', '{x}', ' padded ', 'NULL', 'null', '', 'ünïcødé ✓ 𝄞', 'line\nbreak\ttab'];
    expect(arrayLiteral(strings)).not.toBe(`{${strings.join(',')}}`);
    expect(await readBack<string>(arrayLiteral(strings), 'text')).toEqual(strings);
  });

  it('writes null as NULL, not as a string', async () => {
    expect(await readBack<string | null>(arrayLiteral(['a', null, 'NULL']), 'text')).toEqual(['a', null, 'NULL']);
  });

  it('keeps numbers, booleans and instants', async () => {
    expect(await readBack<string>(arrayLiteral([0, -7, 9_007_199_254_740_991]), 'bigint')).toEqual(['0', '-7', '9007199254740991']);
    expect(await readBack<number>(arrayLiteral([1.5, -0.25, 432_000_000, null]), 'float8')).toEqual([1.5, -0.25, 432_000_000, null]);
    expect(await readBack<boolean>(arrayLiteral([true, false, null]), 'bool')).toEqual([true, false, null]);
    const instants = [new Date('2026-11-29T22:45:07.612Z'), new Date(0)];
    expect(await readBack<Date>(arrayLiteral(instants), 'timestamptz')).toEqual(instants);
  });

  it('writes an empty array', async () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(await readBack<string>(arrayLiteral([]), 'text')).toEqual([]);
  });
});
