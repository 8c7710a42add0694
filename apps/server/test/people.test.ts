import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '../src/shared/app-error';
import { describeEachDialect } from './support/dialects';
import { createLoginWithoutPerson, startApp, type TestApp } from './support/start-app';

describeEachDialect('people service', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ dialect });
  });
  afterAll(() => app?.stop());

  it('creates an inactive record with a normalised e-mail and default role', async () => {
    const person = await app.server.people.create({
      displayName: '  Max Mustermann ',
      email: ' Max@Example.COM ',
    });
    expect(person).toMatchObject({
      displayName: 'Max Mustermann',
      email: 'max@example.com',
      type: 'inactive',
      roles: ['user'],
      accountId: null,
      loginActive: false,
    });
    expect(await app.server.people.findByEmail('MAX@example.com')).toEqual(person);
  });

  it('rejects unknown or repeated roles with invalid_role', async () => {
    for (const roles of [
      ['user', 'superuser'],
      ['qm', 'qm'],
    ]) {
      const error = await app.server.people
        .create({ displayName: 'R', email: `r${roles.length}@example.com`, roles })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'invalid_role', status: 400 });
    }
    const invalid = await app.server.people
      .create({ displayName: '', email: 'nope' })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({ code: 'invalid_request' });
  });

  it('refuses a second person with the same e-mail', async () => {
    await app.server.people.create({ displayName: 'A', email: 'twice@example.com' });
    await expect(
      app.server.people.create({ displayName: 'B', email: 'TWICE@example.com' }),
    ).rejects.toMatchObject({ code: 'conflict' });
  });

  it('links a login once and finds the person by it', async () => {
    const person = await app.server.people.create({ displayName: 'L', email: 'link@example.com' });
    const { userId } = await createLoginWithoutPerson(app, {
      email: 'link@example.com',
      password: 'link-password',
    });
    const linked = await app.server.people.linkAccount(person.id, userId);
    expect(linked).toMatchObject({ accountId: userId, type: 'active', loginActive: true });
    expect(await app.server.people.findByAccountId(userId)).toEqual(linked);
    expect(await app.server.people.findSignInPerson(userId)).toEqual(linked);
    await expect(app.server.people.linkAccount(person.id, userId)).rejects.toMatchObject({
      code: 'conflict',
    });
  });
});
