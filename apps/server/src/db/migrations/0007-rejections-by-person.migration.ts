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

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('client_rejections').renameTo('client_rejections_by_person').execute();
  await db.schema
    .createTable('client_rejections')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('mutation_id', 'bigint', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_rejections_pk', ['client_id', 'mutation_id'])
    .execute();
  // Where two people kept a rejection under one client and mutation id, the latest wins.
  await sql`insert into client_rejections (client_id, mutation_id, person_id, payload, created_at)
    select client_id, mutation_id, person_id, payload, created_at from client_rejections_by_person r
    where not exists (select 1 from client_rejections_by_person o
      where o.client_id = r.client_id and o.mutation_id = r.mutation_id
        and (o.created_at > r.created_at
          or (o.created_at = r.created_at and o.person_id > r.person_id)))`.execute(db);
  await db.schema.dropTable('client_rejections_by_person').execute();
}
