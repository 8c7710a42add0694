import type { Query } from '@qa/sync';
import { useCallback, useEffect, useMemo } from 'react';
import { queryKey } from './query-key';
import { useSyncClient } from './sync-context';
import type { SyncSnapshot } from './sync-client';
import { useSyncSelector } from './use-sync-snapshot';
import { selectDocument, type DocumentResult } from './view-selectors';

export type { SyncState, ViewDocument } from './sync-types';

const NO_DOCUMENT: DocumentResult = { document: undefined, loading: false };

const sameDocument = (a: DocumentResult, b: DocumentResult) =>
  a.document === b.document && a.loading === b.loading;

/**
 * One document as this device sees it. Queries filter on data fields only, so it keeps the
 * whole collection subscribed (fine for configuration and list-sized collections; large ones
 * should show their documents through a narrower useQuery).
 */
export function useDocument(collection: string, id: string | undefined): DocumentResult {
  const client = useSyncClient();
  const query = useMemo<Query>(() => ({ collection, filters: [] }), [collection]);
  const key = useMemo(() => queryKey(query), [query]);

  useEffect(() => {
    if (!client || id === undefined) return;
    return client.watch(query);
  }, [client, query, id]);

  const select = useCallback(
    (snapshot: SyncSnapshot) =>
      id === undefined ? NO_DOCUMENT : selectDocument(snapshot, collection, id, key),
    [collection, id, key],
  );
  return useSyncSelector(select, sameDocument);
}
