import type { Kysely } from 'kysely';

/**
 * The sequence of the last change a client's commands wrote (issue 18). A welcome tells it, so
 * a reloaded tab whose ack was lost keeps the command's effect shown until that change is in
 * its replica, instead of dropping it at once and showing the document without it until a
 * screen's query is answered. Null for clients that wrote nothing since (their welcome says
 * nothing, as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('client_mutations').addColumn('last_sequence', 'bigint').execute();
}
