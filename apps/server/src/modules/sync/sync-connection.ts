import { mayReadCollection, collectionDefinition, type Person } from '@qa/domain';
import {
  jsonTextTooDeep,
  MAX_DOCUMENTS_PER_MESSAGE,
  MAX_JSON_DEPTH,
  SNAPSHOT_CHUNK_BYTES,
  SNAPSHOT_CHUNK_DOCUMENTS,
  SYNC_PROTOCOL_VERSION,
  documentKey,
  matchesQuery,
  parseClientMessage,
  type ClientMessage,
  type Query,
  type ServerMessage,
} from '@qa/sync';
import { Duplex } from 'node:stream';
import { isDatabaseUnavailable } from '../../db/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { ChangeFeed } from './change-feed';
import type { ChangeRecord, DocumentsRepository } from './documents.repository';
import type { PersonTurns } from './person-turns';
import type { PushService } from './push.service';
import { forClient, type SnapshotCache, type SnapshotReader } from './snapshot-cache';

export interface SyncLimits {
  /** Sockets one person may hold open on this instance (SYNC_MAX_CONNECTIONS_PER_PERSON). */
  maxConnectionsPerPerson: number;
  /** Subscriptions one connection may hold (SYNC_MAX_SUBSCRIPTIONS). */
  maxSubscriptions: number;
  /** Bytes queued for a client that does not read before it is dropped as a slow consumer. */
  maxBufferedBytes: number;
  /**
   * Snapshot bytes per second one person's sockets may send together, after a burst of four
   * times as much (SYNC_MAX_BYTES_PER_SECOND; `person-turns.ts`).
   */
  personBytesPerSecond: number;
  /** Interval of WebSocket pings; a client that missed the previous one is dropped. */
  heartbeatMs: number;
  /** A quiet subscription is told the current sequence when it falls this far behind. */
  sequenceRefreshGap: number;
  /**
   * How often an open connection re-reads its session and person: a signed-out session stops
   * receiving deltas, and subscriptions the person's new roles no longer allow are closed.
   */
  sessionCheckMs: number;
  /** Documents per snapshot chunk (at most MAX_DOCUMENTS_PER_MESSAGE). */
  snapshotChunkDocuments: number;
  /** The first chunk is smaller: it is the first screen, and the client shows it at once. */
  snapshotFirstChunkDocuments: number;
  /** Serialized documents per chunk before it is closed early (large documents). */
  snapshotChunkBytes: number;
  /**
   * A snapshot's next chunk waits while more than this is queued in the socket: a large
   * snapshot goes out as fast as the client reads, never piles up in server memory, and never
   * trips `maxBufferedBytes` (which is for clients that stop reading altogether).
   */
  snapshotHighWaterBytes: number;
  /**
   * Changes a subscription may collect while its snapshot is still going out; a client that
   * reads a large snapshot so slowly that more pile up is dropped (`slow_consumer`) and starts
   * over, rather than let a stalled stream grow server memory without bound.
   */
  maxPendingChanges: number;
  /**
   * Messages of one connection read but not yet handled; above this the socket is not read
   * until they are (a client sending faster than it is answered waits, the server's queue stays
   * bounded).
   */
  maxQueuedMessages: number;
}

export const DEFAULT_SYNC_LIMITS: SyncLimits = {
  // A person's phone, tablet and laptop, and sockets a flaky network has not cut yet.
  maxConnectionsPerPerson: 10,
  // One socket carries every tab of a browser: 4 session queries plus 2-3 per open screen.
  maxSubscriptions: 100,
  maxBufferedBytes: 16 * 1024 * 1024,
  // More than a plant's link carries; a first sync up to four times this goes at once.
  personBytesPerSecond: 8 * 1024 * 1024,
  heartbeatMs: 30_000,
  sequenceRefreshGap: 1_000,
  sessionCheckMs: 30_000,
  snapshotChunkDocuments: SNAPSHOT_CHUNK_DOCUMENTS,
  snapshotFirstChunkDocuments: 500,
  snapshotChunkBytes: SNAPSHOT_CHUNK_BYTES,
  snapshotHighWaterBytes: 2 * SNAPSHOT_CHUNK_BYTES,
  maxPendingChanges: 20_000,
  maxQueuedMessages: 64,
};

