import {
  MAX_MUTATIONS_PER_PUSH,
  SYNC_PROTOCOL_VERSION,
  parseServerMessage,
  type ClientMessage,
  type ErrorMessage,
  type Mutation,
  type ServerMessage,
} from '@qa/sync';
import { backoffDelay } from './backoff';
import { adoptChangeLog, readChangeLogId } from './change-log-store';
import { applyDelta, applySnapshot, applySnapshotChunk, forgetSequence } from './document-store';
import {
  dropApplied,
  releaseApplied,
  reserveMutationIds,
  settleAck,
  settleReject,
  touchesOnlyServerDocuments,
} from './outbox-store';
import { markNotLive, markQueryError } from './query-store';
import type { OutboxRow, QueryRow, ReplicaDb } from './replica-db';
import { SOCKET_OPEN, messageText, type WebSocketLike } from './socket';
import type { Scheduler, SyncLog } from './sync-runtime';
import { SYNC_LIMIT_CODES, type SyncLimitCode } from './sync-types';

/** Keeps one push message well below the server's frame limit (8 MiB). */
const PUSH_CHARS = 1024 * 1024;

/**
 * While one entry's files go up, the files of this many later entries go up beside them (a day
 * of photos comes back online as one upload after another; three at a time use the link while
 * the server stores and hashes). Their commands still wait their turn.
 */
export const UPLOADS_AHEAD = 2;

export interface ConnectionContext {
  db: ReplicaDb;
  clientId: string;
  connectionId: string;
  uploadFiles?: (fileIds: string[]) => Promise<void>;
  /** Outbox entries whose files are uploaded; kept by the leader across sockets. */
  uploaded: Set<number>;
  scheduler: Scheduler;
  random: () => number;
  now: () => number;
  log: SyncLog;
  onWelcome: () => void;
  onUnauthorized?: () => void;
  /** The server refused this person more (sockets, subscriptions) or cut a slow socket. */
  onLimit?: (code: SyncLimitCode) => void;
  /** The server speaks another protocol version: this page is outdated (or the server is). */
  onProtocolMismatch?: () => void;
  /** The socket is gone: closed by the server (with its close code) or lost, or given up here. */
  onClosed: (code?: number) => void;
}

/**
 * One socket of the leader tab, from hello to close: welcome, pushing the outbox in order,
 * acks and rejects, subscriptions and what they deliver. Incoming messages are handled strictly
 * one after another (the server relies on it: deltas before the ack they lead to).
 */
export class SyncConnection {
  lastMessageAt: number;
  private welcomed = false;
  private closed = false;
  private broken = false;
  private queue: Promise<void> = Promise.resolve();
  private outbox: readonly OutboxRow[] = [];
  private queries: ReadonlyMap<string, QueryRow> = new Map();
  private readonly keyBySubscription = new Map<string, string>();
  private readonly subscriptionByKey = new Map<string, string>();
  /** Queries the server refused on this socket; the next socket asks again. */
  private readonly refused = new Set<string>();
  private nextSubscription = 1;
  private sentUpTo = 0;
  /** Queries answered (snapshot or delta) on this socket since they were subscribed. */
  private readonly answered = new Set<string>();
  /**
   * Snapshots under way, by subscription: the chunk expected next and the ids received so far
   * (the final chunk removes what the whole result lacks). Lost with the socket on purpose: the
   * next socket asks for the snapshot again.
   */
  private readonly snapshots = new Map<string, { next: number; ids: Set<string> }>();
  /**
   * The outbox may hold `applied` entries (from an earlier socket, or kept by an ack or the
   * welcome here): they go once every query some tab shows has been answered on this socket,
   * so their effect is in the confirmed documents before it leaves the view. Dropping them at
   * once let a row created just before a reload vanish until its query's snapshot came, and a
   * command run in that moment was refused ("does not exist").
   */
  private mayHoldApplied = true;
  private pushing = false;
  private pushAgain = false;
  private uploadFailures = 0;
  /** The entry whose files the push loop waits for, if any. */
  private uploading: OutboxRow | null = null;
  /** Entries whose files went up ahead on this socket (once each; the loop retries in turn). */
  private readonly uploadedAhead = new Set<number>();
  private uploadRetry: unknown = null;

  constructor(
    private readonly socket: WebSocketLike,
    private readonly ctx: ConnectionContext,
  ) {
    this.lastMessageAt = ctx.now();
    socket.onopen = () => void this.hello();
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = (event) => this.handleClose(event?.code);
    // A close event follows every error; the leader reconnects from there.
    socket.onerror = () => undefined;
  }

  get isWelcomed(): boolean {
    return this.welcomed && !this.closed;
  }

