import { PASSWORD_RULES, SIGN_IN_ERROR_CODES } from '@qa/domain';
import { ApiError, NetworkError } from '../../lib/api/api-error';

/** A failure of an auth call, as the UI shows it: a catalog key and its values. */
export interface AuthErrorInfo {
  messageKey: string;
  /** Values of the message's placeholders. */
  values?: Record<string, string | number>;
  /**
   * The server's own (English) words, shown as a secondary line: only for codes we have no
   * text of our own for, never for text taken from the URL.
   */
  detail?: string;
}

/** Where the error shows: the same code may need other words on the reset pages. */
export type AuthFlow = 'sign-in' | 'reset';

const INVALID_TOKEN: AuthErrorInfo = { messageKey: 'auth.errors.invalidToken' };
const RATE_LIMITED: AuthErrorInfo = { messageKey: 'auth.errors.rateLimited' };
const EMAIL_NOT_VERIFIED: AuthErrorInfo = { messageKey: 'auth.errors.emailNotVerified' };

/**
 * Known codes, upper-cased: better-auth sends them so (docs/api.md), URLs partly in lower case
 * (`no_person_record`, `email_not_verified`).
 */
const KNOWN_CODES: Record<string, AuthErrorInfo> = {
  INVALID_EMAIL_OR_PASSWORD: { messageKey: 'auth.errors.invalidCredentials' },
  // better-auth answers an unknown address with INVALID_EMAIL_OR_PASSWORD; should it ever say
  // USER_NOT_FOUND, it must not tell more than that (no account probing).
  USER_NOT_FOUND: { messageKey: 'auth.errors.invalidCredentials' },
  // NO_PERSON_RECORD of the JSON answer; upper-casing covers `no_person_record` of the URL.
  [SIGN_IN_ERROR_CODES.noPersonRecord]: { messageKey: 'auth.errors.noPersonRecord' },
  INVALID_TOKEN,
  PASSWORD_TOO_SHORT: {
    messageKey: 'auth.errors.passwordTooShort',
    values: { min: PASSWORD_RULES.minLength },
  },
  PASSWORD_TOO_LONG: {
    messageKey: 'auth.errors.passwordTooLong',
    values: { max: PASSWORD_RULES.maxLength },
  },
  TOO_MANY_REQUESTS: RATE_LIMITED,
  RATE_LIMITED,
  INVALID_ORIGIN: { messageKey: 'auth.errors.invalidOrigin' },
  VALIDATION_ERROR: { messageKey: 'auth.errors.validation' },
  FAILED_TO_CREATE_SESSION: { messageKey: 'auth.errors.sessionFailed' },
  // JSON answer of the e-mail sign-in, and `?error=email_not_verified` after an external
  // login whose e-mail address the provider did not confirm.
  EMAIL_NOT_VERIFIED,
};

/** On the reset pages a vanished account only means the link cannot be used any more. */
const RESET_CODES: Record<string, AuthErrorInfo> = { USER_NOT_FOUND: INVALID_TOKEN };

function knownCode(code: string, flow: AuthFlow): AuthErrorInfo | undefined {
  const upper = code.toUpperCase();
  return (flow === 'reset' ? RESET_CODES[upper] : undefined) ?? KNOWN_CODES[upper];
}

/** The codes the server may put into `/signin?error=` (docs/api.md, better-auth's callback). */
const SIGN_IN_URL_CODES = new Set<string>([
  SIGN_IN_ERROR_CODES.noPersonRecordRedirect,
  SIGN_IN_ERROR_CODES.noPersonRecord,
  'email_not_verified',
]);

/** The codes better-auth puts into `/resetpassword?error=` (a spent or unknown reset link). */
const RESET_URL_CODES = new Set<string>(['INVALID_TOKEN']);

/**
 * The `error` query parameter is anyone's text (a link can carry whatever it likes): only a
 * known code picks our message, anything else shows a generic one and never the text itself.
 */
export function authErrorFromUrl(code: string, flow: AuthFlow): AuthErrorInfo {
  const allowed = flow === 'reset' ? RESET_URL_CODES : SIGN_IN_URL_CODES;
  const known = allowed.has(code) ? knownCode(code, flow) : undefined;
  if (known) return known;
  return {
    messageKey:
      flow === 'reset' ? 'auth.errors.resetLinkFailed' : 'auth.errors.externalLoginFailed',
  };
}

/** Maps what an auth call threw to the text the user sees. */
export function describeAuthError(error: unknown, flow: AuthFlow = 'sign-in'): AuthErrorInfo {
  if (error instanceof NetworkError) return { messageKey: 'errors.network' };
  if (error instanceof ApiError) {
    if (error.status === 429) return RATE_LIMITED;
    const known = knownCode(error.code, flow);
    if (known) return known;
    return { messageKey: 'auth.errors.unknown', detail: error.serverMessage || error.code };
  }
  // A fault of our own (a malformed answer, say): nothing the user could act on.
  console.error('auth call failed', error);
  return { messageKey: 'auth.errors.unknown' };
}
