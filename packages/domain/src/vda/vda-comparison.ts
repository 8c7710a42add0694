import type { AuditItem } from '../audit/audit-item.schema';
import { nonDocumentingFindingTypes } from './vda-audit';
import type { FindingType } from '../config/configured-types';
import { vdaSetupSchema, type VdaSetup } from '../entities/audit.schema';
import type { ScoreChange } from '../scoring/comparison';
import { gradeVdaAudit, type VdaGrade, type VdaGradeInput } from './vda-grade';
import { CALC_SCHEMA_VDA63, vdaRuleSetOf } from './vda-rules';

/**
 * A VDA 6.3 audit against an earlier one of the same supplier (issue 19, deliverable 5), and
 * what the trend shows of a VDA audit. Rules:
 *
 * - Each audit is graded by `gradeVdaAudit` on its own items, set-up and recorded edition.
 * - Per audit: E_G (whole percent), the class by E_G and after downgrading, and whether the
 *   grade is valid. An audit that is not a VDA audit has no VDA result (null).
 * - Per process element (P2 to P7, in the rule set's order, those either audit has): E_Pn of
 *   both audits and the change in percentage points (current - earlier, both whole percent);
 *   null when either audit has no level for the element (not audited or nothing evaluated).
 * - The class went up (better), down (worse) or stayed, by the rule set's order of classes.
 */

/** What the comparison and the trend show of one VDA audit. */
export interface VdaAuditResult {
  /** E_G in whole percent; null when nothing is evaluated. */
  percent: number | null;
  /** The class after downgrading, and by E_G alone; null when nothing is evaluated. */
  class: string | null;
  baseClass: string | null;
  valid: boolean;
  /** The edition it is graded by. */
  edition: string;
}

export interface VdaElementComparison extends ScoreChange {
  /** 'P2' ... 'P7'. */
  id: string;
  inEarlier: boolean;
  inCurrent: boolean;
}

export interface VdaComparison {
  /** null: that audit is not a VDA audit. */
  earlier: VdaAuditResult | null;
  current: VdaAuditResult | null;
  /** E_G of both audits and its change in percentage points. */
  total: ScoreChange;
  elements: VdaElementComparison[];
  /** Better or worse class now; null when either audit has no class. */
  classChange: 'up' | 'down' | 'same' | null;
}

/** The audit header fields the VDA grade reads (stored documents are read leniently). */
export interface VdaAuditHeader {
  reportSchema?: unknown;
  vda?: unknown;
  vdaEdition?: unknown;
}

const objectOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/** Whether a stored audit header is evaluated by VDA 6.3. */
export function isVdaAuditHeader(audit: VdaAuditHeader | null | undefined): boolean {
  return objectOf(audit?.reportSchema).calcSchema === CALC_SCHEMA_VDA63;
}

/** A stored audit's VDA set-up, or null when it has none or it cannot be read. */
export function vdaSetupOfHeader(audit: VdaAuditHeader | null | undefined): VdaSetup | null {
  if (audit?.vda === undefined) return null;
  const parsed = vdaSetupSchema.safeParse(audit.vda);
  return parsed.success ? parsed.data : null;
}

/** The grade input of a stored audit: its items, set-up and recorded edition. */
export function vdaGradeInputOf(
  audit: VdaAuditHeader | null | undefined,
  items: readonly AuditItem[],
  findingTypes: readonly FindingType[],
): VdaGradeInput {
  return {
    items,
    setup: vdaSetupOfHeader(audit),
    edition: typeof audit?.vdaEdition === 'string' ? audit.vdaEdition : null,
    nonDocumentingTypes: nonDocumentingFindingTypes(findingTypes),
  };
}

/** The grade of a stored audit, or null when it is not a VDA audit. */
export function gradeVdaAuditOf(
  audit: VdaAuditHeader | null | undefined,
  items: readonly AuditItem[],
  findingTypes: readonly FindingType[],
): VdaGrade | null {
  return isVdaAuditHeader(audit)
    ? gradeVdaAudit(vdaGradeInputOf(audit, items, findingTypes))
    : null;
}

/** What the comparison and the trend show of a grade. */
export function vdaAuditResult(grade: VdaGrade): VdaAuditResult {
  return {
    percent: grade.total.percent,
    class: grade.class,
    baseClass: grade.baseClass,
    valid: grade.valid,
    edition: grade.edition,
  };
}

const change = (earlier: number | null, current: number | null): ScoreChange => ({
  earlier,
  current,
  change: earlier === null || current === null ? null : current - earlier,
});

/** Two grades side by side (null: that audit is not a VDA audit). */
export function compareVdaGrades(
  earlier: VdaGrade | null,
  current: VdaGrade | null,
): VdaComparison {
  const rules = vdaRuleSetOf(current?.edition ?? earlier?.edition);
  const before = new Map((earlier?.elements ?? []).map((level) => [level.id, level]));
  const now = new Map((current?.elements ?? []).map((level) => [level.id, level]));
  const ids = [
    ...rules.elements.map((element) => element.id),
    // (Elements of another edition's rule set, should an edition add one.)
    ...[...now.keys(), ...before.keys()].filter(
      (id) => !rules.elements.some((element) => element.id === id),
    ),
  ];
  const elements = [...new Set(ids)]
    .filter((id) => before.has(id) || now.has(id))
    .map((id): VdaElementComparison => ({
      id,
      inEarlier: before.has(id),
      inCurrent: now.has(id),
      ...change(before.get(id)?.percent ?? null, now.get(id)?.percent ?? null),
    }));
  const rank = (id: string | null | undefined) => {
    const index = id ? rules.classes.findIndex((entry) => entry.id === id) : -1;
    return index < 0 ? null : index;
  };
  const from = rank(earlier?.class);
  const to = rank(current?.class);
  return {
    earlier: earlier ? vdaAuditResult(earlier) : null,
    current: current ? vdaAuditResult(current) : null,
    total: change(earlier?.total.percent ?? null, current?.total.percent ?? null),
    elements,
    classChange:
      from === null || to === null ? null : to < from ? 'up' : to > from ? 'down' : 'same',
  };
}

/** Both audits graded on their own items and compared (null input: not a VDA audit). */
export function vdaComparison(
  earlier: VdaGradeInput | null,
  current: VdaGradeInput | null,
): VdaComparison {
  return compareVdaGrades(
    earlier ? gradeVdaAudit(earlier) : null,
    current ? gradeVdaAudit(current) : null,
  );
}
