import { can } from '../permissions/permissions';
import type { Measure } from './measure.schema';

/**
 * Who checks a measure's effectiveness, for the people waiting on it (issue 34): the measure
 * keeps no checker of its own, and the check is the quality department's decision
 * ('measure.verify'). Its author, when they may decide it (the quality manager who asked for the
 * measure); otherwise null, and the screen names the quality department.
 */
export function measureChecker(
  measure: Pick<Measure, 'autor'>,
  rolesOf: (personId: string) => readonly string[] | undefined,
): string | null {
  const roles = rolesOf(measure.autor);
  return roles !== undefined && can(roles, 'measure.verify') ? measure.autor : null;
}
