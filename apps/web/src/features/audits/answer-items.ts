import {
  answerProgress,
  unansweredItems,
  type AnswerableItem,
  type AnswerProgress,
  type VdaAnswerContext,
} from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import type { ViewDocument } from '../../lib/sync/sync-types';
import { isVdaAuditData, vdaEditionOf, vdaSetupOf } from './execution/vda-evaluation-model';

/**
 * The audit's questions as the domain's `isAuditItemAnswered` reads them (issue 34), for the
 * progress of the execution, wrap-up tabs and what the wrap-up lists as missing. Read leniently
 * from every item document, those deactivated in preparation included: "not applicable" is
 * answered, so the progress counts the same questions as the reporting tab and the PDF.
 */
export interface AnswerItem extends AnswerableItem {
  id: string;
  question: { no: string; text: string; category_id: string };
}

const objectOf = (value: JsonValue | undefined): JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
const text = (value: JsonValue | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export function answerItemOf(doc: ViewDocument): AnswerItem {
  const data = doc.data;
  const question = objectOf(data.question);
  // An evaluation is what the grade reads as one: points, or null for n.e. (decision 56).
  const vda = Object.fromEntries(
    Object.entries(objectOf(data.vda)).filter(([, value]) => {
      const points = objectOf(value).points;
      return typeof points === 'number' || points === null;
    }),
  );
  return {
    id: doc.id,
    question: {
      no: text(question.no),
      text: text(question.text),
      category_id: text(question.category_id),
    },
    auditItemState:
      data.auditItemState === 'deactivated' || data.auditItemState === 'completed'
        ? data.auditItemState
        : null,
    deviations: objectOf(data.deviations),
    vda,
  };
}

/** A VDA 6.3 audit's set-up and edition, which make evaluations the answers; else null. */
export function vdaAnswerContextOf(audit: JsonObject | undefined): VdaAnswerContext | null {
  if (!isVdaAuditData(audit)) return null;
  return { setup: vdaSetupOf(audit), edition: vdaEditionOf(audit) };
}

/** How many of the audit's questions are answered (the execution tab's bar). */
export function auditProgress(
  documents: readonly ViewDocument[],
  audit: JsonObject | undefined,
): AnswerProgress {
  return answerProgress(documents.map(answerItemOf), vdaAnswerContextOf(audit));
}

export interface AuditAnswers {
  progress: AnswerProgress;
  /** In question-number order ("2" before "10"). */
  unanswered: AnswerItem[];
}

export function auditAnswers(
  documents: readonly ViewDocument[],
  audit: JsonObject | undefined,
): AuditAnswers {
  const items = documents.map(answerItemOf);
  const vda = vdaAnswerContextOf(audit);
  return { progress: answerProgress(items, vda), unanswered: unansweredItems(items, vda) };
}
