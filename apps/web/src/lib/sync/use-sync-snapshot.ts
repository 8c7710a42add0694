import { startTransition, useContext, useLayoutEffect, useRef, useState } from 'react';
import type { SyncClient, SyncSnapshot } from './sync-client';
import { ReplicaView } from './rebase-view';
import { SyncStartingContext, useSyncClient } from './sync-context';

/** What the hooks see with no client: nothing cached, nothing loading, not connected. */
export const NO_CLIENT_SNAPSHOT: SyncSnapshot = {
  ready: true,
  view: ReplicaView.EMPTY,
  queries: new Map(),
  connection: 'offline',
  connectionId: null,
  pending: 0,
};

/**
 * What the hooks see while the signed-in person's engine is still loading: nothing read yet, so
 * every query and document is loading (not empty), and the connection is being made.
 */
export const STARTING_SNAPSHOT: SyncSnapshot = {
  ...NO_CLIENT_SNAPSHOT,
  ready: false,
  connection: 'connecting',
};

interface Selected<T> {
  client: SyncClient | null;
  select: (snapshot: SyncSnapshot) => unknown;
  snapshot: SyncSnapshot;
  value: T;
}

/**
 * Selects from the client's snapshot. `select` runs once per snapshot (every hook shares the one
 * rebased view); a result `isEqual` to the previous one is replaced by it, so components only
 * re-render when what they show changed. Pass a memoized `select` (useCallback).
 *
 * A new snapshot renders as a transition (decision 46): React renders it in slices and an input
 * stays answered, where `useSyncExternalStore` rendered every change in one blocking task (a
 * list's rows at the start of a screen: most of its blocking time on a slow phone). Every hook
 * learns of a snapshot in the same notification and schedules its value in the same transition,
 * so one commit shows one snapshot everywhere; a hook only ever moves to a later snapshot, so
 * what a screen showed never comes back older (docs/sync.md, "What a tab shows").
 */
export function useSyncSelector<T>(
  select: (snapshot: SyncSnapshot) => T,
  isEqual: (a: T, b: T) => boolean,
): T {
  const client: SyncClient | null = useSyncClient();
  const starting = useContext(SyncStartingContext);
  const [state, setState] = useState<Selected<T>>(() => selectFrom(client, select, starting));
  // The last value scheduled (it may not have rendered yet): notifications compare with it.
  const latest = useRef(state);
  // The value the last commit shows. Written in the commit, not in a render that may be dropped.
  const shown = useRef(state);

  let current = state;
  if (
    state.client !== client ||
    state.select !== select ||
    (client === null && state.snapshot !== withoutClient(starting))
  ) {
    // Another client or another selection (a new query), or the engine that was starting
    // failed: its value is needed in this render.
    const next = selectFrom(client, select, starting);
    current = isEqual(state.value, next.value) ? { ...next, value: state.value } : next;
    setState(current);
  }
  useLayoutEffect(() => {
    shown.current = current;
  });

  // A layout effect: it subscribes in the commit that shows the value, so no notification falls
  // between the two, and a snapshot that came while the render was in slices is caught up before
  // the paint (an update in a layout effect renders at once).
  useLayoutEffect(() => {
    if (!client) return;
    // Notifications for this client and selection start from what this commit shows.
    latest.current = shown.current;
    const update = (urgent = false) => {
      const known = latest.current;
      const snapshot = client.getSnapshot();
      if (known.snapshot === snapshot || known.client !== client || known.select !== select) return;
      const value = select(snapshot);
      if (isEqual(known.value, value)) {
        latest.current = { ...known, snapshot };
        return;
      }
      const next: Selected<T> = { client, select, snapshot, value };
      latest.current = next;
      if (urgent) setState(next);
      else startTransition(() => setState(next));
    };
    const unsubscribe = client.subscribe(() => update());
    update(true);
    return unsubscribe;
  }, [client, select, isEqual]);

  return current.value;
}

function withoutClient(starting: boolean): SyncSnapshot {
  return starting ? STARTING_SNAPSHOT : NO_CLIENT_SNAPSHOT;
}

function selectFrom<T>(
  client: SyncClient | null,
  select: (snapshot: SyncSnapshot) => T,
  starting: boolean,
): Selected<T> {
  const snapshot = client ? client.getSnapshot() : withoutClient(starting);
  return { client, select, snapshot, value: select(snapshot) };
}
