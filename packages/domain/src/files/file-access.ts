import { getOwn, type JsonObject } from '@qa/sync';
import { auditPermissionContext } from '../commands/audit-access';
import type { DomainMessage } from '../messages/message';
import { can, type PermissionAction } from '../permissions/permissions';
import { MAX_ATTACHMENT_BYTES, type AttachmentRuleOptions } from './attachment-rules';
import {
  isPersonFileOwner,
  type AnyFileOwner,
  type FileOwner,
  type PersonFileOwner,
} from './file-owner';

/**
 * Who may upload and download a file (DESIGN.md section 6): the same rule as editing or reading
 * the audit the file belongs to, judged on the stored audit, so a client cannot fake the team or
 * the protection. The server loads the documents and calls these; nothing else decides.
 */

/** The person asking. */
export interface FileActor {
  personId: string;
  roles: readonly string[];
}

/** A stored document as the server loads it (tombstones included). */
export interface StoredFileParent {
  deleted: boolean;
  data: JsonObject;
}

export type FileAccessRefusalReason =
  | 'forbidden'
  | 'auditProtected'
  | 'auditNotFound'
  | 'auditDeleted'
  | 'itemNotInAudit'
  | 'personNotFound'
  | 'fileNotFound';

export interface FileAccessRefusal {
  reason: FileAccessRefusalReason;
  message: DomainMessage;
}

/**
 * The permission an upload needs: a finding's media are part of the finding ('finding.update'),
 * an item's attachment part of the item ('auditItem.update'), anything else of the audit
 * ('audit.update'). All three are writes a protected audit refuses.
 */
export function fileWriteAction(owner: FileOwner): PermissionAction {
  if (owner.findingId !== null) return 'finding.update';
  if (owner.auditItemId !== null) return 'auditItem.update';
  return 'audit.update';
}

const FORBIDDEN: FileAccessRefusal = {
  reason: 'forbidden',
  message: { key: 'permission.denied' },
};

/**
 * May the roles do the action on some audit at all (as a member of its team)? Checked before
 * anything about the audit, so a person without the role learns nothing about which exist.
 */
function mayAtAll(actor: FileActor, action: PermissionAction): boolean {
  return can(actor.roles, action, { userId: actor.personId, leadauditor: actor.personId });
}

/**
 * The upload rule. `audit` is the stored audit named by the owner (null if none is stored),
 * `item` the stored audit item when the owner names one that is stored: it must be an item of
 * that audit. An item or finding not stored yet (created offline, its command still queued
 * behind the upload) is no reason to refuse. Null when the upload is allowed.
 */
export function checkFileUpload(
  actor: FileActor,
  owner: FileOwner,
  audit: StoredFileParent | null,
  item: StoredFileParent | null = null,
): FileAccessRefusal | null {
  const action = fileWriteAction(owner);
  if (!mayAtAll(actor, action)) return FORBIDDEN;
  const params = { auditId: owner.auditId };
  if (!audit) return { reason: 'auditNotFound', message: { key: 'file.auditNotFound', params } };
  if (audit.deleted) {
    return { reason: 'auditDeleted', message: { key: 'file.auditDeleted', params } };
  }
  const context = auditPermissionContext(audit.data, actor.personId);
  if (!can(actor.roles, action, { ...context, protected: false })) return FORBIDDEN;
  if (!can(actor.roles, action, context)) {
    return { reason: 'auditProtected', message: { key: 'permission.auditProtected' } };
  }
  if (item && !item.deleted && getOwn(item.data, 'auditId') !== owner.auditId) {
    return {
      reason: 'itemNotInAudit',
      message: {
        key: 'file.itemNotInAudit',
        params: { auditItemId: owner.auditItemId ?? '', auditId: owner.auditId },
      },
    };
  }
  return null;
}

/** The image types an avatar may have (issue 15), within the configured attachment types. */
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const;

/** Largest avatar (the web app downscales it to 512 pixels first): 2 MiB. */
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/**
 * The type and size rules of a person's file (their avatar): the image types of
 * AVATAR_EXTENSIONS that the configuration allows, at most MAX_AVATAR_BYTES (or `maxBytes` when
 * that is smaller). Passed to `checkAttachmentUpload`.
 */
export function avatarUploadRules(
  allowedExtensions: readonly string[],
  maxBytes: number = MAX_ATTACHMENT_BYTES,
): Required<AttachmentRuleOptions> {
  const allowed = new Set(allowedExtensions.map((entry) => entry.replace(/^\./, '').toLowerCase()));
  return {
    allowedExtensions: AVATAR_EXTENSIONS.filter((extension) => allowed.has(extension)),
    maxBytes: Math.min(maxBytes, MAX_AVATAR_BYTES),
  };
}

/**
 * The upload rule of a person's file (their avatar, issue 15): the person themself or an admin;
 * the person must exist (`personExists`: a record or a live people document). Whether the
 * person exists is told only to those who may upload it. Null when the upload is allowed.
 */
export function checkPersonFileUpload(
  actor: FileActor,
  owner: PersonFileOwner,
  personExists: boolean,
): FileAccessRefusal | null {
  if (actor.personId !== owner.personId && !actor.roles.includes('admin')) return FORBIDDEN;
  if (!personExists) {
    return {
      reason: 'personNotFound',
      message: { key: 'file.personNotFound', params: { personId: owner.personId } },
    };
  }
  return null;
}

/** A stored file as the download rule sees it. */
export interface FileAccessSubject {
  /** Null for a file stored before files had owners. */
  owner: AnyFileOwner | null;
  /** The person id of the uploader. */
  createdBy: string;
}

/**
 * The download rule: whoever may read the audit ('audit.read' with the stored audit's team) may
 * read its files. `file` is null when no file is stored under the id ('fileNotFound', told only
 * to those who may read files at all). A file of a deleted audit is gone ('auditDeleted'; it is
 * being collected). A file stored before files had owners belongs to no audit: only its uploader
 * and admins read it. A person's file (their avatar) is read by every signed-in person; `audit`
 * is not looked at for it.
 */
export function checkFileDownload(
  actor: FileActor,
  file: FileAccessSubject | null,
  audit: StoredFileParent | null,
): FileAccessRefusal | null {
  const owner = file?.owner ?? null;
  // A person's avatar is shown to everybody signed in, whatever their roles.
  if (owner && isPersonFileOwner(owner)) return null;
  if (!mayAtAll(actor, 'audit.read')) return FORBIDDEN;
  if (file === null) return { reason: 'fileNotFound', message: { key: 'file.notFound' } };
  if (owner === null) {
    return file.createdBy === actor.personId || actor.roles.includes('admin') ? null : FORBIDDEN;
  }
  if (!audit || audit.deleted) {
    return {
      reason: 'auditDeleted',
      message: { key: 'file.auditDeleted', params: { auditId: owner.auditId } },
    };
  }
  const context = auditPermissionContext(audit.data, actor.personId);
  return can(actor.roles, 'audit.read', context) ? null : FORBIDDEN;
}
