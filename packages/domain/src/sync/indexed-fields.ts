import { AUDIT_ITEMS_COLLECTION, AUDITS_COLLECTION } from '../commands/audit-access';
import { TEMPLATE_ITEMS_COLLECTION } from '../commands/template-access';
import { ACTIVITIES_COLLECTION } from './collections';

/**
 * The top-level `data` fields the server indexes per collection (decision 32), chosen from what
 * the web app's queries filter and order on: one audit or item by `id` (useDocument), the items
 * of an audit by `auditId` (preparation list, delete dialog), the audit matrix by
 * `planning_year`, and the activity stream newest first by `timestamp` with a limit (activities
 * have no addressee field; `notified` is a map every reader shares). A subscription with an `==`
 * or `in` filter on one of them, or ordered by one with a limit, reads only what it returns;
 * any other query reads the whole collection. Earlier fields are preferred when a query filters
 * on several, so the most selective comes first.
 *
 * Changing this list needs a migration that rebuilds the index, as 0006-document-index does
 * (`rebuildDocumentIndex` on the server). Not for a collection that is new in the same release
 * (template_items, issue 14): no stored document of it can lack its index entries.
 */
export const INDEXED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  [AUDITS_COLLECTION]: ['id', 'planning_year'],
  [AUDIT_ITEMS_COLLECTION]: ['id', 'auditId'],
  // The template page's items and the selection dialog's items of one template.
  [TEMPLATE_ITEMS_COLLECTION]: ['id', 'templateId'],
  [ACTIVITIES_COLLECTION]: ['id', 'timestamp'],
};

const NONE: readonly string[] = [];

/** The indexed fields of a collection, most selective first; none for an unlisted collection. */
export function indexedFields(collection: string): readonly string[] {
  return Object.hasOwn(INDEXED_FIELDS, collection) ? INDEXED_FIELDS[collection]! : NONE;
}
