/**
 * Each language's texts come in two parts (decision 86, issue 40): the first, loaded with the app,
 * holds every namespace but these; these are the texts of screens and dialogs that are no first
 * screen (sign-in, audit matrix, dashboard, an audit's execution tab), loaded with the first chunk
 * that is no part of one (`loadChunk`, chunk-load.ts), or at once should a text of them be asked
 * for before (`createI18nWith`). A namespace a first screen uses must not be listed here.
 */
export const LATER_NAMESPACES: readonly string[] = [
  'account',
  'actionList',
  'apiTokens',
  'auditImport',
  'backup',
  'camera',
  'reporting',
  'secretOnce',
  'standards',
  'templates',
  'users',
  'vdaAudit',
  'vdaSetup',
  'webhooks',
  'wrapup',
];

export type CatalogPart = 'first' | 'later';

/** The namespaces of one part of a catalog (both parts together are the whole). */
export function catalogPart(
  catalog: Record<string, unknown>,
  part: CatalogPart,
): Record<string, unknown> {
  const later = new Set(LATER_NAMESPACES);
  return Object.fromEntries(
    Object.entries(catalog).filter(([namespace]) => later.has(namespace) === (part === 'later')),
  );
}
