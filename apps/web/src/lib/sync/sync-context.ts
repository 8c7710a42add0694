import { createContext, useContext } from 'react';
import type { SyncClient } from './sync-client';

/** The signed-in person's sync client; null when signed out (or without IndexedDB). */
export const SyncClientContext = createContext<SyncClient | null>(null);

export function useSyncClient(): SyncClient | null {
  return useContext(SyncClientContext);
}
