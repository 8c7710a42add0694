import { sql } from 'kysely';
import type { Database } from './database';

/** PostgreSQL session-level advisory locks. */
export class AdvisoryLockRepository {
  constructor(private readonly database: Database) {}

  /**
   * Runs `work` while holding the lock `key`, waiting for it as long as another session holds
   * it. The lock lives on a connection of its own for the duration; `work` uses the pool.
   */
  async withLock<T>(key: number, work: () => Promise<T>): Promise<T> {
    return this.database.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${key})`.execute(connection);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${key})`.execute(connection);
      }
    });
  }
}
