import pg from 'pg';

// Timestamps and other types are rendered to JSON by SQL functions, so the pool only ever
// reads text and a few integers back.
//
// `waitForFlush: false` makes the pool's commits return before their WAL reaches the disk
// (synchronous_commit = off): a PostgreSQL crash may forget the last fraction of a second of
// them, though never corrupt anything. Only for writes that are redone when forgotten (the
// delivery pipeline's, docs/webhooks.md); the default waits.
export function createPool(connectionString: string, max = 10, options: { waitForFlush?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    ...(options.waitForFlush === false ? { options: '-c synchronous_commit=off' } : {}),
  });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {});
  return pool;
}

export type Pool = pg.Pool;
