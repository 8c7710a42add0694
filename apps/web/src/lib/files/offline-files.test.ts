// @vitest-environment node
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FileRejectedError,
  getFileUrl,
  keepServerCopy,
  pruneKeptFiles,
  readFileBlob,
  releaseFileUrl,
  saveOfflineFile,
} from './offline-files';
import { openOfflineFiles, type OfflineFilesDatabase } from './offline-files-db';

/** The audit item and finding a photo is taken for. */
const OWNER = { auditId: 'audit-1', auditItemId: 'item-1', findingId: 'finding-1' };

describe('offline files', () => {
  let db: OfflineFilesDatabase;
  beforeEach(() => {
    db = openOfflineFiles('person-1', { indexedDB: new IDBFactory(), IDBKeyRange });
  });
  afterEach(() => db.close());

  it('keeps the blob under a generated id until it is uploaded', async () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'photo.jpg', { type: 'image/jpeg' });
    const { fileId, name } = await saveOfflineFile(db, photo, OWNER);
    expect(name).toBe('photo.jpg');
    expect(fileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(db.name).toBe('qa-files-person-1');

    const stored = await db.files.get(fileId);
    expect(stored).toMatchObject({
      name: 'photo.jpg',
      type: 'image/jpeg',
      size: 3,
      uploaded: 0,
      failed: 0,
      attempts: 0,
      lastError: null,
      owner: { ...OWNER, mediaId: null },
    });
    const bytes = await readFileBlob(db, fileId);
    expect(new Uint8Array(await bytes!.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));

    const url = await getFileUrl(db, fileId);
    expect(url).toMatch(/^blob:/);
    releaseFileUrl(url);
    // Uploaded and still kept: shown from the device (offline too).
    await db.files.update(fileId, { uploaded: 1, uploadedAt: new Date().toISOString() });
    const kept = await getFileUrl(db, fileId);
    expect(kept).toMatch(/^blob:/);
    releaseFileUrl(kept);
    await db.blobs.delete(fileId);
    expect(await getFileUrl(db, fileId)).toBe(`/api/v1/files/${fileId}`);
    expect(await getFileUrl(db, 'from-elsewhere')).toBe('/api/v1/files/from-elsewhere');
  });

  it('gives back the storage of uploads kept too long or past the budget, never of waiting ones', async () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    const keep = async (name: string, bytes: number, uploadedDaysAgo: number | null) => {
      const file = new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
      const { fileId } = await saveOfflineFile(db, file, OWNER);
      if (uploadedDaysAgo !== null) {
        const uploadedAt = new Date(now - uploadedDaysAgo * day).toISOString();
        await db.files.update(fileId, { uploaded: 1, uploadedAt });
      }
      return fileId;
    };
    const waiting = await keep('waiting.jpg', 40, null);
    const old = await keep('old.jpg', 10, 20);
    const earlier = await keep('earlier.jpg', 30, 2);
    const recent = await keep('recent.jpg', 30, 1);

    // 14 days and 50 bytes: the old one by age, the earlier one by the budget (recent first).
    expect(await pruneKeptFiles(db, now, { maxAgeMs: 14 * day, maxBytes: 50 })).toBe(2);
    const blobOf = async (id: string) => (await readFileBlob(db, id))?.size ?? null;
    expect(await blobOf(old)).toBeNull();
    expect(await blobOf(earlier)).toBeNull();
    expect(await blobOf(recent)).toBe(30);
    expect(await blobOf(waiting)).toBe(40);
    expect(await pruneKeptFiles(db, now, { maxAgeMs: 14 * day, maxBytes: 50 })).toBe(0);
  });

  it("keeps a copy of a file shown from the server (another device's photo), once", async () => {
    const calls: string[] = [];
    const fetchFn = (async (input: RequestInfo | URL) => {
      calls.push(String(input));
      if (String(input).endsWith('/gone')) return new Response('', { status: 404 });
      return new Response(new Uint8Array([7, 8, 9]), { headers: { 'content-type': 'image/jpeg' } });
    }) as typeof fetch;
    expect(await keepServerCopy(db, 'theirs', 'gauge.jpg', fetchFn)).toBe(true);
    expect(await keepServerCopy(db, 'theirs', 'gauge.jpg', fetchFn)).toBe(false);
    expect(await keepServerCopy(db, 'gone', 'x.jpg', fetchFn)).toBe(false);
    expect(calls).toEqual(['/api/v1/files/theirs', '/api/v1/files/gone']);
    expect(await db.files.get('theirs')).toMatchObject({ uploaded: 1, size: 3, owner: null });
    const url = await getFileUrl(db, 'theirs');
    expect(url).toMatch(/^blob:/);
    releaseFileUrl(url);
    expect(await db.files.get('gone')).toBeUndefined();
  });

  it('moves the bytes of files kept by the first version out of their rows', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('qa-files-person-2', { indexedDB, IDBKeyRange });
    old.version(1).stores({ files: 'fileId, uploaded' });
    await old.table('files').bulkAdd([
      { fileId: 'waiting', uploaded: 0, blob: new Blob(['abc'], { type: 'image/jpeg' }) },
      { fileId: 'pruned', uploaded: 1, blob: null },
    ]);
    old.close();
    const upgraded = openOfflineFiles('person-2', { indexedDB, IDBKeyRange });
    expect(await upgraded.files.get('waiting')).not.toHaveProperty('blob');
    expect((await readFileBlob(upgraded, 'waiting'))?.size).toBe(3);
    expect(await readFileBlob(upgraded, 'pruned')).toBeNull();
    upgraded.close();
  });

  it('gives a typeless blob the type of its name', async () => {
    const { fileId } = await saveOfflineFile(db, new Blob(['%PDF']), OWNER, 'scan.pdf');
    const stored = await db.files.get(fileId);
    expect(stored?.type).toBe('application/pdf');
    expect((await readFileBlob(db, fileId))?.type).toBe('application/pdf');
  });

  it("rejects a file without extension with the domain's message, and keeps nothing", async () => {
    const error = await saveOfflineFile(db, new Blob(['x']), OWNER, 'report').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FileRejectedError);
    expect(error).toMatchObject({
      reason: 'extensionRequired',
      detail: { key: 'attachment.extensionRequired' },
    });
    expect(await db.files.count()).toBe(0);
  });

  it('needs the audit the file belongs to, and ids that fit together', async () => {
    const photo = new Blob(['x'], { type: 'image/png' });
    await expect(saveOfflineFile(db, photo, { auditId: '' }, 'a.png')).rejects.toMatchObject({
      reason: 'ownerInvalid',
      detail: { key: 'file.auditRequired' },
    });
    await expect(
      saveOfflineFile(db, photo, { auditId: 'audit-1', mediaId: 'm1' }, 'a.png'),
    ).rejects.toMatchObject({ detail: { key: 'file.ownerIncomplete' } });
    await expect(
      saveOfflineFile(db, photo, { auditId: 'audit/1' }, 'a.png'),
    ).rejects.toBeInstanceOf(FileRejectedError);
    expect(await db.files.count()).toBe(0);
  });

  it('applies the same type and size rules as the server', async () => {
    await expect(saveOfflineFile(db, new Blob(['x']), OWNER, 'tool.exe')).rejects.toMatchObject({
      detail: { key: 'attachment.typeNotAllowed', params: { extension: 'exe' } },
    });
    await expect(
      saveOfflineFile(db, new Blob(['<html>'], { type: 'text/html' }), OWNER, 'a.pdf'),
    ).rejects.toMatchObject({ reason: 'mimeMismatch' });
    const huge = new Blob([new Uint8Array(25 * 1024 * 1024 + 1)], { type: 'application/pdf' });
    await expect(saveOfflineFile(db, huge, OWNER, 'huge.pdf')).rejects.toMatchObject({
      reason: 'tooLarge',
      detail: { key: 'attachment.tooLarge', params: { maxMiB: 25 } },
    });
    expect(await db.files.count()).toBe(0);
  });
});
