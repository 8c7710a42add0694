import {
  matchesQuery,
  type DeltaMessage,
  type ReplicatedDocument,
  type SnapshotMessage,
} from '@qa/sync';
import type { DocumentRow, QueryRow, ReplicaDb } from './replica-db';

/**
 * Writes server documents into the confirmed store. Versions only grow: a document is replaced
 * only by a higher version, so a late snapshot of one query cannot undo a newer delta of another.
 */
async function putNewer(
  db: ReplicaDb,
  documents: readonly ReplicatedDocument[],
  sequence: number,
): Promise<void> {
  if (documents.length === 0) return;
  const stored = await db.documents.bulkGet(documents.map((doc) => [doc.collection, doc.id]));
  const newer: DocumentRow[] = [];
  documents.forEach((doc, index) => {
    const current = stored[index];
    if (current && current.version >= doc.version) return;
    newer.push({ ...doc, sequence });
  });
  await putStamped(db, newer);
}

/**
 * Writes rows with the next stamp, in the caller's transaction: readers ask for the rows above
 * the stamp they last saw and get exactly what this transaction wrote.
 */
async function putStamped(db: ReplicaDb, rows: DocumentRow[]): Promise<void> {
  if (rows.length === 0) return;
  const meta = await db.meta.get('documentsStamp');
  const stamp = (meta?.key === 'documentsStamp' ? meta.value : 0) + 1;
  await db.documents.bulkPut(rows.map((row) => ({ ...row, stamp })));
  await db.meta.put({ key: 'documentsStamp', value: stamp });
}

function current(connectionId: string, sequence: number): Partial<QueryRow> {
  return {
    sequence,
    fetched: true,
    liveConnection: connectionId,
    error: undefined,
    partial: undefined,
  };
}

/**
 * A chunk of a snapshot that is not the last: its documents are stored (a list shows its first
 * screen at once) and the query is marked incomplete with how much has arrived. Its sequence is
 * not taken: a socket lost before the final chunk leaves the query without a position, so the
 * next socket asks for a whole snapshot again instead of resuming from a result it never got.
 */
export function applySnapshotChunk(
  db: ReplicaDb,
  row: QueryRow,
  message: SnapshotMessage,
  loaded: number,
): Promise<void> {
  return db.transaction('rw', db.documents, db.queries, db.meta, async () => {
    await putNewer(db, message.documents, message.sequence);
    const partial = message.total === undefined ? { loaded } : { loaded, total: message.total };
    await db.queries.update(row.key, { partial });
  });
}

/**
 * A snapshot is the query's whole result at `sequence`: the final chunk's documents plus
 * `earlier`, the ids the chunks before it delivered (stored already). Without a limit, a
 * confirmed document that matches the query here but is missing there has left it (deleted,
 * changed, or no longer readable) while this replica was not listening: it is removed, unless a
 * newer message delivered it after the snapshot was taken.
 */
export function applySnapshot(
  db: ReplicaDb,
  row: QueryRow,
  message: SnapshotMessage,
  connectionId: string,
  earlier: ReadonlySet<string> = new Set(),
): Promise<void> {
  return db.transaction('rw', db.documents, db.queries, db.meta, async () => {
    await putNewer(db, message.documents, message.sequence);
    if (row.query.limit === undefined) {
      const present = new Set(earlier);
      for (const doc of message.documents) present.add(doc.id);
      // The keys first (read from the index alone), then only the documents the snapshot lacks:
      // reading every stored document of the collection back cost the first load of a list as
      // much again as storing the snapshot (issue 40).
      const keys = (await db.documents
        .where('collection')
        .equals(row.query.collection)
        .primaryKeys()) as unknown as [string, string][];
      const missing = keys.filter(([, id]) => !present.has(id));
      const candidates = missing.length > 0 ? await db.documents.bulkGet(missing) : [];
      const vanished = candidates.filter(
        (doc): doc is DocumentRow =>
          doc !== undefined && doc.sequence <= message.sequence && matchesQuery(doc, row.query),
      );
      // Kept as version-0 tombstones rather than deleted, so other tabs read the removal as a
      // stamped change; any version the server sends later replaces them.
      await putStamped(
        db,
        vanished.map((doc) => ({ ...doc, version: 0, deleted: true, data: {} })),
      );
    }
    await db.queries.update(row.key, current(connectionId, message.sequence));
  });
}

/** Changes since the query's last sequence; a document that left is stored as it now is. */
export function applyDelta(
  db: ReplicaDb,
  row: QueryRow,
  message: DeltaMessage,
  connectionId: string,
): Promise<void> {
  return db.transaction('rw', db.documents, db.queries, db.meta, async () => {
    await putNewer(db, message.changes, message.sequence);
    const stored = await db.queries.get(row.key);
    const sequence = Math.max(stored?.sequence ?? 0, message.sequence);
    await db.queries.update(row.key, current(connectionId, sequence));
  });
}

/** The log no longer reaches back: forget the position, a snapshot follows. */
export async function forgetSequence(db: ReplicaDb, key: string): Promise<void> {
  await db.queries.update(key, { sequence: undefined, liveConnection: undefined });
}
