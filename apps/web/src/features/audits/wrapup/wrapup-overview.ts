import type { AnswerProgress, FindingType } from '@qa/domain';
import type { AnswerItem, AuditAnswers } from '../answer-items';
import type { ExecutionRow } from '../execution/execution-rows';

/** One finding type with how often it was recorded, in the configured order. */
export interface TypeCount {
  id: string;
  count: number;
}

/**
 * What the auditor checks before leaving the shop floor (issue 11.7): how many questions are
 * answered, which are not (by their numbers, so they can be found), the findings by type, and
 * how many photos and files were recorded. Answered means what it means everywhere
 * (`isAuditItemAnswered`): a VDA audit evaluated throughout is done without a single finding.
 */
export interface WrapUpOverview {
  progress: AnswerProgress;
  unanswered: AnswerItem[];
  findings: number;
  byType: TypeCount[];
  media: number;
}

/**
 * Findings per type from their counts by type id: configured types first, in their order; a type
 * the configuration lost still counts, after them (wrap-up overview, reporting tab).
 */
export function typeCounts(
  counts: ReadonlyMap<string, number>,
  types: readonly Pick<FindingType, 'id'>[],
): TypeCount[] {
  const byType: TypeCount[] = types
    .filter((type) => counts.has(type.id))
    .map((type) => ({ id: type.id, count: counts.get(type.id)! }));
  for (const [id, count] of counts) {
    if (!types.some((type) => type.id === id)) byType.push({ id, count });
  }
  return byType;
}

export function wrapUpOverview(
  rows: readonly ExecutionRow[],
  types: readonly FindingType[],
  answers: AuditAnswers,
): WrapUpOverview {
  const counts = new Map<string, number>();
  let findings = 0;
  let media = 0;
  for (const row of rows) {
    for (const finding of row.findings) {
      findings += 1;
      media += finding.media.length;
      counts.set(finding.importance, (counts.get(finding.importance) ?? 0) + 1);
    }
  }
  return {
    progress: answers.progress,
    unanswered: answers.unanswered,
    findings,
    byType: typeCounts(counts, types),
    media,
  };
}
