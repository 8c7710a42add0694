import { ApiError, NetworkError } from '../../lib/api/api-error';

/** A failure of an auth call, as the UI shows it: a catalog key plus the server's own words. */
export interface AuthErrorInfo {
  messageKey: string;
  /** The server's message for errors we have no text of our own for. */
  detail?: string;
}

/** Known codes (docs/api.md), upper-cased: better-auth sends them so, URLs in lower case. */
const MESSAGE_KEY_BY_CODE: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'auth.errors.invalidCredentials',
  NO_PERSON_RECORD: 'auth.errors.noPersonRecord',
  INVALID_TOKEN: 'auth.errors.invalidToken',
  PASSWORD_TOO_SHORT: 'auth.errors.passwordTooShort',
  RATE_LIMITED: 'auth.errors.rateLimited',
};

export function authErrorFromCode(code: string): AuthErrorInfo {
  const messageKey = MESSAGE_KEY_BY_CODE[code.toUpperCase()];
  return messageKey ? { messageKey } : { messageKey: 'auth.errors.unknown', detail: code };
}

/** Maps what an auth call threw to the text the user sees. */
export function describeAuthError(error: unknown): AuthErrorInfo {
  if (error instanceof NetworkError) return { messageKey: 'errors.network' };
  if (error instanceof ApiError) {
    if (error.status === 429) return { messageKey: 'auth.errors.rateLimited' };
    const known = MESSAGE_KEY_BY_CODE[error.code.toUpperCase()];
    if (known) return { messageKey: known };
    return { messageKey: 'auth.errors.unknown', detail: error.serverMessage || error.code };
  }
  return {
    messageKey: 'auth.errors.unknown',
    detail: error instanceof Error ? error.message : String(error),
  };
}
