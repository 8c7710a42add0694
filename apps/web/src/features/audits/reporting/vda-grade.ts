import {
  gradeVdaAudit,
  isVdaAudit,
  vdaGradeInputOf,
  type AuditItem,
  type FindingType,
  type VdaGrade,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';

/**
 * An audit's VDA 6.3 grade without its texts: the audit's stepper, part of a first screen, needs
 * it, and the result model's texts (the `reporting` namespace) are loaded later (decision 86).
 */

type AuditData = Record<string, JsonValue> | undefined;

/**
 * The domain's refusal of completing a VDA audit whose grade is not valid (a RULES_MESSAGES key,
 * not a text of the web catalogs).
 */
export const VDA_COMPLETE_NOT_VALID = 'vda.completeNotValid';

/** Is the audit evaluated by VDA 6.3 (`reportSchema.calcSchema` 'vda63')? */
export function isVdaReport(audit: AuditData): boolean {
  return audit !== undefined && isVdaAudit(audit);
}

/** The audit's VDA grade from its stored items, set-up and recorded edition. */
export function vdaGradeOf(
  items: readonly AuditItem[],
  audit: AuditData,
  findingTypes: readonly FindingType[],
): VdaGrade {
  return gradeVdaAudit(vdaGradeInputOf(audit, items, findingTypes));
}
