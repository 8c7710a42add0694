import type { Kysely } from 'kysely';

/**
 * The daily reminder mails of measures due (issue 12): one row per person and day. The primary
 * key makes the claim atomic: of several server instances on one PostgreSQL (or the `remind`
 * command beside the server) only the one whose insert lands sends that person's mail that day.
 * `sent_at` stays null until the mail went out; a claim whose mail failed is deleted so the next
 * round tries again. One left by a crash stays (the mail may have gone): that day's mail is lost
 * rather than sent twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('measure_reminders')
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('claim', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('measure_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('measure_reminders_pk', ['person_id', 'day'])
    .execute();
}
