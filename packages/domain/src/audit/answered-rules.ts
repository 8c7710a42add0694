import type { AuditItemState } from '../config/configured-types';
import type { VdaSetup } from '../entities/audit.schema';
import { compareByQuestion } from '../sorting/question-order';
import { vdaEvaluationKeys } from '../vda/vda-grade';
import { vdaRuleSetOf } from '../vda/vda-rules';
import type { Question } from './audit-item.schema';

/**
 * When a question counts as answered (issue 34): the one meaning the execution tab, the wrap-up,
 * the reporting tab, the PDF and the scoring share. Before, each counted "has a finding", so a
 * VDA audit evaluated throughout with 10 points (no finding needed) was 9 % done in the wrap-up
 * while the execution tab said 100 % (docs/decisions.md, decision 69).
 */

/** What an item needs to say whether it is answered; the stored item and the web's rows fit. */
export interface AnswerableItem {
  question: Pick<Question, 'no' | 'category_id'>;
  auditItemState?: AuditItemState | null;
  /** The findings by id; only their number matters. */
  deviations: Readonly<Record<string, unknown>>;
  /** The VDA 6.3 evaluations by evaluation key (`vda.<key>`, decision 56). */
  vda?: Readonly<Record<string, unknown>>;
}

/** A VDA 6.3 audit's set-up and recorded edition: its questions are answered by evaluations. */
export interface VdaAnswerContext {
  setup?: VdaSetup | null;
  edition?: string | null;
}

/**
 * Answered: not applicable (deactivated), or in a VDA 6.3 audit evaluated under every key it is
 * evaluated under (each process step of P6; n.e. with its reason is an evaluation), or else
 * closed in one touch ("conforming") or carrying a finding. In a VDA audit a finding alone does
 * not answer: the grade still lacks the question's points.
 */
export function isAuditItemAnswered(item: AnswerableItem, vda?: VdaAnswerContext | null): boolean {
  if (item.auditItemState === 'deactivated') return true;
  if (vda) {
    const given = item.vda ?? {};
    const keys = vdaEvaluationKeys(item.question, vda.setup, vdaRuleSetOf(vda.edition));
    return keys.every((key) => Object.hasOwn(given, key));
  }
  return item.auditItemState === 'completed' || Object.keys(item.deviations).length > 0;
}

export interface AnswerProgress {
  answered: number;
  total: number;
  /** round(answered / total * 100); 0 without questions. */
  percent: number;
}

export function answerProgress(
  items: readonly AnswerableItem[],
  vda?: VdaAnswerContext | null,
): AnswerProgress {
  const answered = items.filter((item) => isAuditItemAnswered(item, vda)).length;
  const total = items.length;
  return { answered, total, percent: total === 0 ? 0 : Math.round((answered / total) * 100) };
}

export { compareQuestionNumbers } from '../sorting/question-order';

/** The questions not answered yet, by their numbers (then texts), so they can be found. */
export function unansweredItems<T extends AnswerableItem & { question: { text: string } }>(
  items: readonly T[],
  vda?: VdaAnswerContext | null,
): T[] {
  return items.filter((item) => !isAuditItemAnswered(item, vda)).sort(compareByQuestion);
}
