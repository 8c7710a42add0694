import type { CommandActor, CommandRegistry } from '@qa/domain';
import {
  SYNC_PROTOCOL_VERSION,
  applyOpsToDocument,
  documentKey,
  matchesQuery,
  parseClientMessage,
  runQuery,
  type ClientMessage,
  type JsonObject,
  type Mutation,
  type Query,
  type RejectMessage,
  type ReplicatedDocument,
  type ServerMessage,
  type SubscribeMessage,
} from '@qa/sync';
import { commandIdSource } from './command-ids';
import { SOCKET_OPEN, type WebSocketLike } from './socket';

/**
 * Test support: an in-memory server speaking the sync protocol over fake sockets, with the
 * server's guarantees (commands in order, deltas before the ack, replays acked once, resume from
 * a sequence or resync-required) and knobs to misbehave (hold pushes, lose acks, refuse
 * connections). Not a model of the real server's storage; just enough to drive the client.
 */
export type Delivery = (deliver: () => void) => void;

const later: Delivery = (deliver) => setTimeout(deliver, 0);

/** A server message without `v` (added on sending). */
type Outgoing = ServerMessage extends infer M
  ? M extends ServerMessage
    ? Omit<M, 'v'>
    : never
  : never;

interface Subscription {
  id: string;
  query: Query;
}

interface Change {
  sequence: number;
  document: ReplicatedDocument;
  before: JsonObject | null;
}

export class FakeSocket implements WebSocketLike {
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  readonly subscriptions = new Map<string, Subscription>();
  clientId: string | null = null;
  /** The hello named another change log: no resumeFrom of this socket is taken. */
  foreignLog = false;

  constructor(
    readonly server: FakeSyncServer,
    private readonly deliver: Delivery,
  ) {}

  send(data: string): void {
    if (this.readyState !== SOCKET_OPEN) throw new Error('socket not open');
    const json: unknown = JSON.parse(data);
    this.deliver(() => {
      if (this.readyState === SOCKET_OPEN) this.server.receive(this, json);
    });
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState >= 2) return;
    this.readyState = 3;
    this.server.forget(this);
    this.deliver(() => this.onclose?.({ code, reason }));
  }

  /** Server side: delivers a message to the client (in order, after the current task). */
  push(message: unknown): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    this.deliver(() => {
      if (this.readyState === SOCKET_OPEN) this.onmessage?.({ data: text });
    });
  }

  open(): void {
    this.deliver(() => {
      if (this.readyState !== 0) return;
      this.readyState = SOCKET_OPEN;
      this.onopen?.({});
    });
  }
}

export interface FakeSyncServerOptions {
  registry: CommandRegistry;
  actor: CommandActor;
  deliver?: Delivery;
}

/** What `backup` keeps and `restore` puts back: the server's state at one moment. */
export interface FakeBackup {
  documents: Map<string, ReplicatedDocument>;
  log: Change[];
  lastMutation: Map<string, number>;
  lastSequence: Map<string, number>;
  rejections: Map<string, Omit<RejectMessage, 'type' | 'v'>[]>;
  sequence: number;
}

let changeLogs = 0;

export class FakeSyncServer {
  documents = new Map<string, ReplicatedDocument>();
  log: Change[] = [];
  /** Told in every welcome; a restore starts a new one. */
  changeLogId = `log-${++changeLogs}`;
  readonly received: ClientMessage[] = [];
  readonly sockets = new Set<FakeSocket>();
  lastMutation = new Map<string, number>();
  /** The sequence of the last change each client's commands wrote (welcome.lastSequence). */
  lastSequence = new Map<string, number>();
  sequence = 0;
  /** Changes up to here are pruned: resuming from before it answers resync-required. */
  prunedThrough = 0;
  /** New sockets fail at once (server down / device offline). */
  refuseConnections = false;
  /** Pushes are received but not handled until `releasePushes`. */
  holdPushes = false;
  /** Applies the next pushed mutations but closes the socket before acking (lost ack). */
  loseAcks = false;
  /** Welcome without lastMutationId, so a client pushes what the server already applied. */
  welcomeWithoutLastMutation = false;
  /** Rejects are not sent (lost with the socket); the next welcomes still repeat them. */
  loseRejects = false;
  /** The rejections answered per client id, repeated in welcomes like the real server does. */
  rejections = new Map<string, Omit<RejectMessage, 'type' | 'v'>[]>();
  /** Subscriptions go unanswered (a slow server). */
  ignoreSubscribes = false;
  /** Subscriptions wait for `releaseSubscribes` (answered late, after what follows them). */
  holdSubscribes = false;
  private readonly heldSubscribes: { socket: FakeSocket; message: SubscribeMessage }[] = [];
  /** Pings go unanswered (a socket that died without a close). */
  ignorePings = false;
  /** Documents per snapshot chunk (the real server sends a few thousand). */
  snapshotChunk = 2_000;
  connectionAttempts = 0;
  private readonly held: { socket: FakeSocket; mutations: Mutation[] }[] = [];
  private readonly deliver: Delivery;

