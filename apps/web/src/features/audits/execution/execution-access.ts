import { auditPermissionContext, can } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { readOnlyReasonOf } from '../audit-read-only';

/** What the signed-in person may do with findings on the execution tab, and why not. */
export interface ExecutionAccess {
  /** A measure for a finding (the audit team, qm, dispatchers; measures outlive protection). */
  measure: boolean;
  create: boolean;
  update: boolean;
  remove: boolean;
  readOnlyReason: 'protected' | 'notInTeam' | null;
}

/** The domain's own rule (as the finding commands check it), so nothing offered is refused. */
export function executionAccess(
  audit: JsonObject | undefined,
  person: { id: string; roles: readonly string[] } | null,
): ExecutionAccess {
  if (!audit || !person) {
    return {
      measure: false,
      create: false,
      update: false,
      remove: false,
      readOnlyReason: audit ? 'notInTeam' : null,
    };
  }
  const context = auditPermissionContext(audit, person.id);
  const access = {
    create: can(person.roles, 'finding.create', context),
    update: can(person.roles, 'finding.update', context),
    remove: can(person.roles, 'finding.delete', context),
  };
  const any = access.create || access.update || access.remove;
  return {
    ...access,
    measure: can(person.roles, 'measure.create', { ...context, protected: false }),
    readOnlyReason: any ? null : readOnlyReasonOf(context, person.roles, 'finding.update'),
  };
}
