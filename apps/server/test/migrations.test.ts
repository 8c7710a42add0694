import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import {
  appliedMigrations,
  migrateDatabase,
  provider,
  schemaVersion,
  withStartupLock,
} from '../src/db/migrate';
import { describeEachDialect } from './support/dialects';
import { createTestDatabase, REQUIRE_PG, TEST_DATABASE_URL } from './support/pg-database';
import { countRows, persisted, startApp, type TestApp } from './support/start-app';

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

describe('migrations are forward-only', () => {
  it('no migration can be run backwards (going back is restoring a backup)', async () => {
    const migrations = Object.entries(await provider.getMigrations());
    expect(migrations.length).toBeGreaterThan(0);
    for (const [name, migration] of migrations)
      expect({ name, down: migration.down }).toEqual({ name, down: undefined });
  });
});

describeEachDialect('a database of a newer release', (dialect) => {
  it('is refused with a clear message, and left as it was', async () => {
    const app = await startApp({ dialect });
    const { db } = app.server.database;
    expect(await appliedMigrations(app.server.database)).toEqual(
      Object.keys(await provider.getMigrations()).sort(),
    );
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', ${new Date().toISOString()})`.execute(
      db,
    );
    await app.stop({ keepData: true });

    await expect(startApp({ dialect, reuse: persisted(app) })).rejects.toThrow(
      `The database was upgraded by a newer release (schema 9999-from-the-future); this release knows up to ${schemaVersion()}. Start the newer release or restore a backup.`,
    );

    // The refused start left the migration table as the newer release wrote it.
    const database = openDatabase(app.config.database);
    try {
      expect(await appliedMigrations(database)).toContain('9999-from-the-future');
    } finally {
      await database.close();
      await persisted(app).database?.drop();
      await rm(app.dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL && !REQUIRE_PG)('two instances on a fresh PostgreSQL', () => {
  it('both start at once; migrations and first-start seeding ran once', async () => {
    const database = await createTestDatabase();
    const dirs = await Promise.all(
      [0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'qa-migrate-twice-'))),
    );
    const apps = await Promise.all(
      dirs.map((dataDir) => startApp({ dialect: 'postgres', reuse: { dataDir, database } })),
    );
    try {
      const { rows } = await sql<{ name: string; n: number | string }>`
        select name, count(*) as n from kysely_migration group by name`.execute(
        apps[0]!.server.database.db,
      );
      expect(rows.map((row) => [row.name, Number(row.n)]).sort()).toEqual(
        Object.keys(await provider.getMigrations())
          .sort()
          .map((name) => [name, 1]),
      );
      for (const app of apps) expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
      expect(await countRows(apps[1]!, 'people')).toBe(1);
      expect(await countRows(apps[1]!, 'user')).toBe(1);
    } finally {
      for (const app of apps) await app.stop({ keepData: true });
      await database.drop();
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });
});
