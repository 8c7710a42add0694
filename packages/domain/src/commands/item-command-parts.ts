import { z } from 'zod/mini';
import { getOwn, isJsonObject, type JsonObject, type JsonValue, type Op } from '@qa/sync';
import { questionSchema } from '../audit/audit-item.schema';
import { validationIssueMessages } from '../entities/validation-issue';
import { idSchema } from '../ids';
import { MAX_LENGTH_ERROR, MAX_LONG_TEXT_LENGTH } from '../limits';
import type { DomainMessage } from '../messages/message';
import { changedFieldOps, withRow } from './audit-access';
import { commandError, toJsonValue, type CommandResult } from './define-command';

/**
 * What the commands on questions share, whether the question belongs to an audit
 * (`audit_items`) or a template (`template_items`, issue 14): the input schemas, the activity
 * label, the field-wise update and the all-or-nothing import loop.
 */

const REQUIRED = { error: 'validation.required' } as const;

/** The question as the dialog must fill it: the text is required ('Item is required'). */
export const itemQuestionInputSchema = z.extend(questionSchema, {
  text: z
    .string(REQUIRED)
    .check(z.trim())
    .check(z.minLength(1, REQUIRED))
    .check(z.maxLength(MAX_LONG_TEXT_LENGTH, MAX_LENGTH_ERROR)),
});

/** The item fields a command takes: processes, the question and the weight. */
export const itemInputSchema = z.object({
  id: idSchema,
  processes: z.optional(z.array(z.string())),
  question: z.record(z.string(), z.unknown()),
  Weight: z.optional(z.number()),
});
export type ItemInput = z.infer<typeof itemInputSchema>;

export const itemChangesSchema = z.object({
  processes: z.optional(z.array(z.string())),
  Weight: z.optional(z.number()),
  /** Question fields to change; absent fields stay as they are. */
  question: z.optional(z.record(z.string(), z.unknown())),
});
export type ItemChanges = z.infer<typeof itemChangesSchema>;

export function invalidResult(error: z.core.$ZodError): CommandResult {
  const issues = validationIssueMessages(error);
  return commandError('rule', issues[0]!, issues);
}

/** The activity names the question by its text, cut to a readable length. */
export function questionLabel(question: unknown, fallback: string): string {
  const text = isJsonObject(question) ? getOwn(question, 'text') : undefined;
  const label = typeof text === 'string' ? text.trim() : '';
  if (label === '') return fallback;
  return label.length > 120 ? `${label.slice(0, 119)}…` : label;
}

/** The item as stored plus the changes (question fields are a patch), for the caller's schema. */
export function changedItem<T extends { question: object }>(item: T, changes: ItemChanges) {
  const { processes, Weight, question } = changes;
  return {
    ...item,
    ...(processes === undefined ? {} : { processes }),
    ...(Weight === undefined ? {} : { Weight }),
    question: { ...item.question, ...question },
  };
}

/**
 * The ops of an item update: one `set` per changed field (processes, Weight) and per changed
 * question field, so edits of different fields merge.
 */
export function itemUpdateOps(
  collection: string,
  id: string,
  stored: JsonObject,
  next: { processes: string[]; Weight: number; question: object },
): Op[] {
  const storedQuestion = getOwn(stored, 'question');
  return [
    ...changedFieldOps(collection, id, stored, { processes: next.processes, Weight: next.Weight }),
    ...changedFieldOps(
      collection,
      id,
      isJsonObject(storedQuestion) ? storedQuestion : {},
      toJsonValue(next.question) as JsonObject,
      ['question'],
    ),
  ];
}

export type BuiltItem = { ok: true; value: JsonValue } | { ok: false; issues: DomainMessage[] };

export interface NewItemsPlan<T extends { id: string }> {
  /** The collection the new items are written to. */
  collection: string;
  rows: readonly T[];
  /** Whether a document with this id exists already (then the command is a `conflict`). */
  exists(id: string): boolean;
  /** The new document of a row, or its problems. */
  build(row: T): BuiltItem;
  /** The key of an id named twice in the rows, and of an id in use. */
  duplicateKey: string;
  takenKey: string;
}

export type NewItemsResult = { ok: true; ops: Op[] } | { ok: false; result: CommandResult };

/**
 * All or nothing: every row becomes a new document, or the command is refused with every
 * problem and its 1-based position in the rows (at most 100 listed). An id repeated among the
 * rows is a `rule` error, an id in use a `conflict`.
 */
export function newItemOps<T extends { id: string }>(plan: NewItemsPlan<T>): NewItemsResult {
  const seen = new Set<string>();
  const ops: Op[] = [];
  const issues: DomainMessage[] = [];
  let conflict = false;
  plan.rows.forEach((input, index) => {
    const row = index + 1;
    if (seen.has(input.id)) {
      issues.push({ key: plan.duplicateKey, params: { id: input.id, row } });
      return;
    }
    seen.add(input.id);
    if (plan.exists(input.id)) {
      conflict = true;
      issues.push({ key: plan.takenKey, params: { id: input.id, row } });
      return;
    }
    const built = plan.build(input);
    if (!built.ok) {
      issues.push(...withRow(built.issues, row));
      return;
    }
    ops.push({
      op: 'set',
      collection: plan.collection,
      id: input.id,
      path: [],
      value: built.value,
    });
  });
  if (issues.length === 0) return { ok: true, ops };
  return {
    ok: false,
    result: commandError(conflict ? 'conflict' : 'rule', issues[0]!, issues.slice(0, 100)),
  };
}
