import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp, type BuildOptions, type BuiltApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config/env';
import { insertCredentialUser } from '../../src/modules/auth/credential-user';
import { PersonAccountsService } from '../../src/modules/people/person-accounts.service';
import type { TestDialect } from './dialects';
import { freePort, isAddressInUse } from './free-port';
import { createTestDatabase, type TestDatabase } from './pg-database';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-password-1';

export interface TestApp {
  url: string;
  host: string;
  config: AppConfig;
  server: BuiltApp;
  dataDir: string;
  /** Stops the server; with `keepData` the data directory and database stay for a restart. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartOptions {
  dialect: TestDialect;
  env?: Record<string, string | undefined>;
  /** Reuse the data directory (and database) of a stopped app. */
  reuse?: { dataDir: string; database: TestDatabase | null };
  /** Port to listen on; pick one with freePort() when something must know it in advance. */
  port?: number;
  /** Passed to buildApp (small sync limits, for instance). */
  build?: BuildOptions;
}

/** Per started app: what stop() must remove. */
const resources = new WeakMap<TestApp, { database: TestDatabase | null }>();

/**
 * Starts the real server on 127.0.0.1 with a temporary DATA_DIR and, for PostgreSQL, a fresh
 * database. Logs are silent unless TEST_LOG_LEVEL is set.
 */
export async function startApp(options: StartOptions): Promise<TestApp> {
  const dataDir =
    options.reuse?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'qa-server-test-')));
  const database =
    options.reuse?.database ?? (options.dialect === 'postgres' ? await createTestDatabase() : null);
  const { config, server, url } = await listening(options, dataDir, database?.url);

  const app: TestApp = {
    url,
    host: '127.0.0.1',
    config,
    server,
    dataDir,
    async stop({ keepData = false } = {}) {
      await server.close();
      if (keepData) return;
      await resources.get(app)?.database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  resources.set(app, { database });
  return app;
}

/**
 * Builds and starts the app on its port. A port picked by freePort() can still be taken by
 * another worker before the listen; then it is built again on another port (a given port is
 * the caller's to keep, and its failure is theirs to see).
 */
async function listening(
  options: StartOptions,
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ config: AppConfig; server: BuiltApp; url: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await freePort());
    const scheme = options.env?.TLS_CERT_FILE ? 'https' : 'http';
    const url = `${scheme}://127.0.0.1:${port}`;
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      INITIAL_ADMIN_EMAIL: ADMIN_EMAIL,
      INITIAL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
      DATABASE_URL: databaseUrl,
      ...options.env,
    });
    const server = await buildApp(config, options.build);
    try {
      await server.app.listen({ port, host: '127.0.0.1' });
      return { config, server, url };
    } catch (error) {
      await server.close();
      if (options.port !== undefined || attempt >= 3 || !isAddressInUse(error)) throw error;
    }
  }
}

/** What a restart needs to find the same data again. */
export function persisted(app: TestApp): { dataDir: string; database: TestDatabase | null } {
  return { dataDir: app.dataDir, database: resources.get(app)?.database ?? null };
}

/** Number of rows in a table (better-auth's tables included). */
export async function countRows(app: TestApp, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
    table,
  )}`.execute(app.server.database.db);
  return Number(rows[0]?.n ?? 0);
}

/** A person with an e-mail+password login, created by the server's own service. */
export async function createPersonWithLogin(
  app: TestApp,
  { email, password, displayName = email, roles = ['user'] }: PersonLogin,
): Promise<{ personId: string; userId: string }> {
  const accounts = new PersonAccountsService(app.server.auth, app.server.people);
  const person = await accounts.createWithPassword({ displayName, email, roles }, password);
  return { personId: person.id, userId: person.accountId ?? '' };
}

export interface PersonLogin {
  email: string;
  password: string;
  displayName?: string;
  roles?: string[];
}

/** A better-auth login that no person record points to (e.g. left over after a deletion). */
export async function createLoginWithoutPerson(
  app: TestApp,
  { email, password, name = email }: { email: string; password: string; name?: string },
): Promise<{ userId: string }> {
  const context = await app.server.auth.$context;
  const user = await insertCredentialUser(context.adapter, {
    name,
    email,
    passwordHash: await context.password.hash(password),
  });
  return { userId: user.id };
}
