import { can, type PermissionAction, type PermissionContext } from '@qa/domain';

// Apart from preparation-access.ts, which reads the audit item commands' permissions: the
// execution and wrap-up tabs ask only this, and need no command's definition to paint.

/**
 * Why a person may not write to an audit: it is protected (they could otherwise), or they are
 * not in its team.
 */
export function readOnlyReasonOf(
  context: PermissionContext,
  roles: readonly string[],
  action: PermissionAction,
): 'protected' | 'notInTeam' {
  const unprotected = { ...context, protected: false };
  return context.protected === true && can(roles, action, unprotected) ? 'protected' : 'notInTeam';
}
