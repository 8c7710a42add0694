import { documentKey } from '@qa/sync';
import type { DocumentRow } from './replica-db';

/**
 * The confirmed store in memory, by key and by collection. Rows whose version did not change
 * keep their previous object, so everything derived from them (view entries, query results)
 * keeps its identity and React does not re-render for nothing.
 *
 * The replica is read once whole, then only the rows a write stamped since (`withChanges`):
 * a change to one audit item costs a copy of the key map, not a read of the whole database.
 */
export class ConfirmedIndex {
  readonly byKey: Map<string, DocumentRow>;
  /** Per collection, the rows by key; a collection no change touched shares its map. */
  readonly byCollection: Map<string, Map<string, DocumentRow>>;

  constructor(rows: readonly DocumentRow[], previous?: ConfirmedIndex) {
    this.byKey = new Map();
    this.byCollection = new Map();
    for (const fresh of rows) {
      const key = documentKey(fresh.collection, fresh.id);
      const row = sameRow(previous?.byKey.get(key), fresh);
      this.byKey.set(key, row);
      let inCollection = this.byCollection.get(row.collection);
      if (!inCollection) {
        inCollection = new Map();
        this.byCollection.set(row.collection, inCollection);
      }
      inCollection.set(key, row);
    }
  }

  /** A new index with these rows written over this one's (tombstones included). */
  withChanges(rows: readonly DocumentRow[]): ConfirmedIndex {
    if (rows.length === 0) return this;
    const next = Object.create(ConfirmedIndex.prototype) as ConfirmedIndex;
    const byKey = new Map(this.byKey);
    const byCollection = new Map(this.byCollection);
    const copied = new Set<string>();
    for (const fresh of rows) {
      const key = documentKey(fresh.collection, fresh.id);
      const row = sameRow(byKey.get(key), fresh);
      byKey.set(key, row);
      let inCollection = byCollection.get(row.collection);
      if (!inCollection || !copied.has(row.collection)) {
        inCollection = new Map(inCollection);
        byCollection.set(row.collection, inCollection);
        copied.add(row.collection);
      }
      inCollection.set(key, row);
    }
    Object.assign(next, { byKey, byCollection });
    return next;
  }

  /** The confirmed data of a live (not deleted) document. */
  data(key: string): DocumentRow['data'] | undefined {
    const row = this.byKey.get(key);
    return row && !row.deleted ? row.data : undefined;
  }

  /** The rows of one collection (tombstones included). */
  rows(collection: string): Iterable<DocumentRow> {
    return this.byCollection.get(collection)?.values() ?? [];
  }

  static readonly EMPTY = new ConfirmedIndex([]);
}

function sameRow(old: DocumentRow | undefined, fresh: DocumentRow): DocumentRow {
  return old && old.version === fresh.version && old.deleted === fresh.deleted ? old : fresh;
}
