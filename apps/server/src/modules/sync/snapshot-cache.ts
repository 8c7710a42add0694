import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Query, ReplicatedDocument } from '@qa/sync';

/** What the client gets: tombstones without their last data. */
export function forClient(document: ReplicatedDocument): ReplicatedDocument {
  const { collection, id, version, deleted, updatedAt, data } = document;
  return { collection, id, version, deleted, updatedAt, data: deleted ? {} : data };
}

/**
 * One snapshot chunk as sent: its documents' JSON texts joined with commas, as UTF-8 once for
 * every reader (a string would be measured and encoded again on each send: half the server's
 * time in a storm of snapshots, issue 35).
 */
export interface EncodedChunk {
  documents: Buffer;
  count: number;
  final: boolean;
}

/** A snapshot's documents as the database gives them, in the query's order. */
export interface SnapshotSource {
  total?: number;
  pages: AsyncIterable<readonly ReplicatedDocument[]>;
}

export interface SnapshotCacheOptions {
  /** The first chunk is smaller: it is the first screen, and the client shows it at once. */
  firstChunkDocuments: number;
  chunkDocuments: number;
  /** Serialized documents per chunk before it is closed early (large documents). */
  chunkBytes: number;
  /** Encoded bytes all kept snapshots hold together; the least recently asked go first. */
  maxBytes: number;
  /**
   * A snapshot larger than this is not kept: it goes to the readers it has, and keeps only
   * what its slowest reader still needs (a 50,000-document snapshot is not held whole).
   */
  maxEntryBytes: number;
  /** Chunks the encoding may run ahead of its furthest reader. */
  aheadChunks: number;
}

export const DEFAULT_SNAPSHOT_CACHE: Omit<
  SnapshotCacheOptions,
  'firstChunkDocuments' | 'chunkDocuments' | 'chunkBytes'
> = {
  maxBytes: 32 * 1024 * 1024,
  maxEntryBytes: 8 * 1024 * 1024,
  aheadChunks: 2,
};

/** One subscription's pull of a shared snapshot. `close` when done or abandoned. */
export interface SnapshotReader {
  /** Documents in the whole result, when the source knew it. */
  total?: number;
  /** The next chunk; null after the final one. */
  next(): Promise<EncodedChunk | null>;
  close(): void;
}

class SharedSnapshot {
  /** Chunks in order; those every reader has passed are dropped once the entry is not kept. */
  readonly chunks: (EncodedChunk | undefined)[] = [];
  bytes = 0;
  total: number | undefined;
  done = false;
  failure: { error: unknown } | null = null;
  /** In the cache: later subscribers at the same position read it too, so nothing is dropped. */
  kept = true;
  readonly readers = new Set<{ at: number }>();
  readonly opened: Promise<void>;
  open!: () => void;
  private waiting: (() => void)[] = [];

  constructor(readonly position: number) {
    this.opened = new Promise((resolve) => {
      this.open = resolve;
    });
  }

  /** Wakes whoever waits for a change: readers for a chunk, the encoder for a reader. */
  changed(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const wake of waiting) wake();
    if (!this.kept) {
      let slowest = this.chunks.length;
      for (const reader of this.readers) slowest = Math.min(slowest, reader.at);
      for (let index = slowest - 1; index >= 0 && this.chunks[index]; index -= 1) {
        this.chunks[index] = undefined;
      }
    }
  }

  nextChange(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  get furthest(): number {
    let at = 0;
    for (const reader of this.readers) at = Math.max(at, reader.at);
    return at;
  }
}

/**
 * Encodes a snapshot once for every subscription that asks for the same query at the same
 * change-log position (issue 35: one person's 1,000 subscriptions to all audits cost one
 * encoding, not 1,000), and yields the event loop between chunks while encoding.
 */
export class SnapshotCache {
  private readonly entries = new Map<string, SharedSnapshot>();
  private keptBytes = 0;
  /** Snapshots encoded (not served from another subscription's encoding), for tests. */
  encoded = 0;

  constructor(private readonly options: SnapshotCacheOptions) {}