  setOutbox(rows: readonly OutboxRow[]): void {
    this.outbox = rows;
    // Photos taken while one uploads may go up beside it.
    if (this.uploading) this.uploadAhead(this.uploading);
    void this.push();
  }

  setQueries(rows: ReadonlyMap<string, QueryRow>): void {
    this.queries = rows;
    this.syncSubscriptions();
    // A query nobody shows any more may have been the last one unanswered.
    if (this.mayHoldApplied && this.isWelcomed) this.enqueue(() => this.releaseIfAnswered());
  }

  ping(): void {
    if (!this.isWelcomed) return;
    this.send({ type: 'ping', v: SYNC_PROTOCOL_VERSION });
  }

  /** Closes from this side; no onClosed call (the caller decides what follows). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopTimers();
    this.socket.onclose = null;
    this.socket.onmessage = null;
    try {
      this.socket.close(1000, 'client closed');
    } catch (error) {
      this.ctx.log.warn('closing the sync socket failed', error);
    }
  }

  private handleClose(code: number | undefined): void {
    if (this.closed) return;
    this.closed = true;
    this.stopTimers();
    this.ctx.onClosed(code);
  }

  private stopTimers(): void {
    if (this.uploadRetry !== null) this.ctx.scheduler.clearTimeout(this.uploadRetry);
    this.uploadRetry = null;
  }

  /**
   * Names the change log the replica came from, read now: another tab may have led since and
   * met a restored server. Nothing else goes out before the welcome.
   */
  private async hello(): Promise<void> {
    let changeLogId: string | undefined;
    try {
      changeLogId = await readChangeLogId(this.ctx.db);
    } catch (error) {
      // Without it the server trusts the positions; the welcome's id still resets the replica.
      this.ctx.log.warn('reading the change-log id failed', error);
    }
    this.send({
      type: 'hello',
      v: SYNC_PROTOCOL_VERSION,
      clientId: this.ctx.clientId,
      protocolVersion: SYNC_PROTOCOL_VERSION,
      ...(changeLogId === undefined ? {} : { changeLogId }),
    });
  }

  private send(message: ClientMessage): void {
    if (this.closed || this.socket.readyState !== SOCKET_OPEN) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch (error) {
      this.ctx.log.warn('sending on the sync socket failed', error);
    }
  }

