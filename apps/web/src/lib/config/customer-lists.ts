import { AUTOCOMPLETION_COLLECTION } from '@qa/domain';
import type { JsonValue } from '@qa/sync';
import { useCallback, useMemo } from 'react';
import { useQuery } from '../sync/use-query';

/** The customer list offered in a field: the list whose id is the field's name without '_'. */
export function listIdOfField(field: string): string {
  return field.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Names of a customer list (`data: [{id, name}]`), as offered in a field. */
export function listNames(data: JsonValue | undefined): string[] {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  const entries = data.data;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) =>
    entry !== null && typeof entry === 'object' && !Array.isArray(entry) && entry.name
      ? [String(entry.name)]
      : [],
  );
}

const LISTS_QUERY = { collection: AUTOCOMPLETION_COLLECTION, filters: [] };

/**
 * The customer lists (customer data, SPEC section 2) as offers for fields (issue 11.9): given
 * field names, the names of the first list whose id matches one of them (see listIdOfField);
 * none when no list matches. Live and offline like every replica read.
 */
export function useCustomerLists(): (...fields: string[]) => string[] {
  const { documents } = useQuery(LISTS_QUERY);
  const byId = useMemo(
    () => new Map(documents.map((doc) => [doc.id, listNames(doc.data as JsonValue)])),
    [documents],
  );
  return useCallback(
    (...fields: string[]) => {
      for (const field of fields) {
        const names = byId.get(listIdOfField(field));
        if (names && names.length > 0) return names;
      }
      return [];
    },
    [byId],
  );
}