  /**
   * A reader of the query's snapshot at `position`: the one being encoded or kept for it, or
   * a new encoding of what `source` reads. The snapshot read later than the position is still
   * right for the subscription: the changes after the position follow it as deltas.
   */
  async open(
    query: Query,
    position: number,
    source: () => Promise<SnapshotSource>,
  ): Promise<SnapshotReader> {
    const key = JSON.stringify(query);
    let entry = this.entries.get(key);
    if (entry && entry.position === position && !entry.failure) {
      // Most recently asked: the last to be evicted.
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else {
      if (entry) this.forget(key, entry);
      entry = new SharedSnapshot(position);
      this.entries.set(key, entry);
      this.encoded += 1;
      void this.encode(key, entry, source);
    }
    const reader = { at: 0 };
    entry.readers.add(reader);
    const shared = entry;
    try {
      await shared.opened;
      if (shared.failure) throw shared.failure.error;
    } catch (error) {
      shared.readers.delete(reader);
      throw error;
    }
    return {
      ...(shared.total === undefined ? {} : { total: shared.total }),
      async next() {
        for (;;) {
          if (shared.failure) throw shared.failure.error;
          if (reader.at < shared.chunks.length) {
            const chunk = shared.chunks[reader.at]!;
            reader.at += 1;
            shared.changed();
            return chunk;
          }
          if (shared.done) return null;
          await shared.nextChange();
        }
      },
      close() {
        if (shared.readers.delete(reader)) shared.changed();
      },
    };
  }

  private async encode(key: string, entry: SharedSnapshot, source: () => Promise<SnapshotSource>) {
    const { firstChunkDocuments, chunkDocuments, chunkBytes } = this.options;
    try {
      const { total, pages } = await source();
      entry.total = total;
      entry.open();
      let texts: string[] = [];
      let size = 0;
      let max = firstChunkDocuments;
      for await (const page of pages) {
        for (const document of page) {
          const text = JSON.stringify(forClient(document));
          // A chunk goes once the next one has a document, so the last one can say `final`.
          if (texts.length >= max || (texts.length > 0 && size + text.length > chunkBytes)) {
            if (!(await this.append(key, entry, texts, false))) return;
            texts = [];
            size = 0;
            max = chunkDocuments;
          }
          texts.push(text);
          size += text.length;
        }
      }
      await this.append(key, entry, texts, true);
    } catch (error) {
      entry.failure = { error };
      this.forget(key, entry);
    } finally {
      entry.done = true;
      entry.open();
      entry.changed();
    }
  }

  /**
   * Adds a chunk, then lets the event loop run (other sockets, `/healthz`) and waits while the
   * encoding is more than `aheadChunks` ahead of its furthest reader. False when nobody reads
   * it any more and nobody can: the encoding stops.
   */
  private async append(key: string, entry: SharedSnapshot, texts: string[], final: boolean) {
    const chunk = { documents: Buffer.from(texts.join(',')), count: texts.length, final };
    entry.chunks.push(chunk);
    entry.bytes += chunk.documents.length;
    if (entry.kept) {
      this.keptBytes += chunk.documents.length;
      if (entry.bytes > this.options.maxEntryBytes) this.forget(key, entry);
      else this.evict(entry);
    }
    entry.changed();
    if (final) return true;
    await nextTurn();
    while (
      entry.readers.size > 0 &&
      entry.chunks.length - entry.furthest > this.options.aheadChunks
    ) {
      await entry.nextChange();
    }
    return entry.kept || entry.readers.size > 0;
  }

  /** Drops the least recently asked snapshots until the kept ones fit. */
  private evict(keep: SharedSnapshot): void {
    for (const [key, entry] of this.entries) {
      if (this.keptBytes <= this.options.maxBytes) return;
      if (entry !== keep) this.forget(key, entry);
    }
  }

  /** No new reader joins it; its readers finish, and it holds only what they still need. */
  private forget(key: string, entry: SharedSnapshot): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
    if (!entry.kept) return;
    entry.kept = false;
    this.keptBytes -= entry.bytes;
    entry.changed();
  }
}
