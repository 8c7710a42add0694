import type { Database } from '../../db/database';

/** One-time facts of this installation, such as "initialized". */
export class AppMetaRepository {
  constructor(private readonly database: Database) {}

  async get(key: string): Promise<string | null> {
    const row = await this.database.db.executor
      .selectFrom('app_meta')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async delete(key: string): Promise<void> {
    await this.database.db.executor.deleteFrom('app_meta').where('key', '=', key).execute();
  }

  /** Fails with a unique violation when the key exists: callers use that as a claim. */
  async insert(key: string, value: string): Promise<void> {
    await this.database.db.executor.insertInto('app_meta').values({ key, value }).execute();
  }
}
