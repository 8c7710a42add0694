import { PASSWORD_RULES, SIGN_IN_ERROR_CODES } from '@qa/domain';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { createI18n } from '../../lib/i18n/i18n';
import { authErrorFromUrl, describeAuthError, type AuthErrorInfo } from './auth-error';

const api = (status: number, code: string, message = 'English text of the server') =>
  new ApiError(status, code, message);

describe('describeAuthError', () => {
  it('translates known codes, whatever the status', () => {
    expect(describeAuthError(api(401, 'INVALID_EMAIL_OR_PASSWORD')).messageKey).toBe(
      'auth.errors.invalidCredentials',
    );
    expect(describeAuthError(api(403, SIGN_IN_ERROR_CODES.noPersonRecord)).messageKey).toBe(
      'auth.errors.noPersonRecord',
    );
    expect(describeAuthError(api(400, 'INVALID_TOKEN')).messageKey).toBe(
      'auth.errors.invalidToken',
    );
  });

  it.each([
    ['INVALID_ORIGIN', 403, 'auth.errors.invalidOrigin'],
    ['TOO_MANY_REQUESTS', 400, 'auth.errors.rateLimited'],
    ['VALIDATION_ERROR', 400, 'auth.errors.validation'],
    ['PASSWORD_TOO_SHORT', 400, 'auth.errors.passwordTooShort'],
    ['PASSWORD_TOO_LONG', 400, 'auth.errors.passwordTooLong'],
    ['FAILED_TO_CREATE_SESSION', 401, 'auth.errors.sessionFailed'],
    ['EMAIL_NOT_VERIFIED', 403, 'auth.errors.emailNotVerified'],
    ['USER_NOT_FOUND', 400, 'auth.errors.invalidCredentials'],
  ])('better-auth code %s gets a text of ours, no server words', (code, status, key) => {
    const info = describeAuthError(api(status, code));
    expect(info.messageKey).toBe(key);
    expect(info.detail).toBeUndefined();
  });

  it('password lengths come from the domain rules', () => {
    expect(describeAuthError(api(400, 'PASSWORD_TOO_SHORT')).values).toEqual({
      min: PASSWORD_RULES.minLength,
    });
    expect(describeAuthError(api(400, 'PASSWORD_TOO_LONG')).values).toEqual({
      max: PASSWORD_RULES.maxLength,
    });
  });

  it('on the reset pages a vanished account is only a spent link', () => {
    expect(describeAuthError(api(400, 'USER_NOT_FOUND'), 'reset').messageKey).toBe(
      'auth.errors.invalidToken',
    );
    expect(describeAuthError(api(400, 'PASSWORD_TOO_SHORT'), 'reset').messageKey).toBe(
      'auth.errors.passwordTooShort',
    );
  });

  it('any 429 is the rate limit', () => {
    expect(describeAuthError(api(429, 'http_429', 'Too many')).messageKey).toBe(
      'auth.errors.rateLimited',
    );
  });

  it('no answer is a network problem', () => {
    expect(describeAuthError(new NetworkError(new TypeError('Failed to fetch'))).messageKey).toBe(
      'errors.network',
    );
  });

  it("an unknown code keeps the server's message as a detail", () => {
    expect(describeAuthError(api(500, 'internal', 'Database is locked'))).toEqual({
      messageKey: 'auth.errors.unknown',
      detail: 'Database is locked',
    });
  });

  it('a fault of our own shows no internals', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(describeAuthError(new Error('no provider url'))).toEqual({
      messageKey: 'auth.errors.unknown',
    });
    vi.restoreAllMocks();
  });
});

describe('authErrorFromUrl', () => {
  it('knows the codes the server puts into /signin?error=', () => {
    expect(authErrorFromUrl(SIGN_IN_ERROR_CODES.noPersonRecordRedirect, 'sign-in')).toEqual({
      messageKey: 'auth.errors.noPersonRecord',
    });
    expect(authErrorFromUrl('email_not_verified', 'sign-in')).toEqual({
      messageKey: 'auth.errors.emailNotVerified',
    });
  });

  it('knows the spent link of /resetpassword?error=', () => {
    expect(authErrorFromUrl('INVALID_TOKEN', 'reset')).toEqual(INVALID_TOKEN_INFO);
  });

  it.each([
    'Your account is locked, call +1 555 0100',
    'weird',
    'state_mismatch',
    'INVALID_EMAIL_OR_PASSWORD',
    '',
  ])('anything else (%j) is a generic message without the text', (code) => {
    expect(authErrorFromUrl(code, 'sign-in')).toEqual({
      messageKey: 'auth.errors.externalLoginFailed',
    });
    expect(authErrorFromUrl(code, 'reset')).toEqual({ messageKey: 'auth.errors.resetLinkFailed' });
  });
});

const INVALID_TOKEN_INFO: AuthErrorInfo = { messageKey: 'auth.errors.invalidToken' };

describe('the texts of the codes', () => {
  const en = createI18n('en');
  const de = createI18n('de');
  const text = (i18n: typeof en, info: AuthErrorInfo) => i18n.t(info.messageKey, info.values);

  it('say the number of characters in both languages', () => {
    const short = describeAuthError(api(400, 'PASSWORD_TOO_SHORT'));
    expect(text(en, short)).toBe(
      `The password is too short. Use at least ${PASSWORD_RULES.minLength} characters.`,
    );
    expect(text(de, short)).toBe(
      `Das Passwort ist zu kurz. Verwenden Sie mindestens ${PASSWORD_RULES.minLength} Zeichen.`,
    );
    const long = describeAuthError(api(400, 'PASSWORD_TOO_LONG'));
    expect(text(de, long)).toContain(`höchstens ${PASSWORD_RULES.maxLength} Zeichen`);
  });

  it('tell to open the app at its configured address, in German too', () => {
    const origin = describeAuthError(api(403, 'INVALID_ORIGIN', 'Invalid origin'));
    expect(text(en, origin)).toContain('configured address');
    expect(text(de, origin)).toContain('eingerichteten Adresse');
    expect(text(de, origin)).not.toContain('Invalid origin');
  });
});
