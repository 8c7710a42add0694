import {
  auditDay,
  auditYear,
  compareAuditFindings,
  compareAuditScores,
  earlierAudits,
  explainAuditScore,
  type FindingComparison,
  type FindingType,
  type Importance,
  type ScoreComparison,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { reportSchemaOf, scoredItems } from './report-model';

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

export interface ComparisonModel {
  scores: ScoreComparison;
  findings: FindingComparison;
}

/** Both audits scored under their own calc schema, side by side, and their findings compared. */
export function comparisonModel(
  earlier: { audit: JsonObject | undefined; items: readonly ViewDocument[] },
  current: { audit: JsonObject | undefined; items: readonly ViewDocument[] },
  config: { findingTypes: readonly FindingType[]; importances: readonly Importance[] },
): ComparisonModel {
  const side = (audit: JsonObject | undefined, documents: readonly ViewDocument[]) => {
    const { items } = scoredItems(documents);
    const explanation = explainAuditScore(items, {
      calcSchema: reportSchemaOf(audit).calcSchema,
      findingTypes: config.findingTypes,
      importances: config.importances,
    });
    return { items, explanation };
  };
  const before = side(earlier.audit, earlier.items);
  const now = side(current.audit, current.items);
  return {
    scores: compareAuditScores(before.explanation, now.explanation),
    findings: compareAuditFindings(before.items, now.items, config.findingTypes),
  };
}

/** A change in percentage points with its sign: "+5", "−3" (a real minus), "±0". */
export function signedChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${-change}`;
  return '\u00b10';
}
