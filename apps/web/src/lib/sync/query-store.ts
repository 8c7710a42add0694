import type { Query } from '@qa/sync';
import type { QueryRow, ReplicaDb } from './replica-db';

/**
 * Which queries the tabs show. Each tab adds its id to the holders of a query it shows and
 * removes it when no component of it shows the query any more; the leader subscribes every
 * query with a holder. A query without holders keeps its row (cached result and sequence), so
 * showing it again resumes instead of loading a snapshot.
 */
export function updateHolds(
  db: ReplicaDb,
  tabId: string,
  hold: ReadonlyMap<string, Query>,
  release: readonly string[],
  now: number,
): Promise<void> {
  return db.transaction('rw', db.queries, async () => {
    for (const [key, query] of hold) {
      const row = await db.queries.get(key);
      if (!row) {
        await db.queries.add({ key, query, fetched: false, holders: [tabId], lastUsed: now });
      } else {
        const holders = row.holders.includes(tabId) ? row.holders : [...row.holders, tabId];
        await db.queries.update(key, { holders, lastUsed: now });
      }
    }
    for (const key of release) {
      const row = await db.queries.get(key);
      if (row?.holders.includes(tabId)) {
        await db.queries.update(key, { holders: row.holders.filter((id) => id !== tabId) });
      }
    }
  });
}

/** A closing tab (or one the leader found dead) holds nothing any more. */
export function releaseTabs(db: ReplicaDb, keep: (tabId: string) => boolean): Promise<void> {
  return db.transaction('rw', db.queries, async () => {
    await db.queries.toCollection().modify((row: QueryRow) => {
      const holders = row.holders.filter(keep);
      if (holders.length !== row.holders.length) row.holders = holders;
    });
  });
}

/** The server refused the query: no more of an unfinished snapshot comes either. */
export async function markQueryError(db: ReplicaDb, key: string, code: string): Promise<void> {
  await db.queries.update(key, { error: code, liveConnection: undefined, partial: undefined });
}

/** The leader stopped subscribing it: it is no longer current on any socket. */
export async function markNotLive(db: ReplicaDb, key: string): Promise<void> {
  await db.queries.update(key, { liveConnection: undefined });
}