  private receive(data: unknown): void {
    this.lastMessageAt = this.ctx.now();
    const text = messageText(data);
    let json: unknown;
    try {
      json = text === null ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = parseServerMessage(json);
    if (!parsed.ok) {
      this.ctx.log.warn('ignoring an invalid sync message', parsed.error);
      // The server closes the socket after telling; retrying with this page's code never works.
      if (parsed.error.code === 'protocol_version_mismatch') this.ctx.onProtocolMismatch?.();
      return;
    }
    this.enqueue(() => this.handle(parsed.message));
  }

  /**
   * Runs replica work in message order. If one step fails, the replica may lack what later
   * messages build on (a delta's sequence would skip it), so the socket is dropped: the next
   * one resumes from the sequences that were really stored.
   */
  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.broken) return;
      try {
        await work();
      } catch (error) {
        this.broken = true;
        this.ctx.log.error('applying a sync message failed; reconnecting', error);
        this.close();
        this.ctx.onClosed();
      }
    });
  }

  private async handle(message: ServerMessage): Promise<void> {
    const { db } = this.ctx;
    switch (message.type) {
      case 'welcome': {
        if (
          message.changeLogId !== undefined &&
          (await adoptChangeLog(db, message.changeLogId)) === 'reset'
        ) {
          // Restored from a backup: the replica was emptied, so subscribe without positions.
          // The server's lastMutationId for us may now be below ids we had acknowledged; the
          // ids only grow here, and it takes every id above its last.
          this.ctx.log.warn('the server was restored from a backup; reloading its data');
          this.queries = new Map((await db.queries.toArray()).map((row) => [row.key, row]));
        }
        const last = message.lastMutationId ?? 0;
        // A reject lost with a dying socket before a later command was applied: report it
        // rather than let the entry go with the applied ones below. Entries no longer queued
        // (their reject did arrive) are left alone; later ones are pushed again.
        for (const rejection of message.rejections ?? []) {
          if (rejection.mutationId > last) continue;
          await settleReject(db, { type: 'reject', v: message.v, ...rejection }, this.ctx.now());
        }
        // Their ids are used up at once and never pushed again; the entries themselves stay
        // shown until the resumed subscriptions have brought their effect (mayHoldApplied).
        await reserveMutationIds(db, last);
        const kept = await dropApplied(db, last, {
          keep: !this.allAnswered(),
          ...(message.lastSequence === undefined ? {} : { sequence: message.lastSequence }),
          now: this.ctx.now(),
        });
        if (kept) this.mayHoldApplied = true;
        this.sentUpTo = Math.max(this.sentUpTo, last);
        this.welcomed = true;
        this.ctx.onWelcome();
        this.syncSubscriptions();
        void this.push();
        return this.releaseIfAnswered();
      }
      case 'ack': {
        const kept = await settleAck(db, message.mutationId, {
          queriesPending: !this.allAnswered(),
          ...(message.sequence === undefined ? {} : { sequence: message.sequence }),
          now: this.ctx.now(),
        });
        if (kept) this.mayHoldApplied = true;
        this.ctx.uploaded.delete(message.mutationId);
        return;
      }
      case 'reject':
        this.ctx.log.warn(`the server rejected mutation ${message.mutationId}`, message.message);
        await settleReject(db, message, this.ctx.now());
        this.ctx.uploaded.delete(message.mutationId);
        return;
      case 'snapshot': {
        const row = this.subscribed(message.subscriptionId);
        if (!row) return;
        // Chunk 0 starts a snapshot (also again, if the server started over).
        const progress =
          message.chunk === 0
            ? { next: 0, ids: new Set<string>() }
            : this.snapshots.get(message.subscriptionId);
        if (!progress || progress.next !== message.chunk) {
          // A chunk out of order would leave a hole in the result; a new socket starts over.
          throw new Error(`snapshot chunk ${message.chunk} of ${row.key} out of order`);
        }
        if (message.final) {
          this.snapshots.delete(message.subscriptionId);
          await applySnapshot(db, row, message, this.ctx.connectionId, progress.ids);
          this.answered.add(row.key);
          return this.releaseIfAnswered();
        }
        for (const doc of message.documents) progress.ids.add(doc.id);
        progress.next += 1;
        this.snapshots.set(message.subscriptionId, progress);
        await applySnapshotChunk(db, row, message, progress.ids.size);
        return;
      }
      case 'delta': {
        const row = this.subscribed(message.subscriptionId);
        if (!row) return;
        await applyDelta(db, row, message, this.ctx.connectionId);
        this.answered.add(row.key);
        return this.releaseIfAnswered();
      }
      case 'resync-required': {
        const row = this.subscribed(message.subscriptionId);
        if (row) await forgetSequence(db, row.key);
        return;
      }
      case 'pong':
        return;
      case 'error':
        return this.handleError(message);
    }
  }

  /** Whether every query some tab shows (and the server did not refuse) has been answered. */
  private allAnswered(): boolean {
    for (const [key, row] of this.queries) {
      if (row.holders.length > 0 && !this.refused.has(key) && !this.answered.has(key)) {
        return false;
      }
    }
    return true;
  }

  private async releaseIfAnswered(): Promise<void> {
    if (!this.mayHoldApplied || !this.welcomed || !this.allAnswered()) return;
    this.mayHoldApplied = await releaseApplied(this.ctx.db, true, this.ctx.now());
  }

  /** The query of a subscription still open on this socket (late messages of closed ones go). */
  private subscribed(subscriptionId: string): QueryRow | undefined {
    const key = this.keyBySubscription.get(subscriptionId);
    return key === undefined ? undefined : this.queries.get(key);
  }

  private async handleError(message: ErrorMessage): Promise<void> {
    const limit = SYNC_LIMIT_CODES.find((code) => code === message.code);
    if (limit) this.ctx.onLimit?.(limit);
    if (message.subscriptionId !== undefined) {
      const key = this.keyBySubscription.get(message.subscriptionId);
      if (key === undefined) return;
      this.ctx.log.warn(`the server closed subscription ${key}`, message.code, message.message);
      this.keyBySubscription.delete(message.subscriptionId);
      this.subscriptionByKey.delete(key);
      this.snapshots.delete(message.subscriptionId);
      this.refused.add(key);
      await markQueryError(this.ctx.db, key, message.code);
      return this.releaseIfAnswered();
    }
    this.ctx.log.warn('sync server error', message.code, message.message);
    if (message.code === 'unauthorized') this.ctx.onUnauthorized?.();
  }

  /** Subscribes every query some tab shows, and drops the ones nobody shows any more. */
  private syncSubscriptions(): void {
    if (!this.isWelcomed) return;
    for (const [key, row] of this.queries) {
      if (row.holders.length === 0 || this.subscriptionByKey.has(key) || this.refused.has(key)) {
        continue;
      }
      const subscriptionId = `q${this.nextSubscription++}`;
      this.keyBySubscription.set(subscriptionId, key);
      this.subscriptionByKey.set(key, subscriptionId);
      this.answered.delete(key);
      this.send({
        type: 'subscribe',
        v: SYNC_PROTOCOL_VERSION,
        subscriptionId,
        query: row.query,
        ...(row.sequence === undefined ? {} : { resumeFrom: row.sequence }),
      });
    }
    for (const [key, subscriptionId] of this.subscriptionByKey) {
      if ((this.queries.get(key)?.holders.length ?? 0) > 0) continue;
      this.subscriptionByKey.delete(key);
      this.keyBySubscription.delete(subscriptionId);
      this.snapshots.delete(subscriptionId);
      this.answered.delete(key);
      this.send({ type: 'unsubscribe', v: SYNC_PROTOCOL_VERSION, subscriptionId });
      this.enqueue(() => markNotLive(this.ctx.db, key));
    }
  }

  private async push(): Promise<void> {
    // While an upload waits for its retry, new outbox entries wait behind it.
    if (!this.isWelcomed || this.uploadRetry !== null) return;
    if (this.pushing) {
      this.pushAgain = true;
      return;
    }
    this.pushing = true;
    try {
      do {
        this.pushAgain = false;
        await this.pushPass();
      } while (this.pushAgain && this.isWelcomed);
    } catch (error) {
      this.ctx.log.error('pushing the outbox failed', error);
    } finally {
      this.pushing = false;
    }
  }

  /**
   * Sends, in order, what this socket has not sent yet, in batches. An entry with files waits
   * for their upload, and so does everything after it: the server must see commands in order.
   */
  private async pushPass(): Promise<void> {
    let batch: Mutation[] = [];
    let chars = 0;
    const flush = () => {
      if (batch.length === 0) return;
      this.send({ type: 'push', v: SYNC_PROTOCOL_VERSION, mutations: batch });
      this.sentUpTo = batch[batch.length - 1]!.mutationId;
      batch = [];
      chars = 0;
    };
    for (const row of this.outbox) {
      if (!this.isWelcomed) return;
      if (row.mutationId <= this.sentUpTo || row.applied) continue;
      if (row.fileIds?.length && this.ctx.uploadFiles && !this.ctx.uploaded.has(row.mutationId)) {
        flush();
        this.uploading = row;
        this.uploadAhead(row);
        const uploaded = await this.upload(row);
        this.uploading = null;
        if (!uploaded) return;
        if (!this.isWelcomed) return;
      }
      const mutation: Mutation = {
        mutationId: row.mutationId,
        clientId: this.ctx.clientId,
        name: row.name,
        args: row.args,
      };
      const size = JSON.stringify(row.args).length;
      if (
        batch.length >= MAX_MUTATIONS_PER_PUSH ||
        (batch.length > 0 && chars + size > PUSH_CHARS)
      ) {
        flush();
      }
      batch.push(mutation);
      chars += size;
    }
    flush();
  }

  /**
   * Starts the uploads of the next entries with files, those whose documents the server has
   * (a photo of a finding on a question created offline would be refused until its command is
   * in). The uploader shares a running upload with the push loop when it gets there; a failure
   * here only costs the request: the loop uploads the entry again in its turn.
   */
  private uploadAhead(current: OutboxRow): void {
    const uploadFiles = this.ctx.uploadFiles;
    if (!uploadFiles) return;
    const next = this.outbox
      .filter(
        (row) =>
          row.mutationId > current.mutationId &&
          !row.applied &&
          (row.fileIds?.length ?? 0) > 0 &&
          !this.ctx.uploaded.has(row.mutationId),
      )
      .slice(0, UPLOADS_AHEAD);
    for (const row of next) {
      if (this.uploadedAhead.has(row.mutationId)) continue;
      this.uploadedAhead.add(row.mutationId);
      void touchesOnlyServerDocuments(this.ctx.db, row)
        .then((known) => {
          // Not on the server yet: asked again when the outbox or the loop moves on.
          if (!known) this.uploadedAhead.delete(row.mutationId);
          return known ? uploadFiles(row.fileIds!) : undefined;
        })
        .catch(() => undefined);
    }
  }

  private async upload(row: OutboxRow): Promise<boolean> {
    try {
      await this.ctx.uploadFiles!(row.fileIds!);
      this.ctx.uploaded.add(row.mutationId);
      this.uploadFailures = 0;
      return true;
    } catch (error) {
      this.ctx.log.warn(`uploading the files of mutation ${row.mutationId} failed`, error);
      const delay = backoffDelay(this.uploadFailures++, this.ctx.random());
      this.stopTimers();
      this.uploadRetry = this.ctx.scheduler.setTimeout(() => {
        this.uploadRetry = null;
        void this.push();
      }, delay);
      return false;
    }
  }
}
