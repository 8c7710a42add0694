import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { SyncClient, SyncSnapshot } from './sync-client';
import { ReplicaView } from './rebase-view';
import { useSyncClient } from './sync-context';

/** What the hooks see with no client: nothing cached, nothing loading, not connected. */
export const NO_CLIENT_SNAPSHOT: SyncSnapshot = {
  ready: true,
  view: ReplicaView.EMPTY,
  queries: new Map(),
  connection: 'offline',
  connectionId: null,
  pending: 0,
};

const noSubscription = () => () => undefined;

/**
 * Selects from the client's snapshot. `select` runs once per snapshot (every hook shares the one
 * rebased view); a result `isEqual` to the previous one is replaced by it, so components only
 * re-render when what they show changed. Pass a memoized `select` (useCallback).
 */
export function useSyncSelector<T>(
  select: (snapshot: SyncSnapshot) => T,
  isEqual: (a: T, b: T) => boolean,
): T {
  const client: SyncClient | null = useSyncClient();
  const cache = useRef<{ snapshot: SyncSnapshot; select: unknown; value: T } | null>(null);
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.subscribe(listener) : noSubscription()),
    [client],
  );
  const getValue = () => {
    const snapshot = client ? client.getSnapshot() : NO_CLIENT_SNAPSHOT;
    const cached = cache.current;
    if (cached && cached.snapshot === snapshot && cached.select === select) return cached.value;
    const next = select(snapshot);
    const value = cached && isEqual(cached.value, next) ? cached.value : next;
    cache.current = { snapshot, select, value };
    return value;
  };
  return useSyncExternalStore(subscribe, getValue, getValue);
}
