import { expect, it } from 'vitest';
import { canSignIn, PASSWORD_RULES, passwordLengthOk } from './account';

it('passwords need 8 to 128 characters', () => {
  expect(PASSWORD_RULES).toEqual({ minLength: 8, maxLength: 128 });
  expect(passwordLengthOk('1234567')).toBe(false);
  expect(passwordLengthOk('12345678')).toBe(true);
  expect(passwordLengthOk('x'.repeat(128))).toBe(true);
  expect(passwordLengthOk('x'.repeat(129))).toBe(false);
});

it('only an active person with an enabled, linked login may sign in', () => {
  expect(canSignIn({ type: 'active', loginActive: true, accountId: 'u1' })).toBe(true);
  expect(canSignIn({ type: 'active', loginActive: false, accountId: 'u1' })).toBe(false);
  expect(canSignIn({ type: 'inactive', loginActive: true, accountId: 'u1' })).toBe(false);
  expect(canSignIn({ type: 'active', loginActive: true, accountId: null })).toBe(false);
});