export interface SyncConnectionDeps {
  documents: DocumentsRepository;
  push: PushService;
  feed: ChangeFeed;
  /** Turns of the event loop this person's connections share (`person-turns.ts`). */
  turns: PersonTurns;
  /** Snapshots shared by the subscriptions of every connection (one encoding per position). */
  snapshots: SnapshotCache;
  /** This database's change-log id (`change-log-id.ts`): sequences are positions in it. */
  changeLogId: string;
  /** The person as stored now (roles may have changed); null = signed out or deactivated. */
  reloadPerson(): Promise<Person | null>;
  log: FastifyBaseLogger;
  limits: SyncLimits;
}

interface Subscription {
  id: string;
  query: Query;
  /** False while its snapshot or resume is being read; changes are buffered meanwhile. */
  ready: boolean;
  buffered: ChangeRecord[];
  /** The last sequence this subscription was told about. */
  sentThrough: number;
}

/**
 * Close codes: 4401 = not signed in (any more), 4400 = protocol mismatch, 4429 = the person
 * has too many sockets open (try again later); 1011, 1013 and 1012 ("service restart":
 * reconnect now, possibly to another instance) standard.
 */
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_PROTOCOL = 4400;
const CLOSE_INTERNAL = 1011;
const CLOSE_TRY_AGAIN_LATER = 1013;
export const CLOSE_SERVICE_RESTART = 1012;
export const CLOSE_TOO_MANY_CONNECTIONS = 4429;
/** How long a closing handshake may take before the socket is cut. */
const CLOSE_GRACE_MS = 2_000;

const v = SYNC_PROTOCOL_VERSION;

/** Whether a change concerns a query: the document matches it now, or did before (it left). */
function isRelevant(query: Query, change: ChangeRecord): boolean {
  const { document, prevData } = change;
  if (document.collection !== query.collection) return false;
  if (!document.deleted && matchesQuery(document, query)) return true;
  return (
    prevData !== null &&
    matchesQuery({ collection: document.collection, id: document.id, data: prevData }, query)
  );
}

/**
 * Each change's document as the client gets it, encoded once for every subscription of every
 * connection that the change feed hands it to (issue 35: a person's 1,000 subscriptions to all
 * audits meant 1,000 encodings of each change).
 */
const encodedChanges = new WeakMap<ChangeRecord, string>();

function encodedChange(change: ChangeRecord): string {
  let text = encodedChanges.get(change);
  if (text === undefined) {
    text = JSON.stringify(forClient(change.document));
    encodedChanges.set(change, text);
  }
  return text;
}

/**
 * The JSON texts, cut into runs of at most `max` texts and about `bytes` (at least one text
 * each; no texts give one empty run).
 */
function* jsonChunks(texts: readonly string[], max: number, bytes: number): Generator<string[]> {
  let chunk: string[] = [];
  let size = 0;
  for (const text of texts) {
    if (chunk.length > 0 && (chunk.length >= max || size + text.length > bytes)) {
      yield chunk;
      chunk = [];
      size = 0;
    }
    chunk.push(text);
    size += text.length;
  }
  yield chunk;
}

const CHUNK_END = Buffer.from(']}');

/**
 * The TCP socket under a WebSocket, to cork several messages into one write. `ws` keeps it in
 * `_socket` (not in its typings); without it, messages are written one by one as before.
 */
