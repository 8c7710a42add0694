import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildDocumentIndex } from '../../modules/sync/document-index';
import type { Schema } from '../schema';

/**
 * The subscription index (decision 32): per live document and indexed field a sort key of the
 * field's value, kept in the transaction of every document write, so a subscription filtering
 * on `auditId` reads the items of that audit instead of the whole collection. Keys compare
 * byte-wise: SQLite's default collation does, PostgreSQL's needs `collate "C"` (its default
 * follows the locale). Built here from the documents already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('document_index')
    .addColumn('collection', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('sort_key', 'text', (c) =>
      c.notNull().modifyEnd(postgres ? sql`collate "C"` : sql`collate binary`),
    )
    .addPrimaryKeyConstraint('document_index_pk', ['collection', 'id', 'field'])
    .execute();
  await db.schema
    .createIndex('document_index_lookup')
    .on('document_index')
    .columns(['collection', 'field', 'sort_key', 'id'])
    .execute();
  await rebuildDocumentIndex(db as Kysely<Schema>);
}
