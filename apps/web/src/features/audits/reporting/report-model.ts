import {
  auditItemSchema,
  explainAuditScore,
  qkScoreOfAuditItems,
  type AuditItem,
  type AuditScoreExplanation,
  type FindingType,
  type Importance,
  type QkResult,
  type QkTableEntry,
  type VdaGrade,
} from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { vdaAnswerContextOf } from '../answer-items';
import { typeCounts, type TypeCount } from '../wrapup/wrapup-overview';
import { isVdaReport, vdaGradeOf } from './vda-grade';

/** The report's result as the reporting tab shows it (issue 13). */
export interface ReportModel {
  explanation: AuditScoreExplanation;
  /** The quality number, when the audit's report asks for it (`customResult` 'qk'). */
  qk: QkResult | null;
  /** Findings per finding type, configured types first in their order. */
  byType: TypeCount[];
  findings: number;
  /** Stored items that could not be read (scored without them). */
  unreadable: number;
  /** The items as read (the VDA matrix names its elements by their categories). */
  items: AuditItem[];
  /** The VDA 6.3 grade of a VDA audit (`calcSchema` 'vda63', issue 19); else null. */
  vda: VdaGrade | null;
}

export interface ReportConfig {
  findingTypes: readonly FindingType[];
  importances: readonly Importance[];
  qkTable: readonly QkTableEntry[];
}

const objectOf = (value: JsonValue | undefined): Record<string, JsonValue> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};

/** The audit's `reportSchema` ({calcSchema, customResult}), read leniently. */
export function reportSchemaOf(audit: Record<string, JsonValue> | undefined): {
  calcSchema: string | null;
  customResult: string | null;
} {
  const schema = objectOf(audit?.reportSchema);
  return {
    calcSchema: typeof schema.calcSchema === 'string' ? schema.calcSchema : null,
    customResult: typeof schema.customResult === 'string' ? schema.customResult : null,
  };
}

/** The audit's items as the scoring reads them; an item the schema refuses is left out. */
export function scoredItems(documents: readonly ViewDocument[]): {
  items: AuditItem[];
  unreadable: number;
} {
  const items: AuditItem[] = [];
  let unreadable = 0;
  for (const doc of documents) {
    const parsed = auditItemSchema.safeParse({ ...doc.data, id: doc.id });
    if (parsed.success) items.push(parsed.data);
    else unreadable += 1;
  }
  return { items, unreadable };
}

export function reportModel(
  documents: readonly ViewDocument[],
  audit: Record<string, JsonValue> | undefined,
  config: ReportConfig,
): ReportModel {
  const { items, unreadable } = scoredItems(documents);
  const { calcSchema, customResult } = reportSchemaOf(audit);
  const explanation = explainAuditScore(items, {
    calcSchema,
    findingTypes: config.findingTypes,
    importances: config.importances,
    // A VDA audit's questions are answered by their evaluations (the tab's and PDF's progress).
    vda: vdaAnswerContextOf(audit),
  });
  const counts = new Map<string, number>();
  let findings = 0;
  for (const item of items) {
    for (const finding of Object.values(item.deviations)) {
      findings += 1;
      counts.set(finding.importance, (counts.get(finding.importance) ?? 0) + 1);
    }
  }
  return {
    explanation,
    qk:
      customResult === 'qk'
        ? qkScoreOfAuditItems(items, config.findingTypes, config.qkTable)
        : null,
    byType: typeCounts(counts, config.findingTypes),
    findings,
    unreadable,
    items,
    vda: isVdaReport(audit) ? vdaGradeOf(items, audit, config.findingTypes) : null,
  };
}
