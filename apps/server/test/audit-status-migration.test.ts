import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { persisted, startApp, type TestApp } from './support/start-app';

const MIGRATION = '0015-audit-status-phases';

/** Audits as the stepper of the previous release left them: status = step number. */
const STORED: Record<string, Record<string, unknown>> = {
  // "finish preparation" set '2' and opened the execution tab.
  executing: { id: 'executing', name: 'Executing', workflow: { status: '2' } },
  wrapping: { id: 'wrapping', name: 'Wrapping up', workflow: { status: 3 } },
  reporting: { id: 'reporting', name: 'Reporting', workflow: { status: '4' } },
  fresh: { id: 'fresh', name: 'New', workflow: { status: '1' } },
  completed: { id: 'completed', name: 'Completed', protected: true, workflow: { status: '6' } },
  older: { id: 'older', name: 'Only the older status', status: '2' },
};

interface Row {
  id: string;
  version: number;
  seq: number | string;
  data: string;
}

async function audits(app: TestApp): Promise<Map<string, Row>> {
  const { rows } = await sql<Row>`
    select id, version, seq, data from documents where collection = 'audits'`.execute(
    app.server.database.db,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

const statusOf = (row: Row | undefined) => {
  const data = JSON.parse(row!.data) as { workflow?: { status?: unknown }; status?: unknown };
  return data.workflow?.status ?? data.status;
};

describeEachDialect('migration 0015: audit statuses name the open phase', (dialect) => {
  let app: TestApp | undefined;
  afterAll(async () => {
    await app?.stop();
  });

  it('moves each stored status to the one whose tab is the same, through the change log, once', async () => {
    // A database as the previous release left it: its audits in the step numbering, 0015 not run.
    const first = await startApp({ dialect });
    const { db } = first.server.database;
    const counter = await sql<{ value: number | string }>`
      select value from sync_counter where name = 'changes'`.execute(db);
    let seq = Number(counter.rows[0]!.value);
    const deleted = dialect === 'postgres' ? sql`false` : sql`0`;
    for (const [id, data] of Object.entries(STORED)) {
      seq += 1;
      await sql`insert into documents (collection, id, version, deleted, updated_at, data, seq)
        values ('audits', ${id}, 2, ${deleted}, '2026-01-15T10:00:00.000Z',
          ${JSON.stringify(data)}, ${seq})`.execute(db);
    }
    await sql`update sync_counter set value = ${seq} where name = 'changes'`.execute(db);
    // Later migrations go too: the previous release had none of them, and Kysely refuses a gap.
    // Their schema changes go with them, so they run again as on an upgrade (0017's column).
    await sql`alter table api_tokens drop column backup`.execute(db);
    await sql`delete from kysely_migration where name >= ${MIGRATION}`.execute(db);
    const lastSeq = seq;
    await first.stop({ keepData: true });

    app = await startApp({ dialect, reuse: persisted(first) });
    const after = await audits(app);
    expect(Object.fromEntries([...after].map(([id, row]) => [id, statusOf(row)]))).toEqual({
      executing: '3',
      wrapping: '4',
      reporting: '5',
      fresh: '1',
      completed: '6',
      older: '3',
    });
    // Only what changed is written: a new version and a change row each, after the last sequence.
    const changed = ['executing', 'older', 'reporting', 'wrapping'];
    for (const id of Object.keys(STORED)) {
      expect(after.get(id)!.version, id).toBe(changed.includes(id) ? 3 : 2);
    }
    const changes = await sql<{ seq: number | string; id: string; version: number; prev: string }>`
      select seq, id, version, prev_data as prev from changes
      where collection = 'audits' and seq > ${lastSeq} order by seq`.execute(
      app.server.database.db,
    );
    expect(changes.rows.map((row) => [Number(row.seq), row.id, row.version])).toEqual(
      changed.map((id, index) => [lastSeq + index + 1, id, 3]),
    );
    expect(JSON.parse(changes.rows[0]!.prev)).toEqual(STORED.executing);
    expect(Number(after.get('wrapping')!.seq)).toBe(lastSeq + 4);
    expect(JSON.parse(after.get('executing')!.data)).toEqual({
      ...STORED.executing,
      workflow: { status: '3' },
    });

    // A restart changes nothing more.
    await app.stop({ keepData: true });
    app = await startApp({ dialect, reuse: persisted(app) });
    expect(await audits(app)).toEqual(after);
  });
});
