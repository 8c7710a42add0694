import {
  MAX_KNOWN_AUDIT_ITEMS,
  remapChapters,
  type ChapterTarget,
  type ImportIssue,
  type Language,
  type UseTemplateArgs,
} from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';
import type { ListFieldReaders } from '../../../components/list/list-fields';
import { NO_CATEGORY, type PreparationRow } from './preparation-rows';

/**
 * The item selection dialog's model (SPEC section 2 "use template", list key
 * 'templateselection'): which template items are chosen, per category and all at once, and what
 * the copy sends. Pure, so the dialog stays a thin view.
 */

/** The category an item is grouped and chosen by: its id, else its stored name, else none. */
export function categoryKeyOf(row: PreparationRow): string {
  const { category_id: id, category } = row.question;
  if (id !== '') return id;
  return category.trim() !== '' ? category.trim() : NO_CATEGORY;
}

/** The selection dialog's field readers: the category as `categoryKeyOf` reads it. */
export function selectionFields(
  fields: ListFieldReaders<PreparationRow>,
): ListFieldReaders<PreparationRow> {
  return { ...fields, 'question.category_id': categoryKeyOf };
}

export interface SelectionCategory {
  key: string;
  ids: string[];
}

/** The categories of the rows in their first appearance's order, each with its items' ids. */
export function categoriesOf(
  rows: readonly PreparationRow[],
  compare?: (a: string, b: string) => number,
): SelectionCategory[] {
  const byKey = new Map<string, string[]>();
  for (const row of rows) {
    const key = categoryKeyOf(row);
    const ids = byKey.get(key);
    if (ids) ids.push(row.id);
    else byKey.set(key, [row.id]);
  }
  const list = [...byKey].map(([key, ids]) => ({ key, ids }));
  return compare ? list.sort((a, b) => compare(a.key, b.key)) : list;
}

export type Selection = ReadonlySet<string>;
export type Tristate = 'all' | 'some' | 'none';

/** Every id chosen ("all"). */
export const selectAll = (rows: readonly { id: string }[]): Selection =>
  new Set(rows.map((row) => row.id));
/** Nothing chosen ("none"). */
export const selectNone = (): Selection => new Set();

/** The selection with `ids` chosen (`on`) or left out. */
export function withIds(selection: Selection, ids: readonly string[], on: boolean): Selection {
  const next = new Set(selection);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

export const toggleId = (selection: Selection, id: string): Selection =>
  withIds(selection, [id], !selection.has(id));

/** How much of a group is chosen: the group checkbox's checked / indeterminate state. */
export function groupState(selection: Selection, ids: readonly string[]): Tristate {
  let chosen = 0;
  for (const id of ids) if (selection.has(id)) chosen += 1;
  return chosen === 0 ? 'none' : chosen === ids.length ? 'all' : 'some';
}

/** The group checkbox's click: a fully chosen group is cleared, otherwise chosen whole. */
export const toggleGroup = (selection: Selection, ids: readonly string[]): Selection =>
  withIds(selection, ids, groupState(selection, ids) !== 'all');

/** The chosen rows in the template's order (the order the copies are made in). */
export const chosenRows = (rows: readonly PreparationRow[], selection: Selection) =>
  rows.filter((row) => selection.has(row.id));

/** What the chapter re-mapping reports for the chosen rows (row = position in the copy). */
export function unmappableChapters(
  chosen: readonly PreparationRow[],
  targets: readonly ChapterTarget[],
  language: Language,
): ImportIssue[] {
  return chosen.flatMap(
    (row, index) => remapChapters(row.question.chapters, targets, language, index + 1).warnings,
  );
}

/** The `audit.useTemplate` arguments: one new id per chosen item. */
export function templateCopyArgs(input: {
  auditId: string;
  templateId: string;
  chosen: readonly PreparationRow[];
  standardIds: string[];
  language: Language;
  newId: () => string;
  /** Some of the audit's item ids, when known (an audit without any takes a VDA set-up). */
  auditItemIds?: readonly string[];
}): UseTemplateArgs {
  return {
    auditId: input.auditId,
    templateId: input.templateId,
    items: input.chosen.map((row) => ({ id: input.newId(), templateItemId: row.id })),
    standardIds: input.standardIds,
    language: input.language,
    ...(input.auditItemIds
      ? { auditItemIds: input.auditItemIds.slice(0, MAX_KNOWN_AUDIT_ITEMS) }
      : {}),
  };
}

/** Whether two standard id lists name the same standards (in any order). */
export function sameStandards(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
}

/**
 * What a copy into another template re-maps its chapters onto: nothing (chapters kept as they
 * are) when both templates name the same standards, else the target template's standards.
 */
export const templateRemapTargets = (
  sourceStandardIds: readonly string[],
  targetStandardIds: readonly string[],
  targets: readonly ChapterTarget[],
): readonly ChapterTarget[] => (sameStandards(sourceStandardIds, targetStandardIds) ? [] : targets);

/** A type, not an interface: a command's arguments are JSON (`JsonValue`). */
export type TemplateImportArgs = {
  templateId: string;
  items: { id: string; question: JsonObject; processes?: string[]; Weight?: number }[];
  source: 'template';
};

const objectOf = (value: JsonValue | undefined): JsonObject | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined;

/**
 * The `templateItem.import` arguments of "use template" into a template: one new id per chosen
 * item, its stored question, processes and weight copied as they are, its chapters re-mapped
 * onto `remapTo` (none: kept as they are; see `templateRemapTargets`).
 */
export function templateImportArgs(input: {
  templateId: string;
  chosen: readonly PreparationRow[];
  /** The chosen items' stored documents by id. */
  stored: (id: string) => JsonObject | undefined;
  remapTo: readonly ChapterTarget[];
  language: Language;
  newId: () => string;
}): TemplateImportArgs {
  const items = input.chosen.map((row) => {
    const data = input.stored(row.id) ?? {};
    const question: JsonObject = { ...(objectOf(data.question) ?? { text: row.question.text }) };
    if (input.remapTo.length > 0) {
      const { chapters } = remapChapters(row.question.chapters, input.remapTo, input.language);
      question.chapters = chapters.map((chapter) => ({ ...chapter }));
    }
    const processes = Array.isArray(data.processes)
      ? data.processes.filter((entry): entry is string => typeof entry === 'string')
      : undefined;
    return {
      id: input.newId(),
      question,
      ...(processes ? { processes } : {}),
      ...(typeof data.Weight === 'number' ? { Weight: data.Weight } : {}),
    };
  });
  return { templateId: input.templateId, items, source: 'template' };
}
