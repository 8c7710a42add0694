import { describe, expect, it } from 'vitest';
import {
  changePasswordRequestSchema,
  createPersonRequestSchema,
  requestIssues,
  setRolesRequestSchema,
  updateMeRequestSchema,
  updatePersonRequestSchema,
} from './people.requests';

function issuesOf(
  schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
  v: unknown,
) {
  const result = schema.safeParse(v);
  expect(result.success).toBe(false);
  return requestIssues(result.error as Parameters<typeof requestIssues>[0]);
}

describe('createPersonRequestSchema', () => {
  it('accepts and normalises a person', () => {
    expect(
      createPersonRequestSchema.parse({
        displayName: '  Jörg Müller ',
        email: ' Joerg@Example.COM',
        roles: ['user', 'auditor'],
        login: true,
        language: 'de',
      }),
    ).toEqual({
      displayName: 'Jörg Müller',
      email: 'joerg@example.com',
      roles: ['user', 'auditor'],
      login: true,
      language: 'de',
    });
  });

  it('names the field of a missing name and an invalid e-mail', () => {
    expect(
      issuesOf(createPersonRequestSchema, {
        displayName: ' ',
        email: 'no-mail',
        roles: [],
        login: false,
      }),
    ).toEqual([
      { key: 'person.nameRequired', params: { field: 'displayName', min: 1 } },
      { key: 'person.emailInvalid', params: { field: 'email', example: 'name@example.com' } },
    ]);
  });

  it('refuses unknown roles, unknown fields and a missing login flag', () => {
    const issues = issuesOf(createPersonRequestSchema, {
      displayName: 'A',
      email: 'a@example.com',
      roles: ['boss'],
      extra: 1,
    });
    expect(issues.map((i) => i.params?.field)).toEqual(['roles.0', 'login', '']);
  });
});

describe('updatePersonRequestSchema and setRolesRequestSchema', () => {
  it('takes name, avatar and the (compared) e-mail', () => {
    expect(updatePersonRequestSchema.parse({ displayName: 'B', avatar: null })).toEqual({
      displayName: 'B',
      avatar: null,
    });
    expect(updatePersonRequestSchema.parse({ email: 'A@example.com' })).toEqual({
      email: 'a@example.com',
    });
    expect(updatePersonRequestSchema.safeParse({ roles: ['admin'] }).success).toBe(false);
  });

  it('refuses repeated roles', () => {
    expect(issuesOf(setRolesRequestSchema, { roles: ['user', 'user'] })).toEqual([
      { key: 'roles.duplicate', params: { field: 'roles' } },
    ]);
  });
});

describe('updateMeRequestSchema', () => {
  it('takes language and part of the preferences', () => {
    expect(
      updateMeRequestSchema.parse({ language: null, preferences: { reminderMails: false } }),
    ).toEqual({ language: null, preferences: { reminderMails: false } });
    expect(updateMeRequestSchema.safeParse({ language: 'fr' }).success).toBe(false);
    expect(
      updateMeRequestSchema.safeParse({ preferences: { defaultPlanningYear: 20.5 } }).success,
    ).toBe(false);
  });
});

describe('changePasswordRequestSchema', () => {
  it('checks the new password length with its limits', () => {
    expect(
      issuesOf(changePasswordRequestSchema, { currentPassword: 'x', newPassword: 'short' }),
    ).toEqual([{ key: 'account.passwordTooShort', params: { field: 'newPassword', min: 8 } }]);
    expect(
      issuesOf(changePasswordRequestSchema, { currentPassword: 'x', newPassword: 'y'.repeat(129) }),
    ).toEqual([{ key: 'account.passwordTooLong', params: { field: 'newPassword', max: 128 } }]);
  });
});