function rawSocket(socket: WebSocket): Duplex | undefined {
  const raw = (socket as unknown as { _socket?: unknown })._socket;
  return raw instanceof Duplex ? raw : undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The latest change per document, in order of their last change. */
function latestPerDocument(changes: readonly ChangeRecord[]): ChangeRecord[] {
  const latest = new Map<string, ChangeRecord>();
  for (const change of changes) {
    const key = documentKey(change.document.collection, change.document.id);
    latest.delete(key);
    latest.set(key, change);
  }
  return [...latest.values()];
}

/**
 * One client's WebSocket (DESIGN.md section 4): hello/welcome, pushes answered in order, and
 * subscriptions fed with a snapshot or a resume delta and then live deltas from the change
 * feed. Messages are handled one at a time, in order. What the socket has not sent yet is
 * bounded: a client that stops reading is dropped (`slow_consumer`) rather than grow memory.
 */
export class SyncConnection {
  private clientId: string | null = null;
  /**
   * The hello named another change log than this database's (a restore since the client
   * synced): its sequences are positions in that log, so no `resumeFrom` of this connection is
   * taken; a delta from there would mix the two states.
   */
  private foreignLog = false;
  private readonly subscriptions = new Map<string, Subscription>();
  private queue: Promise<void> = Promise.resolve();
  private alive = true;
  private closed = false;
  /** A shutdown began: nothing queued or arriving is started any more (see drain). */
  private draining = false;
  /** Messages read and not yet handled; reading pauses above `maxQueuedMessages`. */
  private queuedMessages = 0;
  private readingPaused = false;
  private readonly unsubscribeFeed: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sessionCheck: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private person: Person,
    private readonly deps: SyncConnectionDeps,
  ) {
    this.unsubscribeFeed = deps.feed.subscribe((changes) => this.onChanges(changes));
    socket.on('message', (data, isBinary) => {
      this.alive = true;
      const text = isBinary ? null : Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      this.queuedMessages += 1;
      if (this.queuedMessages >= deps.limits.maxQueuedMessages && !this.readingPaused) {
        this.readingPaused = true;
        socket.pause();
      }
      this.enqueue(async () => {
        try {
          // One message per turn of the event loop: a connection whose every answer is ready
          // at once (snapshots kept in the cache, a client reading as fast as loopback) would
          // otherwise answer all it was sent before /healthz or another socket gets a turn.
          await this.deps.turns.take();
          await this.writable();
          await this.handleRaw(text);
        } finally {
          this.queuedMessages -= 1;
          if (this.readingPaused && this.queuedMessages <= deps.limits.maxQueuedMessages / 2) {
            this.readingPaused = false;
            socket.resume();
          }
        }
      });
    });
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => this.dispose());
    socket.on('error', (err) => deps.log.debug({ err }, 'sync socket error'));
    this.heartbeat = setInterval(() => {
      if (!this.alive) {
        socket.terminate();
        return;
      }
      this.alive = false;
      socket.ping();
    }, deps.limits.heartbeatMs);
    this.heartbeat.unref();
    // In the message queue, so a re-check never runs between a push's steps.
    this.sessionCheck = setInterval(() => {
      this.enqueue(() => this.recheckSession());
    }, deps.limits.sessionCheckMs);
    this.sessionCheck.unref();
  }

  /**
   * Re-reads the session now instead of at the next interval (sessions ended or roles changed by
   * an admin, issue 15), queued like the periodic check.
   */
  recheckSoon(): void {
    if (!this.closed) this.enqueue(() => this.recheckSession());
  }

  /** The session may have been signed out or the person's roles changed since the upgrade. */
  private async recheckSession(): Promise<void> {
    if (this.closed) return;
    let person: Person | null;
    try {
      person = await this.deps.reloadPerson();
    } catch (err) {
      // The database hiccuped: keep the connection, the next check decides.
      this.deps.log.warn({ err }, 'sync: session re-check failed');
      return;
    }
    if (this.closed) return;
    if (!person) {
      this.error('unauthorized', 'signed out');
      this.close(CLOSE_UNAUTHORIZED, 'signed out');
      return;
    }
    this.person = person;
    for (const sub of [...this.subscriptions.values()]) {
      if (mayReadCollection(person.roles, sub.query.collection)) continue;
      this.subscriptions.delete(sub.id);
      this.error('forbidden', `no read access to ${sub.query.collection}`, sub.id);
    }
  }

  /**
   * Runs `work` after everything queued before it. A failure is logged and ends this connection,
   * never the queue: a rejected queue would be an unhandled rejection, and one message must not
   * stop the server for everyone.
   */
  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue
      .then(() => (this.draining ? undefined : work()))
      .catch((err: unknown) => this.failed(err, 'connection failed'));
  }

  /**
   * Ends the connection after a failure: 1011 for a bug; 1013 "try again later" when the
   * database cannot be reached, so the client backs off, reconnects and pushes the commands it
   * kept again (nothing of them was written).
   */
  private failed(err: unknown, what: string): void {
    if (isDatabaseUnavailable(err)) {
      this.deps.log.warn({ err }, `sync: ${what}; the database is unavailable`);
      this.error('internal', 'the database is unavailable; nothing was written, reconnect later');
      this.close(CLOSE_TRY_AGAIN_LATER, 'database unavailable');
      return;
    }
    this.deps.log.error({ err }, `sync: ${what}`);
    this.error('internal', 'the server failed; reconnect to retry');
    this.close(CLOSE_INTERNAL, 'internal error');
  }

  /**
   * For a shutdown: the message being handled finishes (a push batch is committed and acked:
   * acks go out after COMMIT), a snapshot being streamed stops, and nothing queued behind it or
   * arriving later is started. So each message is either answered before the close or not
   * touched at all, and the client sends again what has no answer. Then the socket is closed
   * with 1012 ("service restart"): the client reconnects at once, to whichever instance is up.
   * Resolves once the socket is closed.
   */
  async drain(): Promise<void> {
    this.draining = true;
    // Messages arriving while we wait extend the queue; they are skipped, but wait them out.
    let queue: Promise<void>;
    do {
      queue = this.queue;
      await queue;
    } while (queue !== this.queue);
    if (this.socket.readyState === this.socket.CLOSED) return;
    const closed = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    if (this.socket.readyState === this.socket.CLOSING) {
      // The client is closing already; a peer that never completes the handshake is cut.
      setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
    } else {
      this.close(CLOSE_SERVICE_RESTART, 'service restart');
    }
    await closed;
  }

  get subscriptionCount(): number {
    return this.subscriptions.size;
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.sessionCheck);
    this.unsubscribeFeed();
    this.subscriptions.clear();
  }

  private close(code: number, reason: string): void {
    this.dispose();
    this.socket.close(code, reason);
    setTimeout(() => this.socket.terminate(), CLOSE_GRACE_MS).unref();
  }

  /**
   * Waits while the client has more than a snapshot's high-water mark to read: its next
   * message is handled (and its answer produced) only once it has read what it asked for
   * before, so a greedy reader slows only itself.
   */
  private async writable(): Promise<void> {
    const limit = this.deps.limits.snapshotHighWaterBytes;
    while (!this.closed && !this.draining && this.socket.bufferedAmount > limit) await sleep(10);
  }

  private send(message: ServerMessage): void {
    this.sendText(JSON.stringify(message));
  }

  /**
   * Sends a serialized message (snapshot chunks are assembled from serialized documents);
   * `written` is called once ws has handed it to the operating system (or failed to).
   */
  private sendText(text: string | Buffer, written?: () => void): void {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) {
      written?.();
      return;
    }
    if (this.socket.bufferedAmount > this.deps.limits.maxBufferedBytes) {
      this.socket.send(
        JSON.stringify({
          type: 'error',
          v,
          code: 'slow_consumer',
          message: 'the client does not read fast enough; reconnect to resume',
        } satisfies ServerMessage),
      );
      this.deps.log.warn({ buffered: this.socket.bufferedAmount }, 'sync: slow consumer dropped');
      this.close(CLOSE_TRY_AGAIN_LATER, 'slow consumer');
      written?.();
      return;
    }
    // A text frame also when the message is already UTF-8 (a snapshot chunk).
    this.socket.send(text, { binary: false }, written && (() => written()));
  }

  /** A snapshot stream so slow that the changes waiting behind it pile up: start over later. */
  private dropSlowConsumer(): void {
    this.error('slow_consumer', 'the client does not read fast enough; reconnect to resume');
    this.deps.log.warn('sync: slow consumer dropped (changes pile up behind a snapshot)');
    this.close(CLOSE_TRY_AGAIN_LATER, 'slow consumer');
  }

  private error(
    code: Extract<ServerMessage, { type: 'error' }>['code'],
    message: string,
    subscriptionId?: string,
  ): void {
    this.send({ type: 'error', v, code, message, ...(subscriptionId ? { subscriptionId } : {}) });
  }

  private async handleRaw(text: string | null): Promise<void> {
    if (this.closed) return;
    if (text !== null && jsonTextTooDeep(text)) {
      this.error('invalid_message', `messages nest at most ${MAX_JSON_DEPTH} levels deep`);
      return;
    }
    let json: unknown;
    let parsed: ReturnType<typeof parseClientMessage>;
    try {
      if (text === null) throw new Error('binary frame');
      json = JSON.parse(text);
    } catch {
      this.error('invalid_message', 'messages are JSON text frames');
      return;
    }
    try {
      parsed = parseClientMessage(json);
    } catch (err) {
      // The depth check keeps zod's recursion bounded; anything else it throws is still the
      // message's fault, not a reason to drop the connection.
      this.deps.log.warn({ err }, 'sync: a message could not be parsed');
      this.error('invalid_message', 'the message could not be read');
      return;
    }
    if (!parsed.ok) {
      const { error } = parsed;
      if (error.code === 'protocol_version_mismatch') {
        this.error(error.code, `this server speaks protocol ${error.expected}; reload the app`);
        this.close(CLOSE_PROTOCOL, 'reload');
      } else {
        this.error(error.code, error.message);
      }
      return;
    }
    try {
      await this.handle(parsed.message);
    } catch (err) {
      this.failed(err, 'failed to handle a message');
    }
  }

  private async handle(message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'hello':
        return this.hello(message.clientId, message.changeLogId);
      case 'push':
        return this.push(message.mutations);
      case 'subscribe':
        return this.subscribe(message.subscriptionId, message.query, message.resumeFrom);
      case 'unsubscribe':
        this.subscriptions.delete(message.subscriptionId);
        return;
      case 'ping':
        this.send({ type: 'pong', v });
        return;
    }
  }

  private async hello(clientId: string, changeLogId: string | undefined): Promise<void> {
    if (this.clientId !== null && this.clientId !== clientId) {
      this.error('invalid_message', 'one client id per connection');
      return;
    }
    this.clientId = clientId;
    // Absent: a replica from before change-log ids (or an empty one) is trusted as before.
    if (changeLogId !== undefined && changeLogId !== this.deps.changeLogId) this.foreignLog = true;
    const { lastMutationId, lastSequence, rejections } = await this.deps.push.welcomeFor(
      clientId,
      this.person,
    );
    this.send({
      type: 'welcome',
      v,
      serverTime: new Date().toISOString(),
      changeLogId: this.deps.changeLogId,
      lastMutationId,
      ...(lastSequence === undefined ? {} : { lastSequence }),
      ...(rejections.length > 0 ? { rejections } : {}),
    });
  }

  private async push(mutations: Extract<ClientMessage, { type: 'push' }>['mutations']) {
    if (this.clientId === null) {
      this.error('invalid_message', 'hello must come before push');
      return;
    }
    const person = await this.deps.reloadPerson();
    if (!person) {
      this.error('unauthorized', 'signed out');
      this.close(CLOSE_UNAUTHORIZED, 'signed out');
      return;
    }
    this.person = person;
    // The whole message goes to the group commit at once (in order), so its mutations share
    // one transaction with each other and with other clients' pushes.
    const clientId = this.clientId;
    const outcomes = mutations.map((mutation) => this.deps.push.push(person, clientId, mutation));
    // Awaited one by one below; a failure after the first is answered by closing anyway.
    for (const outcome of outcomes) outcome.catch(() => undefined);
    for (const pending of outcomes) {
      if (this.closed) return;
      // A database failure throws out of here: the client hears `internal`, keeps the command
      // and pushes it again after reconnecting.
      const outcome = await pending;
      if (outcome.kind === 'ack') {
        // Deltas first, then the ack: the client then already holds the command's effect.
        if (outcome.sequence !== undefined) await this.deps.feed.committed(outcome.sequence);
        this.send({
          type: 'ack',
          v,
          mutationId: outcome.mutationId,
          ...(outcome.sequence !== undefined ? { sequence: outcome.sequence } : {}),
        });
      } else if (outcome.kind === 'reject') {
        const { kind: _kind, ...reject } = outcome;
        this.send({ type: 'reject', v, ...reject });
      }
    }
  }

  private async subscribe(id: string, query: Query, resumeFrom: number | undefined) {
    this.subscriptions.delete(id);
    if (!collectionDefinition(query.collection)) {
      this.error('invalid_query', `unknown collection ${query.collection}`, id);
      return;
    }
    if (!mayReadCollection(this.person.roles, query.collection)) {
      this.error('forbidden', `no read access to ${query.collection}`, id);
      return;
    }
    if (this.subscriptions.size >= this.deps.limits.maxSubscriptions) {
      this.error('too_many_subscriptions', 'unsubscribe first', id);
      return;
    }
    const { feed, documents } = this.deps;
    const foreign = resumeFrom !== undefined && this.foreignLog;
    if (resumeFrom !== undefined && !foreign && resumeFrom > feed.cursor) {
      // Resuming from another instance that is a little ahead of this one's feed.
      await feed.waitFor(resumeFrom);
    }
    const sub: Subscription = { id, query, ready: false, buffered: [], sentThrough: feed.cursor };
    this.subscriptions.set(id, sub);
    const through = feed.cursor;

    let canResume = false;
    if (resumeFrom !== undefined) {
      // A position in another change log is as unusable as one pruned from this log.
      canResume =
        !foreign && resumeFrom <= through && resumeFrom >= (await documents.prunedThrough());
      if (!canResume) this.send({ type: 'resync-required', v, subscriptionId: id });
    }
    if (canResume && resumeFrom !== undefined) {
      const changes = await documents.collectionChanges(query.collection, resumeFrom, through);
      const relevant = changes.filter((change) => isRelevant(query, change));
      if (this.subscriptions.get(id) !== sub) return;
      sub.sentThrough = resumeFrom;
      this.deliver(sub, relevant, through);
    } else {
      // Through the index when the query allows (decision 32): the read costs what it returns.
      // A whole collection streams from the database page by page (issue 16). Subscriptions
      // asking the same at the same position share one read and one encoding (issue 35).
      const reader = await this.deps.snapshots.open(query, through, async () => {
        const read = await documents.queryPages(query);
        this.deps.log.debug(
          { collection: query.collection, plan: read.plan.kind },
          'sync: subscription read',
        );
        return read;
      });
      try {
        if (this.subscriptions.get(id) !== sub) return;
        if (!(await this.streamSnapshot(sub, through, reader))) return;
      } finally {
        reader.close();
      }
    }
    sub.ready = true;
    sub.sentThrough = through;
    if (sub.buffered.length > 0) {
      const buffered = sub.buffered;
      sub.buffered = [];
      this.deliver(sub, buffered, buffered[buffered.length - 1]!.seq);
    }
  }

  private onChanges(changes: readonly ChangeRecord[]): void {
    if (this.closed) return;
    // The deltas of all subscriptions leave in one write: a socket with 100 subscriptions to
    // the changed collection cost 100 system calls per change (issue 35's storm: 14 ms each).
    const raw = rawSocket(this.socket);
    raw?.cork();
    try {
      this.deliverChanges(changes);
    } finally {
      raw?.uncork();
    }
  }

  private deliverChanges(changes: readonly ChangeRecord[]): void {
    const last = changes[changes.length - 1]!.seq;
    for (const sub of this.subscriptions.values()) {
      const relevant = changes.filter((change) => isRelevant(sub.query, change));
      if (!sub.ready) {
        for (const change of relevant) sub.buffered.push(change);
        if (sub.buffered.length > this.deps.limits.maxPendingChanges) {
          this.dropSlowConsumer();
          return;
        }
        continue;
      }
      if (relevant.length > 0 || last - sub.sentThrough >= this.deps.limits.sequenceRefreshGap) {
        this.deliver(sub, relevant, last);
      }
    }
  }

  /**
   * Sends a snapshot as chunks in the query's order, as its pages come from the database, each
   * chunk waiting while the socket holds more than the high-water mark: the first screen goes
   * out at once and the rest as fast as the client reads (the read waits too, so the server
   * holds a chunk or so, not the result). A chunk is sent once the next one has a document, so
   * the last one can say `final` (an empty result is one empty final chunk). Runs in the
   * connection's message queue: the subscription's changes committed meanwhile are buffered and
   * follow the final chunk, and an ack sent after it still comes after the deltas it leads to.
   * False when the socket closed (or the subscription went) before the end: the client then
   * never sees a final chunk and keeps the result incomplete. An unsubscribe or re-subscribe
   * of the same connection is a message queued behind the stream, so it takes effect after.
   */
  private async streamSnapshot(
    sub: Subscription,
    sequence: number,
    reader: SnapshotReader,
  ): Promise<boolean> {
    const limits = this.deps.limits;
    const current = () => !this.closed && !this.draining && this.subscriptions.get(sub.id) === sub;
    const head =
      `{"type":"snapshot","v":${v},"subscriptionId":${JSON.stringify(sub.id)},` +
      `"sequence":${sequence}${reader.total === undefined ? '' : `,"total":${reader.total}`}`;
    let index = 0;
    // The previous chunk's hand-over to the OS: once it is out, at most this chunk waits.
    let written: Promise<void> = Promise.resolve();
    for (;;) {
      const chunk = await reader.next();
      if (!chunk) return false;
      // A person's snapshots go out at their rate, however many sockets read fast, so a storm
      // of snapshots leaves the turns and the processor between to everyone else.
      await this.deps.turns.take(chunk.documents.length);
      let drained = written;
      while (this.socket.bufferedAmount > limits.snapshotHighWaterBytes) {
        if (!current()) return false;
        // The slow timer only notices an unsubscribe or a close while the socket does not
        // drain; once the previous chunk is out and other messages still fill the buffer, poll.
        await Promise.race([drained, sleep(100)]);
        drained = sleep(5);
      }
      if (!current()) return false;
      const start = `${head},"chunk":${index},"final":${chunk.final},"documents":[`;
      const message = Buffer.concat([Buffer.from(start), chunk.documents, CHUNK_END]);
      written = new Promise((resolve) => this.sendText(message, resolve));
      index += 1;
      if (chunk.final) return true;
    }
  }

  /**
   * Sends changes as deltas of at most a chunk each. Only the last part names `sequence`; the
   * parts before it name the sequence the client already had, so a client that loses the socket
   * between parts resumes from there instead of skipping the parts it never got.
   */
  private deliver(sub: Subscription, changes: readonly ChangeRecord[], sequence: number): void {
    const { snapshotChunkDocuments, snapshotChunkBytes } = this.deps.limits;
    const max = Math.min(snapshotChunkDocuments, MAX_DOCUMENTS_PER_MESSAGE);
    const encoded = latestPerDocument(changes).map(encodedChange);
    const parts = [...jsonChunks(encoded, max, snapshotChunkBytes)];
    const head = `{"type":"delta","v":${v},"subscriptionId":${JSON.stringify(sub.id)}`;
    parts.forEach((texts, index) => {
      const partSequence = index === parts.length - 1 ? sequence : sub.sentThrough;
      this.sendText(`${head},"sequence":${partSequence},"changes":[${texts.join(',')}]}`);
    });
    sub.sentThrough = sequence;
  }
}