  constructor(private readonly options: FakeSyncServerOptions) {
    this.deliver = options.deliver ?? later;
  }

  createSocket = (_url: string): WebSocketLike => {
    this.connectionAttempts += 1;
    const socket = new FakeSocket(this, this.deliver);
    if (this.refuseConnections) {
      socket.readyState = 3;
      this.deliver(() => socket.onclose?.({ code: 1006, reason: 'refused' }));
      return socket;
    }
    this.sockets.add(socket);
    socket.open();
    return socket;
  };

  /** The state now, as a backup holds it. */
  backup(): FakeBackup {
    return structuredClone({
      documents: this.documents,
      log: this.log,
      lastMutation: this.lastMutation,
      lastSequence: this.lastSequence,
      rejections: this.rejections,
      sequence: this.sequence,
    });
  }

  /**
   * A restore as the real server's: the server stops (every socket closes), its state goes back
   * to the backup's and it starts with a new change log id.
   */
  restore(backup: FakeBackup): void {
    this.disconnectAll();
    const state = structuredClone(backup);
    this.documents = state.documents;
    this.log = state.log;
    this.lastMutation = state.lastMutation;
    this.lastSequence = state.lastSequence;
    this.rejections = state.rejections;
    this.sequence = state.sequence;
    this.changeLogId = `log-${++changeLogs}`;
  }

  forget(socket: FakeSocket): void {
    this.sockets.delete(socket);
  }

  /** Drops every connection, as a network loss would. */
  disconnectAll(): void {
    for (const socket of [...this.sockets]) socket.close(1006, 'gone');
  }

  messagesOfType<T extends ClientMessage['type']>(type: T): Extract<ClientMessage, { type: T }>[] {
    return this.received.filter(
      (message): message is Extract<ClientMessage, { type: T }> => message.type === type,
    );
  }

  /** A server-side write (another user), delivered to matching subscriptions. */
  write(collection: string, id: string, data: JsonObject | null): ReplicatedDocument {
    const change = this.commit(collection, id, data);
    this.broadcast([change]);
    return change.document;
  }

  send(socket: FakeSocket, message: Outgoing | string): void {
    socket.push(typeof message === 'string' ? message : { v: SYNC_PROTOCOL_VERSION, ...message });
  }

  releaseSubscribes(): void {
    this.holdSubscribes = false;
    for (const { socket, message } of this.heldSubscribes.splice(0))
      this.subscribe(socket, message);
  }

  private subscribe(socket: FakeSocket, message: SubscribeMessage): void {
    socket.subscriptions.set(message.subscriptionId, {
      id: message.subscriptionId,
      query: message.query,
    });
    this.answerSubscribe(socket, message.subscriptionId, message.query, message.resumeFrom);
  }

  releasePushes(): void {
    this.holdPushes = false;
    for (const { socket, mutations } of this.held.splice(0)) this.handlePush(socket, mutations);
  }

  receive(socket: FakeSocket, json: unknown): void {
    const parsed = parseClientMessage(json);
    if (!parsed.ok) throw new Error(`client sent an invalid message: ${parsed.error.code}`);
    const message = parsed.message;
    this.received.push(message);
    switch (message.type) {
      case 'hello':
        socket.clientId = message.clientId;
        socket.foreignLog =
          message.changeLogId !== undefined && message.changeLogId !== this.changeLogId;
        this.send(socket, {
          type: 'welcome',
          serverTime: new Date().toISOString(),
          changeLogId: this.changeLogId,
          ...(this.welcomeWithoutLastMutation
            ? {}
            : { lastMutationId: this.lastMutation.get(message.clientId) ?? 0 }),
          ...(this.welcomeWithoutLastMutation || !this.lastSequence.has(message.clientId)
            ? {}
            : { lastSequence: this.lastSequence.get(message.clientId) }),
          ...(this.rejections.has(message.clientId)
            ? { rejections: this.rejections.get(message.clientId) }
            : {}),
        });
        return;
      case 'push':
        if (this.holdPushes) this.held.push({ socket, mutations: message.mutations });
        else this.handlePush(socket, message.mutations);
        return;
      case 'subscribe':
        if (this.ignoreSubscribes) return;
        if (this.holdSubscribes) this.heldSubscribes.push({ socket, message });
        else this.subscribe(socket, message);
        return;
      case 'unsubscribe':
        socket.subscriptions.delete(message.subscriptionId);
        return;
      case 'ping':
        if (!this.ignorePings) this.send(socket, { type: 'pong' });
        return;
    }
  }

