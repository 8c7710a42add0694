import type { SyncState } from './sync-types';

/**
 * SPEC section 4: pending writes on a cached document = unsync, pending writes on a document
 * the server has not confirmed = unsaved, no pending writes and no current subscription =
 * cached, otherwise sync. `live`: connected, and a subscription covering it is current.
 */
export function documentSyncState(pending: boolean, cached: boolean, live: boolean): SyncState {
  if (pending) return cached ? 'unsync' : 'unsaved';
  return live ? 'sync' : 'cached';
}

/**
 * The state of everything on this device, for the bottom bar: unsaved if a pending write
 * touches a document the server does not have yet, unsync for other pending writes, cached when
 * not connected, else sync.
 */
export function overallSyncState(
  pending: number,
  anyUnconfirmed: boolean,
  online: boolean,
): SyncState {
  if (pending > 0) return anyUnconfirmed ? 'unsaved' : 'unsync';
  return online ? 'sync' : 'cached';
}
