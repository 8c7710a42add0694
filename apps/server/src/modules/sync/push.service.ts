import { randomUUID } from 'node:crypto';
import {
  ACTIVITIES_COLLECTION,
  domainCommandRegistry,
  validateDocument,
  type CommandActivity,
  type CommandError,
  type CommandRegistry,
  type CommandState,
  type DomainMessage,
  type Person,
} from '@qa/domain';
import {
  applyOps,
  documentKey,
  type JsonObject,
  type Mutation,
  type RejectCode,
  type ReplicatedDocument,
} from '@qa/sync';
import type { DocumentsRepository, StoredDocument } from './documents.repository';

/** One document a command wrote, as stored after it, with its data before and its sequence. */
export interface AppliedChange {
  document: ReplicatedDocument;
  prev: JsonObject | null;
  seq: number;
}

export type PushOutcome =
  | {
      kind: 'ack';
      mutationId: number;
      sequence?: number;
      /** What the command wrote (empty for a replay or a command that changed nothing). */
      changes?: AppliedChange[];
    }
  /** `expect` did not hold: the document is at another version (REST `If-Match`: 412). */
  | { kind: 'stale'; mutationId: number; version: number }
  | {
      kind: 'reject';
      mutationId: number;
      code: RejectCode;
      message: string;
      detail?: DomainMessage;
      issues?: DomainMessage[];
    };

type Rejection = Extract<PushOutcome, { kind: 'reject' }>;
type Stale = Extract<PushOutcome, { kind: 'stale' }>;

/** What a caller may ask of one push besides the mutation (the REST API's needs). */
export interface PushOptions {
  /**
   * Optimistic concurrency (`If-Match`): the document must be at this version (0 = does not
   * exist) when the command runs, else nothing is written and the answer is `stale`.
   */
  expect?: { collection: string; id: string; version: number };
  /**
   * The mutation id is the client's next one (its last applied + 1), chosen under the log lock:
   * for callers without a counter of their own (REST calls without an `Idempotency-Key`).
   */
  nextMutationId?: boolean;
}

/**
 * Called inside the command's transaction after its writes (webhooks' outbox): what it writes
 * commits with the command or not at all; a throw fails the command like a database error.
 */
export type AppliedHook = (applied: {
  person: Person;
  clientId: string;
  mutation: Mutation;
  changes: readonly AppliedChange[];
  now: string;
}) => Promise<void>;

/** Thrown inside the transaction to roll it back; carries the answer for the client. */
class RejectedCommand extends Error {
  constructor(
    readonly outcome: Rejection | Stale,
    /** Kept for the client's next welcomes; not when the client id is not this person's. */
    readonly record = true,
  ) {
    super(outcome.kind === 'stale' ? 'stale' : outcome.message);
  }
}

function rejection(
  mutation: Mutation,
  code: RejectCode,
  message: string,
  detail?: DomainMessage,
  issues?: DomainMessage[],
): Rejection {
  return {
    kind: 'reject',
    mutationId: mutation.mutationId,
    code,
    message: message.slice(0, 2000),
    ...(detail ? { detail } : {}),
    ...(issues?.length ? { issues: issues.slice(0, 100) } : {}),
  };
}

function fromCommandError(mutation: Mutation, error: CommandError): Rejection {
  const code: RejectCode =
    error.message.key === 'command.unknown'
      ? 'unknown_command'
      : error.code === 'invalid_args'
        ? 'invalid_args'
        : error.code;
  return rejection(
    mutation,
    code,
    `${mutation.name}: ${error.message.key}`,
    error.message,
    error.issues,
  );
}

function splitKey(key: string): { collection: string; id: string } {
  const slash = key.indexOf('/');
  return { collection: key.slice(0, slash), id: key.slice(slash + 1) };
}

export interface PushServiceOptions {
  registry?: CommandRegistry;
  clock?: () => Date;
  /** Ids of activity documents (commands' own ids derive from client and mutation id). */
  newId?: () => string;
}

/**
 * The write path of the sync engine (DESIGN.md section 4): per command one transaction that
 * takes the log lock, drops replays, loads what the command reads, authorizes and runs it,
 * applies the ops, validates every resulting document, writes documents and change-log rows,
 * records the activity and the client's mutation id, commits, then notifies.
 */
export class PushService {
  private readonly registry: CommandRegistry;
  private readonly clock: () => Date;
  private readonly newId: () => string;
  private readonly appliedHooks: AppliedHook[] = [];