  private answerSubscribe(
    socket: FakeSocket,
    subscriptionId: string,
    query: Query,
    resumeFrom: number | undefined,
  ): void {
    if (resumeFrom !== undefined && resumeFrom >= this.prunedThrough && !socket.foreignLog) {
      const changes = this.log.filter(
        (change) => change.sequence > resumeFrom && this.concerns(change, query),
      );
      this.send(socket, {
        type: 'delta',
        subscriptionId,
        sequence: this.sequence,
        changes: latest(changes),
      });
      return;
    }
    if (resumeFrom !== undefined) this.send(socket, { type: 'resync-required', subscriptionId });
    const live = [...this.documents.values()].filter((doc) => !doc.deleted);
    const documents = runQuery(live, query);
    // Chunks in the query's order, every one with the same sequence, the last one final.
    let chunk = 0;
    let start = 0;
    do {
      const part = documents.slice(start, start + this.snapshotChunk);
      start += this.snapshotChunk;
      this.send(socket, {
        type: 'snapshot',
        subscriptionId,
        sequence: this.sequence,
        documents: part,
        chunk: chunk++,
        final: start >= documents.length,
        total: documents.length,
      });
    } while (start < documents.length);
  }

  private handlePush(socket: FakeSocket, mutations: Mutation[]): void {
    for (const mutation of mutations) {
      const last = this.lastMutation.get(mutation.clientId) ?? 0;
      if (mutation.mutationId <= last) {
        this.send(socket, { type: 'ack', mutationId: mutation.mutationId });
        continue;
      }
      const result = this.options.registry.execute(
        mutation.name,
        mutation.args,
        { get: (collection, id) => this.data(collection, id) },
        {
          actor: this.options.actor,
          now: new Date().toISOString(),
          newId: commandIdSource(mutation.clientId, mutation.mutationId),
        },
      );
      if (!result.ok) {
        const rejection = {
          mutationId: mutation.mutationId,
          code: result.error.code,
          message: result.error.message.key,
          detail: result.error.message,
          ...(result.error.issues ? { issues: result.error.issues } : {}),
        };
        const kept = this.rejections.get(mutation.clientId) ?? [];
        kept.push(rejection);
        this.rejections.set(mutation.clientId, kept);
        if (!this.loseRejects) this.send(socket, { type: 'reject', ...rejection });
        continue;
      }
      const changes = result.ops.map((op) =>
        this.commit(
          op.collection,
          op.id,
          applyOpsToDocument(this.data(op.collection, op.id), [op]) ?? null,
        ),
      );
      this.lastMutation.set(mutation.clientId, mutation.mutationId);
      if (changes.length > 0) this.lastSequence.set(mutation.clientId, this.sequence);
      this.broadcast(changes);
      if (this.loseAcks) {
        socket.close(1006, 'lost');
        return;
      }
      this.send(socket, { type: 'ack', mutationId: mutation.mutationId, sequence: this.sequence });
    }
  }

  private data(collection: string, id: string): JsonObject | undefined {
    const doc = this.documents.get(documentKey(collection, id));
    return doc && !doc.deleted ? doc.data : undefined;
  }

  private commit(collection: string, id: string, data: JsonObject | null): Change {
    const key = documentKey(collection, id);
    const previous = this.documents.get(key);
    const before = previous && !previous.deleted ? previous.data : null;
    this.sequence += 1;
    const document: ReplicatedDocument = {
      collection,
      id,
      version: (previous?.version ?? 0) + 1,
      deleted: data === null,
      updatedAt: new Date().toISOString(),
      data: data ?? previous?.data ?? {},
    };
    this.documents.set(key, document);
    const change = { sequence: this.sequence, document, before };
    this.log.push(change);
    return change;
  }

  /** The change entered, changed within or left the query. */
  private concerns(change: Change, query: Query): boolean {
    const { document, before } = change;
    const was =
      before !== null && matchesQuery({ ...document, deleted: false, data: before }, query);
    return was || matchesQuery(document, query);
  }

  private broadcast(changes: Change[]): void {
    for (const socket of this.sockets) {
      for (const subscription of socket.subscriptions.values()) {
        const relevant = changes.filter((change) => this.concerns(change, subscription.query));
        if (relevant.length === 0) continue;
        this.send(socket, {
          type: 'delta',
          subscriptionId: subscription.id,
          sequence: this.sequence,
          changes: latest(relevant),
        });
      }
    }
  }
}

/** The last state of each document among the changes. */
function latest(changes: Change[]): ReplicatedDocument[] {
  const byKey = new Map<string, ReplicatedDocument>();
  for (const { document } of changes)
    byKey.set(documentKey(document.collection, document.id), document);
  return [...byKey.values()];
}
