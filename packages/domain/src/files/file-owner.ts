import type { DomainMessage } from '../messages/message';
import { isFileId } from './attachment-rules';

/**
 * What a stored file belongs to (SPEC section 3 "Attachment upload": fileId, auditId,
 * auditItemId, findingId, mediaId as applicable): either a place in an audit, which decides who
 * may read and write it, or a person (their avatar, issue 15), see PersonFileOwner. In an audit
 * the item, finding and media entry say where the file hangs. A finding lives in an audit item
 * and a media entry in a finding, so each needs its parent.
 */
export interface FileOwner {
  auditId: string;
  auditItemId: string | null;
  findingId: string | null;
  mediaId: string | null;
}

/**
 * A file of a person: their avatar (issue 15). Only the person and admins upload it; every
 * signed-in person may read it (avatars are shown in lists); it goes when the person is deleted.
 */
export interface PersonFileOwner {
  personId: string;
}

/** Either kind of owner: a place in an audit, or a person. */
export type AnyFileOwner = FileOwner | PersonFileOwner;

export const FILE_OWNER_FIELDS = ['auditId', 'auditItemId', 'findingId', 'mediaId'] as const;
export type FileOwnerField = (typeof FILE_OWNER_FIELDS)[number];

/** The field naming a person as a file's owner. */
export const PERSON_OWNER_FIELD = 'personId';

export type FileOwnerResult =
  { ok: true; owner: AnyFileOwner } | { ok: false; message: DomainMessage };

export function isPersonFileOwner(owner: AnyFileOwner): owner is PersonFileOwner {
  return Object.hasOwn(owner, PERSON_OWNER_FIELD);
}

/**
 * The owner named by an upload (the query parameters of the PUT, or the web app's stored row):
 * an audit place or a person, exactly one of the two kinds. `personId` with any audit field is
 * 'file.ownerAmbiguous'; neither an `auditId` nor a `personId` is 'file.auditRequired'. Every
 * id given must be an id ('file.ownerIdInvalid' with the field), and a finding needs its item, a
 * media entry its finding ('file.ownerIncomplete'). Empty values count as absent.
 */
export function parseFileOwner(input: Readonly<Record<string, unknown>>): FileOwnerResult {
  const values: Record<FileOwnerField | typeof PERSON_OWNER_FIELD, string | null> = {
    auditId: null,
    auditItemId: null,
    findingId: null,
    mediaId: null,
    personId: null,
  };
  for (const field of [...FILE_OWNER_FIELDS, PERSON_OWNER_FIELD] as const) {
    const value = Object.hasOwn(input, field) ? input[field] : undefined;
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || !isFileId(value)) {
      return { ok: false, message: { key: 'file.ownerIdInvalid', params: { field } } };
    }
    values[field] = value;
  }
  const { auditId, auditItemId, findingId, mediaId, personId } = values;
  if (personId !== null) {
    if (FILE_OWNER_FIELDS.some((field) => values[field] !== null)) {
      return { ok: false, message: { key: 'file.ownerAmbiguous' } };
    }
    return { ok: true, owner: { personId } };
  }
  if (auditId === null) return { ok: false, message: { key: 'file.auditRequired' } };
  if ((findingId !== null && auditItemId === null) || (mediaId !== null && findingId === null)) {
    return { ok: false, message: { key: 'file.ownerIncomplete' } };
  }
  return { ok: true, owner: { auditId, auditItemId, findingId, mediaId } };
}

/** The query parameters naming the owner in an upload (the inverse of parseFileOwner). */
export function fileOwnerQuery(owner: AnyFileOwner): Record<string, string> {
  if (isPersonFileOwner(owner)) return { personId: owner.personId };
  const query: Record<string, string> = {};
  for (const field of FILE_OWNER_FIELDS) {
    const value = owner[field];
    if (value !== null) query[field] = value;
  }
  return query;
}

/** Two owners name the same place (a retried upload must name the place of the first). */
export function sameFileOwner(a: AnyFileOwner, b: AnyFileOwner): boolean {
  if (isPersonFileOwner(a) || isPersonFileOwner(b)) {
    return isPersonFileOwner(a) && isPersonFileOwner(b) && a.personId === b.personId;
  }
  return FILE_OWNER_FIELDS.every((field) => a[field] === b[field]);
}
