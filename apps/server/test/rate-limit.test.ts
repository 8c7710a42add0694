import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { ADMIN_EMAIL, startApp, type TestApp } from './support/start-app';

const attempt = (app: TestApp, headers: Record<string, string> = {}) =>
  new CookieJar(headers).json(`${app.url}/api/auth/sign-in/email`, {
    email: ADMIN_EMAIL,
    password: 'wrong-password',
  });

describeEachDialect('sign-in rate limit behind one trusted proxy', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect, env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => app?.stop());

  it('answers the 6th attempt of a client within the window with 429, per client address', async () => {
    const client = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 1; i <= 5; i++) expect((await attempt(app, client)).status).toBe(401);
    const limited = await attempt(app, client);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });

    expect((await attempt(app, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(401);
  });

  it('takes the address the proxy appended: a client cannot pick its bucket in front of it', async () => {
    // The proxy appends what it sees (203.0.113.5) to whatever the client sent.
    const via = (claimed: string) => ({ 'x-forwarded-for': `${claimed}, 203.0.113.5` });
    for (let i = 1; i <= 5; i++) expect((await attempt(app, via(`6.6.6.${i}`))).status).toBe(401);
    expect((await attempt(app, via('6.6.6.99'))).status).toBe(429);
    expect((await attempt(app, { 'x-forwarded-for': '203.0.113.5' })).status).toBe(429);
    expect((await attempt(app, { 'x-forwarded-for': '6.6.6.6, 203.0.113.6' })).status).toBe(401);
  });

  it('limits password-reset requests too (3 per minute)', async () => {
    const client = { 'x-forwarded-for': '203.0.113.9' };
    const ask = () =>
      new CookieJar(client).json(`${app.url}/api/auth/request-password-reset`, {
        email: ADMIN_EMAIL,
        redirectTo: '/resetpassword',
      });
    for (let i = 1; i <= 3; i++) expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    await app.server.mail.drain();
  });
});

describe('sign-in rate limit without TRUST_PROXY', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect: 'sqlite' });
  });
  afterAll(() => app?.stop());

  it('ignores a spoofed X-Forwarded-For: the connection address counts', async () => {
    for (let i = 1; i <= 5; i++) {
      const response = await attempt(app, { 'x-forwarded-for': `198.51.100.${i}` });
      expect(response.status).toBe(401);
    }
    expect((await attempt(app, { 'x-forwarded-for': '198.51.100.99' })).status).toBe(429);
    expect((await attempt(app, { 'x-qa-client-ip': '198.51.100.100' })).status).toBe(429);
  });
});
