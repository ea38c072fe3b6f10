// The history's guarantees beyond emission: consumers are woken on commit, the stored copy is
// immutable, and retention prunes only what is old enough.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { pruneSignals } from '../../src/db/signals.ts';
import { createTestDatabase, insertClub, uid } from '../helper.ts';
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
      for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
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
  it('deletes signals older than the retention and keeps the rest', async () => {
    const other = await insertClub(pool);
    for (let i = 0; i < 3; i++) {
      await pool.query(`INSERT INTO customers (club_id, email) VALUES ($1, $2)`, [other.id, `p${i}@example.com`]);
    }
    const { rows } = await pool.query('SELECT sequence FROM signals WHERE club_id = $1 ORDER BY sequence', [other.id]);
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
  });
});
