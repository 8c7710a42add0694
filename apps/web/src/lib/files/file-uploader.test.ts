// @vitest-environment node
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { translateDomainMessage } from '../i18n/domain-message';
import { fileErrorText } from './file-error-text';
import { createFileUploader, FileUploadError, type SendUpload } from './file-uploader';
import { UploadProgressStore, uploadPercent } from './upload-progress';
import { readFileBlob, saveOfflineFile } from './offline-files';
import { openOfflineFiles, type OfflineFilesDatabase } from './offline-files-db';

interface Call {
  url: string;
  init: RequestInit;
}

/**
 * A transport that answers from a script and records what it was asked; before answering it
 * reports the body sent in two halves, as the browser's upload progress does.
 */
function fakeSend(...answers: Array<() => Response | Promise<Response>>) {
  const calls: Call[] = [];
  const send: SendUpload = (url, init, onProgress) => {
    calls.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    return Promise.resolve().then(() => {
      onProgress({ loaded: 50, total: 100 });
      onProgress({ loaded: 100, total: 100 });
      return answer();
    });
  };
  return { send, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The finding the photo belongs to. */
const OWNER = { auditId: 'audit-1', auditItemId: 'item-1', findingId: 'finding-1' };
const OWNER_QUERY = 'auditId=audit-1&auditItemId=item-1&findingId=finding-1';

const created = (fileId: string) => () =>
  json(201, { id: fileId, name: 'photo.jpg', contentType: 'image/jpeg', size: 3, url: '' });

describe('file uploader', () => {
  let db: OfflineFilesDatabase;
  let fileId: string;
  let progress: UploadProgressStore;
  beforeEach(async () => {
    progress = new UploadProgressStore(null);
    db = openOfflineFiles('person-1', { indexedDB: new IDBFactory(), IDBKeyRange });
    const photo = new File([new Uint8Array([1, 2, 3])], 'photo.jpg', { type: 'image/jpeg' });
    ({ fileId } = await saveOfflineFile(db, photo, OWNER));
  });
  afterEach(() => db.close());

  it('sends the file once, also when asked twice at the same time and again later', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { send, calls } = fakeSend(async () => {
      await gate;
      return created(fileId)();
    });
    const uploadFiles = createFileUploader(db, { send, progress });

    const first = uploadFiles([fileId]);
    const second = uploadFiles([fileId, fileId]);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release();
    await Promise.all([first, second]);
    await uploadFiles([fileId]);
    await createFileUploader(db, { send, progress })([fileId]);

    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [Call];
    expect(url).toBe(`/api/v1/files/${fileId}?${OWNER_QUERY}`);
    expect(init).toMatchObject({ method: 'PUT', credentials: 'same-origin' });
    const part = (init.body as FormData).get('file') as File;
    expect(part.name).toBe('photo.jpg');
    expect(part.type).toBe('image/jpeg');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));

    // Uploaded: the copy stays on this device for viewing offline (pruneKeptFiles gives it up),
    // once: the row the upload rewrote holds no bytes, so none were written again.
    const kept = await db.files.get(fileId);
    expect(kept).toMatchObject({ uploaded: 1, attempts: 1 });
    expect(kept).not.toHaveProperty('blob');
    expect(await db.blobs.count()).toBe(1);
    expect((await readFileBlob(db, fileId))?.size).toBe(3);
    expect(kept?.uploadedAt).toEqual(expect.any(String));
  });

  it('reports how far each upload has got, and forgets it once the upload ended', async () => {
    const seen: (number | null)[] = [];
    const stop = progress.subscribe(() => {
      const now = progress.get(fileId);
      seen.push(now ? uploadPercent(now) : null);
    });
    const { send } = fakeSend(created(fileId));
    await createFileUploader(db, { send, progress })([fileId]);
    stop();
    expect(seen).toEqual([0, 50, 100, null]);
    expect(progress.get(fileId)).toBeUndefined();

    // A failed upload does not stay at its last percentage either.
    const other = await saveOfflineFile(db, new File([new Uint8Array([9])], 'b.jpg'), OWNER);
    const failing = fakeSend(() => json(503, {}));
    await expect(
      createFileUploader(db, { send: failing.send, progress })([other.fileId]),
    ).rejects.toBeInstanceOf(FileUploadError);
    expect(progress.get(other.fileId)).toBeUndefined();
  });

  it('names the SHA-256 computed at capture, so the server checks the bytes it gets', async () => {
    const sha256 = 'ab'.repeat(32);
    const photo = new File([new Uint8Array([4, 5])], 'evidence.jpg', { type: 'image/jpeg' });
    const saved = await saveOfflineFile(db, photo, OWNER, undefined, { sha256 });
    const { send, calls } = fakeSend(created(saved.fileId));
    await createFileUploader(db, { send, progress })([saved.fileId]);
    expect(calls[0]?.url).toBe(`/api/v1/files/${saved.fileId}?${OWNER_QUERY}&sha256=${sha256}`);
  });

  it('throws a retryable error without network and uploads on the next call', async () => {
    const { send, calls } = fakeSend(() => {
      throw new TypeError('Failed to fetch');
    }, created(fileId));
    const uploadFiles = createFileUploader(db, { send, progress });

    const error = await uploadFiles([fileId]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileUploadError);
    expect(error).toMatchObject({ fileId, status: 0, code: 'network', retryable: true });
    expect(await db.files.get(fileId)).toMatchObject({
      uploaded: 0,
      failed: 0,
      attempts: 1,
      lastError: { status: 0, code: 'network' },
    });

    await uploadFiles([fileId]);
    expect(calls).toHaveLength(2);
    expect(await db.files.get(fileId)).toMatchObject({ uploaded: 1, attempts: 2, lastError: null });
  });

  it('retries after a server error, a lost session or a non-JSON answer', async () => {
    const { send, calls } = fakeSend(
      () => json(503, { error: { code: 'unavailable', message: 'down' } }),
      () => json(401, { error: { code: 'unauthenticated', message: 'Not signed in' } }),
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
      created(fileId),
    );
    const uploadFiles = createFileUploader(db, { send, progress });
    for (const expected of [
      { status: 503, code: 'unavailable' },
      { status: 401, code: 'unauthenticated' },
      { status: 502, code: 'http_502', message: expect.stringContaining('502 http_502') },
    ]) {
      await expect(uploadFiles([fileId])).rejects.toMatchObject({ ...expected, retryable: true });
      expect((await db.files.get(fileId))?.failed).toBe(0);
    }
    await uploadFiles([fileId]);
    expect(calls).toHaveLength(4);
  });

  it('gives up on a file the server refuses (4xx) and says why', async () => {
    const detail = { key: 'attachment.typeNotAllowed', params: { extension: 'jpg' } };
    const { send, calls } = fakeSend(() =>
      json(415, { error: { code: 'unsupported_media_type', message: 'Nope', details: detail } }),
    );
    const uploadFiles = createFileUploader(db, { send, progress });

    const error = await uploadFiles([fileId]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileUploadError);
    expect(error).toMatchObject({ status: 415, retryable: false, detail });
    expect(await db.files.get(fileId)).toMatchObject({ failed: 1, uploaded: 0, attempts: 1 });

    // Not sent again: the same error comes from what was stored.
    await expect(uploadFiles([fileId])).rejects.toMatchObject({ status: 415, retryable: false });
    expect(calls).toHaveLength(1);
  });

  it('stops at the first failure and takes unknown ids as uploaded elsewhere', async () => {
    const other = await saveOfflineFile(db, new Blob(['%PDF']), OWNER, 'b.pdf');
    const { send, calls } = fakeSend(() => json(409, { error: { code: 'conflict' } }));
    const uploadFiles = createFileUploader(db, { send, progress });
    await expect(uploadFiles(['unknown', fileId, other.fileId])).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(calls.map((c) => c.url)).toEqual([`/api/v1/files/${fileId}?${OWNER_QUERY}`]);
    await expect(uploadFiles(['unknown'])).resolves.toBeUndefined();
  });

  it('fails a file kept before files had owners for good, without asking the server', async () => {
    const { send, calls } = fakeSend();
    const uploadFiles = createFileUploader(db, { send, progress });
    // As a row written by the previous version looks: no owner.
    await db.files.update(fileId, { owner: undefined });

    const error = await uploadFiles([fileId]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileUploadError);
    expect(error).toMatchObject({
      retryable: false,
      code: 'owner_missing',
      detail: { key: 'file.ownerMissing' },
    });
    expect(await db.files.get(fileId)).toMatchObject({ failed: 1, uploaded: 0, attempts: 1 });
    await expect(uploadFiles([fileId])).rejects.toMatchObject({ retryable: false });
    expect(calls).toHaveLength(0);
    expect((await db.files.get(fileId))?.attempts).toBe(1);

    const domain = (message: Parameters<typeof translateDomainMessage>[0]) =>
      translateDomainMessage(message, 'de');
    expect(fileErrorText(error, createI18n('de').t, domain)).toMatch(/erneut an$/);
  });

  it('tries again when the audit is not on the server yet, not when it was deleted', async () => {
    const notYet = { key: 'file.auditNotFound', params: { auditId: 'audit-1' } };
    const deleted = { key: 'file.auditDeleted', params: { auditId: 'audit-1' } };
    const { send, calls } = fakeSend(
      () => json(404, { error: { code: 'not_found', message: 'x', details: notYet } }),
      () => json(404, { error: { code: 'not_found', message: 'x', details: deleted } }),
    );
    const uploadFiles = createFileUploader(db, { send, progress });
    await expect(uploadFiles([fileId])).rejects.toMatchObject({ status: 404, retryable: true });
    expect((await db.files.get(fileId))?.failed).toBe(0);
    await expect(uploadFiles([fileId])).rejects.toMatchObject({ status: 404, retryable: false });
    expect((await db.files.get(fileId))?.failed).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it("gives up on an upload the audit's rules refuse", async () => {
    const detail = { key: 'permission.auditProtected' };
    const { send } = fakeSend(() =>
      json(403, { error: { code: 'forbidden', message: 'x', details: detail } }),
    );
    const error = await createFileUploader(db, { send, progress })([fileId]).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 403, retryable: false, detail });
    const en = createI18n('en');
    expect(fileErrorText(error, en.t, (message) => translateDomainMessage(message, 'en'))).toBe(
      'The audit is protected and cannot be changed',
    );
  });

  it('turns every failure into a text in both languages', async () => {
    const en = createI18n('en');
    const de = createI18n('de');
    const domain = (message: Parameters<typeof translateDomainMessage>[0]) =>
      translateDomainMessage(message, 'en');
    const failure = (status: number, code: string, retryable: boolean, detail = null) =>
      new FileUploadError(fileId, { status, code, message: '', detail }, retryable);

    expect(fileErrorText(failure(0, 'network', true), en.t, domain)).toMatch(/connection/);
    expect(fileErrorText(failure(401, 'unauthenticated', true), en.t, domain)).toMatch(/Sign in/);
    expect(fileErrorText(failure(500, 'internal', true), en.t, domain)).toMatch(/later/);
    expect(fileErrorText(failure(409, 'conflict', false), en.t, domain)).toMatch(/different/);
    expect(fileErrorText(failure(400, 'invalid_request', false), de.t, domain)).toBe(
      'Der Server hat die Datei abgelehnt.',
    );
    expect(fileErrorText(new Error('?'), en.t, domain)).toBe('The server refused the file.');
    const rejected = await saveOfflineFile(db, new Blob(['x']), OWNER, 'report').catch(
      (e: unknown) => e,
    );
    expect(fileErrorText(rejected, en.t, domain)).toBe('Filename requires extension');
    expect(
      fileErrorText(
        new FileUploadError(
          fileId,
          {
            status: 413,
            code: 'payload_too_large',
            message: '',
            detail: { key: 'attachment.tooLarge', params: { maxMiB: 25 } },
          },
          false,
        ),
        en.t,
        domain,
      ),
    ).toBe('The file is larger than 25 MiB');
  });
});
