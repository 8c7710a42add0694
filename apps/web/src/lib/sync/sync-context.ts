import { createContext, useContext } from 'react';
import type { OfflineFilesDatabase } from '../files/offline-files';
import type { SyncClient } from './sync-client';

/** The signed-in person's sync client; null when signed out (or without IndexedDB). */
export const SyncClientContext = createContext<SyncClient | null>(null);

export function useSyncClient(): SyncClient | null {
  return useContext(SyncClientContext);
}

/**
 * The signed-in person's files kept on this device until uploaded (photos, attachments); null
 * when signed out, without IndexedDB, or in tests that fake the uploads.
 */
export const OfflineFilesContext = createContext<OfflineFilesDatabase | null>(null);

export function useOfflineFiles(): OfflineFilesDatabase | null {
  return useContext(OfflineFilesContext);
}
