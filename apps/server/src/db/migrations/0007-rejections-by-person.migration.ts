import { sql, type Kysely } from 'kysely';

/**
 * Kept rejections are keyed by person, client and mutation (issue 10): keyed by client and
 * mutation only, anybody who pushed with a client id overwrote (and pruned away) the rejections
 * kept for the person whose client it was. The rows are copied, so a client still hears of a
 * rejection it missed before the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_rejections_by_person')
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('mutation_id', 'bigint', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_rejections_person_pk', [
      'person_id',
      'client_id',
      'mutation_id',
    ])
    .execute();
  await sql`insert into client_rejections_by_person
    (person_id, client_id, mutation_id, payload, created_at)
    select person_id, client_id, mutation_id, payload, created_at from client_rejections`.execute(
    db,
  );
  await db.schema.dropTable('client_rejections').execute();
  await db.schema.alterTable('client_rejections_by_person').renameTo('client_rejections').execute();
}
