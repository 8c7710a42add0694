import type { CommandActor, CommandFailure, CommandRegistry } from '@qa/domain';
import { documentKey, mutationSchema, type JsonValue, type Query } from '@qa/sync';
import { liveQuery, type Subscription } from 'dexie';
import { commandIdSource } from './command-ids';
import { CommandSettlement, localFailure, toRejection } from './command-settlement';
import { ConfirmedIndex } from './confirmed-index';
import {
  aliveTabs,
  holdLock,
  leaderLockName,
  tabLockPrefix,
  type LockManagerLike,
} from './leader-election';
import { ensureClientId } from './meta-store';
import { enqueue } from './outbox-store';
import { QueryHolds } from './query-holds';
import { randomId } from './random-id';
import { ReplicaView, rebase } from './rebase-view';
import type {
  ConnectionRecord,
  ConnectionStatus,
  DocumentRow,
  MetaRow,
  OutboxRow,
  QueryRow,
  ReplicaDb,
} from './replica-db';
import type { CreateSocket } from './socket';
import { SyncLeader } from './sync-leader';
import {
  realScheduler,
  windowOnlineEvents,
  type OnlineEvents,
  type Scheduler,
  type SyncLog,
} from './sync-runtime';
import type { CommandOptions, CommandOutcome, Rejection, SyncLimitCode } from './sync-types';

export interface SyncClientOptions {
  db: ReplicaDb;
  /** The sync endpoint, e.g. wss://host/api/v1/sync. */
  url: string;
  createSocket: CreateSocket;
  /** The signed-in person, asked at every command run. */
  actor: () => CommandActor;
  /** Uploads files before the command that refers to them is pushed; throwing retries later. */
  uploadFiles?: (fileIds: string[]) => Promise<void>;
  /** A command of this tab (or of a tab that is gone) was rejected by the server. */
  onReject?: (rejection: Rejection) => void;
  /** The server refused the session (the socket closes; reconnects keep trying). */
  onUnauthorized?: () => void;
  /**
   * The server refused this person more sockets or subscriptions, or cut a socket that did not
   * read fast enough (issue 35); the leader tab tells it once per refusal.
   */
  onLimit?: (code: SyncLimitCode) => void;
  /** The server speaks another protocol version (a deploy since this page loaded). */
  onProtocolMismatch?: () => void;
  /**
   * The server was restored from a backup (another change log) while this tab showed data: the
   * replica was emptied and is being loaded again, unsent commands kept. Every tab hears it.
   */
  onChangeLogReset?: () => void;
  /**
   * The commands this client runs: given, or loaded when first needed (a command, or an outbox
   * to replay), so a start that only reads does not load and evaluate the domain's commands.
   * Default: the domain's registry.
   */
  registry?: CommandRegistry | (() => Promise<CommandRegistry>);
  /** Web Locks; without them this client leads (Node simulations, old browsers). */
  locks?: LockManagerLike | null;
  /** Names the locks; tabs of one person share it. Defaults to the database name. */
  lockScope?: string;
  onlineEvents?: OnlineEvents;
  scheduler?: Scheduler;
  random?: () => number;
  clock?: () => Date;
  log?: SyncLog;
}

/** Everything a screen reads, replaced as a whole on every change (`useSyncSelector`). */
export interface SyncSnapshot {
  /** The replica has been read once; before that nothing is known. */
  ready: boolean;
  view: ReplicaView;
  queries: ReadonlyMap<string, QueryRow>;
  connection: ConnectionStatus;
  connectionId: string | null;
  /** Commands not yet confirmed by the server. */
  pending: number;
}

/** The tables read before the snapshot is `ready`. */
const READY_AFTER = ['replica', 'meta'];

/**
 * One consistent moment of the confirmed documents and the outbox. The counters only grow with
 * every write of what they count, so a read with a smaller one than already applied is stale.
 */
/** The same outbox entries in the same order and state (a read returns new objects each time). */
function sameEntries(a: readonly OutboxRow[], b: readonly OutboxRow[]): boolean {
  if (a.length !== b.length) return false;
  return a.every(
    (row, index) =>
      row.mutationId === b[index]!.mutationId &&
      row.applied === b[index]!.applied &&
      row.appliedSince === b[index]!.appliedSince,
  );
}

