import type { QueryRow, ReplicaDb } from './replica-db';

/** The change log the replica came from; undefined when no server has told one yet. */
export async function readChangeLogId(db: ReplicaDb): Promise<string | undefined> {
  const row = await db.meta.get('changeLogId');
  return row?.key === 'changeLogId' ? row.value : undefined;
}

/** What the welcome's change log meant for the replica. */
export type ChangeLogOutcome = 'same' | 'adopted' | 'reset';

/**
 * Compares the welcome's change log with the replica's (docs/sync.md "Change-log identity").
 * The same: nothing to do. None stored (a new replica, or one from before change-log ids): it
 * is taken as the server's, nothing dropped. Another one: the server was restored from a
 * backup, so the replica's documents and query positions belong to a log that is gone (its
 * versions may even be above the restored ones, which `putNewer` would keep), and so do the
 * outbox's `applied` entries (acknowledged by the old server; what of them the backup holds
 * comes back with the snapshots). All of it goes in one transaction; the unsent commands stay
 * and are pushed again, so the view ends as the restored state plus this device's pending
 * changes, never a mix. `documentsReset` tells every tab to read the documents whole again.
 */
export function adoptChangeLog(db: ReplicaDb, changeLogId: string): Promise<ChangeLogOutcome> {
  return db.transaction('rw', db.meta, db.documents, db.queries, db.outbox, async () => {
    const stored = await readChangeLogId(db);
    if (stored === changeLogId) return 'same';
    await db.meta.put({ key: 'changeLogId', value: changeLogId });
    if (stored === undefined) return 'adopted';

    await db.documents.clear();
    await db.queries.toCollection().modify((row: QueryRow) => {
      // The holders stay: the tabs still show these queries and are answered by snapshots.
      row.fetched = false;
      delete row.sequence;
      delete row.liveConnection;
      delete row.error;
      delete row.partial;
    });
    const applied = await db.outbox.filter((row) => row.applied === true).primaryKeys();
    await db.outbox.bulkDelete(applied);
    // The stamp keeps growing (tabs drop reads older than the one they applied).
    const meta = await db.meta.get('documentsStamp');
    const stamp = (meta?.key === 'documentsStamp' ? meta.value : 0) + 1;
    await db.meta.bulkPut([
      { key: 'documentsStamp', value: stamp },
      { key: 'documentsReset', value: stamp },
    ]);
    return 'reset';
  });
}
