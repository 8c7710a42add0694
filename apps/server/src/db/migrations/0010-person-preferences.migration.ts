import type { Kysely } from 'kysely';

/**
 * A person's mail language and own settings (issue 15), on the server's record only (the
 * replicated people document never carries them): `language` 'de' | 'en' or null (the app's
 * language), `preferences` a JSON object `{defaultPlanningYear, reminderMails}` or null (the
 * defaults).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('people').addColumn('language', 'text').execute();
  await db.schema.alterTable('people').addColumn('preferences', 'text').execute();
}
