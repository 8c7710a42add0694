import type { Kysely } from 'kysely';

/**
 * Files of a person (issue 15: their avatar): `owner_person_id` names the person a file belongs
 * to instead of an audit (then the audit columns are null). Nullable, so every stored file stays
 * as it is. Indexed: a deleted person's files are collected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('owner_person_id', 'text').execute();
  await db.schema
    .createIndex('files_owner_person_id')
    .on('files')
    .column('owner_person_id')
    .execute();
}
