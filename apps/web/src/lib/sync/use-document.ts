import {
  ACTIVITIES_COLLECTION,
  AUDIT_ITEMS_COLLECTION,
  AUDITS_COLLECTION,
  FAVORITES_COLLECTION,
} from '@qa/domain';
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
 * Collections whose documents carry their own id in `data.id`: one of them is subscribed alone
 * (queries filter on data fields only; a person's favorites are theirs alone). The others (configuration segments, standards,
 * autocompletion lists, people: small collections) keep the whole collection subscribed.
 */
const ID_IN_DATA = new Set([
  AUDITS_COLLECTION,
  AUDIT_ITEMS_COLLECTION,
  ACTIVITIES_COLLECTION,
  FAVORITES_COLLECTION,
]);

/** The subscription that covers one document. */
export function documentQuery(collection: string, id: string | undefined): Query {
  return ID_IN_DATA.has(collection) && id !== undefined
    ? { collection, filters: [{ path: ['id'], op: '==', value: id }] }
    : { collection, filters: [] };
}

/** One document as this device sees it, live while the component is mounted. */
export function useDocument(collection: string, id: string | undefined): DocumentResult {
  const client = useSyncClient();
  const query = useMemo<Query>(() => documentQuery(collection, id), [collection, id]);
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
