import { z } from 'zod/mini';
import { PROCESS_AUDIT_CATEGORIES } from '../catalogue/process-audit-categories';
import { configOptionSchema, uniqueIdList, type ConfigOption } from './localized-text.schema';

/**
 * Configuration segment `categories`: the question categories items are grouped and scored
 * by in an ordinary (not VDA 6.3) audit or template; an item without category shows 'Keine
 * Kategorie'.
 */
export const categoriesConfigSchema = z.strictObject({
  categories: uniqueIdList(configOptionSchema),
});
export type CategoriesConfig = z.infer<typeof categoriesConfigSchema>;

/**
 * The process elements P2 to P7 of the process-audit catalogue: the categories of every VDA 6.3
 * audit and template, whatever the segment holds, since the grade is computed per element.
 */
export const VDA_QUESTION_CATEGORIES: readonly ConfigOption[] = PROCESS_AUDIT_CATEGORIES.map(
  (category) => ({ id: category.id, label: { de: category.de, en: category.en } }),
);

/**
 * The shipped categories for everything else: the main clauses 4 to 10 of the high-level
 * structure ISO 9001, 14001, 27001 and 50001 share (the default standard is ISO 9001). Their ids
 * are not the bare clause numbers, so they never meet the VDA elements '4' to '7' (decision 75).
 */
export const DEFAULT_CATEGORIES_CONFIG: CategoriesConfig = {
  categories: [
    { id: 'hls-4', label: { de: 'Kontext der Organisation', en: 'Context of the organization' } },
    { id: 'hls-5', label: { de: 'Führung', en: 'Leadership' } },
    { id: 'hls-6', label: { de: 'Planung', en: 'Planning' } },
    { id: 'hls-7', label: { de: 'Unterstützung', en: 'Support' } },
    { id: 'hls-8', label: { de: 'Betrieb', en: 'Operation' } },
    { id: 'hls-9', label: { de: 'Bewertung der Leistung', en: 'Performance evaluation' } },
    { id: 'hls-10', label: { de: 'Verbesserung', en: 'Improvement' } },
  ],
};

/**
 * The categories a question may be put in: a VDA 6.3 audit or template's are the process
 * elements P2 to P7; any other's are the configured ones.
 */
export function questionCategories(
  configured: CategoriesConfig['categories'],
  vda: boolean,
): readonly ConfigOption[] {
  return vda ? VDA_QUESTION_CATEGORIES : configured;
}

/**
 * A stored segment that is still what releases before issue 34 shipped (the VDA elements as the
 * categories of every audit) becomes the new default; anything an administrator changed stays
 * (null).
 */
export function replaceShippedVdaCategories(data: unknown): CategoriesConfig | null {
  const parsed = categoriesConfigSchema.safeParse(data);
  if (!parsed.success) return null;
  const stored = parsed.data.categories;
  const shipped =
    stored.length === VDA_QUESTION_CATEGORIES.length &&
    stored.every((category, index) => {
      const vda = VDA_QUESTION_CATEGORIES[index]!;
      return (
        category.id === vda.id &&
        category.label.de === vda.label.de &&
        category.label.en === vda.label.en
      );
    });
  return shipped ? DEFAULT_CATEGORIES_CONFIG : null;
}
