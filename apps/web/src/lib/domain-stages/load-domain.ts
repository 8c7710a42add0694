import { nextTask } from '../dom/next-task';

let loading: Promise<void> | null = null;

/**
 * Evaluates the domain's modules (zod and the schemas, the documents, the configuration, the
 * commands) in steps, each in a task of its own, before a screen or the sync engine that needs
 * them is imported. Evaluated in one go with the engine they were the longest task of a
 * signed-in start (about 50 ms on this machine, four times that on a slow phone: issue 18).
 */
export function loadDomain(): Promise<void> {
  loading ??= (async () => {
    await import('./protocol-stage');
    await nextTask();
    await import('./documents-stage');
    await nextTask();
    await import('./configuration-stage');
    await nextTask();
    await import('./commands-stage');
    await nextTask();
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
