import { matchesQuery, runQuery, type Query } from '@qa/sync';
import type { ViewEntry } from './rebase-view';
import type { QueryRow } from './replica-db';
import type { SyncSnapshot } from './sync-client';
import { documentSyncState, overallSyncState } from './sync-state';
import type { SyncState, ViewDocument } from './sync-types';

/** A query's subscription is current on the open socket. */
export function isQueryLive(snapshot: SyncSnapshot, row: QueryRow | undefined): boolean {
  return (
    snapshot.connection === 'online' &&
    row?.liveConnection !== undefined &&
    row.liveConnection === snapshot.connectionId
  );
}

/** Some current subscription covers the confirmed document. */
function coveredByLiveQuery(snapshot: SyncSnapshot, entry: ViewEntry): boolean {
  const confirmed = snapshot.view.confirmed.byKey.get(entry.key);
  if (!confirmed) return false;
  for (const row of snapshot.queries.values()) {
    if (row.query.collection !== entry.collection || !isQueryLive(snapshot, row)) continue;
    if (matchesQuery(confirmed, row.query)) return true;
  }
  return false;
}

export function entryState(snapshot: SyncSnapshot, entry: ViewEntry, ownLive: boolean): SyncState {
  const { view } = snapshot;
  const pending = view.pendingKeys.has(entry.key);
  const cached = view.isConfirmed(entry.key);
  const live = !pending && cached && (ownLive || coveredByLiveQuery(snapshot, entry));
  return documentSyncState(pending, cached, live);
}

// One ViewDocument per entry and state, so unchanged documents keep their identity.
const documents = new WeakMap<ViewEntry, Map<SyncState, ViewDocument>>();

export function viewDocument(entry: ViewEntry, state: SyncState): ViewDocument {
  let byState = documents.get(entry);
  if (!byState) {
    byState = new Map();
    documents.set(entry, byState);
  }
  let doc = byState.get(state);
  if (!doc) {
    doc = { collection: entry.collection, id: entry.id, data: entry.data, state };
    byState.set(state, doc);
  }
  return doc;
}

/**
 * Loading only while the query has neither a cached result nor a snapshot (not even its first
 * chunk) and the client is still trying to reach the server (offline, there is nothing to wait
 * for).
 */
function isLoading(snapshot: SyncSnapshot, row: QueryRow | undefined): boolean {
  if (!snapshot.ready) return true;
  if (row?.fetched || row?.error !== undefined || row?.partial) return false;
  return snapshot.connection !== 'offline';
}

/** How much of an incomplete snapshot has arrived. */
export interface QueryProgress {
  loaded: number;
  /** Documents in the whole result, when the server said. */
  total?: number;
}

export interface QueryResult {
  documents: ViewDocument[];
  loading: boolean;
  /**
   * Set while the result is incomplete: a large snapshot is still arriving in chunks (the
   * documents shown are its first ones, in the query's order), or its socket was lost before
   * the last chunk (it is asked for again on the next one). Absent once the result is complete.
   */
  progress?: QueryProgress;
}

export function selectQuery(snapshot: SyncSnapshot, query: Query, key: string): QueryResult {
  const row = snapshot.queries.get(key);
  const live = isQueryLive(snapshot, row);
  const entries = runQuery(snapshot.view.documents(query.collection), query);
  return {
    documents: entries.map((entry) => viewDocument(entry, entryState(snapshot, entry, live))),
    loading: isLoading(snapshot, row),
    ...(row?.partial ? { progress: row.partial } : {}),
  };
}

export interface DocumentResult {
  document: ViewDocument | undefined;
  loading: boolean;
}

export function selectDocument(
  snapshot: SyncSnapshot,
  collection: string,
  id: string,
  collectionKey: string,
): DocumentResult {
  const entry = snapshot.view.entry(collection, id);
  const row = snapshot.queries.get(collectionKey);
  if (!entry) {
    // A snapshot still arriving in chunks may bring it yet: not "not found" before its end.
    const arriving = row?.partial !== undefined && snapshot.connection !== 'offline';
    return { document: undefined, loading: arriving || isLoading(snapshot, row) };
  }
  const live = isQueryLive(snapshot, row);
  return { document: viewDocument(entry, entryState(snapshot, entry, live)), loading: false };
}

export interface SyncStatus {
  connection: SyncSnapshot['connection'];
  pending: number;
  state: SyncState;
}

export function selectStatus(snapshot: SyncSnapshot): SyncStatus {
  const { view } = snapshot;
  let unconfirmed = false;
  for (const key of view.pendingKeys) {
    if (!view.isConfirmed(key)) {
      unconfirmed = true;
      break;
    }
  }
  return {
    connection: snapshot.connection,
    pending: snapshot.pending,
    state: overallSyncState(snapshot.pending, unconfirmed, snapshot.connection === 'online'),
  };
}

export function sameQueryResult(a: QueryResult, b: QueryResult): boolean {
  return (
    a.loading === b.loading &&
    a.progress?.loaded === b.progress?.loaded &&
    a.progress?.total === b.progress?.total &&
    a.documents.length === b.documents.length &&
    a.documents.every((doc, index) => doc === b.documents[index])
  );
}
