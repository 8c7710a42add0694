import { DEFAULT_FINDING_CONFIG, DEFAULT_FINDING_TYPES } from '@qa/domain';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appliedMigrations } from '../src/db/migrate';
import { up } from '../src/db/migrations/0014-finding-fulfilment.migration';
import { describeEachDialect } from './support/dialects';
import { startApp, type TestApp } from './support/start-app';

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

describeEachDialect('migration 0014: the finding segment’s degrees of fulfilment', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect });
  });
  afterAll(() => app?.stop());

  const db = () => app.server.database.db as unknown as Kysely<unknown>;
  const findingDocument = async () =>
    (
      await sql<Row>`select version, seq, data from documents
        where collection = 'configuration' and id = 'finding'`.execute(db())
    ).rows[0]!;
  const lastSequence = async () =>
    Number(
      (
        await sql<{ value: number | string }>`
          select value from sync_counter where name = 'changes'`.execute(db())
      ).rows[0]!.value,
    );

  it('are written out through the change log, once', async () => {
    expect(await appliedMigrations(app.server.database)).toContain('0014-finding-fulfilment');
    // The segment as the previous release left it (the migration's own run found none: it
    // ran before the first start seeded the configuration).
    await sql`update documents set data = ${JSON.stringify(OLD_SEGMENT)}
      where collection = 'configuration' and id = 'finding'`.execute(db());
    const before = await findingDocument();
    const lastSeq = await lastSequence();

    await up(db());
    const after = await findingDocument();
    expect(JSON.parse(after.data)).toEqual(DEFAULT_FINDING_CONFIG);
    expect(after.version).toBe(before.version + 1);
    expect(Number(after.seq)).toBe(lastSeq + 1);
    expect(await lastSequence()).toBe(lastSeq + 1);
    const change = await sql<{ version: number; data: string; prev_data: string }>`
      select version, data, prev_data from changes where seq = ${lastSeq + 1}`.execute(db());
    expect(
      change.rows.map((row) => [row.version, JSON.parse(row.data), JSON.parse(row.prev_data)]),
    ).toEqual([[after.version, DEFAULT_FINDING_CONFIG, OLD_SEGMENT]]);

    // Run again, it changes nothing more.
    await up(db());
    expect(await findingDocument()).toEqual(after);
    expect(await lastSequence()).toBe(lastSeq + 1);
  });
});
