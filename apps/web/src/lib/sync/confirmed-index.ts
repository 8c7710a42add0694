import { documentKey } from '@qa/sync';
import type { DocumentRow } from './replica-db';

/**
 * The confirmed store in memory, by key and by collection. Rows whose version did not change
 * keep their previous object, so everything derived from them (view entries, query results)
 * keeps its identity and React does not re-render for nothing.
 */
export class ConfirmedIndex {
  readonly byKey = new Map<string, DocumentRow>();
  readonly byCollection = new Map<string, DocumentRow[]>();

  constructor(rows: readonly DocumentRow[], previous?: ConfirmedIndex) {
    for (const fresh of rows) {
      const key = documentKey(fresh.collection, fresh.id);
      const old = previous?.byKey.get(key);
      const row =
        old && old.version === fresh.version && old.deleted === fresh.deleted ? old : fresh;
      this.byKey.set(key, row);
      const list = this.byCollection.get(row.collection);
      if (list) list.push(row);
      else this.byCollection.set(row.collection, [row]);
    }
  }

  /** The confirmed data of a live (not deleted) document. */
  data(key: string): DocumentRow['data'] | undefined {
    const row = this.byKey.get(key);
    return row && !row.deleted ? row.data : undefined;
  }

  static readonly EMPTY = new ConfirmedIndex([]);
}
