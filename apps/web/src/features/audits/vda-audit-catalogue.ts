import {
  PROCESS_AUDIT_CATALOGUE,
  catalogueTemplateItems,
  type CatalogueImportOptions,
  type Language,
} from '@qa/domain';

/**
 * The questions of a new VDA 6.3 process audit (issue 19): the chosen process elements of the
 * process-audit catalogue as `auditItem.import` items. Its own module, imported on demand, so
 * the catalogue's questions stay out of the audit dialog's first load (issue 18).
 */
export function vdaCatalogueItems(language: Language, options: CatalogueImportOptions) {
  return catalogueTemplateItems(PROCESS_AUDIT_CATALOGUE, language, options);
}
