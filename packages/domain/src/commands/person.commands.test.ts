import fc from 'fast-check';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { COMMAND_MESSAGES } from './commands.messages';
import { importMessages } from '../messages/imports.messages';
import { formatMessage } from '../messages/message';
import { personDocumentSchema, toPersonDocument, type Person } from '../person';
import { ROLE_IDS } from '../roles';
import { mayReadCollection, validateDocument } from '../sync/collections';
import { OpsState, applyCommandAs as apply, runCommandAs as run } from './audit-test-helpers';
import { domainCommandRegistry } from './commands';
import { commandReads } from './define-command';
import { PEOPLE_COLLECTION, PERSON_EMAILS_COLLECTION } from '../person';
import { createInactivePersonCommand as command, personIdOfEmailEntry } from './person.commands';

const newPerson = { id: 'p-new', displayName: ' Erika Muster ', email: ' Erika@Example.COM ' };

const forbidden = {
  ok: false,
  error: {
    code: 'forbidden',
    message: { key: 'command.forbidden', params: { command: 'person.createInactive' } },
  },
};

const catalog = { ...importMessages, ...COMMAND_MESSAGES };
const text = (key: string, params: Record<string, string | number>, language: 'de' | 'en') =>
  formatMessage(catalog, { key, params }, language);

describe('person.createInactive', () => {
  it.each([['auditor'], ['qm'], ['admin']])('lets %s add an inactive person', (role) => {
    const state = new OpsState();
    const result = apply(command, newPerson, state, [role], 'p-actor');
    expect(result.activity).toEqual({
      verb: 'created',
      object: 'Erika Muster',
      objectUrl: '/user/p-new',
    });
    expect(result.message).toEqual({ key: 'person.created', params: { name: 'Erika Muster' } });
    expect(state.get('people', 'p-new')).toEqual({
      id: 'p-new',
      displayName: 'Erika Muster',
      email: 'erika@example.com',
      avatar: null,
      type: 'inactive',
      roles: ['user'],
    });
    expect(state.get('person_emails', 'erika@example.com')).toEqual({ personId: 'p-new' });
  });

  it.each(['user', 'measure-dispatcher'])('forbids the role %s', (role) => {
    expect(run(command, newPerson, new OpsState(), [role])).toEqual(forbidden);
  });

  it('forbids a person without roles', () => {
    expect(run(command, newPerson, new OpsState(), [])).toEqual(forbidden);
  });

  it('takes the roles user and auditor, never more', () => {
    const state = new OpsState();
    apply(command, { ...newPerson, roles: ['auditor'] }, state);
    expect(state.get('people', 'p-new')).toMatchObject({ roles: ['auditor'] });
    for (const roles of [['admin'], ['qm'], ['measure-dispatcher'], ['user', 'user'], 'user']) {
      expect(run(command, { ...newPerson, roles }, new OpsState())).toMatchObject({
        ok: false,
        error: { code: 'invalid_args', message: { key: 'command.invalidArgs' } },
      });
    }
  });

  it.each([
    [{ displayName: '  ' }, [['person.nameRequired', 'displayName']]],
    [{ displayName: null }, [['person.nameRequired', 'displayName']]],
    [{ displayName: undefined }, [['person.nameRequired', 'displayName']]],
    [{ email: '' }, [['person.emailRequired', 'email']]],
    [{ email: null }, [['person.emailRequired', 'email']]],
    [{ email: 'not-an-address' }, [['person.emailInvalid', 'email']]],
    [{ email: `${'a'.repeat(250)}@example.com` }, [['person.emailInvalid', 'email']]],
    [
      { displayName: '', email: 'x@' },
      [
        ['person.nameRequired', 'displayName'],
        ['person.emailInvalid', 'email'],
      ],
    ],
  ])('refuses %j with the picker messages at their fields', (patch, expected) => {
    const result = run(command, { ...newPerson, ...patch }, new OpsState());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('rule');
    expect(result.error.issues?.map((issue) => [issue.key, issue.params?.field])).toEqual(expected);
    expect(result.error.message).toEqual(result.error.issues?.[0]);
  });

  it('shows the messages of SPEC section 5 in German and English', () => {
    expect(text('person.nameRequired', {}, 'en')).toBe('Name is required');
    expect(text('person.nameRequired', {}, 'de')).toBe('Name ist erforderlich');
    expect(text('person.emailRequired', {}, 'en')).toBe('E-mail is required');
    expect(text('person.emailRequired', {}, 'de')).toBe('E-Mail ist erforderlich');
    const example = { example: 'name@example.com' };
    expect(text('person.emailInvalid', example, 'en')).toBe(
      'E-mail must be valid (e.g. name@example.com)',
    );
    expect(text('person.emailInvalid', example, 'de')).toBe(
      'E-Mail muss gültig sein (z. B. name@example.com)',
    );
    const email = { email: 'a@example.com' };
    expect(text('person.emailTaken', email, 'en')).toBe(
      'A person with the e-mail a@example.com already exists',
    );
    expect(text('person.emailTaken', email, 'de')).toBe(
      'Es gibt bereits eine Person mit der E-Mail-Adresse a@example.com',
    );
    expect(text('person.idTaken', { id: 'p1' }, 'en')).toBe(
      'A person with the id p1 already exists',
    );
    expect(text('person.idTaken', { id: 'p1' }, 'de')).toBe(
      'Es gibt bereits eine Person mit der ID p1',
    );
    expect(text('person.created', { name: 'Erika' }, 'en')).toBe('Person Erika created');
    expect(text('person.created', { name: 'Erika' }, 'de')).toBe('Person Erika angelegt');
  });

  it('refuses an id in use', () => {
    const state = new OpsState();
    apply(command, newPerson, state);
    expect(run(command, { ...newPerson, email: 'other@example.com' }, state)).toEqual({
      ok: false,
      error: { code: 'conflict', message: { key: 'person.idTaken', params: { id: 'p-new' } } },
    });
  });

  it('refuses an e-mail another person has, in any case and spacing', () => {
    const state = new OpsState();
    apply(command, newPerson, state);
    expect(
      run(command, { ...newPerson, id: 'p-other', email: 'ERIKA@example.com ' }, state),
    ).toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: { key: 'person.emailTaken', params: { email: 'erika@example.com' } },
        issues: [
          {
            key: 'person.emailTaken',
            params: { email: 'erika@example.com', field: 'email' },
          },
        ],
      },
    });
  });

  it('reads the person and the e-mail index entry, and only the person without an e-mail', () => {
    expect(commandReads(command, newPerson)).toMatchObject({
      ok: true,
      reads: [
        { collection: 'people', id: 'p-new' },
        { collection: 'person_emails', id: 'erika@example.com' },
      ],
    });
    expect(commandReads(command, { ...newPerson, email: ' ' })).toMatchObject({
      ok: true,
      reads: [{ collection: 'people', id: 'p-new' }],
    });
  });

  it('is registered', () => {
    expect(domainCommandRegistry.get('person.createInactive')).toBe(command);
  });

  it('never creates anything but a valid inactive user or auditor, whatever the input', () => {
    const args = fc.record(
      {
        id: fc.oneof(fc.constant('p1'), fc.string({ maxLength: 3 })),
        displayName: fc.oneof(fc.string({ maxLength: 5 }), fc.constant(null)),
        email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 6 }), fc.constant(null)),
        roles: fc.subarray([...ROLE_IDS]),
      },
      { requiredKeys: ['id'] },
    );
    fc.assert(
      fc.property(args, fc.subarray([...ROLE_IDS]), (input, roles) => {
        const state = new OpsState();
        const result = run(command, input, state, roles);
        if (!result.ok) return;
        state.apply(result.ops);
        const stored = personDocumentSchema.parse(state.get(PEOPLE_COLLECTION, input.id.trim()));
        expect(stored.type).toBe('inactive');
        expect(stored.roles.every((role) => role === 'user' || role === 'auditor')).toBe(true);
        expect(roles.some((role) => ['auditor', 'qm', 'admin'].includes(role))).toBe(true);
        for (const op of result.ops) {
          expect(validateDocument(op.collection, op.id, state.get(op.collection, op.id)!)).toEqual({
            ok: true,
          });
        }
      }),
    );
  });
});

