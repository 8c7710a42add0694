import { randomId } from './random-id';
import type { ConnectionRecord, ReplicaDb } from './replica-db';

/** The replica's client id: created once, so the server can drop replayed commands. */
export function ensureClientId(db: ReplicaDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('clientId');
    if (row?.key === 'clientId') return row.value;
    const clientId = randomId();
    await db.meta.put({ key: 'clientId', value: clientId });
    return clientId;
  });
}

/** Written by the leader tab, read by all (the bottom bar of a follower tab shows it too). */
export async function writeConnection(db: ReplicaDb, value: ConnectionRecord): Promise<void> {
  await db.meta.put({ key: 'connection', value });
}

export async function readNumber(
  db: ReplicaDb,
  key: 'nextMutationId' | 'settledUpTo',
): Promise<number | undefined> {
  const row = await db.meta.get(key);
  return row && (row.key === 'nextMutationId' || row.key === 'settledUpTo') ? row.value : undefined;
}
