import {
  auditPermissionContext,
  can,
  createAuditItemCommand,
  deleteAuditItemCommand,
  importAuditItemsCommand,
  updateAuditItemCommand,
  type PermissionAction,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { readOnlyReasonOf } from '../audit-read-only';

/** What the signed-in person may do on the preparation tab, and why not when nothing. */
export interface PreparationAccess {
  create: boolean;
  update: boolean;
  remove: boolean;
  import: boolean;
  /** Why every write is off: the audit is protected, or the person is not in its team. */
  readOnlyReason: 'protected' | 'notInTeam' | null;
}

const actionOf = (command: { action?: PermissionAction }, fallback: PermissionAction) =>
  command.action ?? fallback;

/**
 * The domain's own rule (`can` with the stored audit's permission context), the same the
 * commands check, so the screen never offers what the server would refuse.
 */
export function preparationAccess(
  audit: JsonObject | undefined,
  person: { id: string; roles: readonly string[] } | null,
): PreparationAccess {
  if (!audit || !person) {
    return {
      create: false,
      update: false,
      remove: false,
      import: false,
      readOnlyReason: audit ? 'notInTeam' : null,
    };
  }
  const context = auditPermissionContext(audit, person.id);
  const may = (action: PermissionAction) => can(person.roles, action, context);
  const access = {
    create: may(actionOf(createAuditItemCommand, 'auditItem.create')),
    update: may(actionOf(updateAuditItemCommand, 'auditItem.update')),
    remove: may(actionOf(deleteAuditItemCommand, 'auditItem.delete')),
    import: may(actionOf(importAuditItemsCommand, 'import.auditItems')),
  };
  const any = access.create || access.update || access.remove || access.import;
  return {
    ...access,
    readOnlyReason: any ? null : readOnlyReasonOf(context, person.roles, 'auditItem.update'),
  };
}
