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
