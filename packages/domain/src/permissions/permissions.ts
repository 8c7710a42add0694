import { ROLE_IDS, type RoleId } from '../roles';

/**
 * The permission matrix (DESIGN.md section 6): one table role x action, used by the server on every
 * command and subscription and by the web app to hide what a user may not do. A cell lists the
 * conditions under which the role may act; an empty cell denies. Roles add up.
 */
export const PERMISSION_ACTIONS = [
  'audit.read',
  'audit.create',
  'audit.update',
  'audit.changeStatus',
  'audit.delete',
  'audit.protect',
  'audit.unprotect',
  'audit.changeTeam',
  'auditItem.create',
  'auditItem.update',
  'auditItem.delete',
  'finding.create',
  'finding.update',
  'finding.delete',
  'measure.read',
  'measure.create',
  'measure.update',
  'measure.assign',
  'measure.verify',
  'measure.delete',
  'template.read',
  'template.create',
  'template.update',
  'template.delete',
  'standard.read',
  'standard.manage',
  'person.read',
  'person.create',
  'person.update',
  'person.delete',
  'role.read',
  'role.assign',
  'configuration.read',
  'configuration.update',
  'customerData.read',
  'customerData.update',
  'import.auditItems',
  'import.audits',
  'import.templates',
  'import.standards',
  'import.people',
  'webhook.manage',
  'installation.backup',
] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/**
 * always: no further check. auditTeam: the user is the audit's lead auditor or a co-auditor.
 * leadAuditor: the user is the audit's lead auditor. assignee: the user is one of the measure's
 * assignees.
 */
export type PermissionCondition = 'always' | 'auditTeam' | 'leadAuditor' | 'assignee';
export type PermissionCell = readonly PermissionCondition[];

/** What the conditions and the protection rule look at; the server fills it from the documents. */
export interface PermissionContext {
  userId?: string | null;
  /** The audit is protected: read-only except for admin, qm and its lead auditor. */
  protected?: boolean;
  leadauditor?: string | null;
  coauditors?: readonly string[] | null;
  /** The measure's assignees (user ids, as `measureSchema` stores them). */
  assignedTo?: readonly string[] | null;
}

const A: PermissionCell = ['always'];
const NO: PermissionCell = [];
const TEAM: PermissionCell = ['auditTeam'];

type Row = Readonly<Record<RoleId, PermissionCell>>;
const row = (
  user: PermissionCell,
  auditor: PermissionCell,
  qm: PermissionCell,
  dispatcher: PermissionCell,
  admin: PermissionCell = A,
): Row => ({ user, auditor, qm, 'measure-dispatcher': dispatcher, admin });

