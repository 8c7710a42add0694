import type { Query } from '@qa/sync';
import { useCallback, useEffect, useMemo } from 'react';
import { queryKey } from './query-key';
import { useSyncClient } from './sync-context';
import type { SyncSnapshot } from './sync-client';
import { useSyncSelector } from './use-sync-snapshot';
import { sameQueryResult, selectQuery, type QueryResult } from './view-selectors';

export type { SyncState, ViewDocument } from './sync-types';

const NO_QUERY: QueryResult = { documents: [], loading: false };

/**
 * The documents of a query as this device sees them (confirmed data plus pending commands),
 * each with its sync state, live while the component is mounted. The query is subscribed for
 * as long as a component shows it; `null` shows nothing (e.g. while a parameter is unknown).
 * The query object may be a new one on every render: queries are compared by content.
 */
export function useQuery(query: Query | null): QueryResult {
  const client = useSyncClient();
  const key = query === null ? null : queryKey(query);
  // Parsed back from its key: one object per distinct query, whatever the caller passes.
  const stable = useMemo(() => (key === null ? null : (JSON.parse(key) as Query)), [key]);

  useEffect(() => {
    if (!client || !stable) return;
    return client.watch(stable);
  }, [client, stable]);

  const select = useCallback(
    (snapshot: SyncSnapshot) =>
      stable === null || key === null ? NO_QUERY : selectQuery(snapshot, stable, key),
    [stable, key],
  );
  return useSyncSelector(select, sameQueryResult);
}
