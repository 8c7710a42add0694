import { z } from 'zod/mini';
import { MAX_ID_LENGTH } from '../ids';
import { MAX_LENGTH_ERROR, MAX_NAME_LENGTH } from '../limits';
import type { DomainMessage } from '../messages/message';
import { AUTOCOMPLETION_COLLECTION } from '../collection-names';
export { AUTOCOMPLETION_COLLECTION };

/**
 * An autocompletion list (SPEC sections 3, 5, 7): stored under
 * configuration/customerData/autocompletion/{id}; the id is not part of the stored payload.
 * Schema error messages are keys of `importMessages`.
 */

export const AUTOCOMPLETION_ID_PATTERN = /^[a-z][a-z0-9]+$/;

export const autocompletionIdSchema = z
  .string({ error: 'autocompletion.documentIdInvalid' })
  .check(z.maxLength(MAX_ID_LENGTH, { error: 'autocompletion.documentIdInvalid' }))
  .check(z.regex(AUTOCOMPLETION_ID_PATTERN, { error: 'autocompletion.documentIdInvalid' }));

/** An entry needs a non-empty id (it is what gets stored) and a name to show. */
export const autocompletionEntrySchema = z.object(
  {
    id: z
      .string({ error: 'autocompletion.dataInvalid' })
      .check(z.trim())
      .check(z.minLength(1, { error: 'autocompletion.dataInvalid' }))
      .check(z.maxLength(MAX_NAME_LENGTH, MAX_LENGTH_ERROR)),
    name: z
      .string({ error: 'autocompletion.dataInvalid' })
      .check(z.trim())
      .check(z.maxLength(MAX_NAME_LENGTH, MAX_LENGTH_ERROR)),
  },
  { error: 'autocompletion.dataInvalid' },
);
export type AutocompletionEntry = z.infer<typeof autocompletionEntrySchema>;

export const autocompletionListSchema = z.object({
  id: autocompletionIdSchema,
  title: z
    .string({ error: 'autocompletion.titleRequired' })
    .check(z.trim())
    .check(z.minLength(1, { error: 'autocompletion.titleRequired' }))
    .check(z.maxLength(MAX_NAME_LENGTH, MAX_LENGTH_ERROR)),
  data: z.array(autocompletionEntrySchema, { error: 'autocompletion.dataInvalid' }).check(
    z.superRefine((entries, ctx) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        if (seen.has(entry.id)) {
          ctx.addIssue({
            code: 'custom',
            message: 'autocompletion.duplicateEntry',
            path: [index, 'id'],
            params: { entryId: entry.id },
          });
        }
        seen.add(entry.id);
      });
    }),
  ),
});
export type AutocompletionList = z.infer<typeof autocompletionListSchema>;

/** One message per problem, with the id or entry it is about. */
export function validateAutocompletionList(
  input: unknown,
): { ok: true; list: AutocompletionList } | { ok: false; errors: DomainMessage[] } {
  const result = autocompletionListSchema.safeParse(input);
  if (result.success) return { ok: true, list: result.data };
  const id = typeof input === 'object' && input !== null && 'id' in input ? String(input.id) : '';
  const keys = new Set<string>();
  const errors: DomainMessage[] = [];
  for (const issue of result.error.issues) {
    // A broken data array yields one issue per bad entry; the user needs to hear it once.
    if (issue.message === 'autocompletion.dataInvalid' && keys.has(issue.message)) continue;
    keys.add(issue.message);
    const params: Record<string, string | number> = {};
    if (issue.message === 'autocompletion.documentIdInvalid') params.id = id;
    if (issue.code === 'custom' && typeof issue.params?.entryId === 'string') {
      params.entryId = issue.params.entryId;
    }
    if (issue.code === 'too_big' && issue.message === 'validation.maxLength') {
      params.max = Number(issue.maximum);
      params.field = issue.path.map(String).join('.');
    }
    errors.push({ key: issue.message, params });
  }
  return { ok: false, errors };
}

/** The payload written for a list: everything but the id, which is the document id. */
export type AutocompletionPayload = Omit<AutocompletionList, 'id'>;

export type AutocompletionSavePlan =
  | { kind: 'invalid'; errors: DomainMessage[] }
  | { kind: 'unchanged'; message: DomainMessage }
  | { kind: 'save'; id: string; payload: AutocompletionPayload; success: DomainMessage };

/**
 * What saving a list should do (SPEC sections 5 and 8): reject an invalid list, skip a save
 * that changes nothing ('no changes found', compared deeply after trimming), else write the
 * payload and then show '{title} gespeichert'. `stored` is the list as it is now, if any.
 */
export function planAutocompletionSave(
  stored: AutocompletionList | null | undefined,
  next: unknown,
): AutocompletionSavePlan {
  const result = validateAutocompletionList(next);
  if (!result.ok) return { kind: 'invalid', errors: result.errors };
  const { id, ...payload } = result.list;
  if (stored) {
    const { id: _storedId, ...storedPayload } = stored;
    if (id === stored.id && jsonEqual(payload, storedPayload)) {
      return { kind: 'unchanged', message: { key: 'autocompletion.noChanges' } };
    }
  }
  return {
    kind: 'save',
    id,
    payload,
    success: { key: 'autocompletion.saved', params: { title: payload.title } },
  };
}

/** Deep equality of JSON-like values; object key order does not matter, array order does. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((value, index) => jsonEqual(value, b[index]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = Object.keys(aRecord);
  return (
    keys.length === Object.keys(bRecord).length &&
    keys.every((key) => Object.hasOwn(bRecord, key) && jsonEqual(aRecord[key], bRecord[key]))
  );
}
