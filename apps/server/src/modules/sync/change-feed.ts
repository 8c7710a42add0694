import type { ChangeRecord, DocumentsRepository } from './documents.repository';

/** How commits of other server instances are announced (PostgreSQL LISTEN/NOTIFY), if at all. */
export interface ChangeNotifier {
  /** Starts listening; `onNotify` is called for every announcement and after a reconnect. */
  start(onNotify: () => void): Promise<void>;
  /** Announces a commit to the other instances. */
  announce(sequence: number): Promise<void>;
  close(): Promise<void>;
}

export type ChangeListener = (changes: readonly ChangeRecord[]) => void;

/** Rows fetched per round while catching up. */
const BATCH = 1_000;
/**
 * Safety net beside the notifications: a notification lost with a dropped LISTEN connection
 * (or a crash between commit and announce) is caught up within this time.
 */
const POLL_MS = 2_000;
const WAIT_ATTEMPTS = 20;
const WAIT_RETRY_MS = 25;

/**
 * The one reader of the change log per server instance: it follows the log from its cursor and
 * hands every new change, in sequence order, to the listeners (the open sync connections). One
 * query per round whatever the number of connections. Woken by local commits at once, by other
 * instances through the notifier, and by a slow poll.
 */
export class ChangeFeed {
  private cursorValue = 0;
  private readonly listeners = new Set<ChangeListener>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly documents: DocumentsRepository,
    private readonly notifier: ChangeNotifier | null,
    private readonly onError: (error: unknown) => void,
    private readonly pollMs = POLL_MS,
  ) {}

  /** Everything through this sequence has been handed to the listeners. */
  get cursor(): number {
    return this.cursorValue;
  }

  async start(): Promise<void> {
    this.cursorValue = await this.documents.lastSequence();
    await this.notifier?.start(() => void this.poke());
    this.timer = setInterval(() => void this.poke(), this.pollMs);
    this.timer.unref();
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** A local commit: deliver it here now and tell the other instances. */
  async committed(sequence: number): Promise<void> {
    await this.waitFor(sequence);
    if (this.notifier) await this.announce(sequence);
  }

  private announcing: Promise<void> | null = null;
  private announceAgain = 0;

  /**
   * One announcement at a time: the commands of a group commit (and what commits meanwhile) share
   * the next one instead of a round trip each. The others only catch up from the log, so the
   * highest sequence is all an announcement needs to carry.
   */
  private async announce(sequence: number): Promise<void> {
    if (this.announcing) {
      this.announceAgain = Math.max(this.announceAgain, sequence);
      return this.announcing;
    }
    this.announcing = (async () => {
      try {
        let next = sequence;
        while (next > 0) {
          this.announceAgain = 0;
          await this.notifier!.announce(next).catch((error: unknown) => this.onError(error));
          next = this.announceAgain;
        }
      } finally {
        this.announcing = null;
      }
    })();
    return this.announcing;
  }

  /** Resolves once everything through `sequence` has been handed to the listeners. */
  async waitFor(sequence: number): Promise<void> {
    for (let idle = 0; this.cursorValue < sequence && !this.closed;) {
      const before = this.cursorValue;
      await this.poke();
      if (this.cursorValue !== before) continue;
      // No progress: the database is failing (reported by poke). Give up after a while; the
      // poll delivers the change once the database answers again.
      if (++idle > WAIT_ATTEMPTS) return;
      await new Promise((resolve) => setTimeout(resolve, WAIT_RETRY_MS));
    }
  }

  /** Catches up with the log; concurrent calls share one round and ask for another. */
  poke(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.catchUp();
        } while (this.again && !this.closed);
      } catch (error) {
        this.onError(error);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const changes = await this.documents.changesAfter(this.cursorValue, BATCH);
      if (changes.length === 0 || this.closed) return;
      this.cursorValue = changes[changes.length - 1]!.seq;
      for (const listener of [...this.listeners]) {
        try {
          listener(changes);
        } catch (error) {
          this.onError(error);
        }
      }
      if (changes.length < BATCH) return;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.listeners.clear();
    await this.running;
    await this.notifier?.close();
  }
}
