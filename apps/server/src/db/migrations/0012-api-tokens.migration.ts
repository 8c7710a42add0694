import type { Kysely } from 'kysely';

/**
 * Personal API tokens (issue 16): a token is `qat_<id>_<secret>`; only the SHA-256 of the secret
 * is kept (the secret has 256 random bits, so a plain hash cannot be reversed or guessed), shown
 * once when created. Revoked tokens stay as rows (`revoked_at`) so the owner's list says what
 * happened; `last_used_at` is written at most once a minute per token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('read_only', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_person').on('api_tokens').column('person_id').execute();
}
