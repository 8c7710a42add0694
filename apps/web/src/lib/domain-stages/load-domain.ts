import type { CommandRegistry } from '@qa/domain';
import { nextTask } from '../dom/next-task';

let loading: Promise<void> | null = null;

const STAGES = [
  () => import('./zod-stage'),
  () => import('./document-stage'),
  () => import('./protocol-stage'),
  () => import('./documents-stage'),
  () => import('./configuration-stage'),
  () => import('./audits-stage'),
];

/** A stage that took longer evaluated something (an import of evaluated modules takes less). */
const WORKED_MS = 4;

/**
 * Evaluates the domain's modules (zod and the schemas, the documents, the configuration, the
 * audit's schemas) in steps, each in a task of its own, before a screen or the sync engine that
 * needs them is imported; the commands come later (`loadCommandRegistry`). Evaluated in one go
 * with the engine they were the longest task of a signed-in start (about 50 ms on this machine,
 * four times that on a slow phone: issue 18); in three steps each was still 50-100 ms at a
 * phone's CPU, most of it zod building its first schemas (issue 40).
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

/**
 * The domain's command registry (every command's schema, rules and permissions): what a screen
 * that only reads never needs, so it loads with the first command, or when the outbox holds one
 * to replay (SyncClient). The service worker keeps it for offline use.
 */
export async function loadCommandRegistry(): Promise<CommandRegistry> {
  await loadDomain();
  return (await import('./commands-stage')).domainCommandRegistry;
}
