import { z } from 'zod/mini';

const text = () => z.string().check(z.trim()).check(z.minLength(1));

/** One language of a catalogue question: the question and what the auditor looks for. */
export const catalogueTextSchema = z.object({ text: text(), description: text() });

export const catalogueQuestionSchema = z.object({
  /** "<category>.<n>", e.g. '3.4', or "<category>.<sub-element>.<n>", e.g. '6.2.3'. */
  no: z.string().check(z.regex(/^\d+\.\d+(\.\d+)?$/)),
  /** A question with a special risk (VDA 6.3 *-question, issue 19). */
  specialRisk: z.optional(z.boolean()),
  de: catalogueTextSchema,
  en: catalogueTextSchema,
});
export type CatalogueQuestion = z.infer<typeof catalogueQuestionSchema>;

export const catalogueCategorySchema = z
  .object({
    category: z.object({ id: z.string().check(z.regex(/^\d+$/)), de: text(), en: text() }),
    questions: z.array(catalogueQuestionSchema).check(z.minLength(1)),
  })
  .check(
    z.refine(
      ({ category, questions }) => questions.every((q) => q.no.startsWith(`${category.id}.`)),
      {
        error: 'validation.invalid',
        path: ['questions'],
      },
    ),
  );
export type CatalogueCategory = z.infer<typeof catalogueCategorySchema>;

/** The catalogue: categories with unique ids, questions with unique numbers. */
export const processAuditCatalogueSchema = z
  .array(catalogueCategorySchema)
  .check(z.minLength(1))
  .check(
    z.superRefine((categories, ctx) => {
      const ids = categories.map((entry) => entry.category.id);
      const numbers = categories.flatMap((entry) => entry.questions.map((q) => q.no));
      for (const list of [ids, numbers]) {
        const repeated = list.filter((value, index) => list.indexOf(value) !== index);
        for (const value of new Set(repeated)) {
          ctx.addIssue({ code: 'custom', message: 'config.duplicateId', params: { value } });
        }
      }
    }),
  );
export type ProcessAuditCatalogue = z.infer<typeof processAuditCatalogueSchema>;
