// withTransaction (src/db/transaction.ts) on a real database: what it commits, what it rolls
// back, which error the caller sees, and that the connection always leaves the caller's hands.
import type { PoolClient } from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../src/db/pool.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { createTestDatabase } from '../helper.ts';

let url: string;
let observer: Pool;
const pools: Pool[] = [];

beforeAll(async () => {
  ({ url, pool: observer } = await createTestDatabase());
  await observer.query('CREATE TABLE transaction_probe (label text NOT NULL)');
});

afterEach(async () => {
  // A pool holding a connection never released cannot end: the database's drop closes it.
  for (const pool of pools.splice(0)) if (pool.idleCount === pool.totalCount) await pool.end();
});

/** A pool of one connection, so that a connection never released would be seen at once. */
function singleConnectionPool(): Pool {
  const pool = createPool(url, 1);
  pools.push(pool);
  return pool;
}

const insertProbe = (label: string) => async (client: PoolClient) => {
  await client.query('INSERT INTO transaction_probe (label) VALUES ($1)', [label]);
};

async function probeCount(label: string): Promise<number> {
  const { rows } = await observer.query<{ n: number }>('SELECT count(*)::int AS n FROM transaction_probe WHERE label = $1', [label]);
  return rows[0]!.n;
}

describe('withTransaction', () => {
  it('commits what the work wrote, returns its result and gives the connection back to the pool', async () => {
    const pool = singleConnectionPool();
    const result = await withTransaction(pool, async (client) => {
      await insertProbe('committed')(client);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await probeCount('committed')).toBe(1);
    expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });
  });

  it('rolls back when the work throws, rethrows that very error and gives the connection back', async () => {
    const pool = singleConnectionPool();
    const failure = new Error('the work failed');
    await expect(
      withTransaction(pool, async (client) => {
        await insertProbe('rolled back')(client);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await probeCount('rolled back')).toBe(0);
    expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });
    // The connection is usable again, outside any transaction.
    await withTransaction(pool, insertProbe('after rollback'));
    expect(await probeCount('after rollback')).toBe(1);
    expect(await probeCount('rolled back')).toBe(0);
  });

  it('rethrows the work\'s error when the ROLLBACK fails too, and the pool closes that connection', async () => {
    const pool = singleConnectionPool();
    const failure = new Error('the work failed on a lost connection');
    await expect(
      withTransaction(pool, async (client) => {
        await insertProbe('lost')(client);
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await observer.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await probeCount('lost')).toBe(0);
    expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 0, idle: 0 });
    // The pool opens a fresh connection for the next transaction.
    await withTransaction(pool, insertProbe('fresh connection'));
    expect(await probeCount('fresh connection')).toBe(1);
  });

  it('closes the connection after a commit when asked to discard it', async () => {
    const pool = singleConnectionPool();
    await withTransaction(pool, insertProbe('discarded'), { discardConnection: true });
    expect(await probeCount('discarded')).toBe(1);
    expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 0, idle: 0 });
  });
});
