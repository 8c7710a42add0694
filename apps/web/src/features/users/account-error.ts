import type { TFunction } from 'i18next';
import { ApiError, NetworkError } from '../../lib/api/api-error';
import { PASSWORD_TEXT_VALUES } from '../auth/validation';

/** A failed `/api/v1/me` call in the user's words, by the server's code (never its text). */
export function accountErrorText(t: TFunction, error: unknown): string {
  if (error instanceof NetworkError) return t('account.errors.network');
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'invalid_password':
        return t('account.errors.invalidPassword');
      case 'password_too_short':
        return t('account.errors.passwordTooShort', PASSWORD_TEXT_VALUES);
      case 'password_too_long':
        return t('account.errors.passwordTooLong', PASSWORD_TEXT_VALUES);
      case 'not_found':
        return t('account.errors.sessionGone');
      case 'unauthenticated':
        return t('account.errors.signedOut');
      case 'forbidden':
        return t('account.errors.forbidden');
      case 'invalid_request':
        return t('account.errors.invalidRequest');
      default:
        return t('account.errors.unknown');
    }
  }
  return t('account.errors.unknown');
}
