import { describe, expect, it } from 'vitest';
import { hasRole, isRoleId, roleListSchema, ROLE_IDS } from './roles';
import { personSchema } from './person';

describe('roles', () => {
  it('knows exactly the five roles of the spec', () => {
    expect([...ROLE_IDS].sort()).toEqual(['admin', 'auditor', 'measure-dispatcher', 'qm', 'user']);
  });

  it('accepts several roles per person and rejects unknown or repeated ones', () => {
    expect(roleListSchema.parse(['user', 'auditor', 'qm'])).toEqual(['user', 'auditor', 'qm']);
    expect(roleListSchema.safeParse(['user', 'superuser']).success).toBe(false);
    expect(roleListSchema.safeParse(['user', 'user']).success).toBe(false);
    expect(isRoleId('measure-dispatcher')).toBe(true);
    expect(isRoleId('Admin')).toBe(false);
    expect(hasRole(['user', 'admin'], 'admin')).toBe(true);
    expect(hasRole(['user'], 'admin')).toBe(false);
  });

  it('a person without a login account is an inactive record', () => {
    const person = personSchema.parse({
      id: 'p1',
      displayName: 'Erika Muster',
      email: ' Erika@Example.COM ',
      avatar: null,
      type: 'inactive',
      roles: ['auditor'],
      accountId: null,
      loginActive: false,
      createdDate: '2026-11-21T00:00:00.000Z',
    });
    expect(person.email).toBe('erika@example.com');
    expect(personSchema.safeParse({ ...person, roles: ['root'] }).success).toBe(false);
  });
});
