import { auditStatusFromStepNumbering } from '@qa/domain';
import { PostgresAdapter, sql, type Kysely } from 'kysely';

interface AuditRow {
  id: string;
  version: number;
  data: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The audit with its status in the numbering of decision 71 (the status names the phase whose
 * tab is open), so no stored audit changes its tab: '2' (which opened execution) becomes '3'
 * Execution, and so on. The status is where `auditStatusOf` reads it: `workflow.status`, else
 * the older top-level `status`. Null when nothing changes.
 */
function migrated(data: Json): Json | null {
  const workflow = data.workflow;
  if (isObject(workflow) && workflow.status !== undefined && workflow.status !== null) {
    const status = String(workflow.status as string | number);
    const next = auditStatusFromStepNumbering(status);
    return next === status ? null : { ...data, workflow: { ...workflow, status: next } };
  }
  if (typeof data.status === 'string' || typeof data.status === 'number') {
    const status = String(data.status);
    const next = auditStatusFromStepNumbering(status);
    return next === status ? null : { ...data, status: next };
  }
  return null;
}

/**
 * Issue 34.5 (decision 71): every live audit's status moves to the numbering where it names the
 * open phase. Written through the change log like any other write (a new version, a change row,
 * the next sequence each), so replicas receive the new status when they resume and never mix the
 * two numberings; a replica too far behind gets a snapshot, which is new too. Audits whose
 * status keeps its meaning ('1', '5', '6', or a configured id) are not written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const deletedFalse = postgres ? sql`false` : sql`0`;
  const { rows } = await sql<AuditRow>`
    select id, version, data from documents
    where collection = 'audits' and deleted = ${deletedFalse}
    order by id`.execute(db);
  const counter = await sql<{ value: number | string }>`
    select value from sync_counter where name = 'changes'`.execute(db);
  let seq = Number(counter.rows[0]?.value ?? 0);
  const lastBefore = seq;
  const now = new Date().toISOString();
  for (const row of rows) {
    let data: unknown;
    try {
      data = JSON.parse(row.data);
    } catch {
      continue;
    }
    if (!isObject(data)) continue;
    const next = migrated(data);
    if (!next) continue;
    seq += 1;
    const version = row.version + 1;
    const text = JSON.stringify(next);
    await sql`
      update documents set version = ${version}, updated_at = ${now}, data = ${text}, seq = ${seq}
      where collection = 'audits' and id = ${row.id}`.execute(db);
    await sql`
      insert into changes
        (seq, collection, id, version, deleted, updated_at, data, prev_data, actor, client_id,
         mutation_id)
      values
        (${seq}, 'audits', ${row.id}, ${version}, ${deletedFalse}, ${now}, ${text},
         ${row.data}, null, null, null)`.execute(db);
  }
  if (seq !== lastBefore) {
    await sql`update sync_counter set value = ${seq} where name = 'changes'`.execute(db);
  }
}