interface ReplicaRead {
  /** The `documentsStamp` the read started from (null: everything was read). */
  since: number | null;
  /** `documentsReset`: when the documents were last emptied (the server's change log changed). */
  reset: number;
  /** `resetReported`: the last reset some tab has told the person about. */
  resetReported: number;
  stamp: number;
  rows: DocumentRow[];
  outbox: OutboxRow[];
  /** The subscriptions' rows (fetched, live on which socket), read with the documents. */
  queries: QueryRow[];
  /** `nextMutationId` and `settledUpTo`: every outbox change raises one of them. */
  nextMutationId: number;
  settledUpTo: number;
}

/** The domain's commands, when no registry is given. */
async function loadDomainRegistry(): Promise<CommandRegistry> {
  return (await import('../domain-stages/commands-stage')).domainCommandRegistry;
}

/** The registry of a view with nothing to replay (see `recompute`). */
const NO_COMMANDS: CommandRegistry = {
  get: () => undefined,
  has: () => false,
  names: () => [],
  reads: notLoaded,
  execute: notLoaded,
};

function notLoaded(name: string): never {
  throw new Error(`${name}: run before the command registry was loaded`);
}

const INITIAL: SyncSnapshot = {
  ready: false,
  view: ReplicaView.EMPTY,
  queries: new Map(),
  connection: 'connecting',
  connectionId: null,
  pending: 0,
};

/**
 * The browser sync engine (DESIGN.md section 4), free of React so Node simulations run it too.
 * Every tab has one: it reads the replica (shared by the tabs through IndexedDB and Dexie's
 * liveQuery), keeps one rebased view for all screens, runs commands optimistically and queues
 * them. The tab holding the leader lock also runs a SyncLeader (the socket).
 */
export class SyncClient {
  readonly tabId = randomId();
  /** Null until loaded; loaded whenever the outbox holds an entry (the view replays them). */
  private registry: CommandRegistry | null;
  private registryLoading: Promise<CommandRegistry> | null = null;
  private readonly scheduler: Scheduler;
  private readonly clock: () => Date;
  private readonly log: SyncLog;
  private readonly locks: LockManagerLike | null;
  private readonly scope: string;
  private snapshot: SyncSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private clientId: string | null = null;
  private started: Promise<string> | null = null;
  private stopped = false;
  private readonly subscriptions: Subscription[] = [];
  private readonly releases: (() => void)[] = [];
  private leader: SyncLeader | null = null;

  private confirmed = ConfirmedIndex.EMPTY;
  private outbox: readonly OutboxRow[] = [];
  /** The outbox as the last consistent read found it (the view may show more, see below). */
  private storedOutbox: readonly OutboxRow[] = [];
  private queries: ReadonlyMap<string, QueryRow> = new Map();
  private connection: ConnectionRecord | null = null;
  private rejections = 0;
  private readonly loaded = new Set<string>();
  /** The replica's `documentsStamp` at the last read; null before the first (whole) read. */
  private documentsStamp: number | null = null;
  /** The `documentsReset` of the last read applied; null before the first. */
  private documentsReset: number | null = null;
  /** The last reset this tab told the person about. */
  private resetReported = 0;
  /** The outbox counters of the last read applied (see ReplicaRead). */
  private outboxRead = { nextMutationId: 0, settledUpTo: 0 };

  private markReady: () => void = () => undefined;
  /** Resolves once the replica has been read (the view is not the empty start view). */
  readonly ready = new Promise<void>((resolve) => {
    this.markReady = resolve;
  });

  private readonly settlement: CommandSettlement;
  private readonly holds: QueryHolds;
  private tabLockHeld: Promise<void> | null = null;

  constructor(private readonly options: SyncClientOptions) {
    this.registry = typeof options.registry === 'object' ? options.registry : null;
    this.scheduler = options.scheduler ?? realScheduler;
    this.clock = options.clock ?? (() => new Date());
    this.log = options.log ?? console;
    this.locks = options.locks ?? null;
    this.scope = options.lockScope ?? options.db.name;
    this.settlement = new CommandSettlement(
      options.db,
      (rejection) => this.report(rejection),
      this.log,
    );
    this.holds = new QueryHolds(
      options.db,
      this.tabId,
      async () => {
        await this.start();
        await this.tabLockHeld;
      },
      () => this.clock().getTime(),
      this.log,
    );
  }

  /** Reads the replica, and takes part in the leader election. Idempotent. */
  start(): Promise<string> {
    this.started ??= this.begin();
    return this.started;
  }

