// Reads back what the triggers emitted, straight from the history table.
import type { PoolClient } from 'pg';
import type { Pool } from '../../src/db/pool.ts';
import { withTransaction } from '../../src/db/transaction.ts';

export interface StoredSignal {
  id: string;
  object: 'signal';
  type: string;
  created: string;
  sequence: number;
  previous_sequence: number | null;
  api_version: string;
  data: { object: Record<string, unknown> & { id: string } };
  previous_attributes?: Record<string, unknown>;
}

/** Signals of a club emitted after `afterSequence`, oldest first. */
export async function signalsSince(pool: Pool, clubId: string, afterSequence = 0): Promise<StoredSignal[]> {
  const { rows } = await pool.query<{ body: string }>(
    'SELECT body FROM signals WHERE club_id = $1 AND sequence > $2 ORDER BY sequence',
    [clubId, afterSequence],
  );
  return rows.map((r) => JSON.parse(r.body));
}

export async function lastSequence(pool: Pool, clubId: string): Promise<number> {
  const { rows } = await pool.query('SELECT coalesce(max(sequence), 0)::int AS n FROM signals WHERE club_id = $1', [clubId]);
  return rows[0].n;
}

/** Runs statements in one transaction, as a platform writer would. */
export async function inTransaction(pool: Pool, statements: [string, unknown[]?][]): Promise<void> {
  await withTransaction(pool, async (client) => {
    for (const [sql, params] of statements) await client.query(sql, params ?? []);
  });
}

/**
 * Calls of the function `name` this connection has counted and not yet flushed to the
 * statistics. pg_stat_xact_user_functions shows all of those, not only the current
 * transaction's: a pooled connection's previous transaction may still be among them. Compare two
 * reads taken within one transaction.
 */
async function callsOf(client: PoolClient, name: string): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    'SELECT coalesce(sum(calls), 0)::int AS n FROM pg_stat_xact_user_functions WHERE funcname = $1',
    [name],
  );
  return rows[0]!.n;
}

/**
 * Runs statements in one transaction and its commit-time pass (sql/2-signals/cd_emit_signals.sql)
 * with no other transaction to wait for; returns how many times that transaction called the
 * function `name`.
 */
export async function emitCounting(pool: Pool, statements: [string, unknown[]?][], name: string): Promise<number> {
  return withTransaction(pool, async (client) => {
    await client.query("SET LOCAL track_functions = 'all'");
    const before = await callsOf(client, name);
    for (const [sql, params] of statements) await client.query(sql, params ?? []);
    await client.query('SET CONSTRAINTS ALL IMMEDIATE'); // the commit-time pass, where the counting happens
    return (await callsOf(client, name)) - before;
  });
}

/**
 * Two transactions of one club, arranged so that the writer's commit-time pass waits for the
 * club's counter while the holder keeps it (sql/2-signals/cd_emit_signals.sql): the holder runs
 * its statements and emits now, keeping the counter until it commits; the writer runs its own
 * (whose row locks must not conflict with the holder's) and starts its pass, whose snapshot is
 * taken before the holder commits. Once the writer is seen waiting for the holder, the holder
 * commits, then the writer. Returns how many times the writer's transaction called the function
 * `name`.
 */
export async function emitWhileHeld(
  pool: Pool,
  holderStatements: [string, unknown[]?][],
  writerStatements: [string, unknown[]?][],
  name: string,
): Promise<number> {
  const [holder, writer] = [await pool.connect(), await pool.connect()];
  let emitting: Promise<unknown> | undefined;
  try {
    const pid = async (client: PoolClient) => (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    const [holderPid, writerPid] = [await pid(holder), await pid(writer)];
    await holder.query('BEGIN');
    for (const [sql, params] of holderStatements) await holder.query(sql, params ?? []);
    await holder.query('SET CONSTRAINTS ALL IMMEDIATE'); // the holder's pass, now: it takes the counter
    await writer.query('BEGIN');
    await writer.query("SET LOCAL track_functions = 'all'");
    const before = await callsOf(writer, name);
    for (const [sql, params] of writerStatements) await writer.query(sql, params ?? []);
    emitting = writer.query('SET CONSTRAINTS ALL IMMEDIATE');
    let waiting = false;
    for (let i = 0; i < 1500 && !waiting; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await pool.query<{ waiting: boolean }>('SELECT $2::int = ANY (pg_blocking_pids($1)) AS waiting', [writerPid, holderPid]);
      waiting = rows[0]!.waiting;
    }
    if (!waiting) throw new Error('the writer’s commit-time pass never waited for the holder');
    await holder.query('COMMIT');
    await emitting;
    const calls = (await callsOf(writer, name)) - before;
    await writer.query('COMMIT');
    return calls;
  } finally {
    await holder.query('ROLLBACK').catch(() => {});
    holder.release();
    await emitting?.catch(() => {});
    await writer.query('ROLLBACK').catch(() => {});
    writer.release();
  }
}
