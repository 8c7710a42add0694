import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { HealthRepository } from '../src/modules/health/health.repository';
import { registerHealthRoutes } from '../src/modules/health/health.routes';
import { Readiness } from '../src/modules/health/readiness';
import { describeEachDialect } from './support/dialects';
import { startSilentServer } from './support/silent-server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApp, type TestApp } from './support/start-app';

describeEachDialect('health check', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect });
  });
  afterAll(() => app?.stop());

  it('answers 200 while the database answers, 503 once it is gone', async () => {
    const ok = await fetch(`${app.url}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok' });

    await app.server.database.close();
    const down = await fetch(`${app.url}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable' });
  });
});

describe('health check with a PostgreSQL host that does not answer', () => {
  it('answers 503 after the connect timeout instead of hanging', { timeout: 15_000 }, async () => {
    const host = await startSilentServer();
    const database = openDatabase({
      kind: 'postgres',
      url: `postgres://postgres@127.0.0.1:${host.port}/qa`,
    });
    const app = Fastify();
    registerHealthRoutes(app, {
      health: new HealthRepository(database),
      readiness: new Readiness(),
    });
    try {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await app.close();
      await host.close();
      await database.close();
    }
  });
});

describe('web app, routing and headers', () => {
  let app: TestApp;
  let webDist: string;

  beforeAll(async () => {
    app = await startApp({
      dialect: 'sqlite',
      env: { BUILD_ID: 'test-build', RELOAD_ENABLED: 'true' },
    });
    webDist = app.config.webDist;
  });
  afterAll(() => app?.stop());

  async function writeWebApp() {
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>QA</title>');
    await writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1);');
  }

  it('explains how to build the web app while there is none', async () => {
    const response = await fetch(`${app.url}/auditmatrix`);
    expect(response.status).toBe(503);
    const page = await response.text();
    expect(page).toContain('npm run build');
    // Nobody chose a language yet: the page says it in both.
    expect(page).toContain('<section lang="en"><h1>The web app has not been built</h1>');
    expect(page).toContain('<section lang="de"><h1>Die Web-App wurde noch nicht gebaut</h1>');
  });

  it('serves files and answers index.html for client routes', async () => {
    await writeWebApp();
    for (const route of ['/', '/signin', '/audit/abc/auditexecution', '/resetpassword?token=x']) {
      const response = await fetch(`${app.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>QA</title>');
    }
    const sw = await fetch(`${app.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${app.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A script carries the headers that protect a subresource, not those only a document reads;
    // the worker script and the pages keep them all.
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-frame-options')).toBeNull();
    expect(sw.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await fetch(`${app.url}/auditmatrix`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it("names the chunks of the page a URL opens in index.html's Link header (route-preloads.json)", async () => {
    await writeWebApp();
    const preloads = path.join(webDist, 'route-preloads.json');
    await writeFile(
      preloads,
      JSON.stringify({
        signIn: ['assets/sign-in-page-5.js', 'assets/TextField-6.js'],
        routes: [
          { pattern: '/signin', files: [], public: true },
          { pattern: '/resetpassword', files: ['assets/reset-password-page-7.js'], public: true },
          { pattern: '/auditmatrix', files: ['assets/audit-matrix-page-1.js', 'assets/Chip-2.js'] },
          { pattern: '/audit/:auditId/auditexecution', files: ['assets/audit-page-3.js'] },
          { pattern: '/evil', files: ['https://elsewhere.example/x.js', 'assets/../../etc.js'] },
        ],
      }),
    );
    // Whether the session is still valid is not checked here: the cookie is enough to guess.
    const session = { cookie: 'theme=dark; better-auth.session_token=token.signature' };
    const link = async (route: string, headers: Record<string, string> = session) =>
      (await fetch(`${app.url}${route}`, { headers })).headers.get('link');
    expect(await link('/auditmatrix?year=2026')).toBe(
      '</assets/audit-matrix-page-1.js>; rel=modulepreload; crossorigin, ' +
        '</assets/Chip-2.js>; rel=modulepreload; crossorigin',
    );
    expect(await link('/auditmatrix/')).toContain('audit-matrix-page-1.js');
    expect(await link('/audit/a-1/auditexecution')).toBe(
      '</assets/audit-page-3.js>; rel=modulepreload; crossorigin',
    );
    // Without a session every page but the public ones shows sign-in: its chunks come instead.
    const signInLink =
      '</assets/sign-in-page-5.js>; rel=modulepreload; crossorigin, ' +
      '</assets/TextField-6.js>; rel=modulepreload; crossorigin';
    expect(await link('/auditmatrix', {})).toBe(signInLink);
    expect(await link('/audit/a-1/auditexecution', { cookie: 'theme=dark' })).toBe(signInLink);
    expect(await link('/resetpassword', {})).toBe(
      '</assets/reset-password-page-7.js>; rel=modulepreload; crossorigin',
    );
    expect(await link('/signin', {})).toBeNull();
    expect(await link('/nowhere', {})).toBeNull();
    // No page of that shape, nothing but our own scripts, and no header from a broken file.
    expect(await link('/audit//auditexecution')).toBeNull();
    expect(await link('/nowhere')).toBeNull();
    expect(await link('/evil')).toBeNull();

    // The texts of the language the browser asks for come along, on every page.
    await writeFile(
      preloads,
      JSON.stringify({
        signIn: ['assets/sign-in-page-5.js'],
        routes: [{ pattern: '/auditmatrix', files: ['assets/audit-matrix-page-1.js'] }],
        catalogs: { de: ['assets/de-8.js'], en: ['assets/en-9.js'] },
      }),
    );
    const german = { ...session, 'accept-language': 'de-AT,de;q=0.9,en;q=0.8' };
    expect(await link('/auditmatrix', german)).toBe(
      '</assets/audit-matrix-page-1.js>; rel=modulepreload; crossorigin, ' +
        '</assets/de-8.js>; rel=modulepreload; crossorigin',
    );
    expect(await link('/nowhere', { 'accept-language': 'en-GB,de;q=0.9' })).toBe(
      '</assets/en-9.js>; rel=modulepreload; crossorigin',
    );
    expect(await link('/signin', {})).toContain('/assets/en-9.js>');
    await writeFile(preloads, '{ not json');
    const broken = await fetch(`${app.url}/auditmatrix`);
    expect(broken.status).toBe(200);
    expect(broken.headers.get('link')).toBeNull();
    await rm(preloads);
  });

  it('answers 404 for missing files instead of index.html', async () => {
    await writeWebApp();
    expect((await fetch(`${app.url}/assets/gone-0000.js`)).status).toBe(404);
    expect((await fetch(`${app.url}/favicon.ico`)).status).toBe(404);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const [method, route] of [
      ['GET', '/api/nope'],
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/nope'],
      ['DELETE', '/healthz'],
      ['POST', '/signin'],
    ] as const) {
      const response = await fetch(`${app.url}${route}`, { method });
      expect(response.status, `${method} ${route}`).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });

  it('publishes the client configuration', async () => {
    const response = await fetch(`${app.url}/api/v1/client-config`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      project: 'quality-audit',
      version: '0.6.2',
      build: 'test-build',
      reloadEnabled: true,
      enterpriseLogin: [],
      socialLogin: [],
    });
  });

  it('sends a strict CSP and no HSTS over http', async () => {
    const response = await fetch(`${app.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    // Scripts only our own; WebAssembly may compile (the PDF report's layout), never eval.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    // Requests only to ourselves; data: is the PDF layout's inlined WebAssembly, read locally.
    expect(csp).toContain("connect-src 'self' data:;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps answering 503 when index.html disappears again', async () => {
    await rm(path.join(webDist, 'index.html'));
    expect((await fetch(`${app.url}/dashboard`)).status).toBe(503);
  });
});

describe('https installations', () => {
  it('send HSTS, upgrade-insecure-requests and secure cookies; form-action allows the IdP', async () => {
    const app = await startApp({
      dialect: 'sqlite',
      env: {
        PUBLIC_URL: 'https://qa.example.com',
        OIDC_ISSUER: 'https://login.example.net/realms/qa',
        OIDC_CLIENT_ID: 'qa',
        OIDC_CLIENT_SECRET: 'secret',
      },
    });
    try {
      const response = await fetch(`${app.url}/healthz`);
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('upgrade-insecure-requests');
      expect(csp).toContain("form-action 'self' https://login.example.net");

      // No OIDC_LABEL: the web app shows its own translated default.
      const config = (await (await fetch(`${app.url}/api/v1/client-config`)).json()) as {
        enterpriseLogin: unknown[];
      };
      expect(config.enterpriseLogin).toEqual([{ providerId: 'enterprise', label: null }]);

      const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://qa.example.com' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      expect(signIn.headers.getSetCookie().join('\n')).toMatch(/; Secure/i);
    } finally {
      await app.stop();
    }
  });
});

describe('shutdown', () => {
  it('does not wait for the keep-alive of a download that ends while the server closes', async () => {
    const app = await startApp({ dialect: 'sqlite' });
    let stopping: Promise<void> | null = null;
    try {
      // Large enough that the server is still writing it when the headers have arrived.
      const size = 16 * 1024 * 1024;
      await mkdir(path.join(app.config.webDist, 'assets'), { recursive: true });
      await writeFile(path.join(app.config.webDist, 'index.html'), '<!doctype html>');
      await writeFile(path.join(app.config.webDist, 'assets', 'big-1234.js'), Buffer.alloc(size));
      const response = await fetch(`${app.url}/assets/big-1234.js`, {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(response.status).toBe(200);

      stopping = app.stop();
      // The answer ends after the close began; its connection is kept alive by the client.
      expect((await response.arrayBuffer()).byteLength).toBe(size);
      const waited = await Promise.race([
        stopping.then(() => 'stopped'),
        // Far below the 72 s a kept-alive connection would hold the server open.
        new Promise((resolve) => setTimeout(resolve, 20_000, 'still open')),
      ]);
      expect(waited).toBe('stopped');
    } finally {
      await (stopping ?? app.stop());
    }
  }, 30_000);
});
