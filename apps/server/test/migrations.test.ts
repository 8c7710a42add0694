import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateDatabase, withStartupLock } from '../src/db/migrate';
import { describeEachDialect } from './support/dialects';
import { startApp, type TestApp } from './support/start-app';

describeEachDialect('migrations', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect });
  });
  afterAll(() => app?.stop());

  it('create our tables and better-auth tables', async () => {
    const tables = (await app.server.database.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining([
        'people',
        'app_meta',
        'user',
        'session',
        'account',
        'verification',
        'rateLimit',
        'measure_reminders',
      ]),
    );
    const people = (await app.server.database.db.introspection.getTables()).find(
      (t) => t.name === 'people',
    );
    expect(people?.columns.map((c) => c.name).sort()).toEqual(
      [
        'account_id',
        'avatar',
        'created_date',
        'display_name',
        'email',
        'id',
        'language',
        'login_active',
        'preferences',
        'roles',
        'type',
      ].sort(),
    );
  });

  it('do nothing when run again, also concurrently', async () => {
    const run = () =>
      withStartupLock(app.server.database, () =>
        migrateDatabase(app.server.database, app.server.auth.options),
      );
    const reports = await Promise.all(dialect === 'postgres' ? [run(), run()] : [run()]);
    for (const report of reports) expect(report).toEqual({ authTablesCreated: [], applied: [] });
  });
});
