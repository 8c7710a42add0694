import type { Kysely } from 'kysely';

/**
 * What each file belongs to (SPEC section 3 "Attachment upload": auditId, auditItemId,
 * findingId, mediaId as applicable): the audit decides who may read and write the file, and its
 * deletion takes the file along. Nullable, because files stored before had no owner; every
 * upload from now on names its audit. Indexed by audit (files of a deleted audit are collected)
 * and by uploader (the per-person quota sums their sizes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of ['audit_id', 'audit_item_id', 'finding_id', 'media_id']) {
    await db.schema.alterTable('files').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('files_audit_id').on('files').column('audit_id').execute();
  await db.schema.createIndex('files_created_by').on('files').column('created_by').execute();
}
