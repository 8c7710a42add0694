import { sql, type Kysely } from 'kysely';

/**
 * The sync engine's tables (DESIGN.md section 4): the replicated documents, the change log with
 * its global sequence, the last mutation applied per client (replays are applied once) and the
 * counter that hands out sequence numbers. The counter is a row, not an identity column: a
 * transaction that takes the next number holds the row lock until it commits, so sequence
 * numbers become visible in order on PostgreSQL too, and a reader that has seen sequence n can
 * never later find a smaller one appear (which would make resuming from n miss a change).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('documents_pk', ['collection', 'id'])
    .execute();

  await db.schema
    .createTable('changes')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    // The document before this change (null when it was created): subscriptions need it to tell
    // a document that left a query, and it keeps the earlier value for the audit trail.
    .addColumn('prev_data', 'text')
    .addColumn('actor', 'text')
    .addColumn('client_id', 'text')
    .addColumn('mutation_id', 'bigint')
    .execute();
  await db.schema
    .createIndex('changes_collection_seq')
    .on('changes')
    .columns(['collection', 'seq'])
    .execute();

  await db.schema
    .createTable('client_mutations')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('last_mutation_id', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sync_counter')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  // 'changes': the last sequence handed out; 'pruned': the log holds every change after it.
  await sql`insert into sync_counter (name, value) values ('changes', 0), ('pruned', 0)`.execute(
    db,
  );
}
