import type { DomainMessage } from '../messages/message';
import { isFileId } from './attachment-rules';

/**
 * What a stored file belongs to (SPEC section 3 "Attachment upload": fileId, auditId,
 * auditItemId, findingId, mediaId as applicable). Every file belongs to an audit, which decides
 * who may read and write it; the item, finding and media entry say where in the audit it hangs.
 * A finding lives in an audit item and a media entry in a finding, so each needs its parent.
 */
export interface FileOwner {
  auditId: string;
  auditItemId: string | null;
  findingId: string | null;
  mediaId: string | null;
}

export const FILE_OWNER_FIELDS = ['auditId', 'auditItemId', 'findingId', 'mediaId'] as const;
export type FileOwnerField = (typeof FILE_OWNER_FIELDS)[number];

export type FileOwnerResult =
  { ok: true; owner: FileOwner } | { ok: false; message: DomainMessage };

/**
 * The owner named by an upload (the query parameters of the PUT, or the web app's stored row):
 * `auditId` is required ('file.auditRequired'), every id given must be an id ('file.ownerIdInvalid'
 * with the field), and a finding needs its item, a media entry its finding ('file.ownerIncomplete').
 * Empty values count as absent.
 */
export function parseFileOwner(input: Readonly<Record<string, unknown>>): FileOwnerResult {
  const values: Record<FileOwnerField, string | null> = {
    auditId: null,
    auditItemId: null,
    findingId: null,
    mediaId: null,
  };
  for (const field of FILE_OWNER_FIELDS) {
    const value = Object.hasOwn(input, field) ? input[field] : undefined;
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || !isFileId(value)) {
      return { ok: false, message: { key: 'file.ownerIdInvalid', params: { field } } };
    }
    values[field] = value;
  }
  const { auditId, auditItemId, findingId, mediaId } = values;
  if (auditId === null) return { ok: false, message: { key: 'file.auditRequired' } };
  if ((findingId !== null && auditItemId === null) || (mediaId !== null && findingId === null)) {
    return { ok: false, message: { key: 'file.ownerIncomplete' } };
  }
  return { ok: true, owner: { auditId, auditItemId, findingId, mediaId } };
}

/** Two owners name the same place (a retried upload must name the place of the first). */
export function sameFileOwner(a: FileOwner, b: FileOwner): boolean {
  return FILE_OWNER_FIELDS.every((field) => a[field] === b[field]);
}
