import pg from 'pg';

/**
 * A PostgreSQL pool whose connections never end the process when the server drops them.
 *
 * pg-pool listens for a connection's `error` only while it is idle (and reports it as the pool's
 * `error`). A connection that is checked out, inside a transaction between two queries or held
 * by a caller that awaits other work, has no listener at all, so a dropped connection (restart,
 * failover, a cut network) is an uncaught exception. Each connection gets a listener of its own:
 * the query in flight fails with the error anyway, the next one on that connection fails as not
 * queryable, and the pool discards the dead connection when it is released.
 */
export function resilientPool(
  options: pg.PoolConfig,
  onIdleError: (error: Error) => void,
): pg.Pool {
  const pool = new pg.Pool(options);
  pool.on('error', onIdleError);
  pool.on('connect', (client) => ignoreDroppedConnection(client));
  return pool;
}

/** Keeps a dropped connection of a client held across awaits from being an uncaught error. */
export function ignoreDroppedConnection(client: pg.Client | pg.PoolClient): void {
  client.on('error', () => undefined);
}
