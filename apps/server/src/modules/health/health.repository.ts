import { sql } from 'kysely';
import type { Database } from '../../db/database';

export class HealthRepository {
  constructor(private readonly database: Database) {}

  /** Resolves when the database answers a query. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.database.db);
  }
}