  private async begin(): Promise<string> {
    const { db } = this.options;
    this.tabLockHeld = new Promise((resolve) => {
      this.releases.push(
        holdLock(this.locks, `${tabLockPrefix(this.scope)}${this.tabId}`, resolve),
      );
    });
    const clientId = await ensureClientId(db);
    this.clientId = clientId;
    if (this.stopped) return clientId;
    // Documents, outbox and queries are read together, in one transaction: seen apart, an ack
    // (the command leaves the outbox) could be applied before the delta that preceded it, and the
    // view would show the document without the command for a moment (docs/sync.md "What a tab
    // shows"); and a query's answer (its documents, then the query turning live) would reach the
    // screens twice, every document's state changing the second time. Only the rows stamped
    // since the last read are read, so a delta to one item does not re-read the whole replica.
    this.observe(
      'replica',
      () => this.readReplica(),
      // Queued commands are replayed on the view: their registry first (a read applied later
      // than a newer one is stale and dropped, see replicaRead).
      (read) =>
        read.outbox.length > 0 && this.registry === null
          ? this.loadRegistry().then(() => this.replicaRead(read))
          : this.replicaRead(read),
    );
    this.observe(
      'meta',
      async () =>
        (await db.meta.bulkGet(['connection'])).filter((row): row is MetaRow => row !== undefined),
      (rows) => this.metaChanged(rows),
    );
    this.observe(
      'rejections',
      () => db.rejections.count(),
      (count) => {
        this.rejections = count;
        this.leader?.rejectionsChanged(count);
      },
    );
    this.releases.push(holdLock(this.locks, leaderLockName(this.scope), () => this.lead(clientId)));
    return clientId;
  }

  private observe<T>(
    name: string,
    query: () => Promise<T>,
    next: (value: T) => void | Promise<void>,
  ): void {
    const subscription = liveQuery(query).subscribe({
      next: (value) => {
        if (this.stopped) return;
        const markLoaded = () => {
          if (this.stopped || this.loaded.has(name)) return;
          this.loaded.add(name);
          this.emit();
        };
        const done = next(value);
        if (done) void done.then(markLoaded);
        else markLoaded();
      },
      error: (error: unknown) => this.log.error(`watching the replica's ${name} failed`, error),
    });
    this.subscriptions.push(subscription);
  }

  private lead(clientId: string): void {
    if (this.stopped) return;
    const { options } = this;
    this.leader = new SyncLeader({
      db: options.db,
      clientId,
      tabId: this.tabId,
      url: options.url,
      createSocket: options.createSocket,
      uploadFiles: options.uploadFiles,
      onUnauthorized: options.onUnauthorized,
      onLimit: options.onLimit,
      onProtocolMismatch: options.onProtocolMismatch,
      onOrphanRejection: (row) => this.report(toRejection(row)),
      aliveTabs: () => aliveTabs(this.locks, this.scope),
      onlineEvents: options.onlineEvents ?? windowOnlineEvents,
      scheduler: this.scheduler,
      random: options.random ?? Math.random,
      now: () => this.clock().getTime(),
      log: this.log,
    });
    this.leader.setOutbox(this.storedOutbox);
    this.leader.setQueries(this.queries);
    this.leader.rejectionsChanged(this.rejections);
  }

  /** Whether this tab holds the socket. */
  get isLeader(): boolean {
    return this.leader !== null;
  }

  /** Stops watching and syncing; commands stay queued in the replica for the next start. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    const leader = this.leader;
    this.leader = null;
    await leader?.stop();
    try {
      await this.holds.stop();
    } catch (error) {
      this.log.warn('releasing the queries of this tab failed', error);
    }
    for (const release of this.releases) release();
  }

  // Reading: one snapshot for every screen.

  getSnapshot = (): SyncSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit(): void {
    const ready = READY_AFTER.every((name) => this.loaded.has(name));
    if (ready) this.markReady();
    this.snapshot = {
      ready,
      view: this.snapshot.view,
      queries: this.queries,
      connection: this.connection?.status ?? 'connecting',
      connectionId: this.connection?.connectionId ?? null,
      pending: this.outbox.filter((row) => row.applied !== true).length,
    };
    for (const listener of this.listeners) listener();
  }

  /** The command registry, loaded once (`SyncClientOptions.registry`); a failed load is retried. */
  private loadRegistry(): Promise<CommandRegistry> {
    if (this.registry) return Promise.resolve(this.registry);
    const load = this.options.registry;
    this.registryLoading ??= (typeof load === 'function' ? load() : loadDomainRegistry()).then(
      (registry) => {
        this.registry = registry;
        return registry;
      },
      (error: unknown) => {
        this.registryLoading = null;
        throw error;
      },
    );
    return this.registryLoading;
  }

