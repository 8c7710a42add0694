import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { freePort } from './support/free-port';
import { oauthLogin } from './support/oauth-flow';
import { startTestOidcProvider, type TestOidcProvider } from './support/oidc-provider';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  countRows,
  startApp,
  type TestApp,
} from './support/start-app';

const CLIENT = { clientId: 'qa-app', clientSecret: 'qa-app-secret' };

describeEachDialect('enterprise login (OpenID Connect)', (dialect) => {
  let idp: TestOidcProvider;
  let app: TestApp;

  beforeAll(async () => {
    const port = await freePort();
    idp = await startTestOidcProvider({
      ...CLIENT,
      redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/enterprise`],
      accounts: [
        { email: 'erika@example.com', name: 'Erika Muster' },
        { email: 'stranger@example.com', name: 'Not A Person' },
        { email: ADMIN_EMAIL, name: 'Admin' },
      ],
    });
    app = await startApp({
      dialect,
      port,
      env: {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: CLIENT.clientId,
        OIDC_CLIENT_SECRET: CLIENT.clientSecret,
        OIDC_LABEL: 'Company login',
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await idp?.close();
  });

  it('is announced in client-config', async () => {
    const config = (await (await fetch(`${app.url}/api/v1/client-config`)).json()) as {
      enterpriseLogin: unknown[];
    };
    expect(config.enterpriseLogin).toEqual([{ providerId: 'enterprise', label: 'Company login' }]);
  });

  it('starts at the provider from both sign-in paths', async () => {
    for (const [path, body] of [
      ['sign-in/oauth2', { providerId: 'enterprise' }],
      ['sign-in/social', { provider: 'enterprise' }],
    ] as const) {
      const response = await new CookieJar().json(`${app.url}/api/auth/${path}`, {
        ...body,
        callbackURL: '/',
        errorCallbackURL: '/signin',
      });
      expect(response.status, path).toBe(200);
      const { url, redirect } = (await response.json()) as { url: string; redirect: boolean };
      expect(redirect).toBe(true);
      expect(url.startsWith(`${idp.issuer}/`)).toBe(true);
      expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    }
  });

  it('signs in a known person without a login and links them', async () => {
    const person = await app.server.people.create({
      displayName: 'Erika Muster',
      email: 'erika@example.com',
      roles: ['auditor'],
    });
    expect(person.accountId).toBeNull();

    const jar = new CookieJar();
    const result = await oauthLogin(jar, app.url, {
      providerId: 'enterprise',
      email: 'erika@example.com',
    });
    expect(result.chain.some((u) => u.includes('/api/auth/callback/enterprise'))).toBe(true);
    expect(result.finalUrl.toString()).toBe(`${app.url}/`);

    const session = await jar.fetch(`${app.url}/api/v1/session`);
    expect(session.status).toBe(200);
    const { person: signedIn } = (await session.json()) as {
      person: { id: string; type: string; accountId: string };
    };
    expect(signedIn.id).toBe(person.id);
    expect(signedIn.type).toBe('active');
    expect(signedIn.accountId).toBeTruthy();
  });

  it('links the OIDC login to a person who already has a password login', async () => {
    const jar = new CookieJar();
    const result = await oauthLogin(jar, app.url, { providerId: 'enterprise', email: ADMIN_EMAIL });
    expect(result.finalUrl.pathname).toBe('/');
    const session = await jar.fetch(`${app.url}/api/v1/session`);
    expect(session.status).toBe(200);
    expect(((await session.json()) as { person: { email: string } }).person.email).toBe(
      ADMIN_EMAIL,
    );

    // The password keeps working next to the new link.
    const password = await new CookieJar().json(`${app.url}/api/auth/sign-in/email`, {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    expect(password.status).toBe(200);
  });

  it('sends an e-mail without person record back to /signin and keeps no session', async () => {
    const sessionsBefore = await countRows(app, 'session');
    const usersBefore = await countRows(app, 'user');
    const jar = new CookieJar();
    const result = await oauthLogin(jar, app.url, {
      providerId: 'enterprise',
      email: 'stranger@example.com',
    });
    expect(result.finalUrl.pathname).toBe('/signin');
    expect(result.finalUrl.search).toBe('?error=no_person_record');
    expect(await countRows(app, 'session')).toBe(sessionsBefore);
    expect(await countRows(app, 'user')).toBe(usersBefore);
    expect(await app.server.people.findByEmail('stranger@example.com')).toBeNull();
    expect((await jar.fetch(`${app.url}/api/v1/session`)).status).toBe(401);
  });

  it('also lands on /signin without an errorCallbackURL from the client', async () => {
    const result = await oauthLogin(new CookieJar(), app.url, {
      providerId: 'enterprise',
      email: 'stranger@example.com',
      errorCallbackURL: '',
    });
    expect(`${result.finalUrl.pathname}${result.finalUrl.search}`).toBe(
      '/signin?error=no_person_record',
    );
  });
});

describe('social login with an issuer override', () => {
  it('uses the preset id and label and the same person rules', async () => {
    const port = await freePort();
    const idp = await startTestOidcProvider({
      ...CLIENT,
      redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/google`],
      accounts: [
        { email: ADMIN_EMAIL, name: 'Admin' },
        { email: 'x@example.com', name: 'X' },
      ],
    });
    const app = await startApp({
      dialect: 'sqlite',
      port,
      env: {
        SOCIAL_PROVIDER: 'google',
        SOCIAL_CLIENT_ID: CLIENT.clientId,
        SOCIAL_CLIENT_SECRET: CLIENT.clientSecret,
        SOCIAL_ISSUER: idp.issuer,
      },
    });
    try {
      const config = (await (await fetch(`${app.url}/api/v1/client-config`)).json()) as {
        socialLogin: unknown[];
        enterpriseLogin: unknown[];
      };
      expect(config.socialLogin).toEqual([{ providerId: 'google', label: 'Google' }]);
      expect(config.enterpriseLogin).toEqual([]);

      const jar = new CookieJar();
      const ok = await oauthLogin(jar, app.url, { providerId: 'google', email: ADMIN_EMAIL });
      expect(ok.finalUrl.pathname).toBe('/');
      expect((await jar.fetch(`${app.url}/api/v1/session`)).status).toBe(200);

      const refused = await oauthLogin(new CookieJar(), app.url, {
        providerId: 'google',
        email: 'x@example.com',
      });
      expect(`${refused.finalUrl.pathname}${refused.finalUrl.search}`).toBe(
        '/signin?error=no_person_record',
      );
    } finally {
      await app.stop();
      await idp.close();
    }
  });
});
