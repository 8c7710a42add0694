import { applyOps, documentKey, type JsonObject, type Op } from '@qa/sync';
import fc from 'fast-check';
import { expect } from 'vitest';
import { ROLE_IDS } from '../roles';
import { validateDocument } from '../sync/collections';
import {
  executeCommand,
  type CommandDefinition,
  type CommandResult,
  type CommandState,
} from './define-command';
import { testContext } from './test-helpers';

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

/** Runs a command as a person with these roles (default: a QM). */
export function runCommandAs<A>(
  command: CommandDefinition<A>,
  args: unknown,
  state: OpsState,
  roles: readonly string[] = ['qm'],
  personId = 'p-qm',
): CommandResult {
  return executeCommand(command, args, state, testContext(roles, personId));
}

/** Every document the ops leave behind passes its collection's schema (as on the server). */
export function expectValidDocuments(state: OpsState, ops: readonly Op[]): void {
  for (const op of ops) {
    const data = state.get(op.collection, op.id);
    if (data) expect(validateDocument(op.collection, op.id, data)).toEqual({ ok: true });
  }
}

/** Runs and applies; fails the test if the command was refused. */
export function applyCommandAs<A>(
  command: CommandDefinition<A>,
  args: unknown,
  state: OpsState,
  roles: readonly string[] = ['qm'],
  personId = 'p-qm',
) {
  const result = runCommandAs(command, args, state, roles, personId);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
  state.apply(result.ops);
  expectValidDocuments(state, result.ops);
  return result;
}

/**
 * Property: every command, for any args, roles and person, answers the same twice on the same
 * state and, when it succeeds, leaves only documents that pass their schema.
 */
export function expectDeterministicAndValid(
  commands: readonly CommandDefinition[],
  args: fc.Arbitrary<unknown>,
  prepare: () => OpsState,
  people: readonly string[],
): void {
  fc.assert(
    fc.property(
      fc.constantFrom(...commands),
      args,
      fc.subarray([...ROLE_IDS]),
      fc.constantFrom(...people),
      (command, input, roles, personId) => {
        const state = prepare();
        const once = runCommandAs(command, input, state, roles, personId);
        expect(runCommandAs(command, input, state, roles, personId)).toEqual(once);
        if (once.ok) {
          state.apply(once.ops);
          expectValidDocuments(state, once.ops);
        }
      },
    ),
    { numRuns: 300 },
  );
}
