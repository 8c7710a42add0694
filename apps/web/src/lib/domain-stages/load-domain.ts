import { nextTask } from '../dom/next-task';

let loading: Promise<void> | null = null;

const STAGES = [
  () => import('./protocol-stage'),
  () => import('./documents-stage'),
  () => import('./configuration-stage'),
  () => import('./commands-stage'),
];

/** A stage that took longer evaluated something (an import of evaluated modules takes less). */
const WORKED_MS = 4;

/**
 * Evaluates the domain's modules (zod and the schemas, the documents, the configuration, the
 * commands) in steps, each in a task of its own, before a screen or the sync engine that needs
 * them is imported. Evaluated in one go with the engine they were the longest task of a
 * signed-in start (about 50 ms on this machine, four times that on a slow phone: issue 18).
 */
export function loadDomain(): Promise<void> {
  loading ??= (async () => {
    for (const stage of STAGES) {
      const started = performance.now();
      await stage();
      // A task boundary where a stage did work; a screen's chunk may have evaluated the domain
      // already (the execution tab's does), and then the steps cost nothing.
      if (performance.now() - started > WORKED_MS) await nextTask();
    }
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
