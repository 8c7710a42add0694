import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import {
  ACTIVITIES_COLLECTION,
  domainCommandRegistry,
  validateDocument,
  type CommandActivity,
  type CommandActor,
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
import type {
  ClientMutationRecord,
  DocumentsRepository,
  StoredDocument,
} from './documents.repository';

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
 * commits with the command or not at all; a throw fails the command like a database error, and
 * the other commands of its group commit still commit. The command's documents are kept until
 * read: a read through DocumentsRepository in the hook sees them. With group commit a hook may
 * run more than once for one command (its batch is written again when another command of it
 * fails), so its effects belong in the transaction, not outside.
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

const actorOf = (person: Person): CommandActor => ({ personId: person.id, roles: person.roles });

function splitKey(key: string): { collection: string; id: string } {
  const slash = key.indexOf('/');
  return { collection: key.slice(0, slash), id: key.slice(slash + 1) };
}

/** How one push ended: its answer's kind, or `failed` (the database or a hook threw). */
export interface SettledPush {
  /** The command's name; null for a name the registry does not know (any text a client sent). */
  command: string | null;
  outcome: PushOutcome['kind'] | 'failed';
  /** The reject code of a `reject`. */
  code?: RejectCode;
  /** From the push to its answer: waiting for the batch, the transaction, the commit. */
  seconds: number;
}

/** Told of every push once it is answered (metrics); the sync module does not know who listens. */
export interface PushObserver {
  settled(push: SettledPush): void;
}

export interface PushServiceOptions {
  registry?: CommandRegistry;
  clock?: () => Date;
  /** Ids of activity documents (commands' own ids derive from client and mutation id). */
  newId?: () => string;
  /** Most commands written by one transaction (group commit); bounds a batch's latency. */
  maxBatch?: number;
  /** Documents written after which a batch takes no further command. */
  maxBatchChanges?: number;
  observer?: PushObserver;
}

/** Commands per group commit: large enough to amortise the commit, small enough to stay fast. */
export const MAX_BATCH = 200;
/** Documents written after which a batch takes no further command (the rest waits for the next). */
export const MAX_BATCH_CHANGES = 5_000;

/** One push waiting for its group commit. */
interface Queued {
  person: Person;
  clientId: string;
  mutation: Mutation;
  options: PushOptions;
  resolve: (outcome: PushOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * A command failed after its writes (a hook threw, the database refused a statement): thrown
 * out of the batch's transaction to roll it back; the batch is then written again without it.
 */
class CommandFailed extends Error {
  constructor(
    readonly item: Queued,
    readonly failure: unknown,
  ) {
    super('a command of the batch failed');
  }
}

/** The documents a batch has seen: as read at its start, then as its commands wrote them. */
type BatchView = Map<string, StoredDocument | null>;

/**
 * The write path of the sync engine (DESIGN.md section 4) with group commit (decision in
 * docs/decisions.md): pushes that arrive while a transaction is being written and committed are
 * collected (at most MAX_BATCH) and written together by the next one. Per batch: one
 * transaction that takes the log lock, reads the batch's client records and every document its
 * commands declare they read; per command, in order: drop replays, authorize and run it on the
 * batch's current state, apply the ops, validate every resulting document, keep its writes, run
 * the hooks; then all documents, change-log rows and index rows in a few multi-row statements,
 * the last sequence and the clients' mutation ids once, commit, and only then answer every
 * caller. A rejected command writes nothing (every rejection comes before its writes), so the
 * others go on; a command that fails after its writes rolls the batch back, which is written
 * again without it.
 */
export class PushService {
  private readonly registry: CommandRegistry;
  private readonly clock: () => Date;
  private readonly newId: () => string;
  private readonly maxBatch: number;
  private readonly maxBatchChanges: number;
  private readonly observer: PushObserver | null;
  private readonly appliedHooks: AppliedHook[] = [];
  private readonly queue: Queued[] = [];
  private writing = false;
  /**
   * Runs the writer outside whatever async context queued the first push: a transaction open
   * there (AppKysely joins it) must not swallow the batch.
   */
  private readonly detached = AsyncLocalStorage.snapshot();

  constructor(
    private readonly documents: DocumentsRepository,
    options: PushServiceOptions = {},
  ) {
    this.registry = options.registry ?? domainCommandRegistry;
    this.clock = options.clock ?? (() => new Date());
    this.newId = options.newId ?? randomUUID;
    this.maxBatch = options.maxBatch ?? MAX_BATCH;
    this.maxBatchChanges = options.maxBatchChanges ?? MAX_BATCH_CHANGES;
    this.observer = options.observer ?? null;
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
   * the client to drop the command: it is retried after reconnecting). The push is queued at
   * once (synchronously), so pushes called one after another are applied in that order, and
   * answered once the transaction that wrote it has committed.
   */
  push(
    person: Person,
    clientId: string,
    mutation: Mutation,
    options: PushOptions = {},
  ): Promise<PushOutcome> {
    const answer = this.enqueue(person, clientId, mutation, options);
    if (this.observer) this.observe(this.observer, mutation.name, answer);
    return answer;
  }

  private observe(observer: PushObserver, name: string, answer: Promise<PushOutcome>): void {
    const started = performance.now();
    const command = this.registry.has(name) ? name : null;
    const settled = (outcome: SettledPush['outcome'], code?: RejectCode) =>
      observer.settled({
        command,
        outcome,
        ...(code ? { code } : {}),
        seconds: (performance.now() - started) / 1000,
      });
    // The caller handles the rejection of `answer`; this branch only takes note of it.
    answer.then(
      (outcome) => settled(outcome.kind, outcome.kind === 'reject' ? outcome.code : undefined),
      () => settled('failed'),
    );
  }

  private enqueue(
    person: Person,
    clientId: string,
    mutation: Mutation,
    options: PushOptions,
  ): Promise<PushOutcome> {
    if (mutation.clientId !== clientId) {
      return Promise.resolve(rejection(mutation, 'forbidden', 'mutation of another client'));
    }
    return new Promise<PushOutcome>((resolve, reject) => {
      this.queue.push({ person, clientId, mutation, options, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        // The next turn of the loop: pushes of the same message, and of other sockets read in
        // the same round, join this first batch.
        setImmediate(() => this.detached(() => void this.drain()));
      }
    });
  }

  /** Writes batches until the queue is empty; one at a time, so sequences commit in order. */
  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        await this.commitBatch(this.queue.splice(0, this.maxBatch));
      }
    } finally {
      this.writing = false;
    }
  }

  /**
   * Writes one batch in one transaction and answers its callers after the commit. A command that
   * fails after its writes (hook, database) rolls the transaction back; the batch is written
   * again without it (and without the later commands of its client), so the others commit.
   */
  private async commitBatch(initial: Queued[]): Promise<void> {
    let batch = initial;
    /** Clients with a command that failed (not rejected): their later commands fail too. */
    const failed = new Map<string, unknown>();
    const fail = (item: Queued, error: unknown) => {
      item.reject(error);
      failed.set(item.clientId, error);
    };
    while (batch.length > 0) {
      const settled = new Map<Queued, PushOutcome>();
      try {
        await this.documents.transaction(() =>
          this.documents.deferWrites(() => this.writeBatch(batch, settled)),
        );
      } catch (error) {
        if (error instanceof CommandFailed) {
          const { item: culprit, failure } = error;
          fail(culprit, failure);
          const at = batch.indexOf(culprit);
          batch = batch.filter((item, i) => {
            if (i === at) return false;
            if (i < at || item.clientId !== culprit.clientId || item.options.nextMutationId) {
              return true;
            }
            // Applied after the failed one, it would make that one a "replay" when the client
            // resends both: it fails too, and the client resends it in order.
            item.reject(failure);
            return false;
          });
          continue;
        }
        // The transaction did not commit: nothing of the batch was written. Every caller hears
        // the error (the client resends), and so do the queued commands of the same clients.
        for (const item of batch) fail(item, error);
        break;
      }
      // Commands left out because the batch's writes grew large (see writeBatch) go first into
      // the next batch, in order.
      const rest = batch.filter((item) => !settled.has(item));
      for (const item of batch) {
        const outcome = settled.get(item);
        if (outcome) item.resolve(outcome);
      }
      this.queue.unshift(...rest);
      break;
    }
    this.failQueued(failed);
  }

  /** Inside the batch's transaction: every command in order, then the batch's bookkeeping. */
  private async writeBatch(batch: readonly Queued[], settled: Map<Queued, PushOutcome>) {
    let last = await this.documents.lockLog();
    const first = last;
    const clients = await this.documents.clientMutations([
      ...new Set(batch.map((item) => item.clientId)),
    ]);
    const view = await this.readAhead(batch);
    const changedClients = new Set<string>();
    let written = 0;
    for (const item of batch) {
      // A batch of commands that write a lot (a template copied into an audit writes hundreds of
      // documents) stops early: its transaction stays short, the rest goes into the next one.
      if (written >= this.maxBatchChanges) break;
      try {
        const outcome = await this.pushOne(item, last, clients, view);
        settled.set(item, outcome);
        if (outcome.kind === 'ack' && outcome.changes !== undefined) {
          last = outcome.sequence ?? last;
          changedClients.add(item.clientId);
          written += outcome.changes.length;
        }
      } catch (error) {
        if (!(error instanceof RejectedCommand)) throw new CommandFailed(item, error);
        const { outcome } = error;
        if (outcome.kind === 'reject' && error.record) {
          // Nothing of the command was written (rejections come before its writes); the record
          // commits with the batch, so the client hears the reject only once it is kept.
          const { kind: _kind, ...rest } = outcome;
          const now = this.clock().toISOString();
          await this.documents.recordRejection(item.clientId, item.person.id, rest, now);
        }
        settled.set(item, outcome);
      }
    }
    if (last !== first) await this.documents.setLastSequence(last);
    if (changedClients.size > 0) {
      await this.documents.recordMutations(
        [...changedClients].map((clientId) => ({ clientId, ...clients.get(clientId)! })),
        this.clock().toISOString(),
      );
    }
  }

  /**
   * What every command of the batch says it reads, in one query (on PostgreSQL a round trip per
   * command saved). Documents not found are remembered as absent.
   */
  private async readAhead(batch: readonly Queued[]): Promise<BatchView> {
    const refs = new Map<string, { collection: string; id: string }>();
    for (const { person, mutation, options } of batch) {
      const planned = this.registry.reads(mutation.name, mutation.args, actorOf(person));
      const wanted = planned.ok ? [...planned.reads] : [];
      if (options.expect) wanted.push(options.expect);
      for (const { collection, id } of wanted) {
        refs.set(documentKey(collection, id), { collection, id });
      }
    }
    const view: BatchView = new Map([...refs.keys()].map((key) => [key, null]));
    for (const doc of await this.documents.findMany([...refs.values()])) {
      view.set(documentKey(doc.collection, doc.id), doc);
    }
    return view;
  }

  /** The documents among `refs` as the batch has them, reading those it has not seen yet. */
  private async current(
    refs: readonly { collection: string; id: string }[],
    view: BatchView,
  ): Promise<StoredDocument[]> {
    const unseen = refs.filter((ref) => !view.has(documentKey(ref.collection, ref.id)));
    if (unseen.length > 0) {
      for (const ref of unseen) view.set(documentKey(ref.collection, ref.id), null);
      for (const doc of await this.documents.findMany(unseen)) {
        view.set(documentKey(doc.collection, doc.id), doc);
      }
    }
    const found: StoredDocument[] = [];
    for (const ref of refs) {
      const doc = view.get(documentKey(ref.collection, ref.id));
      if (doc) found.push(doc);
    }
    return found;
  }

  /** Fails the queued commands of clients whose earlier command failed (see commitBatch). */
  private failQueued(failed: ReadonlyMap<string, unknown>): void {
    if (failed.size === 0) return;
    for (let i = 0; i < this.queue.length;) {
      const item = this.queue[i]!;
      if (failed.has(item.clientId) && !item.options.nextMutationId) {
        this.queue.splice(i, 1);
        item.reject(failed.get(item.clientId));
      } else {
        i += 1;
      }
    }
  }

  /**
   * One command of a batch, inside its transaction. `clients` holds the batch's client records
   * and is updated here when the command applies, so a later command of the same client sees
   * it (replays, the next mutation id). Throws RejectedCommand for an answer that writes
   * nothing, anything else for a failure after its writes (the batch then rolls back).
   */
  private async pushOne(
    item: Queued,
    lastSequence: number,
    clients: Map<string, ClientMutationRecord>,
    view: BatchView,
  ): Promise<PushOutcome> {
    const { person, clientId, mutation, options } = item;
    const applied = clients.get(clientId);
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
    if (applied && current.mutationId <= applied.lastMutationId) {
      return { kind: 'ack', mutationId: mutation.mutationId };
    }
    const planned = this.registry.reads(current.name, current.args, actorOf(person));
    if (!planned.ok) throw new RejectedCommand(fromCommandError(current, planned.error));
    const changes = await this.apply(
      person,
      clientId,
      current,
      planned.reads,
      lastSequence,
      options,
      view,
    );
    const sequence = changes.at(-1)?.seq;
    clients.set(clientId, {
      personId: person.id,
      lastMutationId: current.mutationId,
      ...(sequence !== undefined
        ? { lastSequence: sequence }
        : applied?.lastSequence !== undefined
          ? { lastSequence: applied.lastSequence }
          : {}),
    });
    return {
      kind: 'ack',
      mutationId: current.mutationId,
      ...(sequence === undefined ? {} : { sequence }),
      changes,
    };
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

  /**
   * Inside the batch's transaction. Answers what was written (nothing: an empty list), with the
   * sequences after `lastSequence`; the caller records the client's mutation and the sequence.
   */
  private async apply(
    person: Person,
    clientId: string,
    mutation: Mutation,
    reads: readonly { collection: string; id: string }[],
    lastSequence: number,
    options: PushOptions,
    view: BatchView,
  ): Promise<AppliedChange[]> {
    const stored = new Map<string, StoredDocument>();
    const remember = (docs: StoredDocument[]) => {
      for (const doc of docs) stored.set(documentKey(doc.collection, doc.id), doc);
    };
    const expected = options.expect;
    remember(
      await this.current(
        expected ? [...reads, { collection: expected.collection, id: expected.id }] : reads,
        view,
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
      actor: actorOf(person),
      now,
      newId: () => `${clientId}-${mutation.mutationId}-${++counter}`,
    };
    const result = this.registry.execute(mutation.name, mutation.args, state, ctx);
    if (!result.ok) throw new RejectedCommand(fromCommandError(mutation, result.error));

    const ops = [...result.ops];
    let activityId: string | null = null;
    if (result.activity) {
      const op = this.activityOp(person, result.activity, now);
      activityId = op.id;
      ops.push(op);
    }
    // Ops may touch documents the command did not read (a new document, a blind merge): load
    // them too, so merges land on the stored data and versions continue. The activity's id is
    // new (a random UUID), so it is not looked for.
    const unread = ops
      .filter((op) => !(op.collection === ACTIVITIES_COLLECTION && op.id === activityId))
      .map((op) => ({ collection: op.collection, id: op.id }))
      .filter((ref) => !stored.has(documentKey(ref.collection, ref.id)));
    if (unread.length > 0) remember(await this.current(unread, view));

    const before = new Map<string, JsonObject>();
    for (const [key, doc] of stored) if (!doc.deleted) before.set(key, doc.data);
    const { store: after, changed } = applyOps(before, ops);
    if (changed.length === 0) return [];

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

    const changes = written.map(({ document, prev }, i) => ({
      document,
      prev,
      seq: lastSequence + i + 1,
    }));
    const author = { actor: person.id, clientId, mutationId: mutation.mutationId };
    // Kept by deferWrites and written with the batch's; a read that needs them writes them first.
    await this.documents.writeMany(
      changes.map(({ document, prev, seq }) => ({ document, seq, prevData: prev })),
      author,
    );
    for (const { document, seq } of changes) {
      view.set(documentKey(document.collection, document.id), { ...document, seq });
    }
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