  constructor(
    private readonly documents: DocumentsRepository,
    options: PushServiceOptions = {},
  ) {
    this.registry = options.registry ?? domainCommandRegistry;
    this.clock = options.clock ?? (() => new Date());
    this.newId = options.newId ?? randomUUID;
  }

  /** Adds a hook run in every command's transaction after its writes (see AppliedHook). */
  onApplied(hook: AppliedHook): void {
    this.appliedHooks.push(hook);
  }

  /**
   * The last mutation applied for the client (0 if none) and the sequence of the last change
   * its commands wrote (if known); answered in `welcome`.
   */
  async lastMutation(
    clientId: string,
    person: Person,
  ): Promise<{ lastMutationId: number; lastSequence?: number }> {
    const record = await this.documents.clientMutation(clientId);
    if (!record || record.personId !== person.id) return { lastMutationId: 0 };
    return {
      lastMutationId: record.lastMutationId,
      ...(record.lastSequence === undefined ? {} : { lastSequence: record.lastSequence }),
    };
  }

  /**
   * Applies one mutation for `person` on the connection of `clientId`. User errors answer a
   * rejection and change nothing; a failure of the database throws (the caller must not tell
   * the client to drop the command: it is retried after reconnecting).
   */
  async push(
    person: Person,
    clientId: string,
    mutation: Mutation,
    options: PushOptions = {},
  ): Promise<PushOutcome> {
    if (mutation.clientId !== clientId) {
      return rejection(mutation, 'forbidden', 'mutation of another client');
    }
    let result: { mutationId: number; changes: AppliedChange[] } | 'replay';
    try {
      result = await this.documents.transaction(async () => {
        const last = await this.documents.lockLog();
        const applied = await this.documents.clientMutation(clientId);
        if (applied && applied.personId !== person.id) {
          throw new RejectedCommand(
            rejection(mutation, 'forbidden', 'client id of another person'),
            false,
          );
        }
        const current = options.nextMutationId
          ? { ...mutation, mutationId: (applied?.lastMutationId ?? 0) + 1 }
          : mutation;
        // A replay first: the mutation was applied, whatever its args look like now (a client
        // may resend an id with other args), so it is acknowledged and never recorded as refused.
        if (applied && current.mutationId <= applied.lastMutationId) return 'replay' as const;
        const planned = this.registry.reads(current.name, current.args);
        if (!planned.ok) throw new RejectedCommand(fromCommandError(current, planned.error));
        const changes = await this.apply(person, clientId, current, planned.reads, last, options);
        return { mutationId: current.mutationId, changes };
      });
    } catch (error) {
      if (error instanceof RejectedCommand) {
        const { outcome } = error;
        if (outcome.kind === 'stale') return outcome;
        return error.record ? this.rejected(person, clientId, outcome) : outcome;
      }
      throw error;
    }
    if (result === 'replay') return { kind: 'ack', mutationId: mutation.mutationId };
    const sequence = result.changes.at(-1)?.seq;
    return {
      kind: 'ack',
      mutationId: result.mutationId,
      ...(sequence === undefined ? {} : { sequence }),
      changes: result.changes,
    };
  }

  /**
   * Keeps a rejection for the client's next welcomes (a reject lost with a dying socket would
   * otherwise never reach the user), then answers it. A failure to keep it throws: the client
   * hears `internal` and pushes the command again.
   */
  private async rejected(person: Person, clientId: string, outcome: Rejection) {
    const { kind: _kind, ...rest } = outcome;
    await this.documents.recordRejection(clientId, person.id, rest, this.clock().toISOString());
    return outcome;
  }

  /** What a welcome tells the client: its last applied mutation and its kept rejections. */
  async welcomeFor(
    clientId: string,
    person: Person,
  ): Promise<{
    lastMutationId: number;
    lastSequence?: number;
    rejections: Omit<Rejection, 'kind'>[];
  }> {
    const last = await this.lastMutation(clientId, person);
    const rejections = (await this.documents.clientRejections(clientId, person.id)).map(
      (row) => row as unknown as Omit<Rejection, 'kind'>,
    );
    return { ...last, rejections };
  }

