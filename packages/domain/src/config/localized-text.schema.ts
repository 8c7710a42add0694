import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from '../limits';

/**
 * A label the configuration offers in both languages (DESIGN.md section 9: every UI text
 * exists in German and English). Same shape as `MessageText`.
 */
export const localizedTextSchema = z.object({
  de: z.string().check(z.trim()).check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  en: z.string().check(z.trim()).check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** A choice of a configured list: a stable id stored in documents, and its label. */
export const configOptionSchema = z.object({
  id: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  label: localizedTextSchema,
});
export type ConfigOption = z.infer<typeof configOptionSchema>;

/**
 * A list of options whose ids are unique, so a stored id names exactly one choice. Each repeat
 * is reported at its position with the id as `{value}`.
 */
export function uniqueIdList<T extends z.ZodMiniType<{ id: string }>>(item: T) {
  return z.array(item).check(
    z.superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((entry, index) => {
        if (seen.has(entry.id)) {
          ctx.addIssue({
            code: 'custom',
            message: 'config.duplicateId',
            path: [index, 'id'],
            params: { value: entry.id },
          });
        }
        seen.add(entry.id);
      });
    }),
  );
}
