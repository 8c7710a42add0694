import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startApp, type TestApp } from './support/start-app';

/** A sign-in as a browser's fetch sends it from a page of `origin`. */
function signInFrom(app: TestApp, origin: string): Promise<Response> {
  return fetch(`${app.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
}

async function expectRefused(response: Response): Promise<void> {
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ code: 'INVALID_ORIGIN' });
}

const RELAXED = { AUTH_RATE_LIMIT_SIGNIN: '100/60' };

describe('trusted origins without PUBLIC_URL', () => {
  let app: TestApp;
  let port: string;
  beforeAll(async () => {
    app = await startApp({ dialect: 'sqlite', env: { ...RELAXED, PUBLIC_URL: undefined } });
    port = new URL(app.url).port;
  });
  afterAll(() => app?.stop());

  it('accepts the local addresses a newcomer may open', async () => {
    expect(app.config.publicUrl).toBe(`http://localhost:${port}`);
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      const response = await signInFrom(app, `http://${host}:${port}`);
      expect(response.status, host).toBe(200);
    }
  });

  it('still refuses every other origin', async () => {
    await expectRefused(await signInFrom(app, 'http://evil.example'));
    await expectRefused(await signInFrom(app, `http://192.0.2.1:${port}`));
  });
});

describe('trusted origins with PUBLIC_URL and TRUSTED_ORIGINS', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({
      dialect: 'sqlite',
      env: { ...RELAXED, TRUSTED_ORIGINS: 'http://localhost:5173, http://192.168.1.20:3000/' },
    });
  });
  afterAll(() => app?.stop());

  it('accepts PUBLIC_URL and the listed origins', async () => {
    for (const origin of [app.url, 'http://localhost:5173', 'http://192.168.1.20:3000']) {
      expect((await signInFrom(app, origin)).status, origin).toBe(200);
    }
  });

  it('does not add the local addresses when PUBLIC_URL is set', async () => {
    await expectRefused(await signInFrom(app, `http://localhost:${new URL(app.url).port}`));
    await expectRefused(await signInFrom(app, 'http://localhost:5174'));
  });
});
