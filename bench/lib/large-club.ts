// The large demo club (100,000 customers, 1,000,000 bookings) that the full-mode benchmarks read:
// seeded once into clubdata_bench_large on BENCH_DATABASE_URL's server, and reused while complete.
import type pg from 'pg';
import { migrate } from '../../src/db/migrate.ts';
import { createPool, type Pool } from '../../src/db/pool.ts';
import { LARGE_CLUBS } from '../../src/demo/clubs.ts';
import { seedDemo } from '../../src/demo/seed.ts';
import { databaseUrlFor, freshDatabase } from './databases.ts';

export const LARGE_DATABASE = 'clubdata_bench_large';
export const LARGE_CLUB = LARGE_CLUBS[0]!;

export interface LargeClub {
  url: string;
  clubId: string;
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return (rowCount ?? 0) > 0;
}

async function clubCounts(pool: Pool, clubId: string) {
  const { rows } = await pool.query<{ clubs: number; customers: number; bookings: number }>(
    `SELECT (SELECT count(*) FROM clubs WHERE club_id = $1)::int AS clubs,
            (SELECT count(*) FROM customers WHERE club_id = $1)::int AS customers,
            (SELECT count(*) FROM bookings WHERE club_id = $1)::int AS bookings`,
    [clubId],
  );
  return rows[0]!;
}

export async function seedInto(url: string, size: 'small' | 'large', say: (message: string) => void): Promise<void> {
  const pool = createPool(url, 2);
  try {
    await seedDemo(pool, { size, onProgress: (message) => say(`seed: ${message}`) });
  } finally {
    await pool.end();
  }
}

/**
 * The large demo club in clubdata_bench_large: seeded on the first run, reused afterwards when
 * it holds exactly the club's customers and bookings (a seed runs in one transaction per club,
 * so a club row means a finished seed; the counts catch a database seeded by other code).
 */
export async function prepareLarge(admin: pg.Client, say: (message: string) => void): Promise<LargeClub> {
  const url = databaseUrlFor(LARGE_DATABASE);
  const fresh = !(await databaseExists(admin, LARGE_DATABASE));
  if (fresh) await admin.query(`CREATE DATABASE ${LARGE_DATABASE}`);
  await migrate(url);
  const pool = createPool(url, 2);
  let state;
  try {
    state = await clubCounts(pool, LARGE_CLUB.id);
  } finally {
    await pool.end();
  }
  const complete = state.clubs === 1 && state.customers === LARGE_CLUB.customers && state.bookings === LARGE_CLUB.bookings;
  if (complete) {
    say(`reusing ${LARGE_DATABASE} (${state.customers} customers, ${state.bookings} bookings)`);
    return { url, clubId: LARGE_CLUB.id };
  }
  if (state.clubs === 1) {
    say(`${LARGE_DATABASE} holds ${state.customers} customers and ${state.bookings} bookings, not the large demo: recreating it`);
    await freshDatabase(admin, LARGE_DATABASE);
  }
  say(`seeding ${LARGE_DATABASE} with the large demo (once; about 2 minutes)`);
  await seedInto(url, 'large', say);
  return { url, clubId: LARGE_CLUB.id };
}
