import { CLOSE_SERVICE_RESTART, backoffDelay, restartDelay } from './backoff';
import { writeConnection } from './meta-store';
import { takeRejection } from './outbox-store';
import { releaseTabs } from './query-store';
import { randomId } from './random-id';
import type { ConnectionStatus, OutboxRow, QueryRow, RejectionRow, ReplicaDb } from './replica-db';
import type { CreateSocket } from './socket';
import { SyncConnection } from './sync-connection';
import type { OnlineEvents, Scheduler, SyncLog } from './sync-runtime';
import type { SyncLimitCode } from './sync-types';

/** App-level ping interval; a socket silent for two intervals and more is taken for dead. */
export const PING_INTERVAL_MS = 25_000;
const DEAD_AFTER_MS = 2 * PING_INTERVAL_MS + 10_000;
/** A rejection its tab has not picked up after this long is reported by the leader. */
export const ORPHAN_REJECTION_MS = 5_000;

export interface LeaderOptions {
  db: ReplicaDb;
  clientId: string;
  tabId: string;
  url: string;
  createSocket: CreateSocket;
  uploadFiles?: (fileIds: string[]) => Promise<void>;
  onUnauthorized?: () => void;
  /** Told once per refusal until a socket is welcomed again (reconnects meet it again). */
  onLimit?: (code: SyncLimitCode) => void;
  onProtocolMismatch?: () => void;
  /** Rejections whose tab is gone (closed, reloaded) are reported here. */
  onOrphanRejection: (row: RejectionRow) => void;
  /** Tab ids still alive, or null when unknown (then holds are never pruned). */
  aliveTabs: () => Promise<Set<string> | null>;
  onlineEvents: OnlineEvents;
  scheduler: Scheduler;
  random: () => number;
  now: () => number;
  log: SyncLog;
}

/**
 * The socket side, run by the one tab that holds the leader lock: connects, reconnects with
 * backoff (0.5 s doubling to 30 s, reset on welcome; at once when the device is back online;
 * within a second after a server's 1012 "service restart" close),
 * pings, writes the connection status for all tabs, and feeds the current socket with the
 * outbox and the queries the tabs registered.
 */
export class SyncLeader {
  private connection: SyncConnection | null = null;
  private connectionId = '';
  private attempt = 0;
  private stopped = false;
  private reconnectTimer: unknown = null;
  private tickTimer: unknown = null;
  private orphanTimer: unknown = null;
  private outbox: readonly OutboxRow[] = [];
  private queries: ReadonlyMap<string, QueryRow> = new Map();
  private readonly uploaded = new Set<number>();
  /** Limit refusals the person was told since the last welcome (see onLimit). */
  private readonly limitsTold = new Set<SyncLimitCode>();
  private readonly stopOnline: () => void;

  constructor(private readonly options: LeaderOptions) {
    this.stopOnline = options.onlineEvents((online) =>
      online ? this.connectNow() : this.disconnectNow(),
    );
    this.connect();
    this.scheduleTick();
    void this.pruneTabs();
  }

  setOutbox(rows: readonly OutboxRow[]): void {
    this.outbox = rows;
    this.connection?.setOutbox(rows);
  }

  setQueries(rows: ReadonlyMap<string, QueryRow>): void {
    this.queries = rows;
    this.connection?.setQueries(rows);
  }

  /** Rejections changed: those nobody picks up are reported after a while. */
  rejectionsChanged(count: number): void {
    if (count === 0 || this.orphanTimer !== null || this.stopped) return;
    this.orphanTimer = this.options.scheduler.setTimeout(() => {
      this.orphanTimer = null;
      void this.reportOrphans();
    }, ORPHAN_REJECTION_MS);
  }

  stop(): Promise<void> {
    this.stopped = true;
    this.stopOnline();
    const { scheduler } = this.options;
    for (const timer of [this.reconnectTimer, this.tickTimer, this.orphanTimer]) {
      if (timer !== null) scheduler.clearTimeout(timer);
    }
    this.connection?.close();
    this.connection = null;
    return this.writeStatus('offline');
  }

