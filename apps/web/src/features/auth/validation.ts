import { PASSWORD_RULES } from '@qa/domain';

/** The values of the password texts' placeholders ({{min}}, {{max}}). */
export const PASSWORD_TEXT_VALUES = {
  min: PASSWORD_RULES.minLength,
  max: PASSWORD_RULES.maxLength,
} as const;

/** Only a plausibility check before sending (something@something.tld); the server decides. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/**
 * The catalog key of what is wrong with a new password and its repetition, or null. The length
 * rule is the server's (PASSWORD_RULES of @qa/domain).
 */
export function newPasswordProblems(
  password: string,
  repeat: string,
): { password: string | null; repeat: string | null } {
  return {
    password: !password
      ? 'auth.validation.passwordRequired'
      : password.length < PASSWORD_RULES.minLength
        ? 'auth.validation.passwordTooShort'
        : password.length > PASSWORD_RULES.maxLength
          ? 'auth.validation.passwordTooLong'
          : null,
    repeat: repeat !== password ? 'auth.validation.passwordMismatch' : null,
  };
}
