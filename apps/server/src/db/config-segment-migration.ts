import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A data migration of one stored configuration segment, written through the change log like any
 * other write (a new version, a change row, the next sequence), so replicas that hold the
 * segment receive it when they resume. `rewrite` returns the new data, or null to leave the
 * segment as it is; a segment that is missing, deleted or unreadable is left alone.
 */
export async function rewriteConfigSegment(
  db: Kysely<unknown>,
  segment: string,
  rewrite: (data: unknown) => unknown,
): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const { rows } = await sql<{ version: number; deleted: number | boolean; data: string }>`
    select version, deleted, data from documents
    where collection = 'configuration' and id = ${segment}`.execute(db);
  const stored = rows[0];
  if (!stored || Boolean(stored.deleted)) return;
  let data: unknown;
  try {
    data = JSON.parse(stored.data);
  } catch {
    return;
  }
  const rewritten = rewrite(data);
  if (rewritten === null || rewritten === undefined) return;

  const counter = await sql<{ value: number | string }>`
    select value from sync_counter where name = 'changes'`.execute(db);
  const seq = Number(counter.rows[0]?.value ?? 0) + 1;
  const version = stored.version + 1;
  const now = new Date().toISOString();
  const text = JSON.stringify(rewritten);
  const deleted = postgres ? false : 0;
  await sql`update sync_counter set value = ${seq} where name = 'changes'`.execute(db);
  await sql`
    update documents set version = ${version}, updated_at = ${now}, data = ${text}, seq = ${seq}
    where collection = 'configuration' and id = ${segment}`.execute(db);
  await sql`
    insert into changes
      (seq, collection, id, version, deleted, updated_at, data, prev_data, actor, client_id,
       mutation_id)
    values
      (${seq}, 'configuration', ${segment}, ${version}, ${deleted}, ${now}, ${text},
       ${stored.data}, null, null, null)`.execute(db);
}
