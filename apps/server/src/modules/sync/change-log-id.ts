import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { AppMetaRepository } from '../setup/app-meta.repository';

/**
 * The `app_meta` key of this installation's change-log id. Sequence numbers only mean something
 * within one change log: a restored backup starts again from the backup's sequence, and what was
 * acknowledged after it is gone. The restore writes a fresh id (`newChangeLogId`), so a browser
 * that synced with the old database learns from `welcome.changeLogId` that its replica's
 * positions do not belong to this log (docs/sync.md "Change-log identity").
 */
export const CHANGE_LOG_ID_KEY = 'change_log_id';

/** A new change-log id: random, so two restores of one backup never share one. */
export function newChangeLogId(): string {
  return randomUUID();
}

/**
 * This database's change-log id, created on the first start (and on the first start after this
 * change). Runs under the start-up lock; the insert is also the claim, so an instance that
 * loses a race without that lock takes the winner's id instead of failing.
 */
export async function ensureChangeLogId(database: Database): Promise<string> {
  const meta = new AppMetaRepository(database);
  const stored = await meta.get(CHANGE_LOG_ID_KEY);
  if (stored) return stored;
  const id = newChangeLogId();
  try {
    await meta.insert(CHANGE_LOG_ID_KEY, id);
    return id;
  } catch (error) {
    const winner = isUniqueViolation(error) ? await meta.get(CHANGE_LOG_ID_KEY) : null;
    if (winner) return winner;
    throw error;
  }
}

/**
 * A new id for this database's change log, in place of the one it had: the restore writes its
 * rows and then this (inside its transaction, which the repository's executor joins).
 */
export async function renewChangeLogId(database: Database): Promise<void> {
  const meta = new AppMetaRepository(database);
  await meta.delete(CHANGE_LOG_ID_KEY);
  await meta.insert(CHANGE_LOG_ID_KEY, newChangeLogId());
}
