import { afterAll, beforeAll, expect, it } from 'vitest';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { freePort } from './support/free-port';
import { oauthLogin } from './support/oauth-flow';
import { startTestOidcProvider, type TestOidcProvider } from './support/oidc-provider';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  countRows,
  createPersonWithLogin,
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
        { email: 'olga@example.com', name: 'Olga Unverified', emailVerified: false },
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

  it('trusts the enterprise provider with an e-mail it did not mark as verified', async () => {
    const person = await app.server.people.create({
      displayName: 'Olga',
      email: 'olga@example.com',
    });
    const jar = new CookieJar();
    const result = await oauthLogin(jar, app.url, {
      providerId: 'enterprise',
      email: 'olga@example.com',
    });
    expect(result.finalUrl.toString()).toBe(`${app.url}/`);
    const session = await jar.fetch(`${app.url}/api/v1/session`);
    expect(((await session.json()) as { person: { id: string } }).person.id).toBe(person.id);
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
    expect(await (await jar.fetch(`${app.url}/api/v1/session`)).json()).toEqual({ person: null });
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

describeEachDialect('social login with an issuer override', (dialect) => {
  let idp: TestOidcProvider;
  let app: TestApp;

  beforeAll(async () => {
    const port = await freePort();
    idp = await startTestOidcProvider({
      ...CLIENT,
      redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/google`],
      accounts: [
        { email: ADMIN_EMAIL, name: 'Admin' },
        { email: 'x@example.com', name: 'X' },
        // Anyone can claim an address at a social provider; these are not confirmed by it.
        { email: 'nina@example.com', name: 'Nina Claimed', emailVerified: false },
        { email: 'paula@example.com', name: 'Paula Claimed', emailVerified: false },
        { email: 'nobody@example.com', name: 'Nobody Claimed', emailVerified: false },
      ],
    });
    app = await startApp({
      dialect,
      port,
      env: {
        SOCIAL_PROVIDER: 'google',
        SOCIAL_CLIENT_ID: CLIENT.clientId,
        SOCIAL_CLIENT_SECRET: CLIENT.clientSecret,
        SOCIAL_ISSUER: idp.issuer,
      },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await idp?.close();
  });

  const landing = (result: { finalUrl: URL }) =>
    `${result.finalUrl.pathname}${result.finalUrl.search}`;

  it('uses the preset id and label and the same person rules', async () => {
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
    expect(landing(refused)).toBe('/signin?error=no_person_record');
  });

  it('does not activate a person by an e-mail the provider did not verify', async () => {
    const person = await app.server.people.create({
      displayName: 'Nina',
      email: 'nina@example.com',
    });
    const usersBefore = await countRows(app, 'user');
    const sessionsBefore = await countRows(app, 'session');
    const jar = new CookieJar();
    const result = await oauthLogin(jar, app.url, {
      providerId: 'google',
      email: 'nina@example.com',
    });
    expect(landing(result)).toBe('/signin?error=email_not_verified');
    expect(await (await jar.fetch(`${app.url}/api/v1/session`)).json()).toEqual({ person: null });
    expect(await countRows(app, 'user')).toBe(usersBefore);
    expect(await countRows(app, 'session')).toBe(sessionsBefore);
    expect(await app.server.people.findByEmail('nina@example.com')).toEqual(person);
  });

  it('does not join such a login to a person who signs in with a password', async () => {
    await createPersonWithLogin(app, { email: 'paula@example.com', password: 'paula-password' });
    const accountsBefore = await countRows(app, 'account');
    const sessionsBefore = await countRows(app, 'session');
    const jar = new CookieJar();
    const result = await oauthLogin(jar, app.url, {
      providerId: 'google',
      email: 'paula@example.com',
    });
    expect(landing(result)).toBe('/signin?error=email_not_verified');
    expect(await (await jar.fetch(`${app.url}/api/v1/session`)).json()).toEqual({ person: null });
    expect(await countRows(app, 'account')).toBe(accountsBefore);
    expect(await countRows(app, 'session')).toBe(sessionsBefore);

    const password = await new CookieJar().json(`${app.url}/api/auth/sign-in/email`, {
      email: 'paula@example.com',
      password: 'paula-password',
    });
    expect(password.status).toBe(200);
  });

  it('gives the same answer for an unverified e-mail without person record', async () => {
    const result = await oauthLogin(new CookieJar(), app.url, {
      providerId: 'google',
      email: 'nobody@example.com',
    });
    expect(landing(result)).toBe('/signin?error=email_not_verified');
  });
});