describe('the people collections', () => {
  const person: Person = {
    id: 'p1',
    displayName: 'Erika',
    email: 'erika@example.com',
    avatar: null,
    type: 'active',
    roles: ['user', 'admin'],
    accountId: 'acc-1',
    loginActive: true,
    createdDate: '2024-05-01T10:00:00.000Z',
  };

  it('holds the directory fields of a person, never the login link or state', () => {
    const document = toPersonDocument(person);
    expect(document).toEqual({
      id: 'p1',
      displayName: 'Erika',
      email: 'erika@example.com',
      avatar: null,
      type: 'active',
      roles: ['user', 'admin'],
    });
    expect(validateDocument('people', 'p1', document)).toEqual({ ok: true });
    expect(validateDocument('people', 'p1', { ...document, email: null })).toEqual({ ok: true });
    const extras: JsonObject[] = [{ accountId: 'acc-1' }, { loginActive: true }, { password: 'x' }];
    for (const extra of extras) {
      expect(validateDocument('people', 'p1', { ...document, ...extra }).ok).toBe(false);
    }
    expect(validateDocument('people', 'p2', document).ok).toBe(false);
    expect(validateDocument('people', 'p1', { ...document, roles: ['boss'] }).ok).toBe(false);
    expect(validateDocument('people', 'p1', { ...document, displayName: ' ' }).ok).toBe(false);
  });

  it('keys the e-mail index by the normalised address', () => {
    expect(validateDocument('person_emails', 'erika@example.com', { personId: 'p1' })).toEqual({
      ok: true,
    });
    expect(validateDocument('person_emails', 'Erika@example.com', { personId: 'p1' }).ok).toBe(
      false,
    );
    expect(validateDocument('person_emails', 'erika', { personId: 'p1' }).ok).toBe(false);
    expect(validateDocument('person_emails', 'erika@example.com', { personId: '' }).ok).toBe(false);
    expect(
      validateDocument('person_emails', 'erika@example.com', { personId: 'p1', name: 'x' }).ok,
    ).toBe(false);
    expect(personIdOfEmailEntry({ personId: 'p1' })).toBe('p1');
    expect(personIdOfEmailEntry({ personId: 1 })).toBeNull();
    expect(personIdOfEmailEntry(undefined)).toBeNull();
  });

  it('lets every role read both, and nobody without a role', () => {
    for (const collection of [PEOPLE_COLLECTION, PERSON_EMAILS_COLLECTION]) {
      for (const role of ROLE_IDS) expect(mayReadCollection([role], collection)).toBe(true);
      expect(mayReadCollection([], collection)).toBe(false);
    }
  });
});
