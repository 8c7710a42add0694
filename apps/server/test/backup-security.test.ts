import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import SqliteDatabase from 'better-sqlite3';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../src/config/env';
import { writeBackup } from '../src/modules/backup/backup-writer';
import { restoreBackup } from '../src/modules/backup/restore';
import { LocalDiskFileStorage } from '../src/modules/files/local-disk-file-storage';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { createAudit, fileForm, filePerson, putFile } from './support/file-owners';
import { runCli } from './support/run-cli';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  countRows,
  startApp,
  type TestApp,
} from './support/start-app';

/**
 * Issue 35: a backup holds everyone's data, password hashes and webhook secrets, so it is its
 * own permission (an API token only with the `backup` scope), carries no sessions (a restore
 * signs everyone out), can be encrypted with age, is made one at a time with a stalled download
 * ended, and a restore refuses a target a server uses.
 */

const work: string[] = [];
async function scratch(name: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), `qa-${name}-`));
  work.push(folder);
  return folder;
}
afterAll(async () => {
  for (const folder of work) await rm(folder, { recursive: true, force: true });
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

async function createToken(
  app: TestApp,
  cookie: string,
  body: Record<string, unknown>,
): Promise<{ secret: string; token: { backup: boolean; readOnly: boolean } }> {
  const answer = await fetch(`${app.url}/api/v1/me/tokens`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as { secret: string; token: { backup: boolean; readOnly: boolean } };
}

async function unpack(bytes: Buffer): Promise<Map<string, Buffer>> {
  const extract = tar.extract();
  Readable.from([bytes]).pipe(extract as unknown as NodeJS.WritableStream);
  const found = new Map<string, Buffer>();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    found.set(entry.header.name, Buffer.concat(chunks));
  }
  return found;
}

describe('backup permission, contents and encryption', () => {
  let app: TestApp;
  let cookie: string;
  let identity: string;

  beforeAll(async () => {
    identity = await generateIdentity();
    app = await startApp({
      dialect: 'sqlite',
      env: { BACKUP_AGE_RECIPIENTS: await identityToRecipient(identity) },
    });
    cookie = await adminCookie(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lets an API token download a backup only when it was made with the backup scope', async () => {
    const readOnly = await createToken(app, cookie, { name: 'reader', readOnly: true });
    const readWrite = await createToken(app, cookie, { name: 'writer' });
    const backup = await createToken(app, cookie, {
      name: 'nightly',
      readOnly: true,
      backup: true,
    });
    expect(readOnly.token.backup).toBe(false);
    expect(backup.token).toMatchObject({ backup: true, readOnly: true });

    for (const { secret } of [readOnly, readWrite]) {
      for (const route of ['/api/v1/backup', '/api/v1/backup/status']) {
        const refused = await fetch(`${app.url}${route}`, {
          headers: { authorization: `Bearer ${secret}`, 'accept-language': 'en' },
        });
        expect(refused.status).toBe(403);
        expect(((await refused.json()) as { detail: string }).detail).toMatch(
          /may not download backups/,
        );
      }
    }
    const status = await fetch(`${app.url}/api/v1/backup/status`, {
      headers: { authorization: `Bearer ${backup.secret}` },
    });
    expect(await status.json()).toEqual({ running: false, since: null });
    const download = await fetch(`${app.url}/api/v1/backup`, {
      headers: { authorization: `Bearer ${backup.secret}` },
    });
    expect(download.status).toBe(200);
    await download.arrayBuffer();

    const listed = await fetch(`${app.url}/api/v1/me/tokens`, { headers: { cookie } });
    const { tokens } = (await listed.json()) as { tokens: { name: string; backup: boolean }[] };
    expect(Object.fromEntries(tokens.map((token) => [token.name, token.backup]))).toEqual({
      reader: false,
      writer: false,
      nightly: true,
    });
  });

  it('encrypts the download to BACKUP_AGE_RECIPIENTS; a restore needs the key and signs everyone out', async () => {
    expect(await countRows(app, 'session')).toBeGreaterThan(0);
    const download = await fetch(`${app.url}/api/v1/backup`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toMatch(/\.tar\.age"$/);
    const archive = Buffer.from(await download.arrayBuffer());
    expect(archive.subarray(0, 21).toString()).toBe('age-encryption.org/v1');

    const restore = async (keys?: { identities: string[] }) => {
      const target = await scratch('restore-age');
      const config = loadConfig({ DATA_DIR: target, LOG_LEVEL: 'silent' }, target);
      const error = await restoreBackup({ open: () => Readable.from([archive]), config, keys })
        .then(() => null)
        .catch((failure: unknown) => failure as Error);
      return { error, target, left: await readdir(target) };
    };
    const withoutKey = await restore();
    expect(withoutKey.error?.message).toMatch(/The archive is encrypted \(age\).*--identity/);
    expect(withoutKey.left).not.toContain('app.db');
    const wrongKey = await restore({ identities: [await generateIdentity()] });
    expect(wrongKey.error?.message).toMatch(/None of the given keys opens this archive/);
    expect(wrongKey.left).not.toContain('app.db');

    const restored = await restore({ identities: [identity] });
    expect(restored.error).toBeNull();
    const db = new SqliteDatabase(path.join(restored.target, 'app.db'), { readonly: true });
    try {
      const count = (table: string) =>
        (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
      expect(count('session')).toBe(0);
      expect(count('verification')).toBe(0);
      expect(count('user')).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('leaves out sessions, pending verifications, the session secret and identity-provider tokens', async () => {
    await app.server.database.db
      .updateTable('account' as never)
      .set({ accessToken: 'idp-access', refreshToken: 'idp-refresh', idToken: 'idp-id' } as never)
      .execute();
    const file = path.join(await scratch('plain'), 'backup.tar');
    await writeBackup(
      {
        database: app.config.database,
        storage: new LocalDiskFileStorage(path.join(app.dataDir, 'files')),
        productVersion: '0.0.0',
      },
      createWriteStream(file),
    );
    const entries = await unpack(await readFile(file));
    expect(
      [...entries.keys()].filter((name) => /secret|\/session\/|verification/.test(name)),
    ).toEqual([]);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as {
      tables: Record<string, number>;
    };
    expect(manifest.tables).toMatchObject({ session: 0, verification: 0 });
    const accounts = [...entries]
      .filter(([name]) => name.startsWith('database/account/'))
      .flatMap(([, content]) => gunzipSync(content).toString().trim().split('\n'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(accounts.length).toBeGreaterThan(0);
    for (const account of accounts) {
      expect(account).toMatchObject({ accessToken: null, refreshToken: null, idToken: null });
      expect(account.password).toEqual(expect.any(String));
    }
  });

  it('refuses BACKUP_AGE_RECIPIENTS that are not age public keys', () => {
    expect(() => parseEnv({ BACKUP_AGE_RECIPIENTS: 'age1nonsense' })).toThrow(ConfigError);
    expect(() => parseEnv({ BACKUP_AGE_RECIPIENTS: 'age1nonsense' })).toThrow(
      /BACKUP_AGE_RECIPIENTS: expected age public keys/,
    );
  });
});

describe('one backup at a time', () => {
  it('answers 409 while one runs, and ends a download that takes nothing', async () => {
    const app = await startApp({ dialect: 'sqlite', env: { BACKUP_STALL_TIMEOUT_S: '1' } });
    try {
      const qm = await filePerson(app, 'qm.stall@example.com', ['qm']);
      const auditId = await createAudit(qm, 'audit-stall', { lead: qm.personId });
      // More than the kernel's socket buffers take, so an unread download holds the backup.
      for (let i = 0; i < 3; i += 1) {
        const form = fileForm(randomBytes(8 * 1024 * 1024), `big-${i}.pdf`, 'application/pdf');
        expect((await putFile(app, qm, `stall-${i}`, { auditId }, form)).status).toBe(201);
      }
      qm.socket.close();
      const cookie = await adminCookie(app);

      // A reader that takes the headers and then nothing more.
      const stalled = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http
          .get(`${app.url}/api/v1/backup`, { headers: { cookie } }, (res) => {
            res.pause();
            resolve(res);
          })
          .on('error', reject);
      });
      expect(stalled.statusCode).toBe(200);

      const second = await fetch(`${app.url}/api/v1/backup`, {
        headers: { cookie, 'accept-language': 'de' },
      });
      expect(second.status).toBe(409);
      expect(second.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(((await second.json()) as { detail: string }).detail).toMatch(
        /Gerade wird schon eine Sicherung erstellt/,
      );
      const busy = await fetch(`${app.url}/api/v1/backup/status`, { headers: { cookie } });
      expect(await busy.json()).toMatchObject({ running: true });

      // The stalled download is ended and the slot is free again.
      await eventually(async () => {
        const status = await fetch(`${app.url}/api/v1/backup/status`, { headers: { cookie } });
        return ((await status.json()) as { running: boolean }).running === false;
      });
      stalled.destroy();
      const third = await fetch(`${app.url}/api/v1/backup`, { headers: { cookie } });
      expect(third.status).toBe(200);
      expect((await third.arrayBuffer()).byteLength).toBeGreaterThan(24 * 1024 * 1024);
      await eventually(
        async () => (await readdir(path.join(app.dataDir, 'files', '.holds'))).length === 0,
      );
    } finally {
      await app.stop();
    }
  }, 60_000);
});

describeEachDialect('a restore into a target a server uses', (dialect) => {
  it('is refused with nothing changed', async () => {
    const app = await startApp({ dialect });
    try {
      const users = await countRows(app, 'user');
      const before = (await readdir(app.dataDir)).sort();
      // Refused before the archive is opened: an empty one would otherwise be refused too.
      const error = await restoreBackup({
        open: () => Readable.from([]),
        config: app.config,
        force: true,
      }).catch((failure: unknown) => failure as Error);
      expect((error as Error).message).toMatch(
        dialect === 'sqlite'
          ? /The database .*app\.db is in use by a running server\. Stop the server/
          : /The database is in use: \d+ other connection\(s\).*Stop the server/,
      );
      expect((await readdir(app.dataDir)).sort()).toEqual(before);
      expect(await countRows(app, 'user')).toBe(users);
      // The server goes on working.
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    } finally {
      await app.stop();
    }
  });
});

describe('the command line', () => {
  it('encrypts to a passphrase and restores only with it', async () => {
    const app = await startApp({ dialect: 'sqlite' });
    const folder = await scratch('cli-age');
    const archive = path.join(folder, 'backup.tar.age');
    const passphrase = path.join(folder, 'passphrase');
    try {
      await writeFile(passphrase, 'correct horse battery staple\n');
      const backup = await runCli('backup', ['--to', archive, '--passphrase-file', passphrase], {
        DATA_DIR: app.dataDir,
      });
      expect(backup.stderr).not.toMatch(/failed/i);
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/encrypted with age/);
    } finally {
      await app.stop();
    }
    const target = await scratch('cli-age-target');
    const refused = await runCli('restore', ['--from', archive], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/The archive is encrypted \(age\)/);
    const restored = await runCli('restore', ['--from', archive, '--passphrase-file', passphrase], {
      DATA_DIR: target,
    });
    expect(restored.stderr).not.toMatch(/failed/i);
    expect(restored.stdout).toMatch(/Restored .* everyone signs in again/);
    expect(restored.code).toBe(0);
    // Three command-line runs, two of them a full scrypt (age's work factor 2^18, pure
    // JavaScript): 12 s on a quiet machine, over a minute beside the other test files on CI.
  }, 180_000);
});

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
