// The history's guarantees beyond emission: consumers are woken on commit, the stored copy is
// immutable, and retention prunes only what is old enough.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { fanOutSignal } from '../../src/db/deliveries.ts';
import { pruneSignals } from '../../src/db/signals.ts';
import { createTestDatabase, insertClub, testSecretBox, uid } from '../helper.ts';
import { insertEndpoint } from '../workers/pipeline-helper.ts';
import { inTransaction } from './signal-helper.ts';
import type { Pool } from '../../src/db/pool.ts';

let pool: Pool;
let url: string;
let club: { id: string };

beforeAll(async () => {
  ({ pool, url } = await createTestDatabase());
  club = await insertClub(pool);
});

describe('NOTIFY', () => {
  it('wakes listeners when the signal commits, not before, and never for a rollback', async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const received: string[] = [];
    listener.on('notification', (n) => received.push(`${n.channel}|${n.payload}`));
    await listener.query('LISTEN clubdata_signals');
    try {
      const writer = await pool.connect();
      try {
        await writer.query('BEGIN');
        await writer.query(`INSERT INTO customers (club_id, id, email) VALUES ($1, $2, 'n@example.com')`, [club.id, `cus_${uid()}`]);
        await writer.query('SET CONSTRAINTS ALL IMMEDIATE'); // the signal row exists now, uncommitted
        await new Promise((r) => setTimeout(r, 200));
        expect(received).toEqual([]);
        await writer.query('COMMIT');
      } finally {
        writer.release();
      }
      const { rows } = await pool.query('SELECT sequence FROM signals WHERE club_id = $1 ORDER BY sequence DESC LIMIT 1', [club.id]);
      for (let i = 0; i < 1500 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual([`clubdata_signals|${club.id}:${rows[0].sequence}`]);

      await expect(
        inTransaction(pool, [
          [`INSERT INTO customers (club_id, email) VALUES ($1, 'r@example.com')`, [club.id]],
          ['SET CONSTRAINTS ALL IMMEDIATE'],
          ['SELECT 1/0'],
        ]),
      ).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 200));
      expect(received).toHaveLength(1);
    } finally {
      await listener.end();
    }
  });
});

describe('the stored copy', () => {
  it('cannot be changed after it is written', async () => {
    await pool.query(`INSERT INTO customers (club_id, email) VALUES ($1, 'i@example.com')`, [club.id]);
    await expect(pool.query(`UPDATE signals SET body = '{}' WHERE club_id = $1`, [club.id])).rejects.toThrow(/immutable/);
  });
});

describe('retention', () => {
  it('deletes signals older than the retention with their deliveries, and keeps the rest', async () => {
    const other = await insertClub(pool);
    const endpoint = await insertEndpoint(pool, testSecretBox(), other.id, 'http://127.0.0.1:9');
    for (let i = 0; i < 3; i++) {
      await pool.query(`INSERT INTO customers (club_id, email) VALUES ($1, $2)`, [other.id, `p${i}@example.com`]);
    }
    const { rows } = await pool.query('SELECT sequence FROM signals WHERE club_id = $1 ORDER BY sequence', [other.id]);
    for (const { sequence } of rows) expect(await fanOutSignal(pool, other.id, Number(sequence))).toHaveLength(1);
    // Age two of them past 30 days; the table allows DELETE and this test's own backdating.
    await pool.query('ALTER TABLE signals DISABLE TRIGGER _100_immutable');
    await pool.query(
      `UPDATE signals SET created_at = now() - interval '31 days' WHERE club_id = $1 AND sequence = ANY ($2)`,
      [other.id, [rows[0].sequence, rows[1].sequence]],
    );
    await pool.query('ALTER TABLE signals ENABLE TRIGGER _100_immutable');
    const deleted = await pruneSignals(pool, 30);
    expect(deleted).toBe(2);
    const left = await pool.query('SELECT sequence FROM signals WHERE club_id = $1', [other.id]);
    expect(left.rows.map((r) => r.sequence)).toEqual([rows[2].sequence]);
    const deliveries = await pool.query('SELECT endpoint_id, signal_sequence FROM deliveries WHERE club_id = $1', [other.id]);
    expect(deliveries.rows).toEqual([{ endpoint_id: endpoint.id, signal_sequence: rows[2].sequence }]);
  });
});

