import type { AuditItem } from '../audit/audit-item.schema';
import { findingDisplayText } from '../audit/finding-rules';
import type { FindingType } from '../config/configured-types';
import { compareByQuestion } from '../sorting/question-order';
import type { AuditScore, AuditScoreExplanation } from './scoring';

/**
 * Audit comparison (issue 13.5, beyond the spec): an audit against an earlier one of the same
 * standard and scope. The rules, also in docs/decisions.md terms:
 *
 * - Same standard: the same set of standard ids (a single id and a one-element list are equal;
 *   order does not matter). Same scope: the same values, compared after normalizing (object keys
 *   sorted, empty and null fields dropped, list entries sorted, a lone object equal to a list
 *   holding just it, texts trimmed).
 * - Order of audits: planning year (else the planning date's year), then the planning date (else
 *   the earliest auditing date), then the creation time, then the id. "Earlier" is before the
 *   current audit in that order; the previous one is the last of them.
 * - Categories are matched by their id (the question's `category_id`, else its name, as the
 *   scoring groups them), else by name (trimmed, case-insensitive).
 * - Questions are matched first by their number, when both audits have it and it occurs only once
 *   in each; the rest by their text (trimmed, whitespace collapsed, case-insensitive), in question
 *   order.
 * - A question "has findings" when it has a finding of a type that is neither "no deviation" nor
 *   "not applicable" (remarks and notes count: they were written down for a reason; a finding of a
 *   type the configuration no longer knows counts too), and the item is not deactivated.
 *   Recurring: the question has findings in both audits. Disappeared: in the earlier audit, not in
 *   this one (with why: answered without finding, not answered, not applicable, or the question is
 *   not part of this audit). New: in this audit, not in the earlier one.
 */

/** What the comparison reads of an audit header (stored documents are read leniently). */
export interface ComparableAudit {
  id: string;
  standard?: unknown;
  scope?: unknown;
  planning_year?: unknown;
  planning_date?: unknown;
  auditing_date?: unknown;
  created_date?: unknown;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function canonical(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) {
    return value
      .map(canonical)
      .filter((entry) => !isEmpty(entry))
      .map((entry) => JSON.stringify(entry))
      .sort()
      .map((entry) => JSON.parse(entry) as unknown);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])] as const)
        .filter(([, entry]) => !isEmpty(entry)),
    );
  }
  return value ?? null;
}

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
  );
}

/** A text that is equal for two audits exactly when their scopes are the same. */
export function auditScopeKey(scope: unknown): string {
  const list = Array.isArray(scope) ? scope : isEmpty(scope) ? [] : [scope];
  return JSON.stringify(canonical(list));
}

/** A text that is equal for two audits exactly when they are of the same standard(s). */
export function auditStandardKey(standard: unknown): string {
  const ids = (Array.isArray(standard) ? standard : [standard])
    .filter((id): id is string => typeof id === 'string')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return JSON.stringify([...new Set(ids)].sort());
}

/** The year an audit belongs to: its planning year, else its planning date's year; or null. */
export function auditYear(audit: ComparableAudit): number | null {
  const year = audit.planning_year;
  if (typeof year === 'number' && Number.isInteger(year)) return year;
  const day = auditDay(audit);
  return day === null ? null : Number(day.slice(0, 4));
}

/** The audit's day: its planning date, else its earliest auditing date; or null. */
export function auditDay(audit: ComparableAudit): string | null {
  if (typeof audit.planning_date === 'string' && DAY.test(audit.planning_date)) {
    return audit.planning_date;
  }
  const days = Array.isArray(audit.auditing_date)
    ? audit.auditing_date.filter((day): day is string => typeof day === 'string' && DAY.test(day))
    : [];
  return days.length === 0 ? null : [...days].sort()[0]!;
}

