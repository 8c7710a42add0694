import { utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAudit,
  eventually,
  fileUrl,
  filePerson,
  openDescriptorsIn,
  storedFiles,
  type FilePerson,
} from './support/file-owners';
import {
  BOUNDARY,
  CLOSING_BOUNDARY,
  filePartHead,
  multipartHead,
  RawRequest,
} from './support/raw-upload';
import { persisted, startApp, type TestApp } from './support/start-app';

/**
 * Uploads that end early (issue 10, item 2): a body that stops arriving, a client that hangs
 * up, a truncated or malformed multipart body. Each gets an answer (or, hung up, nothing to
 * answer) and leaves no temporary file and no open descriptor. The time limits are small here;
 * the waits below are generous bounds, not measurements.
 */

const LIMITS = { uploadIdleMs: 300, uploadTimeoutMs: 1_500 };
const CHUNK = Buffer.alloc(64 * 1024, 0x41);

let counter = 0;
const newId = () => `cut-${Date.now()}-${++counter}`;

describe('uploads that end early', () => {
  let app: TestApp;
  let admin: FilePerson;
  let auditId: string;

  beforeAll(async () => {
    app = await startApp({ dialect: 'sqlite', build: { files: LIMITS } });
    admin = await filePerson(app, 'admin.cut@example.com', ['admin']);
    auditId = await createAudit(admin, 'audit-cut-1', { lead: admin.personId });
  });
  afterAll(async () => {
    admin?.socket.close();
    await app?.stop();
  });

  const incoming = async () => (await storedFiles(app)).filter((n) => n.startsWith('.incoming-'));
  const nothingLeft = () =>
    eventually('no temporary file and no open descriptor in the storage folder', async () => {
      return (await incoming()).length === 0 && (await openDescriptorsIn(app)).length === 0;
    });

  /** Sends the head, the file part's head and `content`, announcing a longer body. */
  async function cutUpload(content: Buffer): Promise<RawRequest> {
    const request = await RawRequest.open(app.url);
    const url = new URL(fileUrl(app, newId(), { auditId }));
    await request.write(
      multipartHead(`${url.pathname}${url.search}`, url.host, {
        cookie: admin.cookie,
        origin: app.url,
        contentLength: 10 * 1024 * 1024,
      }),
    );
    await request.write(filePartHead('cut.pdf'));
    if (content.length > 0) await request.write(content);
    return request;
  }

  it('answers 408 to bodies that stop arriving and keeps no file or descriptor', async () => {
    const requests = await Promise.all(Array.from({ length: 5 }, () => cutUpload(CHUNK)));
    // The uploads were being written when they stopped.
    await eventually('the uploads are being written', async () => (await incoming()).length > 0);
    for (const request of requests) {
      const answer = await request.waitForAnswer();
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toMatchObject({
        error: { code: 'request_timeout', details: { key: 'file.uploadTimeout' } },
      });
      // The connection is closed: what the client still sends would be a body nobody reads.
      await request.closed;
    }
    await nothingLeft();
  });

  it('answers 408 when the body never starts', async () => {
    const request = await RawRequest.open(app.url);
    const url = new URL(fileUrl(app, newId(), { auditId }));
    await request.write(
      multipartHead(`${url.pathname}${url.search}`, url.host, {
        cookie: admin.cookie,
        origin: app.url,
        contentLength: 1_000,
      }),
    );
    expect((await request.waitForAnswer()).status).toBe(408);
    await request.closed;
    await nothingLeft();
  });

  it('answers 408 to a body that trickles in slower than the whole-upload limit allows', async () => {
    const request = await cutUpload(Buffer.alloc(0));
    let stop = false;
    const trickle = (async () => {
      // One byte well within the idle limit each time, so only the total limit can end it.
      while (!stop && !request.answer()) {
        await request.write(Buffer.from('x')).catch(() => (stop = true));
        await new Promise((resolve) => setTimeout(resolve, LIMITS.uploadIdleMs / 3));
      }
    })();
    const answer = await request.waitForAnswer();
    stop = true;
    await trickle;
    expect(answer.status).toBe(408);
    await request.closed;
    await nothingLeft();
  });

  it('drops the uploads of clients that hang up at once, whatever the server was doing', async () => {
    // The server may be looking up the session, the audit or the file id when the connection
    // goes: the upload must not be left waiting for a body that will never come, and the error
    // must not reach a stream nobody listens to yet (it ended the process: an uncaught
    // 'aborted' on the upload's meter while the storage was still creating its folder).
    const requests = await Promise.all(Array.from({ length: 10 }, () => cutUpload(CHUNK)));
    for (const request of requests) request.destroy();
    await Promise.all(requests.map((request) => request.closed));
    await nothingLeft();
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  for (const hangUp of ['end', 'destroy'] as const) {
    it(`drops the write when the client hangs up (${hangUp})`, async () => {
      const request = await cutUpload(CHUNK);
      await eventually('the upload is being written', async () => (await incoming()).length > 0);
      request[hangUp]();
      await request.closed;
      await nothingLeft();
      // The server is still there for the next request.
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    });
  }

  /** A complete request with a hand-made multipart body. */
  const sendBody = (body: string | Buffer, contentType: string) =>
    fetch(fileUrl(app, newId(), { auditId }), {
      method: 'PUT',
      headers: { cookie: admin.cookie, origin: app.url, 'content-type': contentType },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });

  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
  const malformed: [string, string | Buffer, string][] = [
    ['no closing boundary', `${filePartHead('a.pdf')}%PDF-1.4 cut here`, multipart],
    [
      'a closing boundary cut in half',
      `${filePartHead('a.pdf')}%PDF\r\n--${BOUNDARY.slice(0, 5)}`,
      multipart,
    ],
    [
      'no boundary parameter',
      `${filePartHead('a.pdf')}%PDF${CLOSING_BOUNDARY}`,
      'multipart/form-data',
    ],
    [
      'a part header without a colon',
      `--${BOUNDARY}\r\nbroken header line\r\n\r\n%PDF${CLOSING_BOUNDARY}`,
      multipart,
    ],
    ['no boundary at all', 'just some text, no parts', multipart],
    [
      'a part header that never ends',
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"`,
      multipart,
    ],
  ];
  for (const [what, body, contentType] of malformed) {
    it(`answers 4xx, never 5xx, to a multipart body with ${what}`, async () => {
      const response = await sendBody(body, contentType);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await response.json()).toMatchObject({ error: { code: expect.any(String) } });
      await nothingLeft();
    });
  }

  it('answers 400 with its message to a truncated file part', async () => {
    const response = await sendBody(
      Buffer.concat([Buffer.from(filePartHead('a.pdf')), CHUNK]),
      multipart,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'invalid_request', details: { key: 'file.uploadIncomplete' } },
    });
    await nothingLeft();
  });
});

describe('temporary files a crash left behind', () => {
  it('are removed at start', async () => {
    const first = await startApp({ dialect: 'sqlite' });
    const folder = path.join(first.dataDir, 'files');
    await first.stop({ keepData: true });
    const { mkdir } = await import('node:fs/promises');
    await mkdir(folder, { recursive: true });
    const old = path.join(folder, '.incoming-crashed-long-ago');
    await writeFile(old, 'half an upload');
    await utimes(old, new Date(2020, 0, 1), new Date(2020, 0, 1));
    await writeFile(path.join(folder, '.incoming-crashed-just-now'), 'half an upload');
    await writeFile(path.join(folder, 'kept-1234.pdf'), '%PDF');

    const second = await startApp({ dialect: 'sqlite', reuse: persisted(first) });
    try {
      expect(await storedFiles(second)).toEqual(['kept-1234.pdf']);
    } finally {
      await second.stop();
    }
  });
});
