import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DEFAULT_CONFIGURATION, MAX_ATTACHMENT_BYTES } from '@qa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../src/modules/files/files.presenter';
import { cleanFileName } from '../src/modules/files/files.service';
import { LocalDiskFileStorage } from '../src/modules/files/local-disk-file-storage';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { accepted, createAudit, filePerson, fileUrl, type FilePerson } from './support/file-owners';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApp, type TestApp } from './support/start-app';

interface FileBody {
  id: string;
  name: string;
  contentType: string;
  size: number;
  url: string;
}

interface ErrorBody {
  error: { code: string; message: string; details?: { key: string; params?: unknown } };
}

const PDF = Buffer.from('%PDF-1.4\n% a tiny test document\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

let idCounter = 0;
/** A fresh client-chosen file id, like the web app's crypto.randomUUID(). */
function newId(): string {
  idCounter += 1;
  return `f${idCounter}-${Math.random().toString(36).slice(2)}`;
}

function form(
  content: Buffer,
  name: string,
  type = 'application/octet-stream',
  field = 'file',
): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(content)], { type }), name);
  return body;
}

describeEachDialect('files', (dialect) => {
  let app: TestApp;
  let jar: CookieJar;
  let folder: string;
  let qm: FilePerson;
  /** The audit every file here belongs to (files-access.test.ts is about who may have them). */
  let auditId: string;

  beforeAll(async () => {
    app = await startApp({ dialect });
    folder = path.join(app.dataDir, 'files');
    jar = new CookieJar();
    const signIn = await jar.json(`${app.url}/api/auth/sign-in/email`, {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    qm = await filePerson(app, 'qm.files@example.com', ['qm']);
    auditId = await createAudit(qm, 'audit-files-1', { lead: qm.personId });
  });
  afterAll(async () => {
    qm?.socket.close();
    await app?.stop();
  });

  /** Everything in DATA_DIR/files, temporary files included. */
  const stored = async (): Promise<string[]> =>
    (await readdir(folder).catch(() => [] as string[])).sort();

  const put = (id: string, body: FormData | string, client = jar) =>
    client.fetch(fileUrl(app, id, { auditId }), { method: 'PUT', body });

  /** Uploads that must be refused leave the folder as it was. */
  async function expectRefused(
    request: () => Promise<Response>,
    status: number,
    code: string,
  ): Promise<ErrorBody> {
    const before = await stored();
    const response = await request();
    expect(response.status).toBe(status);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe(code);
    expect(await stored()).toEqual(before);
    return body;
  }

  it('stores an upload under a generated name and gives it back', async () => {
    const id = newId();
    const response = await put(id, form(PDF, 'Prüfbericht 2024.pdf', 'application/pdf'));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      id,
      name: 'Prüfbericht 2024.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      url: `/api/v1/files/${id}`,
    });
    const names = (await stored()).filter((name) => name.startsWith(`${id}-`));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(new RegExp(`^${id}-[0-9a-f]{16}\\.pdf$`));

    const download = await jar.fetch(`${app.url}/api/v1/files/${id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-length')).toBe(String(PDF.length));
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Pr_fbericht 2024.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%202024.pdf`,
    );
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);

    // Unchanged content: the browser may keep its copy.
    const etag = download.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await jar.fetch(`${app.url}/api/v1/files/${id}`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('shows images inline, with the type of their extension', async () => {
    const id = newId();
    // Browsers send octet-stream for types they do not know; the extension decides.
    expect((await put(id, form(PNG, 'C:\\fakepath\\photo.PNG'))).status).toBe(201);
    const download = await jar.fetch(`${app.url}/api/v1/files/${id}`);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-disposition')).toMatch(/^inline; filename="photo.PNG"/);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);
  });

  it('answers 401 without a session, for upload and download', async () => {
    const id = newId();
    const anonymous = new CookieJar();
    await expectRefused(() => put(id, form(PDF, 'a.pdf'), anonymous), 401, 'unauthenticated');
    const download = await anonymous.fetch(`${app.url}/api/v1/files/${id}`);
    expect(download.status).toBe(401);
  });

  it("refuses a name without extension ('Filename requires extension')", async () => {
    const body = await expectRefused(
      () => put(newId(), form(PDF, 'report')),
      400,
      'invalid_request',
    );
    expect(body.error.details).toEqual({ key: 'attachment.extensionRequired' });
  });

  it('refuses a type not allowed and a content type that does not fit', async () => {
    const exe = await expectRefused(
      () => put(newId(), form(PDF, 'setup.exe')),
      415,
      'unsupported_media_type',
    );
    expect(exe.error.details).toEqual({
      key: 'attachment.typeNotAllowed',
      params: { extension: 'exe' },
    });
    const html = await expectRefused(
      () => put(newId(), form(PDF, 'report.pdf', 'text/html')),
      415,
      'unsupported_media_type',
    );
    expect(html.error.details?.key).toBe('attachment.mimeMismatch');
    await expectRefused(() => put(newId(), '{"a":1}'), 415, 'unsupported_media_type');
  });

  it('follows the file types the configuration allows (SPEC 5 "unless configured otherwise")', async () => {
    const admin = await filePerson(app, 'admin.types@example.com', ['admin']);
    const defaults = DEFAULT_CONFIGURATION.app;
    const withTypes = (allowedExtensions: string[]) => ({
      segment: 'app',
      data: { ...defaults, attachments: { ...defaults.attachments, allowedExtensions } },
    });
    const stored = newId();
    expect((await put(stored, form(PNG, 'gauge.png', 'image/png'))).status).toBe(201);
    try {
      await accepted(admin, 'configuration.update', withTypes(['pdf', 'txt']));
      // A retry of a file stored before the list narrowed is answered as stored, not refused.
      expect((await put(stored, form(PNG, 'gauge.png', 'image/png'))).status).toBe(200);
      const png = await expectRefused(
        () => put(newId(), form(PNG, 'gauge.png', 'image/png')),
        415,
        'unsupported_media_type',
      );
      expect(png.error.details).toEqual({
        key: 'attachment.typeNotAllowed',
        params: { extension: 'png' },
      });
      const notes = await put(
        newId(),
        form(Buffer.from('torque 40 Nm'), 'notes.txt', 'text/plain'),
      );
      expect(notes.status).toBe(201);
    } finally {
      await accepted(admin, 'configuration.update', { segment: 'app', data: defaults });
      admin.socket.close();
    }
    expect((await put(newId(), form(PNG, 'gauge.png', 'image/png'))).status).toBe(201);
  });

  it('refuses a file over the limit and keeps nothing of it', async () => {
    const big = Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 7);
    const body = await expectRefused(
      () => put(newId(), form(big, 'huge.pdf', 'application/pdf')),
      413,
      'payload_too_large',
    );
    expect(body.error.details).toEqual({ key: 'attachment.tooLarge', params: { maxMiB: 25 } });
    expect((await stored()).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('keeps a photo only when its bytes are the ones the device hashed at capture', async () => {
    const sha256 = createHash('sha256').update(PNG).digest('hex');
    const putHashed = (id: string, hash: string) =>
      jar.fetch(fileUrl(app, id, { auditId }) + `&sha256=${hash}`, {
        method: 'PUT',
        body: form(PNG, 'evidence.png', 'image/png'),
      });
    const id = newId();
    expect((await putHashed(id, sha256.toUpperCase())).status).toBe(201);
    // A retry with the same bytes and hash is the same file.
    expect((await putHashed(id, sha256)).status).toBe(200);

    const altered = await expectRefused(
      () => putHashed(newId(), createHash('sha256').update('other bytes').digest('hex')),
      400,
      'invalid_request',
    );
    expect(altered.error.details).toEqual({ key: 'file.hashMismatch' });
    const malformed = await expectRefused(() => putHashed(newId(), 'abc'), 400, 'invalid_request');
    expect(malformed.error.details).toEqual({ key: 'file.hashInvalid' });
  });

  it('accepts a file of exactly the limit', async () => {
    const id = newId();
    const full = Buffer.alloc(MAX_ATTACHMENT_BYTES, 1);
    const response = await put(id, form(full, 'full.pdf'));
    expect(response.status).toBe(201);
    expect(((await response.json()) as FileBody).size).toBe(MAX_ATTACHMENT_BYTES);
  });

  it('stores a repeated upload once and answers it with the first one', async () => {
    const id = newId();
    const first = await put(id, form(PDF, 'once.pdf'));
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as FileBody;
    const before = await stored();
    const second = await put(id, form(PDF, 'renamed meanwhile.pdf'));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(firstBody);
    expect(await stored()).toEqual(before);
    expect(before.filter((name) => name.startsWith(`${id}-`))).toHaveLength(1);
  });

  it('stores uploads of one id that arrive together once', async () => {
    const id = newId();
    const responses = await Promise.all([
      put(id, form(PDF, 'twin.pdf')),
      put(id, form(PDF, 'twin.pdf')),
      put(id, form(PDF, 'twin.pdf')),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as FileBody[];
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect((await stored()).filter((name) => name.startsWith(`${id}-`))).toHaveLength(1);
  });

  it('refuses other content under a used id with 409 and keeps the first', async () => {
    const id = newId();
    expect((await put(id, form(PDF, 'first.pdf'))).status).toBe(201);
    await expectRefused(
      () => put(id, form(Buffer.from('%PDF other'), 'first.pdf')),
      409,
      'conflict',
    );
    const download = await jar.fetch(`${app.url}/api/v1/files/${id}`);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
  });

  it('refuses a malformed id with 400 and answers 404 for an unknown one', async () => {
    for (const id of ['a.pdf', 'x'.repeat(129), '..%2F..%2Fetc', 'a/b', '%C3%A4', '']) {
      await expectRefused(() => put(id, form(PDF, 'a.pdf')), 400, 'invalid_request');
    }
    const longest = `${newId()}-`.padEnd(128, 'y');
    expect((await put(longest, form(PDF, 'a.pdf'))).status).toBe(201);
    expect((await jar.fetch(`${app.url}/api/v1/files/${longest}`)).status).toBe(200);
    const unknown = await jar.fetch(`${app.url}/api/v1/files/${newId()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('needs the file in the field "file"', async () => {
    await expectRefused(
      () => put(newId(), form(PDF, 'a.pdf', 'application/pdf', 'upload')),
      400,
      'invalid_request',
    );
    await expectRefused(() => put(newId(), new FormData()), 400, 'invalid_request');
  });
});

describe('local disk file storage', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'qa-files-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('keeps nothing of an upload that breaks off', async () => {
    const storage = new LocalDiskFileStorage(folder);
    async function* broken() {
      yield Buffer.alloc(64 * 1024, 1);
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('connection reset');
    }
    await expect(storage.put('abc-1.pdf', Readable.from(broken()))).rejects.toThrow(
      'connection reset',
    );
    expect(await readdir(folder)).toEqual([]);
    expect(await storage.get('abc-1.pdf')).toBeNull();
  });

  it('puts, gets and deletes by key, and takes no key that could leave the folder', async () => {
    const storage = new LocalDiskFileStorage(folder);
    await storage.put('abc-2.pdf', Readable.from([PDF]));
    const content = await storage.get('abc-2.pdf');
    expect(content?.size).toBe(PDF.length);
    content?.stream.destroy();
    await storage.delete('abc-2.pdf');
    await storage.delete('abc-2.pdf');
    expect(await readdir(folder)).toEqual([]);
    for (const key of ['../x.pdf', '.hidden', 'a/b.pdf', '']) {
      await expect(storage.put(key, Readable.from([PDF]))).rejects.toThrow('Invalid storage key');
    }
  });
});

describe('file names', () => {
  it('keeps the last path segment without control characters, extension kept when cut', () => {
    expect(cleanFileName('C:\\Users\\x\\scan.png')).toBe('scan.png');
    expect(cleanFileName(' a\u0000b\r\n.pdf ')).toBe('ab.pdf');
    const long = cleanFileName(`${'x'.repeat(300)}.docx`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('x.docx')).toBe(true);
  });

  it('writes a Content-Disposition that cannot be broken out of', () => {
    expect(contentDisposition('a"b\\c.pdf', false)).toBe(
      `attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
    expect(contentDisposition("it's (1).png", true)).toBe(
      `inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});
