import type { Query } from '@qa/sync';
import { useCallback, useEffect } from 'react';
import { queryKey } from '../sync/query-key';
import type { SyncSnapshot } from '../sync/sync-client';
import { useSyncClient } from '../sync/sync-context';
import type { ViewDocument } from '../sync/sync-types';
import { useSyncSelector } from '../sync/use-sync-snapshot';
import { selectDocument, type DocumentResult } from '../sync/view-selectors';

/**
 * The people directory's collection (PEOPLE_COLLECTION of @qa/domain, spelled out: this module is
 * part of the app's entry, which must not load the domain's schemas, vite.config.ts).
 */
const PEOPLE = 'people';
/** The directory is small and kept whole (as `documentQuery` of use-document.ts subscribes it). */
const PEOPLE_QUERY: Query = { collection: PEOPLE, filters: [] };
const PEOPLE_KEY = queryKey(PEOPLE_QUERY);
const NO_DOCUMENT: DocumentResult = { document: undefined, loading: false };
const sameDocument = (a: DocumentResult, b: DocumentResult) =>
  a.document === b.document && a.loading === b.loading;

/**
 * One person's document of the replicated people directory, live (as `useDocument` gives it,
 * without that module's imports of the domain: the session provider is part of the entry).
 */
export function usePeopleDocument(id: string | undefined): ViewDocument | undefined {
  const client = useSyncClient();
  useEffect(() => {
    if (!client || id === undefined) return;
    return client.watch(PEOPLE_QUERY);
  }, [client, id]);
  const select = useCallback(
    (snapshot: SyncSnapshot) =>
      id === undefined ? NO_DOCUMENT : selectDocument(snapshot, PEOPLE, id, PEOPLE_KEY),
    [id],
  );
  return useSyncSelector(select, sameDocument).document;
}
