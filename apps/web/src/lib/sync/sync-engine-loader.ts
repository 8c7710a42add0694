import { nextTask } from '../dom/next-task';
import type * as SyncEngineModuleType from './sync-engine';

type SyncEngineModule = typeof SyncEngineModuleType;

let loading: Promise<SyncEngineModule> | null = null;

/**
 * The sync engine's chunk, with its two large libraries evaluated first, each in a task of its
 * own: evaluated together with the engine and the domain's command registry they were the
 * longest task of a signed-in start on a slow phone (issue 18: 60 ms on this machine, four times
 * that on a phone). The same promise for every caller; a failed load is tried again next time.
 */
export function loadSyncEngine(): Promise<SyncEngineModule> {
  loading ??= (async () => {
    // A named export each, so the bundler keeps its tree-shaking of them (a whole namespace
    // would bring all of zod).
    const { Dexie } = await import('dexie');
    await nextTask();
    const { ZodType } = await import('zod');
    await nextTask();
    void [Dexie, ZodType];
    return import('./sync-engine');
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
