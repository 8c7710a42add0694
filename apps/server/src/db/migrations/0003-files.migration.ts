import type { Kysely } from 'kysely';

/**
 * Metadata of uploaded files (DESIGN.md section 4 "Files"); the bytes lie in the file storage
 * under `storage_key`, a generated name. `id` is the client's file id, so a retried upload finds
 * the row and is stored once. `created_by` is a person id, kept without a foreign key: a file
 * outlives its uploader's record, as the documents that reference it do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
