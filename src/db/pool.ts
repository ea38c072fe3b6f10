import pg from 'pg';

// Timestamps and other types are rendered to JSON by SQL functions, so the pool only ever
// reads text and a few integers back.
export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {});
  return pool;
}

export type Pool = pg.Pool;