/** Columns: user, auditor, qm, measure-dispatcher, admin (admin may do everything). */
export const PERMISSION_MATRIX: Readonly<Record<PermissionAction, Row>> = {
  'audit.read': row(A, A, A, A),
  'audit.create': row(NO, NO, A, NO),
  'audit.update': row(NO, TEAM, A, NO),
  'audit.changeStatus': row(NO, TEAM, A, NO),
  'audit.delete': row(NO, NO, A, NO),
  'audit.protect': row(NO, ['leadAuditor'], A, NO),
  'audit.unprotect': row(NO, ['leadAuditor'], A, NO),
  // Lead auditor and team decide who may work on the audit, so a co-auditor must not pick them.
  'audit.changeTeam': row(NO, ['leadAuditor'], A, NO),
  'auditItem.create': row(NO, TEAM, A, NO),
  'auditItem.update': row(NO, TEAM, A, NO),
  'auditItem.delete': row(NO, TEAM, A, NO),
  'finding.create': row(NO, TEAM, A, NO),
  'finding.update': row(NO, TEAM, A, NO),
  'finding.delete': row(NO, TEAM, A, NO),
  'measure.read': row(A, A, A, A),
  'measure.create': row(NO, TEAM, A, A),
  'measure.update': row(['assignee'], ['auditTeam', 'assignee'], A, A),
  'measure.assign': row(NO, NO, A, A),
  // The effectiveness check closes a measure: the quality department's decision.
  'measure.verify': row(NO, NO, A, NO),
  'measure.delete': row(NO, NO, A, NO),
  'template.read': row(A, A, A, A),
  'template.create': row(NO, NO, A, NO),
  'template.update': row(NO, NO, A, NO),
  'template.delete': row(NO, NO, A, NO),
  'standard.read': row(A, A, A, A),
  'standard.manage': row(NO, NO, A, NO),
  'person.read': row(A, A, A, A),
  'person.create': row(NO, A, A, NO),
  'person.update': row(NO, NO, NO, NO),
  'person.delete': row(NO, NO, NO, NO),
  'role.read': row(A, A, A, A),
  'role.assign': row(NO, NO, NO, NO),
  'configuration.read': row(A, A, A, A),
  'configuration.update': row(NO, NO, NO, NO),
  'customerData.read': row(A, A, A, A),
  'customerData.update': row(NO, NO, A, NO),
  'import.auditItems': row(NO, TEAM, A, NO),
  'import.audits': row(NO, NO, NO, NO),
  'import.templates': row(NO, NO, NO, NO),
  'import.standards': row(NO, NO, A, NO),
  'import.people': row(NO, NO, NO, NO),
  // Webhooks send every audit's events to another system: the administrator decides (issue 16).
  'webhook.manage': row(NO, NO, NO, NO),
  // A backup holds every record, password hashes included: the administrator's (issue 20).
  'installation.backup': row(NO, NO, NO, NO),
};

/** Writes to an audit or its items and findings; a protected audit refuses them (measures live on). */
export const PROTECTED_AUDIT_ACTIONS: ReadonlySet<PermissionAction> = new Set([
  'audit.update',
  'audit.changeStatus',
  'audit.delete',
  'audit.protect',
  'audit.changeTeam',
  'auditItem.create',
  'auditItem.update',
  'auditItem.delete',
  'finding.create',
  'finding.update',
  'finding.delete',
  'import.auditItems',
]);

export function isPermissionAction(value: unknown): value is PermissionAction {
  return typeof value === 'string' && (PERMISSION_ACTIONS as readonly string[]).includes(value);
}

function holds(condition: PermissionCondition, context: PermissionContext | undefined): boolean {
  if (condition === 'always') return true;
  const userId = context?.userId;
  if (!userId) return false;
  switch (condition) {
    case 'leadAuditor':
      return context.leadauditor === userId;
    case 'auditTeam':
      return context.leadauditor === userId || (context.coauditors ?? []).includes(userId);
    case 'assignee':
      return (context.assignedTo ?? []).includes(userId);
  }
}

/** The protected-audit exception: admin, qm and the lead auditor keep write access. */
function mayWriteProtected(roles: readonly RoleId[], context: PermissionContext): boolean {
  if (roles.includes('admin') || roles.includes('qm')) return true;
  return !!context.userId && context.leadauditor === context.userId;
}

/**
 * May a user with these roles do this on some document at least (a non-empty cell)? False means
 * no context could ever allow it, so the request can be refused before its content is looked at.
 */
export function canEver(roles: readonly string[], action: PermissionAction): boolean {
  const cells = PERMISSION_MATRIX[action];
  return roles.some(
    (role) => (ROLE_IDS as readonly string[]).includes(role) && cells[role as RoleId].length > 0,
  );
}

/**
 * May a user with these roles do this? Unknown role names are ignored. A condition that needs the
 * context (audit team, assignee) is false without it, so a forgotten context denies.
 */
export function can(
  roles: readonly string[],
  action: PermissionAction,
  context?: PermissionContext,
): boolean {
  const known = roles.filter((role): role is RoleId =>
    (ROLE_IDS as readonly string[]).includes(role),
  );
  if (context?.protected === true && PROTECTED_AUDIT_ACTIONS.has(action)) {
    if (!mayWriteProtected(known, context)) return false;
  }
  const cells = PERMISSION_MATRIX[action];
  return known.some((role) => cells[role].some((condition) => holds(condition, context)));
}
