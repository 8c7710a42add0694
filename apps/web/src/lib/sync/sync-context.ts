import { createContext, useContext } from 'react';
import type { OfflineFilesDatabase } from '../files/offline-files';
import type { SyncClient } from './sync-client';

/** The signed-in person's sync client; null when signed out (or without IndexedDB). */
export const SyncClientContext = createContext<SyncClient | null>(null);

export function useSyncClient(): SyncClient | null {
  return useContext(SyncClientContext);
}

/**
 * True while the signed-in person's sync engine is still on its way (its chunk loads after the
 * first paint): the data hooks then say "loading", not "loaded, and empty", so a screen does
 * not show an empty list that is replaced a moment later (a layout shift on every page load).
 * False when signed out, without IndexedDB, or once the engine failed to start.
 */
export const SyncStartingContext = createContext(false);

/**
 * The signed-in person's files kept on this device until uploaded (photos, attachments); null
 * when signed out, without IndexedDB, or in tests that fake the uploads.
 */
export const OfflineFilesContext = createContext<OfflineFilesDatabase | null>(null);

export function useOfflineFiles(): OfflineFilesDatabase | null {
  return useContext(OfflineFilesContext);
}
