import {
  compareChapters,
  DEFAULT_FINDING_TYPE_LABELS,
  DEFAULT_IMPORTANCE_LABELS,
  isAuditItemAnswered,
  type ChapterRef,
  type FindingType,
  type Importance,
  type Language,
  type MessageText,
  type VdaAnswerContext,
} from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import type { ListFieldReaders } from '../../../components/list/list-fields';
import { compareDefault, type ValueComparator } from '../../../components/list/list-sorting';
import type { SyncState, ViewDocument } from '../../../lib/sync/sync-types';
import { answerItemOf, type AnswerItem } from '../answer-items';

/**
 * The rows of the preparation tab: one per audit item document, read leniently (a document
 * written by an older version still shows) and shaped like the document, so the `audititems`
 * list configuration's paths ('question.chapters.id', ...) read them directly.
 */

export type ItemState = 'deactivated' | 'completed' | null;

export interface PreparationQuestion {
  text: string;
  hint: string;
  description: string;
  category: string;
  category_id: string;
  subcategory: string;
  no: string;
  importance: string;
  chapters: ChapterRef[];
  assignedAuditor: string | null;
  auditDay: string | null;
  /** A VDA 6.3 *-question (issue 19); absent reads as false. */
  specialRisk?: boolean;
  /** The P6 sub-element set on the question ('U1' to 'U6'); absent or '' = by number. */
  vdaSubElement?: VdaSubElementChoice;
}

/** The P6 sub-element of a question: '' = by its number (6.1.x is U1 ...), else 'U1' to 'U6'. */
export type VdaSubElementChoice = '' | 'U1' | 'U2' | 'U3' | 'U4' | 'U5' | 'U6';
const VDA_SUB_ELEMENT_CHOICES: readonly string[] = ['U1', 'U2', 'U3', 'U4', 'U5', 'U6'];

export interface PreparationRow {
  id: string;
  question: PreparationQuestion;
  processes: string[];
  itemState: ItemState;
  /** Finding type ids of the item's findings (the `findingImportance` facet). */
  findingTypes: string[];
  /** The item as `isAuditItemAnswered` reads it (the `answered` facet). */
  answer: AnswerItem;
  state: SyncState;
}

/** Facet and group value of an item without category ('Keine Kategorie', SPEC section 8). */
export const NO_CATEGORY = '__none__';
/** Facet and group value of an item without importance (the configured 'not defined'). */
export const NOT_DEFINED_IMPORTANCE = 'nd';

const text = (value: JsonValue | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const textOrNull = (value: JsonValue | undefined): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const objectOf = (value: JsonValue | undefined): JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};

function chaptersOf(value: JsonValue | undefined): ChapterRef[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const chapter = objectOf(entry);
    const id = text(chapter.id);
    return id === ''
      ? []
      : [{ id, standard: text(chapter.standard), description: text(chapter.description) }];
  });
}

function itemStateOf(data: JsonObject): ItemState {
  const state = data.auditItemState;
  return state === 'deactivated' || state === 'completed' ? state : null;
}

function findingTypesOf(value: JsonValue | undefined): string[] {
  return Object.values(objectOf(value)).flatMap((finding) => {
    const type = text(objectOf(finding).importance);
    return type === '' ? [] : [type];
  });
}

export function toPreparationRow(doc: ViewDocument): PreparationRow {
  const data = doc.data;
  const question = objectOf(data.question);
  return {
    id: doc.id,
    question: {
      text: text(question.text),
      hint: text(question.hint),
      description: text(question.description),
      category: text(question.category),
      category_id: text(question.category_id),
      subcategory: text(question.subcategory),
      no: text(question.no),
      importance: text(question.importance),
      chapters: chaptersOf(question.chapters),
      assignedAuditor: textOrNull(question.assignedAuditor),
      auditDay: textOrNull(question.auditDay),
      specialRisk: question.specialRisk === true,
      vdaSubElement: VDA_SUB_ELEMENT_CHOICES.includes(text(question.vdaSubElement))
        ? (text(question.vdaSubElement) as VdaSubElementChoice)
        : '',
    },
    processes: Array.isArray(data.processes)
      ? data.processes.filter((entry): entry is string => typeof entry === 'string')
      : [],
    itemState: itemStateOf(data),
    findingTypes: findingTypesOf(data.deviations),
    answer: answerItemOf(doc),
    state: doc.state,
  };
}

