import { afterAll, beforeAll, expect, it } from 'vitest';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  countRows,
  createLoginWithoutPerson,
  createPersonWithLogin,
  startApp,
  type TestApp,
} from './support/start-app';

interface SessionBody {
  person: { email: string; roles: string[]; type: string; loginActive: boolean };
}

describeEachDialect('sign-in with e-mail and password', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    // Rate limiting has its own suite; here every test signs in several times.
    app = await startApp({ dialect, env: { AUTH_RATE_LIMIT_SIGNIN: '1000/60' } });
  });
  afterAll(() => app?.stop());

  const signIn = (jar: CookieJar, email: string, password: string) =>
    jar.json(`${app.url}/api/auth/sign-in/email`, { email, password });

  it('signs the initial admin in, shows the person, and signs out', async () => {
    const jar = new CookieJar();
    const response = await signIn(jar, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    const session = await jar.fetch(`${app.url}/api/v1/session`);
    expect(session.status).toBe(200);
    const { person } = (await session.json()) as SessionBody;
    expect(person).toMatchObject({ email: ADMIN_EMAIL, type: 'active', loginActive: true });
    expect([...person.roles].sort()).toEqual(['admin', 'auditor', 'qm', 'user']);

    const out = await jar.json(`${app.url}/api/auth/sign-out`, {});
    expect(out.status).toBe(200);
    expect(await (await jar.fetch(`${app.url}/api/v1/session`)).json()).toEqual({ person: null });
  });

  it('answers 401 with a code for a wrong password or an unknown address', async () => {
    for (const [email, password] of [
      [ADMIN_EMAIL, 'not-the-password'],
      ['nobody@example.com', 'whatever-password'],
    ] as const) {
      const response = await signIn(new CookieJar(), email, password);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it('refuses a login without person record with 403 NO_PERSON_RECORD and creates no session', async () => {
    await createLoginWithoutPerson(app, {
      email: 'orphan@example.com',
      password: 'orphan-password',
    });
    const before = await countRows(app, 'session');
    const jar = new CookieJar();
    const response = await signIn(jar, 'orphan@example.com', 'orphan-password');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'NO_PERSON_RECORD' });
    expect(response.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    expect(await countRows(app, 'session')).toBe(before);
  });

  it('refuses a person whose login was deactivated', async () => {
    const { personId } = await createPersonWithLogin(app, {
      email: 'paused@example.com',
      password: 'paused-password',
    });
    const response1 = await signIn(new CookieJar(), 'paused@example.com', 'paused-password');
    expect(response1.status).toBe(200);

    await app.server.database.db
      .updateTable('people')
      .set({ login_active: dialect === 'sqlite' ? 0 : false })
      .where('id', '=', personId)
      .execute();
    const response2 = await signIn(new CookieJar(), 'paused@example.com', 'paused-password');
    expect(response2.status).toBe(403);
    expect(await response2.json()).toMatchObject({ code: 'NO_PERSON_RECORD' });
  });

  it('answers /api/v1/session with 200 and no person without or with a bogus cookie', async () => {
    for (const headers of [{}, { cookie: 'better-auth.session_token=bogus.value' }] as Record<
      string,
      string
    >[]) {
      const response = await fetch(`${app.url}/api/v1/session`, { headers });
      // Not 401: browsers log every 4xx answer, and asking who is signed in is not an error.
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ person: null });
    }
  });

  it('does not offer self-sign-up', async () => {
    const response = await new CookieJar().json(`${app.url}/api/auth/sign-up/email`, {
      email: 'new@example.com',
      password: 'new-password-1',
      name: 'New',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await app.server.people.findByEmail('new@example.com')).toBeNull();
  });

  it('rejects a signed-in request from a foreign origin', async () => {
    const jar = new CookieJar();
    expect((await signIn(jar, ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const response = await jar.fetch(`${app.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect((await jar.fetch(`${app.url}/api/v1/session`)).status).toBe(200);
  });
});
