import { DEFAULT_FINDING_CONFIG, DEFAULT_FINDING_TYPES } from '@qa/domain';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { describeEachDialect } from './support/dialects';
import { persisted, startApp, type TestApp } from './support/start-app';

const MIGRATION = '0014-finding-fulfilment';

/** The finding segment as stored before the degree of fulfilment existed. */
const OLD_SEGMENT = {
  ...DEFAULT_FINDING_CONFIG,
  types: DEFAULT_FINDING_TYPES.map(({ fulfilment: _fulfilment, ...type }) => type),
};

interface Row {
  version: number;
  seq: number | string;
  data: string;
}

async function findingDocument(app: TestApp): Promise<Row> {
  const { rows } = await sql<Row>`
    select version, seq, data from documents
    where collection = 'configuration' and id = 'finding'`.execute(app.server.database.db);
  return rows[0]!;
}

describeEachDialect('migration 0014: the finding segment’s degrees of fulfilment', (dialect) => {
  let app: TestApp | undefined;
  afterAll(async () => {
    await app?.stop();
  });

  it('are written out through the change log, once', async () => {
    // A database as the previous release left it: the segment without fulfilment, 0014 not run.
    const first = await startApp({ dialect });
    const { db } = first.server.database;
    await sql`update documents set data = ${JSON.stringify(OLD_SEGMENT)}
      where collection = 'configuration' and id = 'finding'`.execute(db);
    await sql`delete from kysely_migration where name = ${MIGRATION}`.execute(db);
    const before = await findingDocument(first);
    const { rows } = await sql<{ value: number | string }>`
      select value from sync_counter where name = 'changes'`.execute(db);
    const lastSeq = Number(rows[0]!.value);
    await first.stop({ keepData: true });

    app = await startApp({ dialect, reuse: persisted(first) });
    const after = await findingDocument(app);
    expect(JSON.parse(after.data)).toEqual(DEFAULT_FINDING_CONFIG);
    expect(after.version).toBe(before.version + 1);
    expect(Number(after.seq)).toBe(lastSeq + 1);
    const change = await sql<{ version: number; data: string; prev_data: string }>`
      select version, data, prev_data from changes where seq = ${lastSeq + 1}`.execute(
      app.server.database.db,
    );
    expect(
      change.rows.map((row) => [row.version, JSON.parse(row.data), JSON.parse(row.prev_data)]),
    ).toEqual([[after.version, DEFAULT_FINDING_CONFIG, OLD_SEGMENT]]);

    // A restart changes nothing more.
    await app.stop({ keepData: true });
    app = await startApp({ dialect, reuse: persisted(app) });
    expect(await findingDocument(app)).toEqual(after);
  });
});
