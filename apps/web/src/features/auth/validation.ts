/**
 * Only a plausibility check before sending (something@something.tld); the server decides.
 * The minimum length matches the server's PASSWORD_TOO_SHORT rule (docs/api.md).
 */
export const PASSWORD_MIN_LENGTH = 8;

export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** The catalog key of what is wrong with a new password and its repetition, or null. */
export function newPasswordProblems(
  password: string,
  repeat: string,
): { password: string | null; repeat: string | null } {
  return {
    password: !password
      ? 'auth.validation.passwordRequired'
      : password.length < PASSWORD_MIN_LENGTH
        ? 'auth.validation.passwordTooShort'
        : null,
    repeat: repeat !== password ? 'auth.validation.passwordMismatch' : null,
  };
}