/** Sorts audits oldest first (year, day, creation time, id; unknown values first). */
export function compareAuditOrder(a: ComparableAudit, b: ComparableAudit): number {
  const year = (audit: ComparableAudit) => auditYear(audit) ?? -Infinity;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return (
    year(a) - year(b) ||
    (auditDay(a) ?? '').localeCompare(auditDay(b) ?? '') ||
    text(a.created_date).localeCompare(text(b.created_date)) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The audits of the same standard and scope as `current` that come before it, newest first: the
 * first is the default to compare with.
 */
export function earlierAudits<T extends ComparableAudit>(
  current: ComparableAudit,
  audits: readonly T[],
): T[] {
  const scope = auditScopeKey(current.scope);
  const standard = auditStandardKey(current.standard);
  return audits
    .filter(
      (audit) =>
        audit.id !== current.id &&
        auditScopeKey(audit.scope) === scope &&
        auditStandardKey(audit.standard) === standard &&
        compareAuditOrder(audit, current) < 0,
    )
    .sort((a, b) => compareAuditOrder(b, a));
}

/** One side of a change: null when that audit has no score. */
export interface ScoreChange {
  earlier: number | null;
  current: number | null;
  /** current - earlier in percentage points; null when either side has no score. */
  change: number | null;
}

export interface CategoryComparison extends ScoreChange {
  /** The current audit's category id, else the earlier one's. */
  categoryId: string;
  /** null: no category (NO_CATEGORY_MESSAGE). */
  categoryName: string | null;
  inEarlier: boolean;
  inCurrent: boolean;
}

export interface ScoreComparison {
  total: ScoreChange;
  /** The current audit's categories in its order, then those only the earlier one has. */
  categories: CategoryComparison[];
}

type Scores = Pick<AuditScore | AuditScoreExplanation, 'total' | 'categories'>;

const change = (earlier: number | null, current: number | null): ScoreChange => ({
  earlier,
  current,
  change: earlier === null || current === null ? null : current - earlier,
});

const normalName = (name: string | null) => (name ?? '').trim().toLocaleLowerCase('de');

/** The result of both audits, in total and per category, side by side with the change. */
export function compareAuditScores(earlier: Scores, current: Scores): ScoreComparison {
  const unmatched = [...earlier.categories];
  const take = (index: number) => (index < 0 ? undefined : unmatched.splice(index, 1)[0]);
  const categories: CategoryComparison[] = current.categories.map((category) => {
    let index = unmatched.findIndex((entry) => entry.categoryId === category.categoryId);
    if (index < 0) {
      index = unmatched.findIndex(
        (entry) => normalName(entry.categoryName) === normalName(category.categoryName),
      );
    }
    const before = take(index);
    return {
      categoryId: category.categoryId,
      categoryName: category.categoryName,
      inEarlier: before !== undefined,
      inCurrent: true,
      ...change(before?.percent ?? null, category.percent),
    };
  });
  for (const category of unmatched) {
    categories.push({
      categoryId: category.categoryId,
      categoryName: category.categoryName,
      inEarlier: true,
      inCurrent: false,
      ...change(category.percent, null),
    });
  }
  return { total: change(earlier.total.percent, current.total.percent), categories };
}

/** A finding as the comparison lists it. */
export interface ComparedFinding {
  id: string;
  /** The finding type id. */
  findingTypeId: string;
  text: string;
}

/** Why a question of the earlier audit has no findings in this one. */
export type DisappearedState = 'noFinding' | 'unanswered' | 'notApplicable' | 'missing';

export interface QuestionComparison {
  /** The current audit's item id, else the earlier one's. */
  itemId: string;
  no: string;
  text: string;
  category: string;
  earlier: ComparedFinding[];
  current: ComparedFinding[];
}

export interface DisappearedFinding extends QuestionComparison {
  state: DisappearedState;
}

export interface FindingComparison {
  recurring: QuestionComparison[];
  disappeared: DisappearedFinding[];
  new: QuestionComparison[];
}

const normalText = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('de');

/** Pairs the questions of two audits (see the rules at the top); unpaired ones get undefined. */
export function matchQuestions(
  earlier: readonly AuditItem[],
  current: readonly AuditItem[],
): { earlier: AuditItem | undefined; current: AuditItem | undefined }[] {
  const counts = (items: readonly AuditItem[]) => {
    const map = new Map<string, number>();
    for (const item of items) {
      const no = item.question.no.trim();
      if (no !== '') map.set(no, (map.get(no) ?? 0) + 1);
    }
    return map;
  };
  const earlierNos = counts(earlier);
  const currentNos = counts(current);
  const unique = (no: string) => earlierNos.get(no) === 1 && currentNos.get(no) === 1;
  const rest = new Set(earlier);
  const pairs = current.map((item) => {
    const no = item.question.no.trim();
    if (no === '' || !unique(no)) return { earlier: undefined, current: item };
    const match = earlier.find((candidate) => candidate.question.no.trim() === no);
    if (match) rest.delete(match);
    return { earlier: match, current: item };
  });
  for (const pair of pairs) {
    if (pair.earlier) continue;
    const text = normalText(pair.current.question.text);
    const match = [...rest].find((candidate) => normalText(candidate.question.text) === text);
    if (match) {
      rest.delete(match);
      pair.earlier = match;
    }
  }
  return [
    ...pairs,
    ...earlier
      .filter((item) => rest.has(item))
      .map((item) => ({ earlier: item, current: undefined })),
  ];
}

/** The findings that count for the comparison (see the rules at the top). */
function countedFindings(
  item: AuditItem | undefined,
  types: ReadonlyMap<string, FindingType>,
): ComparedFinding[] {
  if (!item || item.auditItemState === 'deactivated') return [];
  return Object.values(item.deviations)
    .filter((finding) => {
      const type = types.get(finding.importance);
      return !type || (!type.is_no_deviation && !type.is_not_applicable);
    })
    .map((finding) => ({
      id: finding.id,
      findingTypeId: finding.importance,
      // A placeholder stored by an earlier version is no text (decision 70).
      text: findingDisplayText(finding.text, types.get(finding.importance)),
    }));
}

function disappearedState(
  item: AuditItem | undefined,
  types: ReadonlyMap<string, FindingType>,
): DisappearedState {
  if (!item) return 'missing';
  const findings = Object.values(item.deviations);
  if (
    item.auditItemState === 'deactivated' ||
    findings.some((finding) => types.get(finding.importance)?.is_not_applicable)
  ) {
    return 'notApplicable';
  }
  return findings.length === 0 ? 'unanswered' : 'noFinding';
}

/** Recurring, disappeared and new findings, question by question. */
export function compareAuditFindings(
  earlier: readonly AuditItem[],
  current: readonly AuditItem[],
  findingTypes: readonly FindingType[],
): FindingComparison {
  const types = new Map(findingTypes.map((type) => [type.id, type]));
  const order = (items: readonly AuditItem[]) => [...items].sort(compareByQuestion);
  const result: FindingComparison = { recurring: [], disappeared: [], new: [] };
  for (const pair of matchQuestions(order(earlier), order(current))) {
    const item = (pair.current ?? pair.earlier)!;
    const entry: QuestionComparison = {
      itemId: item.id,
      no: item.question.no,
      text: item.question.text,
      category: item.question.category,
      earlier: countedFindings(pair.earlier, types),
      current: countedFindings(pair.current, types),
    };
    if (entry.earlier.length > 0 && entry.current.length > 0) result.recurring.push(entry);
    else if (entry.earlier.length > 0) {
      result.disappeared.push({ ...entry, state: disappearedState(pair.current, types) });
    } else if (entry.current.length > 0) result.new.push(entry);
  }
  return result;
}