  /** Inside the transaction. Answers what was written (nothing: an empty list). */
  private async apply(
    person: Person,
    clientId: string,
    mutation: Mutation,
    reads: readonly { collection: string; id: string }[],
    lastSequence: number,
    options: PushOptions,
  ): Promise<AppliedChange[]> {
    const stored = new Map<string, StoredDocument>();
    const remember = (docs: StoredDocument[]) => {
      for (const doc of docs) stored.set(documentKey(doc.collection, doc.id), doc);
    };
    const expected = options.expect;
    remember(
      await this.documents.findMany(
        expected ? [...reads, { collection: expected.collection, id: expected.id }] : reads,
      ),
    );
    if (expected) {
      const doc = stored.get(documentKey(expected.collection, expected.id));
      const version = doc && !doc.deleted ? doc.version : 0;
      if (version !== expected.version) {
        throw new RejectedCommand({ kind: 'stale', mutationId: mutation.mutationId, version });
      }
    }
    const live = (key: string) => {
      const doc = stored.get(key);
      return doc && !doc.deleted ? doc.data : undefined;
    };
    const state: CommandState = { get: (collection, id) => live(documentKey(collection, id)) };
    const now = this.clock().toISOString();
    // The same ids the client's optimistic run created (apps/web/src/lib/sync/command-ids.ts),
    // so a document created offline keeps its id when the server runs the command.
    let counter = 0;
    const ctx = {
      actor: { personId: person.id, roles: person.roles },
      now,
      newId: () => `${clientId}-${mutation.mutationId}-${++counter}`,
    };
    const result = this.registry.execute(mutation.name, mutation.args, state, ctx);
    if (!result.ok) throw new RejectedCommand(fromCommandError(mutation, result.error));

    const ops = [...result.ops];
    if (result.activity) ops.push(this.activityOp(person, result.activity, now));
    // Ops may touch documents the command did not read (a new document, a blind merge): load
    // them too, so merges land on the stored data and versions continue.
    const unread = ops
      .map((op) => ({ collection: op.collection, id: op.id }))
      .filter((ref) => !stored.has(documentKey(ref.collection, ref.id)));
    remember(await this.documents.findMany(unread));

    const before = new Map<string, JsonObject>();
    for (const [key, doc] of stored) if (!doc.deleted) before.set(key, doc.data);
    const { store: after, changed } = applyOps(before, ops);
    if (changed.length === 0) {
      await this.documents.recordMutation(clientId, person.id, mutation.mutationId, now);
      return [];
    }

    const written: { document: ReplicatedDocument; prev: JsonObject | null }[] = [];
    for (const ref of changed) {
      const key = documentKey(ref.collection, ref.id);
      const previous = stored.get(key);
      const data = after.get(key);
      if (data !== undefined) {
        const validation = validateDocument(ref.collection, ref.id, data);
        if (!validation.ok) {
          throw new RejectedCommand(
            rejection(
              mutation,
              'invalid_result',
              `${mutation.name}: ${ref.collection}/${ref.id} fails its schema`,
              {
                key: 'sync.documentInvalid',
                params: { command: mutation.name, ...splitKey(key) },
              },
              validation.issues,
            ),
          );
        }
      }
      written.push({
        document: {
          collection: ref.collection,
          id: ref.id,
          version: (previous?.version ?? 0) + 1,
          deleted: data === undefined,
          updatedAt: now,
          // A tombstone keeps its last data on the server, so subscriptions can tell which
          // queries it left; clients get it with `deleted: true`.
          data: data ?? previous?.data ?? {},
        },
        prev: previous && !previous.deleted ? previous.data : null,
      });
    }

    let seq = lastSequence;
    const author = { actor: person.id, clientId, mutationId: mutation.mutationId };
    const changes: AppliedChange[] = [];
    for (const { document, prev } of written) {
      seq += 1;
      await this.documents.write(document, seq, prev, author);
      changes.push({ document, prev, seq });
    }
    await this.documents.setLastSequence(seq);
    await this.documents.recordMutation(clientId, person.id, mutation.mutationId, now, seq);
    for (const hook of this.appliedHooks) {
      await hook({ person, clientId, mutation, changes, now });
    }
    return changes;
  }

  private activityOp(person: Person, activity: CommandActivity, now: string) {
    const id = this.newId();
    return {
      op: 'set' as const,
      collection: ACTIVITIES_COLLECTION,
      id,
      path: [],
      value: {
        id,
        actor: person.id,
        actor_name: person.displayName,
        avatar: person.avatar,
        verb: activity.verb,
        object: activity.object,
        object_url: activity.objectUrl,
        timestamp: now,
        notified: {},
      },
    };
  }
}
