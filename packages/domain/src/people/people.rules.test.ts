import { describe, expect, it } from 'vitest';
import {
  auditItemNamesPerson,
  auditNamesPerson,
  emailImmutable,
  lastAdminRule,
  measureNamesPerson,
  removalOf,
  rolesNeedLogin,
  type PersonState,
} from './people.rules';

const person = (id: string, roles: PersonState['roles'], active = true): PersonState => ({
  id,
  roles,
  type: active ? 'active' : 'inactive',
  loginActive: active,
  accountId: active ? `acc-${id}` : null,
});

describe('lastAdminRule', () => {
  const admin = person('a', ['user', 'admin']);
  const other = person('b', ['user']);

  it('refuses taking the admin role from the only active admin', () => {
    expect(lastAdminRule([admin, other], 'a', { roles: ['user'] })).toEqual({
      key: 'people.lastAdmin',
    });
  });

  it('refuses deactivating or removing the only active admin', () => {
    expect(lastAdminRule([admin, other], 'a', { active: false })).toEqual({
      key: 'people.lastAdmin',
    });
    expect(lastAdminRule([admin, other], 'a', { removed: true })).toEqual({
      key: 'people.lastAdmin',
    });
  });

  it('allows it while another active admin stays', () => {
    const second = person('c', ['admin']);
    expect(lastAdminRule([admin, other, second], 'a', { roles: [] })).toBeNull();
    expect(lastAdminRule([admin, other, second], 'a', { active: false })).toBeNull();
  });

  it('does not count an inactive admin as the one that stays', () => {
    const inactive = person('c', ['admin'], false);
    expect(lastAdminRule([admin, inactive], 'a', { roles: ['user'] })).toEqual({
      key: 'people.lastAdmin',
    });
  });

  it('lets changes of other people and of roles keeping admin pass', () => {
    expect(lastAdminRule([admin, other], 'b', { active: false })).toBeNull();
    expect(lastAdminRule([admin, other], 'a', { roles: ['admin', 'qm'] })).toBeNull();
  });

  it('does not block anything when there was no active admin before', () => {
    expect(lastAdminRule([other], 'b', { removed: true })).toBeNull();
  });
});

describe('emailImmutable', () => {
  it('passes no e-mail, the same e-mail and a first e-mail', () => {
    expect(emailImmutable('anna@example.com', undefined)).toBeNull();
    expect(emailImmutable('anna@example.com', ' Anna@Example.com ')).toBeNull();
    expect(emailImmutable(null, 'anna@example.com')).toBeNull();
  });

  it('refuses another or a removed e-mail', () => {
    const refused = { key: 'people.emailImmutable', params: { field: 'email' } };
    expect(emailImmutable('anna@example.com', 'berta@example.com')).toEqual(refused);
    expect(emailImmutable('anna@example.com', null)).toEqual(refused);
  });
});

describe('rolesNeedLogin', () => {
  it('refuses roles for a person without login, allows clearing them', () => {
    expect(rolesNeedLogin({ accountId: null }, ['user'])).toEqual({
      key: 'people.rolesNeedLogin',
      params: { field: 'roles' },
    });
    expect(rolesNeedLogin({ accountId: null }, [])).toBeNull();
    expect(rolesNeedLogin({ accountId: 'acc' }, ['admin'])).toBeNull();
  });
});

describe('removalOf', () => {
  it('deactivates a referenced person and deletes anyone else', () => {
    expect(removalOf({ id: 'p' }, true)).toBe('deactivate');
    expect(removalOf({ id: 'p' }, false)).toBe('delete');
  });
});

describe('references', () => {
  it('finds a person in every audit field that names people', () => {
    for (const data of [
      { leadauditor: 'p' },
      { responsible: 'p' },
      { created_by: 'p' },
      { auditor: ['x', 'p'] },
      { coauditors: ['p'] },
      { audit_participants: ['p'] },
    ]) {
      expect(auditNamesPerson(data, 'p'), JSON.stringify(data)).toBe(true);
    }
    expect(auditNamesPerson({ leadauditor: 'x', auditor: ['y'], title: 'p' }, 'p')).toBe(false);
  });

  it('finds a measure author or assignee', () => {
    expect(measureNamesPerson({ autor: 'p', assignedTo: [] }, 'p')).toBe(true);
    expect(measureNamesPerson({ autor: 'x', assignedTo: ['p'] }, 'p')).toBe(true);
    expect(measureNamesPerson({ autor: 'x', assignedTo: ['y'] }, 'p')).toBe(false);
  });

  it('finds who captured a finding medium', () => {
    const item = (capturedBy: string) => ({
      deviations: { f1: { media: { m1: { id: 'm1', capturedBy } } } },
    });
    expect(auditItemNamesPerson(item('p'), 'p')).toBe(true);
    expect(auditItemNamesPerson(item('x'), 'p')).toBe(false);
    expect(auditItemNamesPerson({}, 'p')).toBe(false);
  });
});
