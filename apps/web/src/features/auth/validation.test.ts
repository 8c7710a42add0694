import { PASSWORD_RULES } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { looksLikeEmail, newPasswordProblems, PASSWORD_TEXT_VALUES } from './validation';

describe('auth validation', () => {
  it('checks the e-mail shape loosely', () => {
    expect(looksLikeEmail('erika@example.com')).toBe(true);
    expect(looksLikeEmail(' erika@example.com ')).toBe(true);
    expect(looksLikeEmail('erika@example')).toBe(false);
    expect(looksLikeEmail('erika example.com')).toBe(false);
  });

  it('needs a password of the minimum length, twice the same', () => {
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

  it("follows the domain's password rules at both ends", () => {
    const { minLength, maxLength } = PASSWORD_RULES;
    expect(newPasswordProblems('x'.repeat(minLength - 1), '').password).toBe(
      'auth.validation.passwordTooShort',
    );
    expect(newPasswordProblems('x'.repeat(minLength), '').password).toBeNull();
    expect(newPasswordProblems('x'.repeat(maxLength), '').password).toBeNull();
    expect(newPasswordProblems('x'.repeat(maxLength + 1), '').password).toBe(
      'auth.validation.passwordTooLong',
    );
  });

  it('the texts carry the numbers of the rules, not their own', () => {
    const en = createI18n('en');
    const de = createI18n('de');
    expect(en.t('auth.validation.passwordTooShort', PASSWORD_TEXT_VALUES)).toBe(
      `The password needs at least ${PASSWORD_RULES.minLength} characters.`,
    );
    expect(de.t('auth.validation.passwordTooLong', PASSWORD_TEXT_VALUES)).toBe(
      `Das Passwort darf höchstens ${PASSWORD_RULES.maxLength} Zeichen lang sein.`,
    );
  });
});
