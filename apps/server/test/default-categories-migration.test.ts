import { DEFAULT_CATEGORIES_CONFIG, VDA_QUESTION_CATEGORIES } from '@qa/domain';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { appliedMigrations } from '../src/db/migrate';
import { up } from '../src/db/migrations/0016-default-categories.migration';
import { describeEachDialect } from './support/dialects';
import { startApp, type TestApp } from './support/start-app';

/** The categories segment as releases before issue 34 seeded it. */
const SHIPPED_BEFORE = { categories: VDA_QUESTION_CATEGORIES };

describeEachDialect('migration 0016: the shipped categories of ordinary audits', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect });
  });
  afterAll(() => app?.stop());

  const db = () => app.server.database.db as unknown as Kysely<unknown>;
  const stored = async () =>
    (
      await sql<{ version: number; seq: number | string; data: string }>`
        select version, seq, data from documents
        where collection = 'configuration' and id = 'categories'`.execute(db())
    ).rows[0]!;
  const setStored = (data: unknown) =>
    sql`update documents set data = ${JSON.stringify(data)}
      where collection = 'configuration' and id = 'categories'`.execute(db());

  it('replaces the shipped VDA elements through the change log, and keeps an edited segment', async () => {
    expect(await appliedMigrations(app.server.database)).toContain('0016-default-categories');
    // A fresh installation seeds the new default.
    expect(JSON.parse((await stored()).data)).toEqual(DEFAULT_CATEGORIES_CONFIG);

    await setStored(SHIPPED_BEFORE);
    const before = await stored();
    await up(db());
    const after = await stored();
    expect(JSON.parse(after.data)).toEqual(DEFAULT_CATEGORIES_CONFIG);
    expect(after.version).toBe(before.version + 1);
    const change = await sql<{ data: string; prev_data: string }>`
      select data, prev_data from changes where seq = ${Number(after.seq)}`.execute(db());
    expect(change.rows.map((row) => [JSON.parse(row.data), JSON.parse(row.prev_data)])).toEqual([
      [DEFAULT_CATEGORIES_CONFIG, SHIPPED_BEFORE],
    ]);

    const own = { categories: [{ id: 'safety', label: { de: 'Sicherheit', en: 'Safety' } }] };
    await setStored(own);
    const edited = await stored();
    await up(db());
    expect(await stored()).toEqual(edited);
  });
});
