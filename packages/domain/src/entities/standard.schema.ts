import { z } from 'zod/mini';
import { slugify, uniqueId } from '../imports/slug';
import { MAX_LENGTH_ERROR, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '../limits';

/**
 * A standard with its chapters (SPEC sections 3 and 5). Error messages are message keys of
 * `importMessages`, so a failed parse can be reported without a second mapping.
 */
export const STANDARD_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;
export const STANDARD_ID_MIN = 2;
export const STANDARD_ID_MAX = 32;
export const STANDARD_NAME_MIN = 2;
export const STANDARD_NAME_MAX = 32;
export const STANDARD_DESCRIPTION_MIN = 5;
export const STANDARD_DESCRIPTION_MAX = 256;

// `abort`: an empty field reports only "No empty field allowed", not also the length.
const EMPTY = { error: 'standard.emptyField', abort: true } as const;

/** A required text: trimmed, empty -> "No empty field allowed", then a length range. */
function requiredText(min: number, max: number, lengthKey: string) {
  return z
    .string({ error: 'standard.emptyField' })
    .check(z.trim())
    .check(z.minLength(1, EMPTY))
    .check(z.minLength(min, { error: lengthKey }))
    .check(z.maxLength(max, { error: lengthKey }));
}

export const standardIdSchema = z
  .string({ error: 'standard.idPattern' })
  .check(z.trim())
  .check(z.minLength(STANDARD_ID_MIN, { error: 'standard.idLength' }))
  .check(z.maxLength(STANDARD_ID_MAX, { error: 'standard.idLength' }))
  .check(z.regex(STANDARD_ID_PATTERN, { error: 'standard.idPattern' }));

/** A chapter: its id is the standard's numbering ('4.1'), not a document id. */
export const standardChapterSchema = z.object(
  {
    id: z
      .string({ error: 'standard.chapterInvalid' })
      .check(z.trim())
      .check(z.minLength(1, EMPTY))
      .check(z.maxLength(MAX_NAME_LENGTH, MAX_LENGTH_ERROR)),
    description: z
      .string({ error: 'standard.chapterInvalid' })
      .check(z.trim())
      .check(z.minLength(1, EMPTY))
      .check(z.maxLength(MAX_TEXT_LENGTH, MAX_LENGTH_ERROR)),
  },
  { error: 'standard.chapterInvalid' },
);
export type StandardChapter = z.infer<typeof standardChapterSchema>;

/** At least one chapter; chapter ids are unique because questions map to them by id. */
export const standardChaptersSchema = z
  .array(standardChapterSchema, { error: 'standard.chaptersRequired' })
  .check(z.minLength(1, { error: 'standard.chaptersRequired' }))
  .check(
    z.superRefine((chapters, ctx) => {
      const seen = new Set<string>();
      chapters.forEach((chapter, index) => {
        if (seen.has(chapter.id)) {
          ctx.addIssue({
            code: 'custom',
            message: 'standard.chapterDuplicate',
            path: [index, 'id'],
            params: { chapterId: chapter.id },
          });
        }
        seen.add(chapter.id);
      });
    }),
  );

export const standardSchema = z.object({
  id: standardIdSchema,
  name: requiredText(STANDARD_NAME_MIN, STANDARD_NAME_MAX, 'standard.nameLength'),
  description: requiredText(
    STANDARD_DESCRIPTION_MIN,
    STANDARD_DESCRIPTION_MAX,
    'standard.descriptionLength',
  ),
  chapters: standardChaptersSchema,
});
export type Standard = z.infer<typeof standardSchema>;

/** What an import dialog submits: the id may be left empty and is then generated. */
export const standardInputSchema = z.extend(standardSchema, {
  id: z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' && value.trim() === '' ? undefined : value,
    ),
    z.optional(standardIdSchema),
  ),
});
export type StandardInput = z.infer<typeof standardInputSchema>;

/**
 * A valid, unused standard id derived from the name ("ISO 9001:2015" -> "iso-9001-2015"),
 * so the same import gives the same id; prefixed "std-" when the name does not start with a
 * letter, "-2", "-3" ... appended when taken. Ids are compared case-insensitively, because
 * "ISO9001" and "iso9001" side by side would confuse everyone.
 */
export function generateStandardId(name: string, existingIds: Iterable<string>): string {
  const taken = new Set([...existingIds].map((id) => id.toLowerCase()));
  let base = slugify(name);
  if (!/^[a-z]/.test(base)) base = base === '' ? 'standard' : `std-${base}`;
  if (base.length < STANDARD_ID_MIN) base = `${base}-std`;
  return uniqueId(base, taken, STANDARD_ID_MAX);
}
