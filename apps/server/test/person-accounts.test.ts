import { afterAll, beforeAll, expect, it } from 'vitest';
import { PersonAccountsService } from '../src/modules/people/person-accounts.service';
import { CookieJar } from './support/cookie-jar';
import { describeEachDialect } from './support/dialects';
import { countRows, startApp, type TestApp } from './support/start-app';

describeEachDialect('people with a password login', (dialect) => {
  let app: TestApp;
  let accounts: PersonAccountsService;
  beforeAll(async () => {
    app = await startApp({ dialect });
    accounts = new PersonAccountsService(app.server.auth, app.server.people);
  });
  afterAll(() => app?.stop());

  it('creates person and login together; the person can sign in', async () => {
    const person = await accounts.createWithPassword(
      { displayName: 'Erika Muster', email: 'Erika@Example.com', roles: ['user', 'auditor'] },
      'erika-password-1',
    );
    expect(person).toMatchObject({ type: 'active', loginActive: true, roles: ['user', 'auditor'] });
    expect(person.accountId).toBeTruthy();

    const jar = new CookieJar();
    const signIn = await jar.json(`${app.url}/api/auth/sign-in/email`, {
      email: 'erika@example.com',
      password: 'erika-password-1',
    });
    expect(signIn.status).toBe(200);
    const session = await jar.fetch(`${app.url}/api/v1/session`);
    expect(((await session.json()) as { person: { id: string } }).person.id).toBe(person.id);
  });

  it('leaves nothing behind when the person is invalid or the password too short', async () => {
    const people = await countRows(app, 'people');
    const users = await countRows(app, 'user');
    await expect(
      accounts.createWithPassword(
        { displayName: 'X', email: 'x@example.com', roles: ['root'] },
        'long-enough-1',
      ),
    ).rejects.toMatchObject({ code: 'invalid_role' });
    await expect(
      accounts.createWithPassword({ displayName: 'Y', email: 'y@example.com' }, 'short'),
    ).rejects.toThrow(RangeError);
    // A duplicate e-mail fails inside the transaction: no stray login may remain.
    await expect(
      accounts.createWithPassword(
        { displayName: 'Erika 2', email: 'erika@example.com' },
        'long-enough-1',
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
    expect(await countRows(app, 'people')).toBe(people);
    expect(await countRows(app, 'user')).toBe(users);
  });
});
