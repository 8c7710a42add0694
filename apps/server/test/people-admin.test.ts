import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiContract } from './api/api-contract';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { outboxMessages, plainText, resetLink } from './support/mail-message';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  countRows,
  createPersonWithLogin,
  startApp,
  type TestApp,
} from './support/start-app';
import { pushCommand, SyncSocket } from './support/sync-socket';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const PASSWORD = 'people-test-password-1';
let clientCounter = 0;

/**
 * Issue 15: the people and account endpoints (docs/api.md "People and account"). Every call goes
 * through the contract checker (issue 16): each answer must be as the OpenAPI document says.
 */
describeEachDialect('people and account endpoints', (dialect) => {
  let app: TestApp;
  let admin: string;
  let adminId: string;
  let contract: ApiContract;
  const sockets: SyncSocket[] = [];

  async function signIn(email: string, password = PASSWORD): Promise<string> {
    const jar = new CookieJar();
    const response = await jar.json(`${app.url}/api/auth/sign-in/email`, { email, password });
    expect(response.status, `sign-in of ${email}`).toBe(200);
    return jar.cookieHeader(new URL(app.url));
  }

  async function call(
    cookie: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const raw = body instanceof Uint8Array;
    const response = await contract.fetch(`${app.url}${path}`, {
      method,
      headers: {
        origin: app.url,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': raw ? 'text/csv' : 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async function person(email: string, roles: string[], displayName = email) {
    const { personId } = await createPersonWithLogin(app, {
      email,
      password: PASSWORD,
      roles,
      displayName,
    });
    return { personId, cookie: await signIn(email) };
  }

  async function openSocket(cookie: string) {
    const socket = await SyncSocket.open(app, { cookie });
    sockets.push(socket);
    const clientId = `people-${dialect}-${++clientCounter}`;
    await socket.hello(clientId);
    return { socket, clientId, nextMutation: 1 };
  }

  async function mailTo(to: string): Promise<string> {
    await app.server.mail.drain();
    const mails = (await outboxMessages(app.dataDir)).filter((raw) => raw.includes(`To: ${to}`));
    expect(mails.length, `mails to ${to}`).toBeGreaterThan(0);
    return mails[mails.length - 1]!;
  }

  async function documentOf(collection: string, id: string) {
    const [doc] = await app.server.sync.documents.findMany([{ collection, id }]);
    return doc && !doc.deleted ? doc.data : null;
  }

  beforeAll(async () => {
    app = await startApp({
      dialect,
      // The default session check (30 s): ending sessions re-checks open connections at once.
      env: { AUTH_RATE_LIMIT_SIGNIN: '1000/60', AUTH_RATE_LIMIT_RESET: '100/60' },
    });
    contract = new ApiContract(await (await fetch(`${app.url}/api/v1/openapi.json`)).json());
    admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    adminId = (await call(admin, 'GET', '/api/v1/session')).body.person.id;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await app?.stop();
  });

  it('refuses every people endpoint to user, auditor, qm and measure-dispatcher', async () => {
    const target = (
      await call(admin, 'POST', '/api/v1/people', {
        displayName: 'Target',
        email: `target-${dialect}@example.com`,
        roles: [],
        login: false,
      })
    ).body.person.id as string;
    const endpoints: [string, string, unknown?][] = [
      [
        'POST',
        '/api/v1/people',
        { displayName: 'X', email: 'x@example.com', roles: [], login: false },
      ],
      ['POST', '/api/v1/people/import', [{ displayName: 'X' }]],
      ['POST', `/api/v1/people/${target}/login`],
      ['PATCH', `/api/v1/people/${target}`, { displayName: 'Renamed' }],
      ['PUT', `/api/v1/people/${target}/roles`, { roles: [] }],
      ['POST', `/api/v1/people/${target}/deactivate`],
      ['DELETE', `/api/v1/people/${target}`],
      ['POST', `/api/v1/people/${target}/sign-out`],
    ];
    const roles = ['user', 'auditor', 'qm', 'measure-dispatcher'];
    const cookies = [];
    for (const role of roles) {
      cookies.push((await person(`refused-${role}-${dialect}@example.com`, [role])).cookie);
    }
    const before = await countRows(app, 'people');
    for (const [index, role] of roles.entries()) {
      const cookie = cookies[index]!;
      for (const [method, path, body] of endpoints) {
        const answer = await call(cookie, method, path, body);
        expect(answer.status, `${role} ${method} ${path}`).toBe(403);
        expect(answer.body.error.code).toBe('forbidden');
      }
    }
    for (const [method, path, body] of endpoints) {
      expect((await call(null, method, path, body)).status, `anonymous ${method} ${path}`).toBe(
        401,
      );
      const foreign = await call(admin, method, path, body, { origin: 'https://evil.example' });
      expect(foreign.status, `foreign origin ${method} ${path}`).toBe(403);
    }
    expect(await countRows(app, 'people')).toBe(before);
    expect((await documentOf('people', target))?.displayName).toBe('Target');
  });

  it('projects the roles collection on start, the initial admin a member of admin', async () => {
    expect(await documentOf('roles', 'admin')).toEqual({
      id: 'admin',
      description: 'Administrator',
      members: { [adminId]: { active: true } },
    });
  });

  it('creates a person with login, mails a working set-password link in their language', async () => {
    const email = `neu-${dialect}@example.com`;
    const created = await call(admin, 'POST', '/api/v1/people', {
      displayName: 'Jörg Neu',
      email: ` ${email.toUpperCase()} `,
      roles: ['user', 'auditor'],
      login: true,
      language: 'de',
    });
    expect(created.status).toBe(201);
    expect(created.body.person).toMatchObject({
      displayName: 'Jörg Neu',
      email,
      roles: ['user', 'auditor'],
      type: 'active',
      loginActive: true,
      language: 'de',
    });
    const id = created.body.person.id as string;
    expect(await documentOf('people', id)).toEqual({
      id,
      displayName: 'Jörg Neu',
      email,
      avatar: null,
      type: 'active',
      roles: ['user', 'auditor'],
    });
    expect((await documentOf('roles', 'auditor'))?.members).toMatchObject({
      [id]: { active: true },
    });

    const raw = await mailTo(email);
    expect(raw).toContain('Subject: Ihr Zugang zu Quality Audit: Passwort festlegen');
    expect(plainText(raw)).toContain('Hallo Jörg Neu,');
    const link = resetLink(raw);
    const landing = await fetch(link, { redirect: 'manual' });
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location') ?? '', link);
    expect(target.pathname).toBe('/resetpassword');
    const token = target.searchParams.get('token') ?? '';
    const reset = await new CookieJar().json(`${app.url}/api/auth/reset-password`, {
      token,
      newPassword: 'my-own-password-1',
    });
    expect(reset.status).toBe(200);
    const cookie = await signIn(email, 'my-own-password-1');
    expect((await call(cookie, 'GET', '/api/v1/session')).body.person).toMatchObject({
      id,
      language: 'de',
      preferences: { defaultPlanningYear: null, reminderMails: true },
    });

    // Without a language: the installation's (English by default).
    const english = `new-${dialect}@example.com`;
    expect(
      (
        await call(admin, 'POST', '/api/v1/people', {
          displayName: 'New Person',
          email: english,
          roles: ['user'],
          login: true,
        })
      ).status,
    ).toBe(201);
    expect(await mailTo(english)).toContain(
      'Subject: Your Quality Audit account: set your password',
    );
  });

  it('answers bad input with 400 and the contract codes, changing nothing', async () => {
    const before = await countRows(app, 'people');
    const invalid = await call(admin, 'POST', '/api/v1/people', {
      displayName: ' ',
      email: 'not-an-address',
      roles: ['user'],
      login: true,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('invalid_request');
    expect(invalid.body.error.issues).toEqual([
      { key: 'person.nameRequired', params: { field: 'displayName', min: 1 } },
      { key: 'person.emailInvalid', params: { field: 'email', example: 'name@example.com' } },
    ]);
    for (const body of [
      null,
      [],
      { displayName: 'A', email: 'a@example.com', roles: ['boss'], login: false },
    ]) {
      expect((await call(admin, 'POST', '/api/v1/people', body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    const taken = await call(admin, 'POST', '/api/v1/people', {
      displayName: 'Copy',
      email: ADMIN_EMAIL,
      roles: [],
      login: true,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('email_taken');
    expect(await countRows(app, 'people')).toBe(before);
    expect(
      (await call(admin, 'PATCH', '/api/v1/people/no-such-person', { displayName: 'X' })).status,
    ).toBe(404);
  });

  it('gives an inactive person a login once, and keeps the e-mail immutable', async () => {
    const email = `inactive-${dialect}@example.com`;
    const created = await call(admin, 'POST', '/api/v1/people', {
      displayName: 'Ina Aktiv',
      email,
      roles: ['user'],
      login: false,
    });
    expect(created.status).toBe(201);
    expect(created.body.person).toMatchObject({
      type: 'inactive',
      loginActive: false,
      accountId: null,
    });
    const id = created.body.person.id as string;

    const roles = await call(admin, 'PUT', `/api/v1/people/${id}/roles`, { roles: ['qm'] });
    expect(roles.status).toBe(400);
    expect(roles.body.error.code).toBe('roles_need_login');

    const renamed = await call(admin, 'PATCH', `/api/v1/people/${id}`, {
      displayName: 'Ina Aktiv-Neu',
      email,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.person.displayName).toBe('Ina Aktiv-Neu');
    const changed = await call(admin, 'PATCH', `/api/v1/people/${id}`, {
      displayName: 'Other',
      email: `changed-${dialect}@example.com`,
    });
    expect(changed.status).toBe(400);
    expect(changed.body.error.code).toBe('email_immutable');
    expect((await documentOf('people', id))?.displayName).toBe('Ina Aktiv-Neu');

    const login = await call(admin, 'POST', `/api/v1/people/${id}/login`);
    expect(login.status).toBe(200);
    expect(login.body.person).toMatchObject({ type: 'active', loginActive: true });
    expect(plainText(await mailTo(email))).toContain('/api/auth/reset-password/');
    const again = await call(admin, 'POST', `/api/v1/people/${id}/login`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('has_login');

    const withRoles = await call(admin, 'PUT', `/api/v1/people/${id}/roles`, { roles: ['qm'] });
    expect(withRoles.status).toBe(200);
    expect(withRoles.body.person.roles).toEqual(['qm']);
    expect((await documentOf('roles', 'qm'))?.members).toMatchObject({ [id]: { active: true } });
  });

  it('enables login for a person who exists only in the directory', async () => {
    const { cookie } = await person(`picker-${dialect}@example.com`, ['auditor']);
    const writer = await openSocket(cookie);
    const id = `picked-${dialect}`;
    const answer = await pushCommand(writer, 'person.createInactive', {
      id,
      displayName: 'Paul Picker',
      email: `paul-${dialect}@example.com`,
    });
    expect(answer).toMatchObject({ type: 'ack' });
    const login = await call(admin, 'POST', `/api/v1/people/${id}/login`);
    expect(login.status).toBe(200);
    expect(login.body.person).toMatchObject({ id, displayName: 'Paul Picker', type: 'active' });
    expect(await mailTo(`paul-${dialect}@example.com`)).toContain('Paul Picker');
  });

  it('keeps an active admin: last_admin, and no deactivating or deleting oneself', async () => {
    const own = await call(admin, 'PUT', `/api/v1/people/${adminId}/roles`, { roles: ['user'] });
    expect(own.status).toBe(409);
    expect(own.body.error.code).toBe('last_admin');
    expect(
      (await call(admin, 'POST', `/api/v1/people/${adminId}/deactivate`)).body.error.code,
    ).toBe('self');
    expect((await call(admin, 'DELETE', `/api/v1/people/${adminId}`)).body.error.code).toBe('self');

    const second = await person(`second-admin-${dialect}@example.com`, ['admin']);
    // With a second admin the first may give up the role; then the second is the last one.
    expect(
      (await call(second.cookie, 'PUT', `/api/v1/people/${adminId}/roles`, { roles: ['user'] }))
        .status,
    ).toBe(200);
    const last = await call(second.cookie, 'PUT', `/api/v1/people/${second.personId}/roles`, {
      roles: ['qm'],
    });
    expect(last.body.error.code).toBe('last_admin');
    // The first admin is no admin now: refused like everyone else.
    expect(
      (await call(admin, 'PUT', `/api/v1/people/${adminId}/roles`, { roles: ['admin'] })).status,
    ).toBe(403);
    expect(
      (
        await call(second.cookie, 'PUT', `/api/v1/people/${adminId}/roles`, {
          roles: ['user', 'admin', 'qm', 'auditor'],
        })
      ).status,
    ).toBe(200);
  });

  it('deactivation ends the sessions and closes the sync connection', async () => {
    const leaving = await person(`leaving-${dialect}@example.com`, ['user']);
    const { socket } = await openSocket(leaving.cookie);
    const answer = await call(admin, 'POST', `/api/v1/people/${leaving.personId}/deactivate`);
    expect(answer.status).toBe(200);
    expect(answer.body.person).toMatchObject({ type: 'inactive', loginActive: false });
    await expect(socket.closed()).resolves.toBe(4401);
    expect((await call(leaving.cookie, 'GET', '/api/v1/session')).body.person).toBeNull();
    const jar = new CookieJar();
    const refused = await jar.json(`${app.url}/api/auth/sign-in/email`, {
      email: `leaving-${dialect}@example.com`,
      password: PASSWORD,
    });
    expect(refused.status).not.toBe(200);
    expect((await documentOf('people', leaving.personId))?.type).toBe('inactive');
    expect(Object.keys((await documentOf('roles', 'user'))?.members ?? {})).not.toContain(
      leaving.personId,
    );

    // Enabling the login again: active, and a fresh link to set a password.
    const back = await call(admin, 'POST', `/api/v1/people/${leaving.personId}/login`);
    expect(back.status).toBe(200);
    expect(back.body.person).toMatchObject({ type: 'active', loginActive: true });
    const link = resetLink(await mailTo(`leaving-${dialect}@example.com`));
    expect(link).toContain('/api/auth/reset-password/');
    await signIn(`leaving-${dialect}@example.com`);
    expect(Object.keys((await documentOf('roles', 'user'))?.members ?? {})).toContain(
      leaving.personId,
    );
  });

  it('signs a person out everywhere, closing their open sync connection within seconds', async () => {
    const roaming = await person(`roaming-${dialect}@example.com`, ['auditor']);
    const second = await signIn(`roaming-${dialect}@example.com`);
    const { socket } = await openSocket(roaming.cookie);
    const started = Date.now();
    const answer = await call(admin, 'POST', `/api/v1/people/${roaming.personId}/sign-out`);
    expect(answer).toEqual({ status: 200, body: { revoked: 2 } });
    await expect(socket.closed()).resolves.toBe(4401);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await call(second, 'GET', '/api/v1/session')).body.person).toBeNull();
    // The login itself stays.
    await signIn(`roaming-${dialect}@example.com`);
  });

  it('deletes a person nobody names, and only deactivates one named by an audit', async () => {
    const qm = await person(`qm-delete-${dialect}@example.com`, ['qm']);
    const named = await person(`named-${dialect}@example.com`, ['auditor']);
    const unnamed = await person(`unnamed-${dialect}@example.com`, ['user']);
    const writer = await openSocket(qm.cookie);
    const audit = await pushCommand(writer, 'audit.create', {
      id: `delete-audit-${dialect}`,
      name: 'Supplier',
      leadauditor: named.personId,
      planning_year: 2026,
      planning_date: '2026-02-01',
    });
    expect(audit).toMatchObject({ type: 'ack' });

    const kept = await call(admin, 'DELETE', `/api/v1/people/${named.personId}`);
    expect(kept).toEqual({ status: 200, body: { result: 'deactivated' } });
    expect(await documentOf('people', named.personId)).toMatchObject({
      displayName: `named-${dialect}@example.com`,
      type: 'inactive',
    });

    const usersBefore = await countRows(app, 'user');
    const gone = await call(admin, 'DELETE', `/api/v1/people/${unnamed.personId}`);
    expect(gone).toEqual({ status: 200, body: { result: 'deleted' } });
    expect(await documentOf('people', unnamed.personId)).toBeNull();
    expect(await documentOf('person_emails', `unnamed-${dialect}@example.com`)).toBeNull();
    expect(await app.server.people.findByEmail(`unnamed-${dialect}@example.com`)).toBeNull();
    expect(await countRows(app, 'user')).toBe(usersBefore - 1);
    expect((await call(unnamed.cookie, 'GET', '/api/v1/session')).body.person).toBeNull();
    expect((await call(admin, 'DELETE', `/api/v1/people/${unnamed.personId}`)).status).toBe(404);
  });

  it('imports an ISO-8859-1 CSV with umlauts and a JSON list, each person inactive', async () => {
    const csv = Buffer.from(
      `displayName;email;roles\nJürgen Größe-Öß;juergen-${dialect}@example.com;user,auditor\n` +
        `Bad Mail;not-an-address;\nÄnne Ü;;\n`,
      'latin1',
    );
    expect(csv.includes(Buffer.from('ü', 'utf8'))).toBe(false);
    const imported = await call(admin, 'POST', '/api/v1/people/import', new Uint8Array(csv));
    expect(imported.status).toBe(200);
    expect(imported.body.imported).toMatchObject([
      {
        displayName: 'Jürgen Größe-Öß',
        email: `juergen-${dialect}@example.com`,
        roles: ['user', 'auditor'],
        type: 'inactive',
        loginActive: false,
      },
      { displayName: 'Änne Ü', email: null, type: 'inactive' },
    ]);
    expect(imported.body.rejected).toEqual([
      {
        row: 3,
        issues: [{ key: 'person.emailInvalid', params: { row: 3, example: 'name@example.com' } }],
      },
    ]);
    const id = imported.body.imported[0].id as string;
    expect((await documentOf('people', id))?.displayName).toBe('Jürgen Größe-Öß');

    const json = await call(admin, 'POST', '/api/v1/people/import', [
      { displayName: 'Jason', email: `jason-${dialect}@example.com` },
      { displayName: 'Again', email: `juergen-${dialect}@example.com` },
    ]);
    expect(json.status).toBe(200);
    expect(json.body.imported).toMatchObject([{ displayName: 'Jason', type: 'inactive' }]);
    expect(json.body.rejected).toMatchObject([
      {
        row: 2,
        issues: [{ key: 'people.emailTaken', params: { email: `juergen-${dialect}@example.com` } }],
      },
    ]);
  });

  it('lets everyone edit their own profile, password and sessions', async () => {
    const email = `self-${dialect}@example.com`;
    const me = await person(email, ['user']);
    const other = await signIn(email);
    const updated = await call(me.cookie, 'PATCH', '/api/v1/me', {
      displayName: 'Selma Selbst',
      language: 'en',
      preferences: { reminderMails: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.person).toMatchObject({
      displayName: 'Selma Selbst',
      language: 'en',
      preferences: { defaultPlanningYear: null, reminderMails: false },
    });
    const nextYear = new Date().getFullYear() + 1;
    expect(
      (
        await call(me.cookie, 'PATCH', '/api/v1/me', {
          preferences: { defaultPlanningYear: nextYear },
        })
      ).body.person.preferences,
    ).toEqual({ defaultPlanningYear: nextYear, reminderMails: false });
    expect((await call(me.cookie, 'GET', '/api/v1/session')).body.person).toMatchObject({
      displayName: 'Selma Selbst',
      language: 'en',
      preferences: { defaultPlanningYear: nextYear, reminderMails: false },
    });
    // A year the audit matrix does not show (the default configuration: one year ahead).
    const unshown = await call(me.cookie, 'PATCH', '/api/v1/me', {
      preferences: { defaultPlanningYear: nextYear + 2 },
    });
    expect(unshown.status).toBe(400);
    expect(unshown.body).toMatchObject({ key: 'settings.planningYearNotShown' });
    expect(await documentOf('people', me.personId)).not.toHaveProperty('preferences');
    for (const body of [{ roles: ['admin'] }, { language: 'fr' }, { email: 'x@example.com' }]) {
      const refused = await call(me.cookie, 'PATCH', '/api/v1/me', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(null, 'PATCH', '/api/v1/me', { displayName: 'X' })).status).toBe(401);

    const sessions = await call(me.cookie, 'GET', '/api/v1/me/sessions');
    expect(sessions.status).toBe(200);
    expect(sessions.body.sessions).toHaveLength(2);
    expect(sessions.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const otherSession = sessions.body.sessions.find((s: { current: boolean }) => !s.current);
    const adminSessions = (await call(admin, 'GET', '/api/v1/me/sessions')).body.sessions;
    expect(
      (await call(me.cookie, 'DELETE', `/api/v1/me/sessions/${adminSessions[0].id}`)).status,
    ).toBe(404);
    const { socket: otherSocket } = await openSocket(other);
    expect((await call(me.cookie, 'DELETE', `/api/v1/me/sessions/${otherSession.id}`)).status).toBe(
      200,
    );
    await expect(otherSocket.closed()).resolves.toBe(4401);
    expect((await call(other, 'GET', '/api/v1/session')).body.person).toBeNull();
    expect((await call(admin, 'GET', '/api/v1/session')).body.person).not.toBeNull();

    const wrong = await call(me.cookie, 'POST', '/api/v1/me/password', {
      currentPassword: 'wrong-password-1',
      newPassword: 'changed-password-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_password');
    const short = await call(me.cookie, 'POST', '/api/v1/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(short.body.error.code).toBe('password_too_short');
    const long = await call(me.cookie, 'POST', '/api/v1/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'x'.repeat(129),
    });
    expect(long.body.error.code).toBe('password_too_long');
    const changed = await call(me.cookie, 'POST', '/api/v1/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'changed-password-1',
    });
    expect(changed.status).toBe(200);
    await signIn(email, 'changed-password-1');
  });

  // Last: every answer of the tests above, against the OpenAPI document.
  it('answers as the OpenAPI document describes', () => {
    const documented = (path: string) => contract.checked.some((label) => label.includes(path));
    for (const path of ['/api/v1/people', '/api/v1/me', '/api/v1/session']) {
      expect(documented(path), path).toBe(true);
    }
    expect(contract.breaches).toEqual([]);
  });
});

describe('reminder mails honour the person’s language and preferences [sqlite]', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect: 'sqlite', env: { AUTH_RATE_LIMIT_SIGNIN: '100/60' } });
  });
  afterAll(() => app?.stop());

  async function signedIn(email: string, roles: string[], displayName: string) {
    const { personId } = await createPersonWithLogin(app, {
      email,
      password: PASSWORD,
      roles,
      displayName,
    });
    const jar = new CookieJar();
    await jar.json(`${app.url}/api/auth/sign-in/email`, { email, password: PASSWORD });
    return { personId, jar };
  }

  it('mails in the person’s language and skips people who switched reminders off', async () => {
    const qm = await signedIn('qm.prefs@example.com', ['qm'], 'Quinn');
    const german = await signedIn('deutsch@example.com', ['user'], 'Dora Deutsch');
    const quiet = await signedIn('quiet@example.com', ['user'], 'Quentin Quiet');
    expect(
      (await german.jar.json(`${app.url}/api/v1/me`, { language: 'de' }, 'PATCH')).status,
    ).toBe(200);
    const off = await quiet.jar.json(
      `${app.url}/api/v1/me`,
      { preferences: { reminderMails: false } },
      'PATCH',
    );
    expect(off.status).toBe(200);

    const socket = await SyncSocket.open(app, { cookie: qm.jar.cookieHeader(new URL(app.url)) });
    await socket.hello('prefs-client');
    const writer = { socket, clientId: 'prefs-client', nextMutation: 1 };
    const created = await pushCommand(writer, 'measure.create', {
      id: 'prefs-measure',
      text: 'Check the shelves',
      dueDate: '2026-03-10',
      assignedTo: [german.personId, quiet.personId],
    });
    expect(created).toMatchObject({ type: 'ack' });
    socket.close();

    const report = await app.server.reminders.service.run({ now: new Date(2026, 2, 10, 8, 0) });
    expect(report.sent).toEqual([german.personId]);
    expect(report.unreachable).toEqual([quiet.personId]);
    const mails = await outboxMessages(app.dataDir);
    expect(mails.filter((raw) => raw.includes('To: quiet@example.com'))).toEqual([]);
    const mail = mails.find((raw) => raw.includes('To: deutsch@example.com'));
    expect(plainText(mail ?? '')).toContain('Hallo Dora Deutsch,');
  });
});
