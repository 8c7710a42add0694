import { useSyncSelector } from './use-sync-snapshot';
import { selectStatus, type SyncStatus } from './view-selectors';

const sameStatus = (a: SyncStatus, b: SyncStatus) =>
  a.connection === b.connection && a.pending === b.pending && a.state === b.state;

/** The connection, the number of commands not yet confirmed, and the overall sync state. */
export function useSyncState(): SyncStatus {
  return useSyncSelector(selectStatus, sameStatus);
}
