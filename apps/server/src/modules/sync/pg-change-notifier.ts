import pg from 'pg';
import type { ChangeNotifier } from './change-feed';

/** The channel every instance listens on; the payload is the last sequence of a commit. */
export const SYNC_CHANNEL = 'qa_sync_changes';

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
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly announcer: pg.Pool;

  constructor(
    private readonly url: string,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {
    this.announcer = new pg.Pool({ connectionString: url, max: 2 });
    this.announcer.on('error', (err) => this.log.warn({ err }, 'sync notify connection lost'));
  }

  async start(onNotify: () => void): Promise<void> {
    this.onNotify = onNotify;
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', () => this.onNotify());
    client.on('error', (err) => {
      this.log.warn({ err }, 'sync listen connection lost; reconnecting');
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    await client.connect();
    await client.query(`LISTEN ${SYNC_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
    // Whatever was announced while no one listened is in the log.
    this.onNotify();
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
