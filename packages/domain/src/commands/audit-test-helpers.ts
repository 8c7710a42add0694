import { applyOps, documentKey, type JsonObject, type Op } from '@qa/sync';
import type { CommandState } from './define-command';

/**
 * Test support for the audit programme's commands (not exported from the package): a store
 * that applies every kind of op with `applyOps` of @qa/sync, as the server and the replica do.
 */
export class OpsState implements CommandState {
  private store = new Map<string, JsonObject>();

  constructor(initial: Record<string, Record<string, JsonObject>> = {}) {
    for (const [collection, docs] of Object.entries(initial)) {
      for (const [id, data] of Object.entries(docs)) {
        this.store.set(documentKey(collection, id), data);
      }
    }
  }

  get(collection: string, id: string): JsonObject | undefined {
    return this.store.get(documentKey(collection, id));
  }

  apply(ops: readonly Op[]): void {
    this.store = new Map(applyOps(this.store, ops).store);
  }

  /** The ids of one collection's documents, sorted. */
  ids(collection: string): string[] {
    const prefix = `${collection}/`;
    return [...this.store.keys()]
      .filter((key) => key.startsWith(prefix))
      .map((key) => key.slice(prefix.length))
      .sort();
  }
}
