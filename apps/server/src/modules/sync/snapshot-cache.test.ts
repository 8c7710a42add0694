import type { Query, ReplicatedDocument } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import { SnapshotCache, type EncodedChunk, type SnapshotReader } from './snapshot-cache';

const ALL: Query = { collection: 'audits', filters: [] };
const OTHER: Query = { collection: 'measures', filters: [] };

function audit(n: number): ReplicatedDocument {
  return {
    collection: 'audits',
    id: `a${n}`,
    version: 1,
    deleted: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    data: { id: `a${n}`, name: `Audit ${n}` },
  };
}

/** A source of `count` documents in pages of 10 that counts how often it is read. */
function source(count: number) {
  const reads = { count: 0, finished: false };
  const open = async () => {
    reads.count += 1;
    const documents = Array.from({ length: count }, (_, n) => audit(n));
    return {
      total: count,
      pages: (async function* () {
        try {
          for (let start = 0; start < count; start += 10) yield documents.slice(start, start + 10);
        } finally {
          reads.finished = true;
        }
      })(),
    };
  };
  return { reads, open };
}

async function readAll(reader: SnapshotReader): Promise<EncodedChunk[]> {
  const chunks: EncodedChunk[] = [];
  for (let chunk = await reader.next(); chunk; chunk = await reader.next()) chunks.push(chunk);
  reader.close();
  return chunks;
}

const options = {
  firstChunkDocuments: 2,
  chunkDocuments: 5,
  chunkBytes: 1024 * 1024,
  maxBytes: 1024 * 1024,
  maxEntryBytes: 1024 * 1024,
  aheadChunks: 2,
};

describe('SnapshotCache', () => {
  it('encodes a snapshot once for every subscription at the same position', async () => {
    const cache = new SnapshotCache(options);
    const { reads, open } = source(12);
    const readers = await Promise.all(Array.from({ length: 20 }, () => cache.open(ALL, 7, open)));
    const results = await Promise.all(readers.map(readAll));
    expect(reads.count).toBe(1);
    expect(readers[0]!.total).toBe(12);
    for (const chunks of results) expect(chunks).toEqual(results[0]);
    expect(results[0]!.map((chunk) => [chunk.count, chunk.final])).toEqual([
      [2, false],
      [5, false],
      [5, true],
    ]);
    const ids = results[0]!.flatMap((chunk) =>
      (JSON.parse(`[${chunk.documents}]`) as ReplicatedDocument[]).map((doc) => doc.id),
    );
    expect(ids).toEqual(Array.from({ length: 12 }, (_, n) => `a${n}`));

    // Kept after its readers finished; a new position is read again.
    await readAll(await cache.open(ALL, 7, open));
    expect(reads.count).toBe(1);
    await readAll(await cache.open(ALL, 8, open));
    expect(reads.count).toBe(2);
  });

  it('lets the event loop run between chunks while encoding', async () => {
    const cache = new SnapshotCache({ ...options, firstChunkDocuments: 1, chunkDocuments: 1 });
    let turns = 0;
    const tick = () => {
      turns += 1;
      if (turns < 1_000) setImmediate(tick);
    };
    setImmediate(tick);
    const chunks = await readAll(await cache.open(ALL, 1, source(50).open));
    expect(chunks).toHaveLength(50);
    // Without a yield the whole encoding would run in microtasks, before any immediate.
    expect(turns).toBeGreaterThanOrEqual(40);
  });

  it('keeps no snapshot larger than its limit, and the oldest go when the cache is full', async () => {
    const big = new SnapshotCache({ ...options, maxEntryBytes: 200 });
    const large = source(40);
    await readAll(await big.open(ALL, 1, large.open));
    await readAll(await big.open(ALL, 1, large.open));
    expect(large.reads.count).toBe(2);

    // Room for one of the two (about 1.5 KB each).
    const small = new SnapshotCache({ ...options, maxBytes: 2_500 });
    const audits = source(12);
    const measures = source(12);
    await readAll(await small.open(ALL, 1, audits.open));
    await readAll(await small.open(OTHER, 1, measures.open));
    await readAll(await small.open(OTHER, 1, measures.open));
    expect(measures.reads.count).toBe(1);
    await readAll(await small.open(ALL, 1, audits.open));
    expect(audits.reads.count).toBe(2);
  });

  it('stops encoding when every reader left, and passes a failed read to its readers', async () => {
    const cache = new SnapshotCache({ ...options, maxEntryBytes: 200 });
    const large = source(1_000);
    const reader = await cache.open(ALL, 1, large.open);
    await reader.next();
    reader.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(large.reads.finished).toBe(true);

    const failing = new SnapshotCache(options);
    const broken = () => Promise.reject(new Error('database away'));
    await expect(failing.open(ALL, 1, broken)).rejects.toThrow('database away');
    // Not kept: the next subscription reads again.
    const { reads, open } = source(3);
    await readAll(await failing.open(ALL, 1, open));
    expect(reads.count).toBe(1);
  });
});
