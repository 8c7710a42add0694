import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkByteBudgets,
  entryFiles,
  firstLoadOf,
  servedFile,
  type FirstScreen,
} from '../src/modules/web/first-load';
import { registerWebRoutes } from '../src/modules/web/web.routes';

// The byte budget of the first screens (issue 40 item 2) over a tiny built app, no build needed:
// which files a first load counts, at which compression, and that a page over its budget fails.

const SCREENS: FirstScreen[] = [
  { page: 'signin', url: '/signin', signedIn: false },
  { page: 'matrix', url: '/auditmatrix', signedIn: true },
];

let dist: string;

function file(name: string, bytes: number, copies: { br?: number; gz?: number } = {}) {
  const full = path.join(dist, name);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, 'x'.repeat(bytes));
  if (copies.br !== undefined) writeFileSync(`${full}.br`, 'b'.repeat(copies.br));
  if (copies.gz !== undefined) writeFileSync(`${full}.gz`, 'g'.repeat(copies.gz));
}

beforeAll(() => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'qa-first-load-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head>
    <link rel="preload" href="/api/v1/session" as="fetch" crossorigin="anonymous">
    <link rel="icon" href="/favicon.svg" />
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js">
    <link rel="stylesheet" href="/assets/style-1.css">
    <link rel="manifest" href="/manifest.webmanifest"></head><body></body></html>`,
  );
  writeFileSync(path.join(dist, 'index.html.br'), 'b'.repeat(100));
  file('assets/index-1.js', 5000, { br: 1000, gz: 1200 });
  file('assets/vendor-1.js', 9000, { br: 3000, gz: 3500 });
  // Only a gzip copy: the server falls back to it.
  file('assets/style-1.css', 800, { gz: 300 });
  file('assets/sign-in-1.js', 4000, { br: 700, gz: 800 });
  // No compressed copy at all: sent as it is.
  file('assets/matrix-1.js', 20_000);
  file('assets/en-1.js', 2000, { br: 400, gz: 500 });
  file('assets/de-1.js', 2400, { br: 450, gz: 550 });
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify({
      signIn: ['assets/sign-in-1.js'],
      routes: [
        { pattern: '/signin', files: ['assets/sign-in-1.js'], public: true },
        { pattern: '/auditmatrix', files: ['assets/matrix-1.js'] },
      ],
      catalogs: { en: ['assets/en-1.js'], de: ['assets/de-1.js'] },
    }),
  );
});

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('first load of a page', () => {
  it('counts index.html, its scripts and styles, the Link chunks and the larger language', () => {
    const load = firstLoadOf(dist, SCREENS[0]!);
    expect(load.files.map((served) => served.name).sort()).toEqual([
      'assets/de-1.js',
      'assets/index-1.js',
      'assets/sign-in-1.js',
      'assets/style-1.css',
      'assets/vendor-1.js',
      'index.html',
    ]);
    expect(load.language).toBe('de');
    expect(load.bytes).toBe(100 + 1000 + 3000 + 300 + 700 + 450);
    expect(load.files[0]).toEqual({ name: 'assets/vendor-1.js', bytes: 3000, encoding: 'br' });
  });

  it('gives a visitor without a session the sign-in chunks, a signed-in one the page’s', () => {
    expect(firstLoadOf(dist, { ...SCREENS[1]!, signedIn: false }).bytes).toBe(
      firstLoadOf(dist, SCREENS[0]!).bytes,
    );
    const matrix = firstLoadOf(dist, SCREENS[1]!);
    expect(matrix.files.find((served) => served.name === 'assets/matrix-1.js')).toEqual({
      name: 'assets/matrix-1.js',
      bytes: 20_000,
      encoding: 'identity',
    });
  });

  it('reads only local scripts, module preloads and stylesheets from index.html', () => {
    expect(
      entryFiles(
        `<script src="https://cdn.example/x.js"></script><link rel='stylesheet' href='/a.css'>` +
          `<link rel="preload" href="/api/v1/session"><script>inline()</script>`,
      ),
    ).toEqual(['a.css']);
  });

  it('counts each file as the server sends it to a browser taking brotli and gzip', async () => {
    const app = Fastify();
    await registerWebRoutes(app, { webDist: dist });
    try {
      for (const name of ['assets/index-1.js', 'assets/style-1.css', 'assets/matrix-1.js']) {
        const reply = await app.inject({
          url: `/${name}`,
          headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
        });
        const served = servedFile(dist, name);
        expect(reply.statusCode).toBe(200);
        expect(reply.rawPayload.length).toBe(served.bytes);
        expect(reply.headers['content-encoding'] ?? 'identity').toBe(served.encoding);
      }
    } finally {
      await app.close();
    }
  });
});

describe('byte budgets', () => {
  it('passes pages within their budgets', () => {
    const { loads, failures } = checkByteBudgets(
      dist,
      { pages: { signin: 5550, matrix: 30_000 } },
      SCREENS,
    );
    expect(failures).toEqual([]);
    expect(loads.map((load) => load.bytes)).toEqual([5550, 100 + 1000 + 3000 + 300 + 20_000 + 450]);
  });

  it('fails a page over its budget, naming its bytes, its budget and its biggest files', () => {
    const { failures } = checkByteBudgets(
      dist,
      { pages: { signin: 5549, matrix: 20_000 } },
      SCREENS,
    );
    expect(failures).toHaveLength(2);
    expect(failures[0]).toBe(
      'signin (/signin, de): 5,550 bytes, over its budget of 5,549 by 1; biggest files: ' +
        'assets/vendor-1.js 3,000, assets/index-1.js 1,000, assets/sign-in-1.js 700, ' +
        'assets/de-1.js 450, assets/style-1.css 300',
    );
    expect(failures[1]).toMatch(
      /^matrix \(\/auditmatrix, de\): 24,850 bytes, over its budget of 20,000 by 4,850; biggest files: assets\/matrix-1\.js 20,000/,
    );
  });

  it('fails a page without a budget', () => {
    const { failures } = checkByteBudgets(dist, { pages: { signin: 10_000 } }, SCREENS);
    expect(failures).toEqual(['matrix (/auditmatrix): 24,850 bytes and no budget']);
  });
});
