import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/http/compression';
import { CookieJar } from './support/cookie-jar';
import { createAudit, fileForm, filePerson, fileUrl, type FilePerson } from './support/file-owners';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApp, type TestApp } from './support/start-app';

/**
 * Issue 18.2: what goes over a phone link is compressed when the browser asks for it. The web
 * app's files come pre-compressed from the build (each compressed sibling here says which one
 * it is, so the test sees which file was sent, not only the header); JSON answers above the
 * threshold are compressed on the fly; file downloads and small answers go as they are.
 */

const SCRIPT = 'console.log("plain script");'.repeat(20);
// As the build writes them: a compressed copy only where it is smaller than the file (the
// plugin's skipIfLargerOrEqual), so a variant's validator (size and time) differs from the plain
// file's even when all were written in the same millisecond.
const PAGE = `<!doctype html><title>QA plain</title>${'<p>plain page</p>'.repeat(10)}`;
const BR = 'br';
const GZIP = 'gzip';

describe('compression', () => {
  let app: TestApp;
  let webDist: string;
  let qm: FilePerson;

  beforeAll(async () => {
    app = await startApp({ dialect: 'sqlite', env: { AUTH_RATE_LIMIT_SIGNIN: '100/60' } });
    webDist = app.config.webDist;
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    const write = async (name: string, text: string) => {
      expect(brotliCompressSync(`${text}/*br*/`).length).toBeLessThan(text.length);
      expect(gzipSync(`${text}/*gz*/`).length).toBeLessThan(text.length);
      await writeFile(path.join(webDist, name), text);
      await writeFile(path.join(webDist, `${name}.br`), brotliCompressSync(`${text}/*br*/`));
      await writeFile(path.join(webDist, `${name}.gz`), gzipSync(`${text}/*gz*/`));
    };
    await write('index.html', PAGE);
    await write('assets/app-1234.js', SCRIPT);
    qm = await filePerson(app, 'qm.compression@example.com', ['qm']);
  });
  afterAll(async () => {
    qm?.socket.close();
    await app?.stop();
  });

  const get = (route: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${app.url}${route}`, { method, headers });

  it('serves the brotli or gzip file of a built asset to a browser that asks, the plain one otherwise', async () => {
    for (const [acceptEncoding, encoding, body] of [
      ['gzip, deflate, br, zstd', BR, `${SCRIPT}/*br*/`],
      ['gzip', GZIP, `${SCRIPT}/*gz*/`],
      ['identity', null, SCRIPT],
    ] as const) {
      const response = await get('/assets/app-1234.js', { 'accept-encoding': acceptEncoding });
      expect(response.status, acceptEncoding).toBe(200);
      expect(response.headers.get('content-encoding'), acceptEncoding).toBe(encoding);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(body);
    }
  });

  it('serves index.html compressed for every client route, still revalidated each time', async () => {
    for (const route of ['/', '/signin', '/auditmatrix']) {
      const response = await get(route, { 'accept-encoding': 'br, gzip' });
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-encoding'), route).toBe(BR);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(`${PAGE}/*br*/`);
    }
    const plain = await get('/signin', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(PAGE);
  });

  it('keeps HEAD, ranges and revalidation (304) working on compressed files', async () => {
    const brSize = brotliCompressSync(`${SCRIPT}/*br*/`).length;
    const head = await get('/assets/app-1234.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe(BR);
    expect(head.headers.get('content-length')).toBe(String(brSize));
    expect(await head.text()).toBe('');

    // A range of the plain file is a range of its bytes.
    const range = await get('/assets/app-1234.js', {
      'accept-encoding': 'identity',
      range: 'bytes=0-10',
    });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 0-10/${SCRIPT.length}`);
    expect(await range.text()).toBe(SCRIPT.slice(0, 11));

    // A hashed, immutable asset carries no validators: nobody revalidates it.
    const full = await get('/assets/app-1234.js', { 'accept-encoding': 'br' });
    expect(full.headers.get('cache-control')).toContain('immutable');
    expect(full.headers.get('etag')).toBeNull();
    expect(full.headers.get('last-modified')).toBeNull();
    // index.html is revalidated on every start: each variant has its own validator, so a cache
    // never mixes them up, and an unchanged page is a 304.
    const page = await get('/signin', { 'accept-encoding': 'br' });
    const etag = page.headers.get('etag');
    expect(etag).toBeTruthy();
    const plainPage = await get('/signin', { 'accept-encoding': 'identity' });
    expect(plainPage.headers.get('etag')).not.toBe(etag);
    // As a browser revalidates on reload (fetch would add `no-cache` to a bare If-None-Match).
    const again = await get('/signin', {
      'accept-encoding': 'br',
      'if-none-match': etag!,
      'cache-control': 'max-age=0',
    });
    expect(again.status).toBe(304);
  });

  it('compresses JSON answers above the threshold when asked, and small ones not', async () => {
    // Every sign-in is one more session in the list, until it is larger than the threshold.
    const jar = new CookieJar({ 'user-agent': 'compression test browser' });
    for (let n = 0; n < 5; n += 1) {
      const signIn = await jar.json(`${app.url}/api/auth/sign-in/email`, {
        email: ADMIN_EMAIL,
        password: ADMIN_PASSWORD,
      });
      expect(signIn.status).toBe(200);
    }
    const plain = await jar.fetch(`${app.url}/api/auth/list-sessions`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    for (const encoding of [BR, GZIP]) {
      const compressed = await jar.fetch(`${app.url}/api/auth/list-sessions`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(compressed.status).toBe(200);
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(compressed.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(compressed.headers.get('content-type')).toMatch(/application\/json/);
      expect(await compressed.json()).toHaveLength(JSON.parse(text).length);
    }

    const small = await get('/api/v1/client-config', { 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('sends file downloads as stored, with their length, even of a compressible type', async () => {
    const auditId = await createAudit(qm, 'audit-compression-1', { lead: qm.personId });
    // A bitmap: an allowed type that compression would shrink a lot.
    const content = Buffer.concat([Buffer.from('BM'), Buffer.alloc(8_000, 0x7f)]);
    const upload = await fetch(fileUrl(app, 'compression-file-1', { auditId }), {
      method: 'PUT',
      headers: { cookie: qm.cookie, origin: app.url },
      body: fileForm(content, 'scan.bmp', 'image/bmp'),
    });
    expect(upload.status).toBe(201);
    const download = await fetch(fileUrl(app, 'compression-file-1'), {
      headers: { cookie: qm.cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-encoding')).toBeNull();
    expect(download.headers.get('content-length')).toBe(String(content.length));
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
  });
});
