import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { REQUIRE_PG, TEST_DATABASE_URL } from './support/pg-database';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  persisted,
  startApp,
  type TestApp,
} from './support/start-app';
import { signedInCookie } from './support/sync-socket';

/**
 * Issue 35 item 4: a token acts with its person's roles as they are now. The token cache must
 * not keep old roles or a deactivated person's access, on this instance nor on another one.
 */
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

async function adminCookie(app: TestApp): Promise<string> {
  const jar = new CookieJar();
  const signIn = await jar.json(`${app.url}/api/auth/sign-in/email`, {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  expect(signIn.status).toBe(200);
  return jar.cookieHeader(new URL(app.url));
}

async function tokenOf(app: TestApp, cookie: string): Promise<string> {
  const created = await fetch(`${app.url}/api/v1/me/tokens`, {
    method: 'POST',
    headers: { cookie, origin: app.url, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'ERP' }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { secret: string }).secret;
}

/** An admin-only read: 200 while the token's person is an admin. */
const webhooks = (app: TestApp, token: string) =>
  fetch(`${app.url}/api/v1/webhooks`, { headers: { authorization: `Bearer ${token}` } });

async function asAdmin(app: TestApp, cookie: string, method: string, url: string, body?: unknown) {
  const response = await fetch(`${app.url}${url}`, {
    method,
    headers: {
      cookie,
      origin: app.url,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describeEachDialect('API token cache', (dialect) => {
  it('a role change and a deactivation act on the very next request', async () => {
    const app = await startApp({ dialect });
    stops.push(() => app.stop());
    const admin = await adminCookie(app);
    const boss = await signedInCookie(app, {
      email: `boss-${dialect}@example.com`,
      roles: ['admin'],
    });
    const token = await tokenOf(app, boss.cookie);
    expect((await webhooks(app, token)).status).toBe(200);

    await asAdmin(app, admin, 'PUT', `/api/v1/people/${boss.personId}/roles`, {
      roles: ['auditor'],
    });
    expect((await webhooks(app, token)).status).toBe(403);

    await asAdmin(app, admin, 'PUT', `/api/v1/people/${boss.personId}/roles`, {
      roles: ['admin'],
    });
    expect((await webhooks(app, token)).status).toBe(200);

    await asAdmin(app, admin, 'POST', `/api/v1/people/${boss.personId}/deactivate`);
    expect((await webhooks(app, token)).status).toBe(401);
  });
});

it.skipIf(!TEST_DATABASE_URL && !REQUIRE_PG)(
  'two instances on one PostgreSQL: a change on one acts on the other’s cached tokens',
  async () => {
    // Caches that would keep a token for ten minutes: only the notice can refresh them.
    const build = { apiTokenCacheMs: 600_000 };
    const first = await startApp({ dialect: 'postgres', build });
    stops.push(() => first.stop());
    const second = await startApp({
      dialect: 'postgres',
      build,
      reuse: {
        dataDir: await mkdtemp(path.join(os.tmpdir(), 'qa-second-')),
        database: persisted(first).database,
      },
    });
    // It shares the first one's database, which the first one drops when it stops.
    stops.push(async () => {
      await second.stop({ keepData: true });
      await rm(second.dataDir, { recursive: true, force: true });
    });
    const admin = await adminCookie(first);
    const boss = await signedInCookie(first, { email: 'boss-two@example.com', roles: ['admin'] });
    const token = await tokenOf(first, boss.cookie);
    expect((await webhooks(second, token)).status).toBe(200);

    const until = async (status: number) => {
      for (let attempt = 0; attempt < 100; attempt += 1) {
        if ((await webhooks(second, token)).status === status) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the second instance never answered ${status}`);
    };
    await asAdmin(first, admin, 'PUT', `/api/v1/people/${boss.personId}/roles`, {
      roles: ['auditor'],
    });
    await until(403);
    await asAdmin(first, admin, 'PUT', `/api/v1/people/${boss.personId}/roles`, {
      roles: ['admin'],
    });
    await until(200);
    await asAdmin(first, admin, 'POST', `/api/v1/people/${boss.personId}/deactivate`);
    await until(401);
  },
  60_000,
);