/**
 * Rows for the documents, reusing the row of a document whose data and state did not change:
 * unchanged rows keep their identity, so a memoized row view skips them when one item changes
 * among a thousand.
 */
export function createRowCache() {
  const cache = new Map<string, { data: JsonObject; state: SyncState; row: PreparationRow }>();
  return (documents: readonly ViewDocument[]): PreparationRow[] => {
    const seen = new Set<string>();
    const rows = documents.map((doc) => {
      seen.add(doc.id);
      const hit = cache.get(doc.id);
      if (hit && hit.data === doc.data && hit.state === doc.state) return hit.row;
      const row = toPreparationRow(doc);
      cache.set(doc.id, { data: doc.data, state: doc.state, row });
      return row;
    });
    for (const id of cache.keys()) if (!seen.has(id)) cache.delete(id);
    return rows;
  };
}

/** The computed and re-shaped fields of the `audititems` list configuration. */
export function preparationFields(
  findingTypes: readonly FindingType[],
  vda: VdaAnswerContext | null = null,
): ListFieldReaders<PreparationRow> {
  const values = new Map(findingTypes.map((type) => [type.id, type.value]));
  return {
    'question.category_id': (row) => row.question.category_id || NO_CATEGORY,
    'question.importance': (row) => row.question.importance || NOT_DEFINED_IMPORTANCE,
    // The progress's meaning: "not answered" lists what the wrap-up says is missing.
    answered: (row) => isAuditItemAnswered(row.answer, vda),
    findingImportance: (row) => row.findingTypes,
    // The worst finding: the highest value (a higher value is worse, scoring's rule).
    finding: (row) => {
      let worst: number | null = null;
      for (const type of row.findingTypes) {
        const value = values.get(type);
        if (value !== undefined && (worst === null || value > worst)) worst = value;
      }
      return worst;
    },
  };
}

/**
 * Sorting and group order: importance by its configured value (not its id, so 'not defined'
 * is the least important), items without category after every category.
 */
export function preparationComparators(
  importances: readonly Importance[],
): Record<string, ValueComparator> {
  const rank = new Map(importances.map((importance) => [importance.id, importance.value ?? -1]));
  const rankOf = (value: string | number | boolean) => rank.get(String(value)) ?? -1;
  return {
    'question.importance': (a, b) => rankOf(a) - rankOf(b) || compareDefault(a, b),
    'question.category_id': (a, b) =>
      a === NO_CATEGORY
        ? b === NO_CATEGORY
          ? 0
          : 1
        : b === NO_CATEGORY
          ? -1
          : compareDefault(a, b),
    'question.chapters.id': (a, b) => compareChapters(String(a), String(b)),
  };
}

export function searchTextOf(row: PreparationRow): string {
  const q = row.question;
  return [
    q.no,
    q.text,
    q.hint,
    q.description,
    q.category,
    q.subcategory,
    ...q.chapters.map((chapter) => `${chapter.id} ${chapter.description}`),
    ...row.processes,
  ].join(' ');
}

/**
 * A configured choice in the user's language: the default label when the configuration still
 * has the default (English) text for that id, else the configured text as it is.
 */
export function configuredLabel(
  id: string,
  configured: string | undefined,
  labels: Readonly<Record<string, MessageText>>,
  language: Language,
): string {
  const known = labels[id];
  if (known && (configured === undefined || configured === '' || configured === known.en)) {
    return known[language];
  }
  return configured || id;
}

export function importanceLabel(
  id: string,
  importances: readonly Importance[],
  language: Language,
): string {
  const key = id === '' ? NOT_DEFINED_IMPORTANCE : id;
  const configured = importances.find((importance) => importance.id === key)?.description;
  return configuredLabel(key, configured, DEFAULT_IMPORTANCE_LABELS, language);
}

export function findingTypeLabel(
  id: string,
  types: readonly FindingType[],
  language: Language,
): string {
  const configured = types.find((type) => type.id === id)?.text;
  return configuredLabel(id, configured, DEFAULT_FINDING_TYPE_LABELS, language);
}

/**
 * The number a new question gets: one more than the highest leading number of the audit's
 * questions ('4.2a' counts as 4), so new questions go to the end of the default sorting.
 */
export function nextQuestionNumber(rows: readonly PreparationRow[]): string {
  let highest = 0;
  for (const row of rows) {
    const lead = /^\d+/.exec(row.question.no.trim());
    if (lead) highest = Math.max(highest, Number(lead[0]));
  }
  return String(highest + 1);
}
