import type { JsonObject, Op } from '@qa/sync';
import type { CommandContext, CommandState } from './define-command';

/**
 * Test support for command tests (not exported from the package): a context with a counter as
 * id source and a tiny in-memory store that applies whole-document `set` ops.
 */
export function testContext(roles: readonly string[], personId = 'p-1'): CommandContext {
  let next = 0;
  return {
    actor: { personId, roles },
    now: '2024-05-01T10:00:00.000Z',
    newId: () => `id-${++next}`,
  };
}

export class MemoryState implements CommandState {
  private readonly docs = new Map<string, JsonObject>();

  constructor(initial: Record<string, Record<string, JsonObject>> = {}) {
    for (const [collection, docs] of Object.entries(initial)) {
      for (const [id, data] of Object.entries(docs)) this.docs.set(key(collection, id), data);
    }
  }

  get(collection: string, id: string): JsonObject | undefined {
    return this.docs.get(key(collection, id));
  }

  /** Applies whole-document `set` ops, all the first commands produce; anything else throws. */
  apply(ops: readonly Op[]): void {
    for (const op of ops) {
      if (op.op !== 'set' || op.path.length > 0) throw new Error(`unsupported op ${op.op}`);
      this.docs.set(key(op.collection, op.id), JSON.parse(JSON.stringify(op.value)) as JsonObject);
    }
  }
}

function key(collection: string, id: string): string {
  return JSON.stringify([collection, id]);
}

/** A deep copy of plain data that keeps what JSON would change (-0, undefined entries). */
export function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => deepCopy(item)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, {
        value: deepCopy(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out as T;
  }
  return value;
}
