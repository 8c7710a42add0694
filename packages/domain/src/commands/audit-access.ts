import { getOwn, jsonEquals, type JsonObject, type JsonValue, type Op } from '@qa/sync';
import { auditConfigSchema, DEFAULT_AUDIT_CONFIG, type AuditConfig } from '../config/audit.config';
import type { DomainMessage } from '../messages/message';
import { can, type PermissionAction, type PermissionContext } from '../permissions/permissions';
import { auditWorkflowFromConfig } from '../workflow/audit-workflow';
import type { WorkflowView } from '../workflow/workflow';
import type { CommandContext, CommandState, DocRef } from './define-command';
import {
  AUDITS_COLLECTION,
  AUDIT_ITEMS_COLLECTION,
  CONFIGURATION_COLLECTION,
  STANDARDS_COLLECTION,
} from '../collection-names';
export { AUDITS_COLLECTION, AUDIT_ITEMS_COLLECTION, STANDARDS_COLLECTION };

/**
 * What the commands of the audit programme share: collection names, the permission context of
 * an audit (from its stored document, so the client cannot fake it), the protected-audit rule,
 * the configuration they read and field-wise ops.
 */

/** Most documents one command may name in its args (audit import, item import, audit delete). */
export const MAX_DOCUMENTS_PER_COMMAND = 2_000;

export const auditDocRef = (id: string): DocRef => ({ collection: AUDITS_COLLECTION, id });
export const auditItemDocRef = (id: string): DocRef => ({ collection: AUDIT_ITEMS_COLLECTION, id });
export const AUDIT_CONFIG_REF: DocRef = { collection: CONFIGURATION_COLLECTION, id: 'audit' };
export const WORKFLOW_CONFIG_REF: DocRef = { collection: CONFIGURATION_COLLECTION, id: 'workflow' };

function stringList(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((entry) => typeof entry === 'string') : [];
}

function stringOrNull(value: JsonValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * The permission context of a stored audit document for `can`: protection, lead auditor and
 * the team. The team is `coauditors` plus `auditor` (the dialog's "auditors", SPEC section 2):
 * both list people auditing besides the lead, so both may work on the audit.
 */
export function auditPermissionContext(audit: JsonObject, userId: string): PermissionContext {
  return {
    userId,
    protected: getOwn(audit, 'protected') === true,
    leadauditor: stringOrNull(getOwn(audit, 'leadauditor')),
    coauditors: [
      ...stringList(getOwn(audit, 'coauditors')),
      ...stringList(getOwn(audit, 'auditor')),
    ],
  };
}

/**
 * The context of the permission-table check of an audit command: the team of the stored audit,
 * without the protection (checked by `protectedAuditRule`, so a refusal can say why). For an
 * audit that does not exist the actor counts as its team: a role that may do the action at all
 * then hears 'no-audit-active' from `run` instead of a misleading "forbidden".
 */
export function auditTeamContext(
  state: CommandState,
  auditId: string,
  ctx: CommandContext,
): PermissionContext {
  const userId = ctx.actor.personId;
  const audit = state.get(AUDITS_COLLECTION, auditId);
  if (!audit) return { userId, leadauditor: userId };
  return { ...auditPermissionContext(audit, userId), protected: false };
}

/**
 * DESIGN.md section 6: a protected audit is read-only except for admin, qm and its lead
 * auditor. Answers true or the message 'permission.auditProtected' (a `forbidden` rejection).
 */
export function protectedAuditRule(
  action: PermissionAction,
  state: CommandState,
  auditId: string,
  ctx: CommandContext,
): true | DomainMessage {
  const audit = state.get(AUDITS_COLLECTION, auditId);
  if (!audit) return true;
  return can(ctx.actor.roles, action, auditPermissionContext(audit, ctx.actor.personId))
    ? true
    : { key: 'permission.auditProtected' };
}

/** The fields that say who works on an audit: changing them is `audit.changeTeam`. */
export const AUDIT_TEAM_FIELDS = ['leadauditor', 'coauditors', 'auditor'] as const;
/** The permission a change of `AUDIT_TEAM_FIELDS` needs besides `audit.update`. */
export const AUDIT_TEAM_CHANGE_ACTION: PermissionAction = 'audit.changeTeam';

/** What a team field holds on an audit that does not carry it. */
function storedTeamValue(audit: JsonObject, field: (typeof AUDIT_TEAM_FIELDS)[number]): JsonValue {
  const value = getOwn(audit, field);
  if (value !== undefined) return value;
  return field === 'leadauditor' ? null : [];
}

/**
 * Whether a patch of audit fields changes the lead auditor or the team of the stored audit.
 * Values are compared as they are sent: a patch that repeats the stored team changes nothing.
 */
export function changesAuditTeam(audit: JsonObject, changes: Readonly<Record<string, unknown>>) {
  return AUDIT_TEAM_FIELDS.some(
    (field) =>
      Object.hasOwn(changes, field) &&
      changes[field] !== undefined &&
      !jsonEquals(changes[field] as JsonValue, storedTeamValue(audit, field)),
  );
}

/**
 * Issue 10: a co-auditor may edit the audit, but not make himself its lead (and then protect
 * or unprotect it). A change of the team is checked as `audit.changeTeam` on the stored audit.
 */
export function auditTeamChangeRule(
  state: CommandState,
  auditId: string,
  changes: Readonly<Record<string, unknown>>,
  ctx: CommandContext,
): true | DomainMessage {
  const audit = state.get(AUDITS_COLLECTION, auditId);
  if (!audit || !changesAuditTeam(audit, changes)) return true;
  const context = { ...auditPermissionContext(audit, ctx.actor.personId), protected: false };
  return can(ctx.actor.roles, AUDIT_TEAM_CHANGE_ACTION, context)
    ? true
    : { key: 'permission.auditTeamChange' };
}

/** The `audit` configuration segment as stored, or the default when missing or invalid. */
export function auditConfiguration(state: CommandState): AuditConfig {
  const parsed = auditConfigSchema.safeParse(state.get(AUDIT_CONFIG_REF.collection, 'audit'));
  return parsed.success ? parsed.data : DEFAULT_AUDIT_CONFIG;
}

/** The audit workflow of the `workflow` segment (`auditWorkflowFromConfig`). */
export function auditWorkflow(state: CommandState): WorkflowView {
  return auditWorkflowFromConfig(state.get(WORKFLOW_CONFIG_REF.collection, 'workflow')).workflow;
}

/**
 * One `set` per top-level field whose value differs from the stored document, so two people
 * who changed different fields (offline, say) both keep their change when the server re-runs
 * the commands in turn.
 */
export function changedFieldOps(
  collection: string,
  id: string,
  stored: JsonObject,
  next: Readonly<Record<string, JsonValue>>,
  path: readonly string[] = [],
): Op[] {
  const ops: Op[] = [];
  for (const [key, value] of Object.entries(next)) {
    if (!jsonEquals(getOwn(stored, key), value)) {
      ops.push({ op: 'set', collection, id, path: [...path, key], value });
    }
  }
  return ops;
}

/** The calendar day of an ISO timestamp (YYYY-MM-DD), as the new-audit defaults want it. */
export function dayOf(timestamp: string): string {
  return timestamp.slice(0, 10);
}

/** Issues with the 1-based row of the args list they belong to, for import reports. */
export function withRow(messages: readonly DomainMessage[], row: number): DomainMessage[] {
  return messages.map((message) => ({ ...message, params: { ...message.params, row } }));
}
