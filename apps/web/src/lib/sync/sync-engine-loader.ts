import { nextTask } from '../dom/next-task';
import { loadDomain } from '../domain-stages/load-domain';
import type * as SyncEngineModuleType from './sync-engine';

type SyncEngineModule = typeof SyncEngineModuleType;

let loading: Promise<SyncEngineModule> | null = null;

/**
 * The sync engine's chunk, with Dexie evaluated first in a task of its own and the domain's
 * modules in steps after it (`loadDomain`): evaluated together with the engine they were the
 * longest task of a signed-in start on a slow phone (issue 18: 60 ms on this machine, four times
 * that on a phone). The same promise for every caller; a failed load is tried again next time.
 */
export function loadSyncEngine(): Promise<SyncEngineModule> {
  loading ??= (async () => {
    const { Dexie } = await import('dexie');
    void Dexie;
    await nextTask();
    await loadDomain();
    return import('./sync-engine');
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
