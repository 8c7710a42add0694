import { ID_PATTERN } from '../ids';
import type { DomainMessage } from '../messages/message';
import {
  ATTACHMENT_MIME_TYPES,
  DEFAULT_ATTACHMENT_EXTENSIONS,
  fileExtension,
  validateAttachmentFile,
} from '../validation/attachment-file';

/**
 * Largest upload, checked by the web app before it keeps a file offline and by the server while
 * it receives one. A phone photo is 2-12 MB; 25 MiB leaves room for a scanned report.
 */
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;

/**
 * A file id is chosen by the client (a UUID), so a file can be referenced offline before it is
 * uploaded. Limited to characters that are safe in a URL path and in a storage file name.
 */
export const FILE_ID_PATTERN = ID_PATTERN;

export function isFileId(value: string): boolean {
  return FILE_ID_PATTERN.test(value);
}

/** Why an upload is refused; the server answers 400, 415, 415 and 413 for them. */
export type AttachmentRejectionReason =
  'extensionRequired' | 'typeNotAllowed' | 'mimeMismatch' | 'tooLarge';

export interface AttachmentRejection {
  reason: AttachmentRejectionReason;
  message: DomainMessage;
}

export interface AttachmentUploadInput {
  name: string;
  /** The content type the browser reported; empty or octet-stream when it did not know. */
  type?: string | null;
  /** Bytes, when known (the browser knows; the server counts while it receives). */
  size?: number;
}

export interface AttachmentRuleOptions {
  allowedExtensions?: readonly string[];
  maxBytes?: number;
}

const REASONS: Record<string, AttachmentRejectionReason> = {
  'attachment.extensionRequired': 'extensionRequired',
  'attachment.typeNotAllowed': 'typeNotAllowed',
  'attachment.mimeMismatch': 'mimeMismatch',
};

/** The rejection for a file over the limit, also used by the server when counting bytes. */
export function attachmentTooLarge(maxBytes: number = MAX_ATTACHMENT_BYTES): AttachmentRejection {
  return {
    reason: 'tooLarge',
    message: { key: 'attachment.tooLarge', params: { maxMiB: maxBytes / (1024 * 1024) } },
  };
}

/**
 * The upload rules both sides apply (SPEC section 5, DESIGN.md section 6): the name needs an
 * extension ('Filename requires extension'), the extension must be allowed (images, doc, docx,
 * pdf, xls, xlsx by default), a known content type must fit it, and the size must stay within
 * the limit. Null when the file may be uploaded.
 */
export function checkAttachmentUpload(
  file: AttachmentUploadInput,
  {
    allowedExtensions = DEFAULT_ATTACHMENT_EXTENSIONS,
    maxBytes = MAX_ATTACHMENT_BYTES,
  }: AttachmentRuleOptions = {},
): AttachmentRejection | null {
  const message = validateAttachmentFile(
    { name: file.name, mimeType: file.type ?? null },
    allowedExtensions,
  );
  if (message) return { reason: REASONS[message.key] ?? 'typeNotAllowed', message };
  if (file.size !== undefined && file.size > maxBytes) return attachmentTooLarge(maxBytes);
  return null;
}

/**
 * The content type a file is stored and served with: the one its extension stands for, so a
 * download never carries a type the uploader made up. Octet-stream for an extension without one.
 */
export function attachmentContentType(name: string): string {
  const extension = fileExtension(name);
  return (extension && ATTACHMENT_MIME_TYPES[extension]?.[0]) || 'application/octet-stream';
}

/** Images are shown in the page; every other type is offered as a download. */
export function isInlineAttachmentType(contentType: string): boolean {
  return contentType.startsWith('image/');
}