  private recompute(): void {
    if (this.clientId === null) return;
    const view = rebase({
      confirmed: this.confirmed,
      outbox: this.outbox,
      // An outbox entry is only applied once the registry is there (replica reads and commands
      // wait for it); an empty outbox replays nothing.
      registry: this.registry ?? NO_COMMANDS,
      actor: this.options.actor(),
      clientId: this.clientId,
      previous: this.snapshot.view,
    });
    this.snapshot = { ...this.snapshot, view };
  }

  /** The actor's roles changed: commands are re-run with them. */
  actorChanged(): void {
    this.recompute();
    this.emit();
  }

  /** Reads, in one transaction, the rows stamped since the last applied read and the outbox. */
  private async readReplica(): Promise<ReplicaRead> {
    const { db } = this.options;
    const since = this.documentsStamp;
    return db.transaction('r', db.documents, db.meta, db.outbox, db.queries, async () => {
      const [stampRow, nextRow, settledRow, resetRow, reportedRow] = await db.meta.bulkGet([
        'documentsStamp',
        'nextMutationId',
        'settledUpTo',
        'documentsReset',
        'resetReported',
      ]);
      const stamp = stampRow?.key === 'documentsStamp' ? stampRow.value : 0;
      const reset = resetRow?.key === 'documentsReset' ? resetRow.value : 0;
      // Emptied since the last read (another change log): the rows since would miss what went.
      const whole = since === null || reset > since;
      let rows: DocumentRow[] = [];
      if (whole) rows = await db.documents.toArray();
      else if (stamp > since) rows = await db.documents.where('stamp').above(since).toArray();
      const outbox = await db.outbox.orderBy('mutationId').toArray();
      const queries = await db.queries.toArray();
      return {
        since: whole ? null : since,
        reset,
        resetReported: reportedRow?.key === 'resetReported' ? reportedRow.value : 0,
        stamp,
        rows,
        outbox,
        queries,
        nextMutationId: nextRow?.key === 'nextMutationId' ? nextRow.value : 1,
        settledUpTo: settledRow?.key === 'settledUpTo' ? settledRow.value : 0,
      };
    });
  }

  /** Applies a consistent read: the confirmed rows and the outbox change together. */
  private replicaRead(read: ReplicaRead): void {
    const applied = this.documentsStamp;
    const stale =
      (applied !== null && read.stamp < applied) ||
      read.nextMutationId < this.outboxRead.nextMutationId ||
      read.settledUpTo < this.outboxRead.settledUpTo;
    if (stale) return;
    // Say why the documents were replaced, once per reset: in each tab that showed the old
    // log's documents, and in the first tab to read them if no tab has said it yet (a restore
    // signs everyone out, so that is often the tab the sign-in opened, which showed nothing).
    const showedOld = this.documentsReset !== null && read.reset > this.documentsReset;
    const untold = read.reset > read.resetReported && read.reset > this.resetReported;
    if (showedOld || untold) {
      this.resetReported = read.reset;
      this.notify(this.options.onChangeLogReset, 'reporting the reloaded replica failed');
      if (read.reset > read.resetReported) {
        const { db } = this.options;
        void db.meta
          .put({ key: 'resetReported', value: read.reset })
          .catch((error: unknown) => console.error('recording the restore notice failed', error));
      }
    }
    this.documentsReset = Math.max(this.documentsReset ?? 0, read.reset);
    this.queries = new Map(read.queries.map((row) => [row.key, row]));
    this.leader?.setQueries(this.queries);
    if (
      read.rows.length === 0 &&
      read.since !== null &&
      sameEntries(read.outbox, this.storedOutbox)
    ) {
      // Only the subscriptions changed: the view stays, the states follow the queries.
      this.outboxRead = { nextMutationId: read.nextMutationId, settledUpTo: read.settledUpTo };
      this.settlement.settle(read.settledUpTo);
      this.emit();
      return;
    }
    // A read that started before another was applied holds all its rows and more, as newer.
    if (read.since === null || applied === null || read.stamp > applied) {
      this.confirmed =
        read.since === null
          ? new ConfirmedIndex(read.rows, this.confirmed)
          : this.confirmed.withChanges(read.rows);
    }
    this.documentsStamp = read.stamp;
    this.outboxRead = { nextMutationId: read.nextMutationId, settledUpTo: read.settledUpTo };
    // A command this tab queued after the read began is not in it yet but is shown already.
    const queuedSince = this.outbox.filter(
      (row) => row.mutationId >= read.nextMutationId && !this.settlement.isSettled(row.mutationId),
    );
    this.outboxChanged([...read.outbox, ...queuedSince]);
    this.storedOutbox = read.outbox;
    this.leader?.setOutbox(read.outbox);
    // Settled from the same read, so a command's `confirmed` resolves once the view is past it.
    this.settlement.settle(read.settledUpTo);
  }

