import type { ChapterRef, DomainMessage } from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import type { PreparationQuestion, PreparationRow, VdaSubElementChoice } from './preparation-rows';

/** The audit question dialog's values (SPEC section 2 "Audit question dialog"). */
export interface QuestionForm {
  no: string;
  text: string;
  hint: string;
  assignedAuditor: string | null;
  /** '' = no audit day. */
  auditDay: string;
  category_id: string;
  subcategory: string;
  chapters: ChapterRef[];
  /** '' = not defined. */
  importance: string;
  processes: string[];
  /** A VDA 6.3 *-question (issue 19). */
  specialRisk: boolean;
  /** The P6 sub-element: '' = by number. */
  vdaSubElement: VdaSubElementChoice;
}

export type QuestionField = keyof QuestionForm;

export function emptyQuestionForm(no: string): QuestionForm {
  return {
    no,
    text: '',
    hint: '',
    assignedAuditor: null,
    auditDay: '',
    category_id: '',
    subcategory: '',
    chapters: [],
    importance: '',
    processes: [],
    specialRisk: false,
    vdaSubElement: '',
  };
}

export function questionFormOf(row: PreparationRow): QuestionForm {
  const q = row.question;
  return {
    no: q.no,
    text: q.text,
    hint: q.hint,
    assignedAuditor: q.assignedAuditor,
    auditDay: q.auditDay ?? '',
    category_id: q.category_id,
    subcategory: q.subcategory,
    chapters: q.chapters,
    importance: q.importance,
    processes: row.processes,
    specialRisk: q.specialRisk === true,
    vdaSubElement: q.vdaSubElement ?? '',
  };
}

/**
 * The question as stored. `category` keeps the category's name next to its id (scoring and
 * reports show it), in the language the question was written in.
 */
function questionData(
  form: QuestionForm,
  categoryName: string,
): Omit<PreparationQuestion, 'description'> {
  return {
    text: form.text.trim(),
    hint: form.hint.trim(),
    category: form.category_id === '' ? '' : categoryName,
    category_id: form.category_id,
    subcategory: form.subcategory.trim(),
    no: form.no.trim(),
    importance: form.importance,
    chapters: form.chapters,
    assignedAuditor: form.assignedAuditor,
    auditDay: form.auditDay === '' ? null : form.auditDay,
    specialRisk: form.specialRisk,
    // The sub-element is a P6 matter; another category keeps none.
    vdaSubElement: form.category_id === P6_CATEGORY ? form.vdaSubElement : '',
  };
}

/** The category whose questions belong to a P6 sub-element (VDA 6.3, issue 19). */
export const P6_CATEGORY = '6';

/** The VDA fields as a new question stores them: only when set. */
function withoutUnsetVdaFields(
  question: Omit<PreparationQuestion, 'description'>,
): Omit<PreparationQuestion, 'description'> {
  const { specialRisk, vdaSubElement, ...rest } = question;
  return {
    ...rest,
    ...(specialRisk ? { specialRisk } : {}),
    ...(vdaSubElement ? { vdaSubElement } : {}),
  };
}

/** What an absent field of a stored question reads as, for the comparison. */
const UNSET: Partial<Record<keyof PreparationQuestion, JsonValue>> = {
  specialRisk: false,
  vdaSubElement: '',
};

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as JsonValue;

/** Args of `auditItem.create`: a new item with the client's id. */
export function createArgs(
  auditId: string,
  id: string,
  form: QuestionForm,
  categoryName: string,
): JsonObject {
  return {
    auditId,
    id,
    question: asJson(withoutUnsetVdaFields(questionData(form, categoryName))),
    processes: form.processes,
  };
}

/**
 * Args of `auditItem.update` with only what the dialog changed (the command writes one op per
 * changed field, so someone else's edit of another field survives); null when nothing changed.
 */
export function updateArgs(
  auditId: string,
  row: PreparationRow,
  form: QuestionForm,
  categoryName: string,
): JsonObject | null {
  const next = questionData(form, categoryName);
  const before = row.question;
  const question: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(next) as [keyof typeof next, unknown][]) {
    // The stored name of an unchanged category stays, whatever language the editor speaks.
    if (key === 'category' && next.category_id === before.category_id) continue;
    const stored = before[key] === undefined && key in UNSET ? UNSET[key] : before[key];
    if (JSON.stringify(value) !== JSON.stringify(stored)) {
      question[key] = asJson(value);
    }
  }
  const changes: Record<string, JsonValue> = {};
  if (Object.keys(question).length > 0) changes.question = question;
  if (JSON.stringify(form.processes) !== JSON.stringify(row.processes)) {
    changes.processes = form.processes;
  }
  return Object.keys(changes).length === 0 ? null : { auditId, id: row.id, changes };
}

/**
 * The dialog field a command issue belongs to (`params.field` is the path in the args or the
 * stored item: 'question.text', 'processes'); null for a problem of the whole question.
 */
export function questionFieldOf(issue: DomainMessage): QuestionField | null {
  const path = issue.params?.field;
  if (typeof path !== 'string') return null;
  const parts = path.split('.');
  const head = parts[0] === 'question' || parts[0] === 'changes' ? parts.slice(1) : parts;
  const field = head[0] === 'question' ? head[1] : head[0];
  const known: readonly string[] = [
    'no',
    'text',
    'hint',
    'assignedAuditor',
    'auditDay',
    'category_id',
    'subcategory',
    'chapters',
    'importance',
    'processes',
    'specialRisk',
    'vdaSubElement',
  ];
  if (field === 'category') return 'category_id';
  return field !== undefined && known.includes(field) ? (field as QuestionField) : null;
}
