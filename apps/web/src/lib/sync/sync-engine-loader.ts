import { nextTask } from '../dom/next-task';
import type * as SyncEngineModuleType from './sync-engine';

type SyncEngineModule = typeof SyncEngineModuleType;

let loading: Promise<SyncEngineModule> | null = null;

/**
 * The sync engine's chunk, with Dexie evaluated first in a task of its own: evaluated together
 * with the engine and the domain's command registry it was part of the longest task of a
 * signed-in start on a slow phone (issue 18: 60 ms on this machine, four times that on a phone).
 * (zod cannot be staged so: imported from here, the bundler puts it into the entry chunk, or, named
 * as a chunk, makes the sign-in page load it.) The same promise for every caller; a failed load
 * is tried again next time.
 */
export function loadSyncEngine(): Promise<SyncEngineModule> {
  loading ??= (async () => {
    const { Dexie } = await import('dexie');
    void Dexie;
    await nextTask();
    return import('./sync-engine');
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