  /**
   * What the view shows as pending. The leader pushes only what a read of the replica found
   * (`storedOutbox`): it holds every entry below the counter, so a command this tab queued is
   * never pushed before an earlier one another tab queued, which the server would then take for
   * a replay and drop.
   */
  private outboxChanged(rows: OutboxRow[]): void {
    this.outbox = rows;
    this.recompute();
    this.emit();
  }

  private metaChanged(rows: MetaRow[]): void {
    for (const row of rows) {
      if (row.key === 'connection') this.connection = row.value;
    }
    this.emit();
  }

  // Writing: commands.

  /**
   * Runs a command on the current view. Not ok: nothing is queued, `confirmed` repeats the local
   * failure. Ok without ops: nothing to send, `confirmed` is ok at once. Otherwise the command
   * is appended to the outbox, shown at once, and `confirmed` settles with the server's answer.
   */
  async command(
    name: string,
    args: JsonValue,
    options: CommandOptions = {},
  ): Promise<CommandOutcome> {
    const clientId = await this.start();
    // Run on the replica as stored, not on the empty view of a tab still reading it.
    await this.ready;
    const registry = await this.loadRegistry();
    if (!mutationSchema.safeParse({ mutationId: 1, clientId, name, args }).success) {
      // The server would refuse the message itself (args above 256 KiB): never queue it.
      // (The failure written out: `commandError` would bring the command module into every
      // first screen, which loads the commands only with the first one it runs.)
      const local: CommandFailure = {
        ok: false,
        error: {
          code: 'invalid_args',
          message: {
            key: 'command.invalidArgs',
            params: { command: name, field: '', reason: 'validation.tooLong' },
          },
        },
      };
      return { local, confirmed: Promise.resolve(localFailure(local)) };
    }
    const view = this.snapshot.view;
    const createdAt = this.clock().toISOString();
    const actor = this.options.actor();
    let queued: OutboxRow | null = null;
    const { result: local } = await enqueue(this.options.db, (mutationId) => {
      const ctx = { actor, now: createdAt, newId: commandIdSource(clientId, mutationId) };
      const result = registry.execute(name, args, view, ctx);
      if (!result.ok || result.ops.length === 0) return { row: null, result };
      const touched = [...new Set(result.ops.map((op) => documentKey(op.collection, op.id)))];
      const row: Omit<OutboxRow, 'mutationId'> = {
        name,
        args,
        createdAt,
        tabId: this.tabId,
        touched,
      };
      if (options.fileIds?.length) row.fileIds = options.fileIds;
      queued = { ...row, mutationId };
      return { row, result };
    });
    if (!local.ok) return { local, confirmed: Promise.resolve(localFailure(local)) };
    const entry = queued as OutboxRow | null;
    if (!entry) return { local, confirmed: Promise.resolve({ ok: true }) };
    const confirmed = this.settlement.wait(entry.mutationId);
    // Shown now instead of at the next replica read (unless the server was even faster).
    const known = this.outbox.some((row) => row.mutationId === entry.mutationId);
    if (!known && !this.settlement.isSettled(entry.mutationId)) {
      this.outboxChanged([...this.outbox, entry].sort((a, b) => a.mutationId - b.mutationId));
    }
    return { local, confirmed };
  }

  private report(rejection: Rejection): void {
    this.notify(() => this.options.onReject?.(rejection), 'reporting a rejection failed');
  }

  private notify(listener: (() => void) | undefined, failure: string): void {
    try {
      listener?.();
    } catch (error) {
      this.log.error(failure, error);
    }
  }

  /**
   * Registers a query this tab shows; the leader keeps it subscribed until every component
   * that registered it has called the returned function.
   */
  watch(query: Query): () => void {
    return this.holds.watch(query);
  }
}
