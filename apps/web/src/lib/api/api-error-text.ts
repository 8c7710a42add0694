import type { TFunction } from 'i18next';
import { hasDomainMessage, translateDomainMessage } from '../i18n/domain-message';
import type { Language } from '../i18n/detect-language';
import { ApiError, NetworkError } from './api-error';

/**
 * A failed `/api/v1` call in the user's words (issue 16). The problem's domain message (`key`) is
 * translated from the domain's own texts, as the server's `detail` follows Accept-Language, which
 * need not be the app's language; without a known key the code decides. Never the server's text.
 * Imports the domain's catalog: for lazily loaded feature chunks only, not the entry's.
 */
export function apiErrorText(t: TFunction, language: Language, error: unknown): string {
  if (error instanceof NetworkError) return t('errors.api.network');
  if (!(error instanceof ApiError)) return t('errors.api.unknown');
  if (error.domainMessage && hasDomainMessage(error.domainMessage.key)) {
    return translateDomainMessage(error.domainMessage, language);
  }
  switch (error.code) {
    case 'unauthenticated':
      return t('errors.api.unauthenticated');
    case 'forbidden':
      return t('errors.api.forbidden');
    case 'not_found':
      return t('errors.api.notFound');
    case 'invalid_request':
    case 'invalid_json':
    case 'invalid_args':
      return t('errors.api.invalidRequest');
    case 'conflict':
      return t('errors.api.conflict');
    case 'rate_limited':
      return t('errors.api.rateLimited');
    case 'unavailable':
      return t('errors.api.unavailable');
    default:
      return t('errors.api.unknown');
  }
}
