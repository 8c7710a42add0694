import type { DomainMessage } from '@qa/domain';
import type { TFunction } from 'i18next';
import { FileUploadError } from './file-uploader';
import { FileRejectedError } from './offline-files';

/**
 * The text that tells why a file could not be kept or uploaded: the domain's message when the
 * rules or the server gave one (wrong type, too large, no extension), else one of ours by cause.
 */
export function fileErrorText(
  error: unknown,
  t: TFunction,
  translateDomain: (message: DomainMessage) => string,
): string {
  if (error instanceof FileRejectedError) return translateDomain(error.detail);
  if (!(error instanceof FileUploadError)) return t('files.error.rejected');
  if (error.detail) return translateDomain(error.detail);
  if (error.status === 0) return t('files.error.network');
  if (error.status === 401) return t('files.error.signedOut');
  if (error.status === 409) return t('files.error.conflict');
  if (error.retryable) return t('files.error.server');
  return t('files.error.rejected');
}
