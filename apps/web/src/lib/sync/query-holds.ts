import type { Query } from '@qa/sync';
import { queryKey } from './query-key';
import { releaseTabs, updateHolds } from './query-store';
import type { ReplicaDb } from './replica-db';
import type { SyncLog } from './sync-runtime';

/**
 * The queries one tab shows, counted per component, written to the replica as the tab's holds
 * (the leader subscribes every held query). Writes are batched a little later, so a component
 * that unmounts and mounts again at once (React StrictMode, a route change) writes nothing.
 */
export class QueryHolds {
  private readonly watched = new Map<string, { query: Query; count: number }>();
  private held = new Set<string>();
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: ReplicaDb,
    private readonly tabId: string,
    /** Resolves when the tab may write holds (its presence lock is held). */
    private readonly canWrite: () => Promise<unknown>,
    private readonly now: () => number,
    private readonly log: SyncLog,
  ) {}

  /** Registers a query; the returned function unregisters it (once). */
  watch(query: Query): () => void {
    const key = queryKey(query);
    const entry = this.watched.get(key);
    if (entry) entry.count += 1;
    else this.watched.set(key, { query, count: 1 });
    this.schedule();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const current = this.watched.get(key);
      if (!current) return;
      current.count -= 1;
      if (current.count === 0) this.watched.delete(key);
      this.schedule();
    };
  }

  /** The tab closes: it holds nothing any more. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.writing;
    await releaseTabs(this.db, (tabId) => tabId !== this.tabId);
  }

  private schedule(): void {
    if (this.dirty) return;
    this.dirty = true;
    this.writing = this.writing.then(async () => {
      try {
        await this.canWrite();
      } catch {
        // The replica did not open (the engine reports that once): there is nothing to hold,
        // and the chain of writes must not end in a rejection nobody handles.
        this.dirty = false;
        return;
      }
      this.dirty = false;
      if (this.stopped) return;
      const wanted = new Map([...this.watched].map(([key, { query }]) => [key, query]));
      const hold = new Map([...wanted].filter(([key]) => !this.held.has(key)));
      const release = [...this.held].filter((key) => !wanted.has(key));
      if (hold.size === 0 && release.length === 0) return;
      try {
        await updateHolds(this.db, this.tabId, hold, release, this.now());
        this.held = new Set(wanted.keys());
      } catch (error) {
        this.log.error('registering queries failed', error);
      }
    });
  }
}
