import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { readBuildInfo } from '../src/config/build-info';
import { BACKUP_TABLES } from '../src/modules/backup/backup-tables';
import { writeBackup } from '../src/modules/backup/backup-writer';
import { restoreBackup } from '../src/modules/backup/restore';
import { LocalDiskFileStorage } from '../src/modules/files/local-disk-file-storage';
import { createAudit, filePerson, fileForm, putFile } from './support/file-owners';
import { createTestDatabase, TEST_DATABASE_URL } from './support/pg-database';
import { startApp, type TestApp } from './support/start-app';

interface Entry {
  name: string;
  content: Buffer;
}

/**
 * What a restore refuses (issue 20), each with a message that says what is wrong and the target
 * left as it was: a damaged, cut-short or altered archive, one of a newer schema, a target that
 * is not empty. One dialect: the checks run before anything of the target is touched.
 */
describe('restore refuses what it cannot trust', () => {
  let app: TestApp;
  let entries: Entry[];
  let archive: Buffer;
  const work: string[] = [];

  beforeAll(async () => {
    app = await startApp({ dialect: 'sqlite' });
    const qm = await filePerson(app, 'qm.refusals@example.com', ['qm']);
    const auditId = await createAudit(qm, 'audit-refusals', { lead: qm.personId });
    const answer = await putFile(
      app,
      qm,
      'refusal-file',
      { auditId },
      fileForm(randomBytes(9000), 'a.jpg'),
    );
    expect(answer.status).toBe(201);
    qm.socket.close();
    const folder = await scratch();
    const file = path.join(folder, 'backup.tar');
    const { createWriteStream } = await import('node:fs');
    await writeBackup(
      {
        database: app.config.database,
        storage: new LocalDiskFileStorage(path.join(app.dataDir, 'files')),
        productVersion: readBuildInfo(null).version,
      },
      createWriteStream(file),
    );
    archive = await readFile(file);
    entries = await unpack(archive);
  });
  afterAll(async () => {
    await app?.stop();
    for (const folder of work) await rm(folder, { recursive: true, force: true });
  });

  async function scratch(): Promise<string> {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'qa-refusals-'));
    work.push(folder);
    return folder;
  }

  /** Restores `bytes` into a fresh data folder; answers the error and what the folder held. */
  async function restoreInto(bytes: Buffer, dataDir?: string, force = false) {
    const target = dataDir ?? (await scratch());
    const config = loadConfig({ DATA_DIR: target, LOG_LEVEL: 'silent' }, target);
    const before = await listing(target);
    const error = await restoreBackup({ open: () => Readable.from([bytes]), config, force }).then(
      () => null,
      (failure: unknown) => failure as Error,
    );
    return { error, before, after: await listing(target), target };
  }

  it('restores the untouched archive (the baseline of the cases below)', async () => {
    const { error, after } = await restoreInto(await pack(entries));
    expect(error).toBeNull();
    expect(after).toContain('app.db');
    expect(after.some((name) => name.startsWith('files/refusal-file-'))).toBe(true);
  });

  it.each([
    // Whichever check notices first: gzip's checksum, a broken line, a hash.
    ['a flipped byte', () => flipped(archive), /damaged|not JSON|does not match|is not/],
    [
      'a cut-short archive',
      () => archive.subarray(0, Math.floor(archive.length / 2)),
      /damaged or incomplete/,
    ],
    ['no manifest', () => pack(entries.filter((e) => e.name !== 'manifest.json')), /no manifest/],
    [
      'a manifest hash that does not match',
      () =>
        pack(
          withManifest(entries, (manifest) => {
            manifest.entries[1]!.sha256 = '0'.repeat(64);
          }),
        ),
      /does not match its manifest/,
    ],
    [
      'a row removed and its hash made to fit',
      () => pack(rehashed(dropLine(entries, /^database\/documents\//))),
      /rows of documents do not match/,
    ],
    [
      'a stored file changed and its hash made to fit',
      () => pack(rehashed(changed(entries, /^files\//))),
      /differs from its record/,
    ],
    [
      'a newer schema',
      () =>
        pack(
          rehashed(
            withJson(entries, 'backup.json', (header) => {
              (header.migrations as string[]).push('9999-from-the-future');
            }),
          ),
        ),
      /newer schema \(9999-from-the-future, made by release/,
    ],
  ])('refuses %s and leaves the target as it was', async (_, bytes, message) => {
    const { error, before, after } = await restoreInto(await bytes());
    expect(error?.message).toMatch(message);
    expect(error?.message).toMatch(/Nothing was restored|Restore it with that release/);
    expect(after).toEqual(before);
  });

  it('refuses a target that is not empty unless forced, and a forced one stays whole on a refusal', async () => {
    const first = await restoreInto(archive);
    expect(first.error).toBeNull();
    const database = await readFile(path.join(first.target, 'app.db'));

    const again = await restoreInto(archive, first.target);
    expect(again.error?.message).toMatch(
      /The target is not empty \(rows in documents, user, people, files; 1 stored files/,
    );
    const damaged = await restoreInto(flipped(archive), first.target, true);
    expect(damaged.error?.message).toMatch(/Nothing was restored/);
    expect(damaged.after).toEqual(damaged.before);
    expect(await readFile(path.join(first.target, 'app.db'))).toEqual(database);

    const forced = await restoreInto(archive, first.target, true);
    expect(forced.error).toBeNull();
    expect(forced.after).toEqual(forced.before);
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'keeps a PostgreSQL target whole when a forced restore fails after the check',
    async () => {
      const database = await createTestDatabase();
      try {
        const dataDir = await scratch();
        const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url }, dataDir);
        await restoreBackup({ open: () => Readable.from([archive]), config });
        const before = await pgState(database.url);
        // Passes every check (counts and hashes fit) but no table has this column.
        const bad = await pack(rehashed(extraColumn(entries, /^database\/documents\//)));
        await expect(
          restoreBackup({ open: () => Readable.from([bad]), config, force: true }),
        ).rejects.toThrow(/bogus/);
        expect(await pgState(database.url)).toEqual(before);
        // And a good archive still replaces it.
        await restoreBackup({ open: () => Readable.from([archive]), config, force: true });
        expect((await pgState(database.url)).schemas).toEqual(before.schemas);
      } finally {
        await database.drop();
      }
    },
  );

  it('carries every table of the schema, each placed in the restore order on purpose', async () => {
    const tables = (await app.server.database.db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !name.startsWith('kysely_'));
    expect([...BACKUP_TABLES].sort()).toEqual(tables.sort());
  });
});

describe('a backup whose reader goes away', () => {
  it('fails at once and holds nothing any more', async () => {
    const app = await startApp({ dialect: 'sqlite' });
    try {
      const qm = await filePerson(app, 'qm.cancel@example.com', ['qm']);
      const auditId = await createAudit(qm, 'audit-cancel', { lead: qm.personId });
      for (let i = 0; i < 4; i += 1) {
        const form = fileForm(randomBytes(200_000), `p${i}.jpg`);
        expect((await putFile(app, qm, `cancel-${i}`, { auditId }, form)).status).toBe(201);
      }
      qm.socket.close();
      const folder = path.join(app.dataDir, 'files');
      // A download cancelled after its first bytes: the reader is destroyed.
      const output = new Writable({
        highWaterMark: 1024,
        write(_chunk, _encoding, callback) {
          setImmediate(() => output.destroy(new Error('download cancelled')));
          callback();
        },
      });
      await expect(
        writeBackup(
          {
            database: app.config.database,
            storage: new LocalDiskFileStorage(folder),
            productVersion: '0.0.0',
          },
          output,
        ),
      ).rejects.toThrow();
      expect(await readdir(path.join(folder, '.holds'))).toEqual([]);
    } finally {
      await app.stop();
    }
  });
});

describe('deletions during a backup', () => {
  it('keep a deleted file readable until the backup lets go', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'qa-hold-'));
    try {
      const storage = new LocalDiskFileStorage(folder);
      await storage.put('held-1.jpg', Readable.from([Buffer.from('photo')]));
      await storage.put('free-1.jpg', Readable.from([Buffer.from('other')]));
      await storage.delete('free-1.jpg');
      expect(await storage.get('free-1.jpg')).toBeNull();

      const release = await storage.holdDeletions();
      // Another process (the backup command) holds too: a second storage on the same folder.
      await new LocalDiskFileStorage(folder).delete('held-1.jpg');
      const held = await storage.get('held-1.jpg');
      expect(held).not.toBeNull();
      expect(Buffer.concat(await held!.stream.toArray())).toEqual(Buffer.from('photo'));
      await release();
      expect(await storage.get('held-1.jpg')).toBeNull();
      expect((await readdir(folder)).filter((name) => !name.startsWith('.'))).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

async function listing(folder: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
  return names.map(String).sort();
}

async function unpack(bytes: Buffer): Promise<Entry[]> {
  const extract = tar.extract();
  const done = pipeline(Readable.from([bytes]), extract as unknown as NodeJS.WritableStream);
  const found: Entry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    found.push({ name: entry.header.name, content: Buffer.concat(chunks) });
  }
  await done;
  return found;
}

async function pack(list: Entry[]): Promise<Buffer> {
  const packer = tar.pack();
  for (const entry of list)
    packer.entry({ name: entry.name, size: entry.content.length }, entry.content);
  packer.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of packer as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function flipped(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  const at = Math.floor(copy.length / 2);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}

type Json = Record<string, unknown> & { entries: { name: string; size: number; sha256: string }[] };

function withJson(list: Entry[], name: string, change: (value: Json) => void): Entry[] {
  return list.map((entry) => {
    if (entry.name !== name) return entry;
    const value = JSON.parse(entry.content.toString('utf8')) as Json;
    change(value);
    return { name, content: Buffer.from(JSON.stringify(value)) };
  });
}

function withManifest(list: Entry[], change: (manifest: Json) => void): Entry[] {
  return withJson(list, 'manifest.json', change);
}

/** The manifest made to fit the entries as they now are: only the deeper checks can tell. */
function rehashed(list: Entry[]): Entry[] {
  return withManifest(list, (manifest) => {
    manifest.entries = list
      .filter((entry) => entry.name !== 'manifest.json')
      .map((entry) => ({
        name: entry.name,
        size: entry.content.length,
        sha256: createHash('sha256').update(entry.content).digest('hex'),
      }));
  });
}

function dropLine(list: Entry[], pattern: RegExp): Entry[] {
  return list.map((entry) => {
    if (!pattern.test(entry.name)) return entry;
    const lines = gunzipSync(entry.content).toString('utf8').split('\n').slice(1);
    return { name: entry.name, content: gzipSync(lines.join('\n')) };
  });
}

function extraColumn(list: Entry[], pattern: RegExp): Entry[] {
  return list.map((entry) => {
    if (!pattern.test(entry.name)) return entry;
    const lines = gunzipSync(entry.content).toString('utf8').split('\n');
    lines[0] = JSON.stringify({ ...JSON.parse(lines[0]!), bogus: 1 });
    return { name: entry.name, content: gzipSync(lines.join('\n')) };
  });
}

/** What a PostgreSQL target holds: its schemas, tables, migrations and documents. */
async function pgState(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = async (text: string) => (await client.query(text)).rows;
    return {
      schemas: await rows(
        "select nspname from pg_namespace where nspname not like 'pg_%' and nspname <> 'information_schema' order by 1",
      ),
      tables: await rows(
        "select table_name from information_schema.tables where table_schema = 'public' order by 1",
      ),
      migrations: await rows('select name from kysely_migration order by name'),
      documents: await rows('select collection, id, version from documents order by 1, 2'),
    };
  } finally {
    await client.end();
  }
}

function changed(list: Entry[], pattern: RegExp): Entry[] {
  return list.map((entry) =>
    pattern.test(entry.name)
      ? { name: entry.name, content: Buffer.concat([entry.content.subarray(1), Buffer.from('x')]) }
      : entry,
  );
}

void createReadStream;
void writeFile;
