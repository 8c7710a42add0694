import { attachmentStorageName } from '../entities/attachment.schema';
import type { DomainMessage } from '../messages/message';

/**
 * The content types a browser reports for each accepted extension. An extension that is
 * configured but not listed here is checked by extension only.
 */
export const ATTACHMENT_MIME_TYPES: Readonly<Record<string, readonly string[]>> = {
  jpg: ['image/jpeg', 'image/pjpeg'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  heic: ['image/heic', 'image/heif'],
  heif: ['image/heif', 'image/heic'],
  bmp: ['image/bmp', 'image/x-ms-bmp'],
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
};

/**
 * Images a phone or desktop produces. SVG is left out on purpose: it is XML that may carry
 * script, and an attachment opened from our origin must not run code.
 */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'bmp'];

/** Default accepted attachment types (SPEC section 5): images, doc, docx, pdf, xls, xlsx. */
export const DEFAULT_ATTACHMENT_EXTENSIONS = [
  ...IMAGE_EXTENSIONS,
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
];

/** Browsers send these when they do not know a type (HEIC on many); they prove nothing. */
const UNKNOWN_MIME_TYPES = new Set(['', 'application/octet-stream']);

/** The lowercase extension of a file name, or null: "a.PDF" -> "pdf"; ".env", "a." -> null. */
export function fileExtension(fileName: string): string | null {
  const base = baseName(fileName).trim();
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return null;
  return base.slice(dot + 1).toLowerCase();
}

export interface AttachmentFileInput {
  name: string;
  /** The content type the browser reported, when known. */
  mimeType?: string | null;
}

/**
 * Checks an upload's name and type (SPEC section 5, DESIGN.md section 6): an extension is
 * required ('Filename requires extension'), it must be in the allowed list, and a known
 * content type must fit it. The avatar picker passes IMAGE_EXTENSIONS. Null when fine.
 */
export function validateAttachmentFile(
  file: AttachmentFileInput,
  allowedExtensions: readonly string[] = DEFAULT_ATTACHMENT_EXTENSIONS,
): DomainMessage | null {
  const extension = fileExtension(file.name);
  if (extension === null) return { key: 'attachment.extensionRequired' };
  const allowed = allowedExtensions.map((entry) => entry.replace(/^\./, '').toLowerCase());
  if (!allowed.includes(extension)) {
    return { key: 'attachment.typeNotAllowed', params: { extension } };
  }
  const mimeType = (file.mimeType ?? '').trim().toLowerCase().split(';')[0]?.trim() ?? '';
  const expected = ATTACHMENT_MIME_TYPES[extension];
  if (expected && !UNKNOWN_MIME_TYPES.has(mimeType) && !expected.includes(mimeType)) {
    return { key: 'attachment.mimeMismatch', params: { extension, mimeType } };
  }
  return null;
}

function baseName(fileName: string): string {
  return fileName.split(/[/\\]/).pop() ?? '';
}

/**
 * The name a file is stored under: the generated id before the extension ("photo.jpg", "abc"
 * -> "photo_abc.jpg", see `attachmentStorageName`). Folders a browser or an old client put into
 * the name and control characters are removed first, so a name can never point elsewhere.
 */
export function storedFileName(fileName: string, id: string): string {
  const clean = baseName(fileName)
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  const safeId = id.replace(/[^A-Za-z0-9_-]/g, '');
  return attachmentStorageName(/^\.*$/.test(clean) ? 'file' : clean, safeId);
}
