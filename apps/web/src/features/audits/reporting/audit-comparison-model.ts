import {
  auditComparability,
  auditDay,
  auditYear,
  compareAuditFindings,
  compareAuditScores,
  earlierAudits,
  explainAuditScore,
  compareVdaGrades,
  gradeVdaAuditOf,
  type FindingComparison,
  type FindingType,
  type AuditItem,
  type Comparability,
  type Importance,
  type ScoreComparison,
  type VdaComparison,
  type VdaGrade,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { reportSchemaOf, scoredItems } from './report-model';
import { vdaElementNames } from './vda-result-model';

/** An audit as the comparison's select offers it: the stored header with its id. */
export interface AuditChoice {
  id: string;
  name: string;
  /** The planning (else auditing) day, or null; the year when there is no day. */
  day: string | null;
  year: number | null;
}

const header = (doc: { id: string; data: JsonObject }): JsonObject & { id: string } => ({
  ...doc.data,
  id: doc.id,
});

/** The earlier audits of the same standard and scope, newest first (the default first). */
export function earlierAuditChoices(
  current: { id: string; data: JsonObject } | null | undefined,
  audits: readonly { id: string; data: JsonObject }[],
): AuditChoice[] {
  if (!current) return [];
  return earlierAudits(header(current), audits.map(header)).map((audit) => ({
    id: audit.id,
    name: typeof audit.name === 'string' && audit.name !== '' ? audit.name : audit.id,
    day: auditDay(audit),
    year: auditYear(audit),
  }));
}

/** The VDA 6.3 side of the comparison (issue 19): E_G, the class and E_Pn of both audits. */
export interface VdaComparisonModel extends VdaComparison {
  /** Each element's label: its id and category name ("P2 Projektmanagement"), else its id. */
  labels: Record<string, string>;
}

export interface ComparisonModel {
  /** The one basis both audits are graded by, and whether they are directly comparable. */
  comparability: Comparability;
  scores: ScoreComparison;
  findings: FindingComparison;
  /** Either audit is a VDA 6.3 audit: its grade compared instead of the scores; else null. */
  vda: VdaComparisonModel | null;
}

function vdaComparisonModel(
  earlier: { items: readonly AuditItem[]; grade: VdaGrade | null },
  current: { items: readonly AuditItem[]; grade: VdaGrade | null },
): VdaComparisonModel | null {
  if (!earlier.grade && !current.grade) return null;
  const comparison = compareVdaGrades(earlier.grade, current.grade);
  // The current audit's category names first, the earlier one's for elements it alone has.
  const names = new Map([
    ...vdaElementNames(earlier.items, earlier.grade?.edition),
    ...vdaElementNames(current.items, current.grade?.edition),
  ]);
  const labels = Object.fromEntries(
    comparison.elements.map(({ id }) => {
      const name = names.get(id);
      return [id, name ? `${id} ${name}` : id];
    }),
  );
  return { ...comparison, labels };
}

/**
 * Both audits scored under the current audit's calc schema (issue 34.3: an earlier audit stored
 * with the other one is rescored), side by side, and their findings compared; a VDA 6.3 audit
 * also graded (E_G, class, E_Pn: the domain's `compareVdaGrades`).
 */
export function comparisonModel(
  earlier: { audit: JsonObject | undefined; items: readonly ViewDocument[] },
  current: { audit: JsonObject | undefined; items: readonly ViewDocument[] },
  config: { findingTypes: readonly FindingType[]; importances: readonly Importance[] },
): ComparisonModel {
  const comparability = auditComparability(earlier.audit, current.audit);
  const { basis } = comparability;
  const side = (audit: JsonObject | undefined, documents: readonly ViewDocument[]) => {
    const { items } = scoredItems(documents);
    const explanation = explainAuditScore(items, {
      calcSchema: basis.kind === 'schema' ? basis.schema : reportSchemaOf(audit).calcSchema,
      findingTypes: config.findingTypes,
      importances: config.importances,
    });
    const grade = gradeVdaAuditOf(audit, items, config.findingTypes);
    return { items, explanation, grade };
  };
  const before = side(earlier.audit, earlier.items);
  const now = side(current.audit, current.items);
  return {
    comparability,
    scores: compareAuditScores(before.explanation, now.explanation),
    findings: compareAuditFindings(before.items, now.items, config.findingTypes),
    vda: vdaComparisonModel(before, now),
  };
}

/** A change in percentage points with its sign: "+5", "−3" (a real minus), "±0". */
export function signedChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${-change}`;
  return '\u00b10';
}
