import { getOwn, type JsonObject } from '@qa/sync';
import { auditPermissionContext } from '../commands/audit-access';
import type { DomainMessage } from '../messages/message';
import { can, type PermissionAction } from '../permissions/permissions';
import type { FileOwner } from './file-owner';

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

/** A stored file as the download rule sees it. */
export interface FileAccessSubject {
  /** Null for a file stored before files had owners. */
  owner: FileOwner | null;
  /** The person id of the uploader. */
  createdBy: string;
}

/**
 * The download rule: whoever may read the audit ('audit.read' with the stored audit's team) may
 * read its files. `file` is null when no file is stored under the id ('fileNotFound', told only
 * to those who may read files at all). A file of a deleted audit is gone ('auditDeleted'; it is
 * being collected). A file stored before files had owners belongs to no audit: only its uploader
 * and admins read it.
 */
export function checkFileDownload(
  actor: FileActor,
  file: FileAccessSubject | null,
  audit: StoredFileParent | null,
): FileAccessRefusal | null {
  if (!mayAtAll(actor, 'audit.read')) return FORBIDDEN;
  if (file === null) return { reason: 'fileNotFound', message: { key: 'file.notFound' } };
  if (file.owner === null) {
    return file.createdBy === actor.personId || actor.roles.includes('admin') ? null : FORBIDDEN;
  }
  if (!audit || audit.deleted) {
    return {
      reason: 'auditDeleted',
      message: { key: 'file.auditDeleted', params: { auditId: file.owner.auditId } },
    };
  }
  const context = auditPermissionContext(audit.data, actor.personId);
  return can(actor.roles, 'audit.read', context) ? null : FORBIDDEN;
}
