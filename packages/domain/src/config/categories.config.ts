import { z } from 'zod';
import { PROCESS_AUDIT_CATEGORIES } from '../catalogue/process-audit-categories';
import { configOptionSchema, uniqueIdList } from './localized-text.schema';

/**
 * Configuration segment `categories`: the question categories items are grouped and scored
 * by. The defaults are the categories of the process-audit catalogue, so an imported catalogue
 * lands in known categories; an item without category shows 'Keine Kategorie'.
 */
export const categoriesConfigSchema = z.strictObject({
  categories: uniqueIdList(configOptionSchema),
});
export type CategoriesConfig = z.infer<typeof categoriesConfigSchema>;

export const DEFAULT_CATEGORIES_CONFIG: CategoriesConfig = {
  categories: PROCESS_AUDIT_CATEGORIES.map((category) => ({
    id: category.id,
    label: { de: category.de, en: category.en },
  })),
};

/**
 * The categories a question may be put in: a VDA 6.3 audit or template's are the process
 * elements of the catalogue (P2 to P7), its scoring groups, whatever the segment holds; any
 * other's are the configured ones.
 */
export function questionCategories(
  configured: CategoriesConfig['categories'],
  vda: boolean,
): CategoriesConfig['categories'] {
  return vda ? DEFAULT_CATEGORIES_CONFIG.categories : configured;
}
