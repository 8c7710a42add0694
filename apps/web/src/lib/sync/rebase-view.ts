import type { CommandActor, CommandRegistry, CommandState } from '@qa/domain';
import { applyOpsToDocument, documentKey, jsonEquals, type JsonObject } from '@qa/sync';
import { commandIdSource } from './command-ids';
import { ConfirmedIndex } from './confirmed-index';
import type { OutboxRow } from './replica-db';

/** One document of the view: the confirmed data with the pending commands applied. */
export interface ViewEntry {
  key: string;
  collection: string;
  id: string;
  data: JsonObject;
}

// One entry object per data object: a document whose data kept its identity keeps its entry.
const entries = new WeakMap<JsonObject, ViewEntry>();

function entryFor(collection: string, id: string, data: JsonObject): ViewEntry {
  let entry = entries.get(data);
  if (!entry || entry.id !== id || entry.collection !== collection) {
    entry = { key: documentKey(collection, id), collection, id, data };
    entries.set(data, entry);
  }
  return entry;
}

/**
 * What the screens see (DESIGN.md section 4): the confirmed documents with every outbox command
 * re-run on top, in order. A command that fails on the new base (the server will most likely
 * refuse it too) is left out of the view but stays queued: the server decides.
 */
export class ReplicaView {
  private readonly byCollection = new Map<string, ViewEntry[]>();

  constructor(
    readonly confirmed: ConfirmedIndex,
    /** Documents the pending commands changed; null = deleted by them. */
    readonly overlay: ReadonlyMap<string, JsonObject | null>,
    /** Keys of documents a pending command touches. */
    readonly pendingKeys: ReadonlySet<string>,
    /** Outbox entries that failed to re-run on this base. */
    readonly failed: readonly number[],
  ) {}

  get(collection: string, id: string): JsonObject | undefined {
    const key = documentKey(collection, id);
    const changed = this.overlay.get(key);
    if (changed !== undefined) return changed ?? undefined;
    return this.confirmed.data(key);
  }

  /** One live document as a view entry (undefined when missing or deleted). */
  entry(collection: string, id: string): ViewEntry | undefined {
    const data = this.get(collection, id);
    return data === undefined ? undefined : entryFor(collection, id, data);
  }

  /** Whether the server has confirmed this document (and not deleted it). */
  isConfirmed(key: string): boolean {
    return this.confirmed.data(key) !== undefined;
  }

  /** The live documents of a collection (computed once per view). */
  documents(collection: string): readonly ViewEntry[] {
    const known = this.byCollection.get(collection);
    if (known) return known;
    const list: ViewEntry[] = [];
    for (const row of this.confirmed.rows(collection)) {
      const key = documentKey(row.collection, row.id);
      if (this.overlay.has(key)) continue;
      if (!row.deleted) list.push(entryFor(row.collection, row.id, row.data));
    }
    for (const [key, data] of this.overlay) {
      if (data === null) continue;
      const slash = key.indexOf('/');
      if (key.slice(0, slash) !== collection) continue;
      list.push(entryFor(collection, key.slice(slash + 1), data));
    }
    this.byCollection.set(collection, list);
    return list;
  }

  static readonly EMPTY = new ReplicaView(ConfirmedIndex.EMPTY, new Map(), new Set(), []);
}

export interface RebaseInput {
  confirmed: ConfirmedIndex;
  outbox: readonly OutboxRow[];
  registry: CommandRegistry;
  actor: CommandActor;
  clientId: string;
  /** The view before, so unchanged pending documents keep their identity. */
  previous?: ReplicaView;
}

export function rebase(input: RebaseInput): ReplicaView {
  const { confirmed, outbox, registry, actor, clientId, previous } = input;
  const overlay = new Map<string, JsonObject | null>();
  const pendingKeys = new Set<string>();
  const failed: number[] = [];
  const state: CommandState = {
    get(collection, id) {
      const key = documentKey(collection, id);
      const changed = overlay.get(key);
      return changed !== undefined ? (changed ?? undefined) : confirmed.data(key);
    },
  };
  for (const entry of outbox) {
    // An applied entry (the server has it) is shown until its effect has arrived, not pending.
    const pending = entry.applied !== true;
    if (pending) for (const key of entry.touched) pendingKeys.add(key);
    const ctx = { actor, now: entry.createdAt, newId: commandIdSource(clientId, entry.mutationId) };
    let result;
    try {
      result = registry.execute(entry.name, entry.args, state, ctx);
    } catch (error) {
      // A command that throws is a bug; one broken entry must not blank the whole view.
      console.error(`re-running ${entry.name} (${entry.mutationId}) failed`, error);
      if (pending) failed.push(entry.mutationId);
      continue;
    }
    if (!result.ok) {
      // An applied one fails when its effect is already here (a create): nothing to show.
      if (pending) failed.push(entry.mutationId);
      continue;
    }
    for (const op of result.ops) {
      const key = documentKey(op.collection, op.id);
      // An applied command's effect on a document that has arrived is in the confirmed data
      // already; applied again, a relative op counts twice (a template's version went up by
      // two after a catalogue import whose items no query showed, issue 34).
      if (!pending && hasArrived(confirmed, key, entry.appliedAt)) continue;
      if (pending) pendingKeys.add(key);
      overlay.set(key, applyOpsToDocument(state.get(op.collection, op.id), [op]) ?? null);
    }
  }
  if (previous) keepIdentity(overlay, previous.overlay);
  return new ReplicaView(confirmed, overlay, pendingKeys, failed);
}

/** Whether the confirmed document is stored at the applied command's sequence or later. */
function hasArrived(confirmed: ConfirmedIndex, key: string, appliedAt: number | undefined) {
  const row = confirmed.byKey.get(key);
  return appliedAt !== undefined && row !== undefined && row.sequence >= appliedAt;
}

function keepIdentity(
  overlay: Map<string, JsonObject | null>,
  before: ReadonlyMap<string, JsonObject | null>,
): void {
  for (const [key, data] of overlay) {
    const old = before.get(key);
    if (data && old && old !== data && jsonEquals(old, data)) overlay.set(key, old);
  }
}
