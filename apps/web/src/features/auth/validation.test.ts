import { describe, expect, it } from 'vitest';
import { looksLikeEmail, newPasswordProblems } from './validation';

describe('auth validation', () => {
  it('checks the e-mail shape loosely', () => {
    expect(looksLikeEmail('erika@example.com')).toBe(true);
    expect(looksLikeEmail(' erika@example.com ')).toBe(true);
    expect(looksLikeEmail('erika@example')).toBe(false);
    expect(looksLikeEmail('erika example.com')).toBe(false);
  });

  it('needs 8 characters and the same password twice', () => {
    expect(newPasswordProblems('', '')).toEqual({
      password: 'auth.validation.passwordRequired',
      repeat: null,
    });
    expect(newPasswordProblems('short', 'short').password).toBe('auth.validation.passwordTooShort');
    expect(newPasswordProblems('long-enough', 'long-enougH').repeat).toBe(
      'auth.validation.passwordMismatch',
    );
    expect(newPasswordProblems('long-enough', 'long-enough')).toEqual({
      password: null,
      repeat: null,
    });
  });
});
