// Where the benchmarks' databases and queues live: the PostgreSQL server of BENCH_DATABASE_URL,
// on which they create (and drop) databases of their own, and the Redis of BENCH_REDIS_URL.
import type pg from 'pg';
import { migrate } from '../../src/db/migrate.ts';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The URL of another database on the benchmarks' server. */
export function databaseUrlFor(database: string): string {
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A new, migrated, empty database named `name`, or none (one left by an interrupted run is dropped first). */
export async function freshDatabase(admin: pg.Client, name: string): Promise<string> {
  await dropDatabase(admin, name);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = databaseUrlFor(name);
  try {
    await migrate(url);
  } catch (error) {
    await dropDatabase(admin, name).catch(() => {});
    throw error;
  }
  return url;
}

export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
