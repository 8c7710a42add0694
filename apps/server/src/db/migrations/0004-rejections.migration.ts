import type { Kysely } from 'kysely';

/**
 * The rejections answered to a client, kept so a `welcome` can repeat them: if the socket died
 * after the server rejected mutation n and applied n + 1, the client would otherwise drop n on
 * the next welcome (n <= lastMutationId) without ever hearing why. `payload` is the reject
 * message's JSON (code, message, detail, issues). Pruned per client to the latest ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('client_rejections')
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('mutation_id', 'bigint', (c) => c.notNull())
    .addColumn('person_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('client_rejections_pk', ['client_id', 'mutation_id'])
    .execute();
}
