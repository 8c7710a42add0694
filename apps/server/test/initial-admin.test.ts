import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { createTestDatabase, REQUIRE_PG, TEST_DATABASE_URL } from './support/pg-database';
import { countRows, persisted, startApp, type TestApp } from './support/start-app';

describeEachDialect('initial admin', (dialect) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps.reverse()) await app.stop();
  });

  it('is created once from INITIAL_ADMIN_*; later starts change nothing', async () => {
    const first = await startApp({
      dialect,
      env: { INITIAL_ADMIN_EMAIL: 'Chief@Example.com', INITIAL_ADMIN_PASSWORD: 'chief-password' },
    });
    expect(first.server.initialAdmin).toEqual({
      created: true,
      email: 'chief@example.com',
      generatedPassword: null,
    });
    const admin = await first.server.people.findByEmail('chief@example.com');
    expect(admin).toMatchObject({ type: 'active', loginActive: true });
    expect([...(admin?.roles ?? [])].sort()).toEqual(['admin', 'auditor', 'qm', 'user']);
    await first.stop({ keepData: true });

    const second = await startApp({
      dialect,
      reuse: persisted(first),
      env: { INITIAL_ADMIN_EMAIL: 'other@example.com', INITIAL_ADMIN_PASSWORD: 'other-password' },
    });
    apps.push(second);
    expect(second.server.initialAdmin).toEqual({ created: false });
    expect(await countRows(second, 'people')).toBe(1);
    expect(await countRows(second, 'user')).toBe(1);
    expect(await second.server.people.findByEmail('other@example.com')).toBeNull();
    const signIn = await new CookieJar().json(`${second.url}/api/auth/sign-in/email`, {
      email: 'chief@example.com',
      password: 'chief-password',
    });
    expect(signIn.status).toBe(200);
  });

  it('gets a generated strong password when none is configured', async () => {
    const app = await startApp({
      dialect,
      env: { INITIAL_ADMIN_EMAIL: undefined, INITIAL_ADMIN_PASSWORD: undefined },
    });
    apps.push(app);
    const result = app.server.initialAdmin;
    expect(result).toMatchObject({ created: true, email: 'admin@example.com' });
    const password = result.created ? (result.generatedPassword ?? '') : '';
    expect(password).toMatch(/^[\w-]{24}$/);
    const signIn = await new CookieJar().json(`${app.url}/api/auth/sign-in/email`, {
      email: 'admin@example.com',
      password,
    });
    expect(signIn.status).toBe(200);
  });
});

// With REQUIRE_PG=1 this runs (and fails) even without TEST_DATABASE_URL.
it.skipIf(!TEST_DATABASE_URL && !REQUIRE_PG)(
  'two instances starting at once on one PostgreSQL create one admin',
  async () => {
    const database = await createTestDatabase();
    const dirs = await Promise.all([1, 2].map(() => mkdtemp(path.join(os.tmpdir(), 'qa-race-'))));
    try {
      const servers = await Promise.all(
        dirs.map((dir) =>
          buildApp(loadConfig({ DATA_DIR: dir, DATABASE_URL: database.url, LOG_LEVEL: 'silent' })),
        ),
      );
      try {
        expect(servers.filter((s) => s.initialAdmin.created)).toHaveLength(1);
        const people = await servers[0]!.database.db.selectFrom('people').select('id').execute();
        expect(people).toHaveLength(1);
        // And agree on one change log (sync positions mean the same on both).
        expect(servers[0]!.sync.changeLogId).toBe(servers[1]!.sync.changeLogId);
      } finally {
        await Promise.all(servers.map((s) => s.close()));
      }
    } finally {
      await database.drop();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    }
  },
);
