// The one way src/ and workers/ run several statements as one transaction.
import type { PoolClient } from 'pg';
import type { Pool } from './pool.ts';

export interface TransactionOptions {
  /**
   * Close the connection afterwards instead of returning it to the pool: for work that leaves
   * session state behind (the demo seed's pg_temp functions).
   */
  discardConnection?: boolean;
}

/**
 * Runs `work` in one transaction on one connection of the pool: COMMIT when it resolves,
 * ROLLBACK when it throws, and then the error `work` threw, never one from the ROLLBACK. A
 * connection whose ROLLBACK failed is in an unknown state, so the pool closes it.
 */
export async function withTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  // A connection lost between two statements fails the next one; its 'error' event alone, with
  // no listener while the client is out of the pool, would take the process down.
  client.on('error', ignoreLostConnection);
  let discard: Error | boolean = options.discardConnection === true;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      discard = rollbackError instanceof Error ? rollbackError : true;
    });
    throw error;
  } finally {
    // A discarded connection keeps the listener: it may still report its loss while closing.
    if (discard === false) client.removeListener('error', ignoreLostConnection);
    client.release(discard);
  }
}

function ignoreLostConnection(): void {}
