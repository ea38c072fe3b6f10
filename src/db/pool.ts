import pg from 'pg';

// Timestamps and other types are rendered to JSON by SQL functions, so the pool only ever
// reads text and a few integers back.
//
// `waitForFlush: false` makes the pool's commits return before their WAL reaches the disk
// (synchronous_commit = off): a PostgreSQL crash may forget the last fraction of a second of
// them, though never corrupt anything. Only for writes that are redone when forgotten (the
// delivery pipeline's, docs/webhooks.md); the default waits.
//
// The service's tables and functions live in schema public, and every connection says so: the
// default search_path starts with "$user", and BullMQ's PostgreSQL backend keeps its tables and
// functions in a schema named after the queue prefix, which is also the embedded database's user
// name (clubdata). Without this, once that schema existed, unqualified names (and the schema
// runner, src/db/migrate.ts) would land in BullMQ's schema.
export function createPool(connectionString: string, max = 10, options: { waitForFlush?: boolean } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 30_000,
    options: `-c search_path=public${options.waitForFlush === false ? ' -c synchronous_commit=off' : ''}`,
  });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {});
  return pool;
}

export type Pool = pg.Pool;

// The socket errors of a server that is gone: the database's here, Redis's too (lifecycle.ts).
// Only the code that talked to that server can say which one it was.
const SOCKET_GONE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/** Whether `error` is the socket error of a server that cannot be reached, whichever server. */
export function isSocketGone(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && SOCKET_GONE_CODES.has(code);
}

// SQLSTATE class 08 (connection exception) and 57P01-57P03 (the server shutting down, crashed,
// or not accepting connections yet).
const UNREACHABLE_CODES = new Set(['57P01', '57P02', '57P03']);
// node-postgres reports a lost connection or a connect timeout without a code.
const UNREACHABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether `error`, from the database, says it cannot be reached now (rather than that a query is
 * wrong). A socket error counts too, so a caller must know the error came from the database.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (isSocketGone(error)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return UNREACHABLE_MESSAGES.test(error.message);
}
