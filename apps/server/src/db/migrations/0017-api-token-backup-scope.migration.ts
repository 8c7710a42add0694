import type { Kysely } from 'kysely';

/**
 * The backup scope of an API token (issue 35): a backup holds password hashes and webhook
 * secrets, so no token may download one unless it was made for that. Tokens made before have
 * no such scope (0), whoever owns them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_tokens')
    .addColumn('backup', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