  private connect(): void {
    if (this.stopped) return;
    const { options } = this;
    this.connectionId = randomId();
    void this.writeStatus('connecting');
    let socket;
    try {
      socket = options.createSocket(options.url);
    } catch (error) {
      options.log.warn('opening the sync socket failed', error);
      this.scheduleReconnect();
      return;
    }
    const connection: SyncConnection = new SyncConnection(socket, {
      db: options.db,
      clientId: options.clientId,
      connectionId: this.connectionId,
      uploadFiles: options.uploadFiles,
      uploaded: this.uploaded,
      scheduler: options.scheduler,
      random: options.random,
      now: options.now,
      log: options.log,
      onUnauthorized: options.onUnauthorized,
      onLimit: (code) => {
        if (this.limitsTold.has(code)) return;
        this.limitsTold.add(code);
        options.onLimit?.(code);
      },
      onProtocolMismatch: options.onProtocolMismatch,
      onWelcome: () => {
        this.attempt = 0;
        // Sockets over the person's limit are refused before a welcome: one accepted again
        // means the earlier refusal is over, and a new one is news.
        this.limitsTold.delete('too_many_connections');
        this.limitsTold.delete('slow_consumer');
        void this.writeStatus('online');
      },
      onClosed: (code) => this.lost(connection, code),
    });
    this.connection = connection;
    connection.setOutbox(this.outbox);
    connection.setQueries(this.queries);
  }

  private lost(connection: SyncConnection, code?: number): void {
    if (this.connection !== connection) return;
    this.connection = null;
    void this.writeStatus('offline');
    if (code === CLOSE_SERVICE_RESTART) {
      // The server finished and acknowledged its work and went on purpose (restart, upgrade):
      // not a failure to back off from. Should the next attempt fail, backoff starts afresh.
      this.attempt = 0;
      this.scheduleReconnect(restartDelay(this.options.random()));
    } else {
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(delayMs?: number): void {
    if (this.stopped || this.reconnectTimer !== null) return;
    const delay = delayMs ?? backoffDelay(this.attempt++, this.options.random());
    this.reconnectTimer = this.options.scheduler.setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  /**
   * The window's offline event: a socket may outlive the network for a long while (browsers keep
   * it until a write times out), and pushing into it would leave commands in limbo. Drop it; the
   * reconnect attempts fail fast until the device is online again.
   */
  private disconnectNow(): void {
    const connection = this.connection;
    if (this.stopped || !connection) return;
    connection.close();
    this.lost(connection);
  }

  /** The window's online event: no point waiting out the backoff. */
  private connectNow(): void {
    if (this.stopped || this.connection || this.reconnectTimer === null) return;
    this.options.scheduler.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  private scheduleTick(): void {
    this.tickTimer = this.options.scheduler.setTimeout(() => {
      this.tickTimer = null;
      if (this.stopped) return;
      this.tick();
      this.scheduleTick();
    }, PING_INTERVAL_MS);
  }

  private tick(): void {
    const connection = this.connection;
    if (connection?.isWelcomed) {
      if (this.options.now() - connection.lastMessageAt > DEAD_AFTER_MS) {
        this.options.log.warn('the sync socket went silent; reconnecting');
        connection.close();
        this.lost(connection);
      } else {
        connection.ping();
      }
    }
    void this.pruneTabs();
    void this.reportOrphans();
  }

  private async writeStatus(status: ConnectionStatus): Promise<void> {
    try {
      await writeConnection(this.options.db, {
        status,
        connectionId: this.connectionId,
        leaderTabId: this.options.tabId,
      });
    } catch (error) {
      // The replica may be closing (sign-out); the status is of no use then.
      this.options.log.warn('writing the sync status failed', error);
    }
  }

  /** Queries held by tabs that no longer exist are not subscribed any more. */
  private async pruneTabs(): Promise<void> {
    try {
      const alive = await this.options.aliveTabs();
      if (!alive || this.stopped) return;
      alive.add(this.options.tabId);
      await releaseTabs(this.options.db, (tabId) => alive.has(tabId));
    } catch (error) {
      this.options.log.warn('pruning closed tabs failed', error);
    }
  }

  private async reportOrphans(): Promise<void> {
    try {
      const alive = await this.options.aliveTabs();
      const cutoff = this.options.now() - ORPHAN_REJECTION_MS;
      const rows = await this.options.db.rejections.toArray();
      let waiting = false;
      for (const row of rows) {
        // With a known set of live tabs, a live tab's rejection is its own to report (it may be
        // frozen in the background); otherwise age decides.
        const orphan = alive ? !alive.has(row.tabId) : row.at <= cutoff;
        if (!orphan) {
          if (!alive) waiting = true;
          continue;
        }
        const taken = await takeRejection(this.options.db, row.mutationId);
        if (taken) this.options.onOrphanRejection(taken);
      }
      if (waiting) this.rejectionsChanged(rows.length);
    } catch (error) {
      this.options.log.warn('reporting rejections failed', error);
    }
  }
}
