import pg from 'pg';
import { resilientPool } from '../../db/pg-pool';
import type { ChangeNotifier } from './change-feed';

/** The channel every instance listens on; the payload is the last sequence of a commit. */
export const SYNC_CHANNEL = 'qa_sync_changes';
/**
 * Who may do what changed: the payload is a person id (roles, deactivation, a revoked token), so
 * every instance drops what its token cache knows of that person.
 */
export const ACCESS_CHANNEL = 'qa_access_changes';

/** A person whose access changed, or null: anything may have changed (notices were missed). */
export type AccessListener = (personId: string | null) => void;

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * PostgreSQL LISTEN/NOTIFY between server instances sharing one database. A dedicated
 * connection listens (a pooled one would be handed to other queries); when it drops it is
 * re-opened with backoff and the feed is poked, which catches up from the log, so nothing sent
 * while it was down is lost.
 */
export class PgChangeNotifier implements ChangeNotifier {
  private client: pg.Client | null = null;
  private onNotify: () => void = () => undefined;
  private readonly accessListeners = new Set<AccessListener>();
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly announcer: pg.Pool;

  constructor(
    private readonly url: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    this.announcer = resilientPool({ connectionString: url, max: 2 }, (err) =>
      this.log.warn({ err }, 'sync notify connection lost'),
    );
  }

  async start(onNotify: () => void): Promise<void> {
    this.onNotify = onNotify;
    await this.connect();
  }

  /** Calls `listener` for every access notice of any instance (this one's included). */
  onAccessChange(listener: AccessListener): () => void {
    this.accessListeners.add(listener);
    return () => this.accessListeners.delete(listener);
  }

  private accessChanged(personId: string | null): void {
    for (const listener of this.accessListeners) listener(personId);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === ACCESS_CHANNEL) this.accessChanged(message.payload || null);
      else this.onNotify();
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'sync listen connection lost; reconnecting');
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    await client.connect();
    await client.query(`LISTEN ${SYNC_CHANNEL}; LISTEN ${ACCESS_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
    // Whatever was announced while no one listened is in the log; access notices are not.
    this.onNotify();
    this.accessChanged(null);
  }

  private reconnectLater(dead: pg.Client): void {
    if (this.closed || this.client !== dead) return;
    this.client = null;
    dead.removeAllListeners('end');
    void dead.end().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((err: unknown) => {
        this.log.warn({ err }, 'sync listen reconnect failed');
        this.scheduleRetry();
      });
    }, delay);
    this.retryTimer.unref();
  }

  async announce(sequence: number): Promise<void> {
    await this.announcer.query('select pg_notify($1, $2)', [SYNC_CHANNEL, String(sequence)]);
  }

  /** Tells every instance that the person's access changed (after the change committed). */
  async announceAccessChange(personId: string): Promise<void> {
    await this.announcer.query('select pg_notify($1, $2)', [ACCESS_CHANNEL, personId]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
    await this.announcer.end().catch(() => undefined);
  }
}
