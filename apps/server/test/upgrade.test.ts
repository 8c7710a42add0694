import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getMigrations } from 'better-auth/db/migration';
import Fastify from 'fastify';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { openDatabase } from '../src/db/database';
import { appliedMigrations, provider, schemaVersion } from '../src/db/migrate';
import { createAuth } from '../src/modules/auth/auth';
import { createAuthOptions } from '../src/modules/auth/auth-options';
import { insertCredentialUser } from '../src/modules/auth/credential-user';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { freePort } from './support/free-port';
import { createTestDatabase, type TestDatabase } from './support/pg-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApp, type TestApp } from './support/start-app';
import { SyncSocket } from './support/sync-socket';

const PERSON_ID = 'person-of-the-previous-release';
// As that release made them: a 16-character id and a 43-character base64url secret.
const TOKEN = { id: 'tokenprevious001', secret: 'previous-release-secret-of-43-characters-xx' };
const STANDARD = {
  name: 'Previous standard',
  description: 'Written by the previous release',
  chapters: [{ id: '1', description: 'Scope' }],
};
const AVATAR = Buffer.from('\x89PNG\r\n\x1a\n previous release avatar', 'binary');
const CLIENT_ID = 'browser-of-the-previous-release';

/**
 * A data directory and database at the previous release's schema (every migration but the
 * last, and better-auth's tables), holding rows as that release wrote them: the first-start
 * flag, the admin's login and person, a standard with its change-log entry, a client's last
 * mutation, an avatar file and an API token.
 */
async function previousRelease(
  dialect: 'sqlite' | 'postgres',
  dataDir: string,
  pg: TestDatabase | null,
): Promise<string> {
  const port = await freePort();
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: pg?.url,
  });
  const database = openDatabase(config.database);
  try {
    // better-auth's tables through the server's own options (its services are not needed).
    const authOptions = createAuthOptions({
      config,
      database,
      people: {} as never,
      mail: {} as never,
      log: Fastify({ logger: false }).log,
    });
    await (await getMigrations(authOptions)).runMigrations();
    const names = Object.keys(await provider.getMigrations()).sort();
    const previous = names.at(-2)!;
    const { error } = await new Migrator({ db: database.db, provider }).migrateTo(previous);
    if (error) throw error;

    // Untyped: the rows are as the previous schema has them, not as this release's types say.
    const db = database.db as unknown as Kysely<Record<string, never>>;
    const bool = (value: boolean) => (dialect === 'sqlite' ? Number(value) : value);
    const now = '2026-01-15T10:00:00.000Z';
    const context = await createAuth(authOptions).$context;
    const user = await insertCredentialUser(context.adapter, {
      name: 'Admin',
      email: ADMIN_EMAIL,
      passwordHash: await context.password.hash(ADMIN_PASSWORD),
    });
    const insert = (table: string, row: Record<string, unknown>) =>
      db
        .insertInto(table as never)
        .values(row as never)
        .execute();
    await insert('app_meta', { key: 'initialized', value: now });
    await insert('people', {
      id: PERSON_ID,
      display_name: 'Admin',
      email: ADMIN_EMAIL,
      avatar: 'avatarprev1',
      type: 'active',
      roles: JSON.stringify(['admin']),
      account_id: user.id,
      login_active: bool(true),
      created_date: now,
    });
    const standard = {
      collection: 'standards',
      id: 'previous-1',
      version: 1,
      deleted: bool(false),
      updated_at: now,
      data: JSON.stringify(STANDARD),
    };
    await insert('documents', { ...standard, seq: 1 });
    await insert('changes', {
      ...standard,
      seq: 1,
      prev_data: null,
      actor: PERSON_ID,
      client_id: CLIENT_ID,
      mutation_id: 7,
    });
    await sql`update sync_counter set value = 1 where name = 'changes'`.execute(db);
    await insert('client_mutations', {
      client_id: CLIENT_ID,
      person_id: PERSON_ID,
      last_mutation_id: 7,
      last_sequence: 1,
      updated_at: now,
    });
    const storageKey = 'previous-release-avatar';
    await mkdir(path.join(dataDir, 'files'), { recursive: true });
    await writeFile(path.join(dataDir, 'files', storageKey), AVATAR);
    await insert('files', {
      id: 'avatarprev1',
      storage_key: storageKey,
      name: 'avatar.png',
      content_type: 'image/png',
      size: AVATAR.length,
      sha256: createHash('sha256').update(AVATAR).digest('hex'),
      created_by: PERSON_ID,
      created_at: now,
      owner_person_id: PERSON_ID,
    });
    await insert('api_tokens', {
      id: TOKEN.id,
      person_id: PERSON_ID,
      name: 'Reporting',
      secret_hash: createHash('sha256').update(TOKEN.secret).digest('hex'),
      read_only: 1,
      created_at: now,
      expires_at: '2099-01-01T23:59:59.999Z',
      last_used_at: null,
      revoked_at: null,
    });
    return previous;
  } finally {
    await database.close();
  }
}

describeEachDialect('upgrading the previous release', (dialect) => {
  let app: TestApp | undefined;
  let pg: TestDatabase | null = null;
  let dataDir = '';
  afterAll(async () => {
    await app?.stop({ keepData: true });
    await pg?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates its data forward, and the data reads, signs in, syncs and takes writes', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'qa-upgrade-'));
    pg = dialect === 'postgres' ? await createTestDatabase() : null;
    const previous = await previousRelease(dialect, dataDir, pg);
    expect(previous).not.toBe(schemaVersion());

    app = await startApp({ dialect, reuse: { dataDir, database: pg } });
    expect(await appliedMigrations(app.server.database)).toEqual(
      Object.keys(await provider.getMigrations()).sort(),
    );

    // The API token reads the standard over REST.
    const read = await fetch(`${app.url}/api/v1/standards/previous-1`, {
      headers: { authorization: `Bearer qat_${TOKEN.id}_${TOKEN.secret}` },
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: 'previous-1', version: 1, data: STANDARD });

    // The admin signs in with the old password and is the old person, with the old avatar.
    const jar = new CookieJar();
    expect(
      (
        await jar.json(`${app.url}/api/auth/sign-in/email`, {
          email: ADMIN_EMAIL,
          password: ADMIN_PASSWORD,
        })
      ).status,
    ).toBe(200);
    const session = (await (await jar.fetch(`${app.url}/api/v1/session`)).json()) as {
      person: { id: string; roles: string[] } | null;
    };
    expect(session.person).toMatchObject({ id: PERSON_ID, roles: ['admin'] });
    const avatar = await jar.fetch(`${app.url}/api/v1/files/avatarprev1`);
    expect(avatar.status).toBe(200);
    expect(Buffer.from(await avatar.arrayBuffer())).toEqual(AVATAR);

    // The old browser resumes where it was (its last mutation and change), and writes go on
    // after the old change log.
    const socket = await SyncSocket.open(app, { cookie: jar.cookieHeader(new URL(app.url)) });
    try {
      const welcome = await socket.hello(CLIENT_ID);
      expect(welcome).toMatchObject({ lastMutationId: 7, lastSequence: 1 });
      socket.send({
        type: 'push',
        mutations: [
          {
            mutationId: 8,
            clientId: CLIENT_ID,
            name: 'autocompletion.save',
            args: { id: 'afterupgrade', title: 'After the upgrade', data: [] },
          },
        ],
      });
      const ack = await socket.next('ack', (m) => m.mutationId === 8);
      expect(ack.sequence).toBeGreaterThan(1);
    } finally {
      socket.close();
    }
  });
});
