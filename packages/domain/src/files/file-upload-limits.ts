import type { DomainMessage } from '../messages/message';

/**
 * What one person may keep on the server in total (UPLOAD_QUOTA_BYTES, DESIGN.md section 4
 * "Files"): 1 GiB is some hundred phone photos per audit over a year of audits, and stops one
 * account from filling the disk for everybody.
 */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 1024 * 1024 * 1024;

const MIB = 1024 * 1024;

/** The person's files would pass the quota ('file.quotaExceeded', 413). */
export function uploadQuotaExceeded(quotaBytes: number): DomainMessage {
  return {
    key: 'file.quotaExceeded',
    params: { quotaMiB: Math.round((quotaBytes / MIB) * 10) / 10 },
  };
}

/** The body stopped arriving or took longer than the server waits for one (408, retried). */
export const UPLOAD_TIMEOUT_MESSAGE: DomainMessage = { key: 'file.uploadTimeout' };

/** The multipart body ended early or was malformed (400). */
export const UPLOAD_INCOMPLETE_MESSAGE: DomainMessage = { key: 'file.uploadIncomplete' };

/**
 * A file the browser kept before files had owners: it cannot name its audit, so it is never
 * sent; the user attaches it again.
 */
export const FILE_OWNER_MISSING_MESSAGE: DomainMessage = { key: 'file.ownerMissing' };