describe('sequence numbers', () => {
  const counter = async (clubId: string) =>
    (await pool.query('SELECT last_sequence::int AS n FROM signal_sequences WHERE club_id = $1', [clubId])).rows[0]?.n ?? 0;
  const sequencesOf = async (clubId: string, after: number) =>
    (await pool.query<{ sequence: number }>('SELECT sequence::int FROM signals WHERE club_id = $1 AND sequence > $2 ORDER BY sequence', [clubId, after])).rows.map(
      (r) => r.sequence,
    );
  const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
  const insertMany = (clubId: string, n: number, tag: string): [string, unknown[]] => [
    `INSERT INTO customers (club_id, email) SELECT $1, $2 || g || '@example.com' FROM generate_series(1, $3::int) g`,
    [clubId, `${tag}-${uid()}-`, n],
  ];

  it('a statement emitting many signals numbers them without gaps and leaves the counter at the last', async () => {
    const c = await insertClub(pool);
    await inTransaction(pool, [insertMany(c.id, 50, 'bulk')]);
    expect(await sequencesOf(c.id, 0)).toEqual(range(1, 50));
    expect(await counter(c.id)).toBe(50);
    await inTransaction(pool, [insertMany(c.id, 1, 'one')]);
    expect(await sequencesOf(c.id, 50)).toEqual([51]);
    expect(await counter(c.id)).toBe(51);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM signal_pending');
    expect(rows[0].n).toBe(0);
  });

  it('a transaction writing to two clubs numbers each club on its own', async () => {
    const a = await insertClub(pool);
    const b = await insertClub(pool);
    await inTransaction(pool, [insertMany(a.id, 3, 'a'), insertMany(b.id, 4, 'b'), insertMany(a.id, 2, 'a2')]);
    expect(await sequencesOf(a.id, 0)).toEqual(range(1, 5));
    expect(await sequencesOf(b.id, 0)).toEqual(range(1, 4));
    expect([await counter(a.id), await counter(b.id)]).toEqual([5, 4]);
  });

  it('constraints made immediate in the middle of a transaction still number without gaps', async () => {
    const c = await insertClub(pool);
    await inTransaction(pool, [
      insertMany(c.id, 3, 'first'),
      ['SET CONSTRAINTS ALL IMMEDIATE'], // fires the three emits (and the counter's write-back) now
      ['SET CONSTRAINTS ALL DEFERRED'],
      insertMany(c.id, 2, 'then'),
    ]);
    expect(await sequencesOf(c.id, 0)).toEqual(range(1, 5));
    expect(await counter(c.id)).toBe(5);
  });

  it('refuses a write made while the signal trigger is immediate, rather than lose its signal', async () => {
    const c = await insertClub(pool);
    await expect(inTransaction(pool, [['SET CONSTRAINTS ALL IMMEDIATE'], insertMany(c.id, 1, 'early')])).rejects.toThrow(
      /signals are emitted at commit/,
    );
    expect(await sequencesOf(c.id, 0)).toEqual([]);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM customers WHERE club_id = $1', [c.id]);
    expect(rows[0].n).toBe(0);
  });

  it('concurrent transactions of many signals each get a block in commit order, with no gaps', async () => {
    const c = await insertClub(pool);
    const perTransaction = 5;
    const write = async (w: number) => {
      for (let i = 0; i < 8; i++) await inTransaction(pool, [insertMany(c.id, perTransaction, `w${w}t${i}`)]);
    };
    await Promise.all(Array.from({ length: 4 }, (_, w) => write(w)));
    const { rows } = await pool.query<{ sequence: number; tx: string }>(
      `SELECT sequence::int, split_part(body::json -> 'data' -> 'object' ->> 'email', '-', 1) || split_part(body::json -> 'data' -> 'object' ->> 'email', '-', 2) AS tx
         FROM signals WHERE club_id = $1 ORDER BY sequence`,
      [c.id],
    );
    expect(rows.map((r) => r.sequence)).toEqual(range(1, 4 * 8 * perTransaction));
    // Each transaction's signals are one contiguous block: nobody else's number falls inside.
    for (let start = 0; start < rows.length; start += perTransaction) {
      expect(new Set(rows.slice(start, start + perTransaction).map((r) => r.tx)).size).toBe(1);
    }
    expect(await counter(c.id)).toBe(4 * 8 * perTransaction);
  });
});
