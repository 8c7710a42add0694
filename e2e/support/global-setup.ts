import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startTestOidcProvider } from '../../apps/server/test/support/oidc-provider';
import { ADMIN, AUDITOR, E2E_ROOT, OIDC, RESET_PERSON, SERVERS } from './environment';
import { REPO_ROOT, startServer, type RunningServer } from './processes';

/**
 * Starts what the browser tests talk to: a local OpenID Connect provider and three real servers
 * (SQLite, PostgreSQL, and SQLite with the default rate limits). Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(E2E_ROOT, { recursive: true, force: true });
  fs.mkdirSync(E2E_ROOT, { recursive: true });

  const databaseUrl = await freshPostgresDatabase();

  const servers = [SERVERS.sqlite, SERVERS.postgres, SERVERS.strict];
  const oidc = await startTestOidcProvider({
    port: OIDC.port,
    clientId: OIDC.clientId,
    clientSecret: OIDC.clientSecret,
    redirectUris: servers.map((s) => `${s.url}/api/auth/callback/${OIDC.providerId}`),
    accounts: [
      { email: ADMIN.email, name: 'Admin' },
      { email: OIDC.stranger, name: 'Stranger' },
    ],
  });

  const common = {
    INITIAL_ADMIN_EMAIL: ADMIN.email,
    INITIAL_ADMIN_PASSWORD: ADMIN.password,
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: OIDC.clientId,
    OIDC_CLIENT_SECRET: OIDC.clientSecret,
    OIDC_PROVIDER_ID: OIDC.providerId,
    OIDC_LABEL: OIDC.label,
    LOG_LEVEL: 'info',
    // The webhook journey's receiver listens on loopback, which webhooks reach only when allowed.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  };
  // Many tests sign in from one loopback address; the strict server keeps the defaults.
  const relaxed = { AUTH_RATE_LIMIT_SIGNIN: '1000/60', AUTH_RATE_LIMIT_RESET: '1000/60' };

  const running: RunningServer[] = [];
  const stopAll = async () => {
    await Promise.all(running.map((s) => s.stop()));
    await oidc.close();
  };
  try {
    const envs: Record<string, Record<string, string>> = {
      sqlite: { ...common, ...relaxed },
      postgres: { ...common, ...relaxed, DATABASE_URL: databaseUrl },
      strict: { ...common },
    };
    await Promise.all(servers.map((s) => addPeople(s.dataDir, envs[s.name]!)));
    running.push(
      ...(await Promise.all(
        servers.map((s) =>
          startServer({ name: s.name, port: s.port, dataDir: s.dataDir, env: envs[s.name]! }),
        ),
      )),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

/** The people with a login besides the admin, created with the server's own CLI. */
async function addPeople(dataDir: string, env: Record<string, string>): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  // One after another: both write the same database.
  await addPerson(dataDir, env, { ...RESET_PERSON, roles: 'user,auditor' });
  await addPerson(dataDir, env, { ...AUDITOR, roles: 'user,auditor' });
}

/**
 * One person, created with the server's own CLI. Async: the OIDC provider lives in this process
 * and must keep answering meanwhile.
 */
async function addPerson(
  dataDir: string,
  env: Record<string, string>,
  person: { email: string; name: string; password: string; roles: string },
): Promise<void> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(REPO_ROOT, 'apps/server/src/cli/add-person.ts'),
      '--email',
      person.email,
      '--name',
      person.name,
      '--roles',
      person.roles,
      '--password',
      person.password,
    ],
    { cwd: REPO_ROOT, env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  process.stdout.write(stdout);
}

async function freshPostgresDatabase(): Promise<string> {
  const adminUrl = process.env.E2E_DATABASE_URL;
  if (!adminUrl) {
    throw new Error(
      'E2E_DATABASE_URL is not set: run the e2e tests through `npm test` (it starts PostgreSQL)',
    );
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  // E2E_DATABASE_NAME (with E2E_ROOT and the E2E_PORT_* variables) lets two runs share one
  // PostgreSQL without dropping each other's database.
  const name = process.env.E2E_DATABASE_NAME ?? 'qa_e2e';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`E2E_DATABASE_NAME: invalid name ${name}`);
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
