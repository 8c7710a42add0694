import type { ItemInput } from '../commands/item-command-parts';
import type { Language } from '../messages/message';
import { catalogueQuestions, type CatalogueQuestionOptions } from './process-audit-catalogue';
import type { ProcessAuditCatalogue } from './process-audit-catalogue.schema';

export interface CatalogueImportOptions extends CatalogueQuestionOptions {
  /** The categories to import ('2' to '7'); absent or empty = the whole catalogue. */
  categoryIds?: readonly string[];
  /** A new item id per question (the client's id source). */
  newId(): string;
}

/**
 * The items of `templateItem.import` (source 'catalogue') that put the process-audit catalogue
 * (SPEC section 9), whole or the chosen categories, into a template in one command: in the
 * user's language, capability limits filled in from the `template` configuration, and, when
 * `standardId` is given (the template's standard, if it is VDA 6.3), each question assigned the
 * chapter of its category. The catalogue is a parameter so the web app loads its data only
 * where it imports it (issue 18).
 */
export function catalogueTemplateItems(
  catalogue: ProcessAuditCatalogue,
  language: Language,
  options: CatalogueImportOptions,
): ItemInput[] {
  const chosen = new Set(options.categoryIds ?? []);
  const part =
    chosen.size === 0 ? catalogue : catalogue.filter((entry) => chosen.has(entry.category.id));
  return catalogueQuestions(part, language, options).map((question) => ({
    id: options.newId(),
    question,
  }));
}
