import type { RejectMessage } from '@qa/sync';
import { readNumber } from './meta-store';
import type { OutboxRow, RejectionRow, ReplicaDb } from './replica-db';

export type NewOutboxRow = Omit<OutboxRow, 'mutationId'>;

/**
 * Allocates the next mutationId and appends the command, in one transaction so two tabs never
 * take the same id. `prepare` runs inside it with the id (the command's ids derive from it) and
 * returns the row to store, or null to store nothing (the id is then not used up).
 */
export function enqueue<T>(
  db: ReplicaDb,
  prepare: (mutationId: number) => { row: NewOutboxRow | null; result: T },
): Promise<{ result: T; mutationId: number | null }> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const mutationId = (await readNumber(db, 'nextMutationId')) ?? 1;
    const { row, result } = prepare(mutationId);
    if (!row) return { result, mutationId: null };
    await db.meta.put({ key: 'nextMutationId', value: mutationId + 1 });
    await db.outbox.add({ ...row, mutationId });
    return { result, mutationId };
  });
}

export function readOutbox(db: ReplicaDb): Promise<OutboxRow[]> {
  return db.outbox.orderBy('mutationId').toArray();
}

async function raiseSettled(db: ReplicaDb, mutationId: number): Promise<void> {
  const settled = (await readNumber(db, 'settledUpTo')) ?? 0;
  if (mutationId > settled) await db.meta.put({ key: 'settledUpTo', value: mutationId });
}

/** How the leader settles an ack; see settleAck. */
export interface AckSettlement {
  /** A query some tab shows has not been answered on this socket yet. */
  queriesPending: boolean;
  /** The ack's sequence (the command's last change); absent for a replay or no change. */
  sequence?: number;
  now: number;
}

/** The stored documents the entry's ops touched (undefined where none is stored). */
function touchedDocuments(db: ReplicaDb, row: OutboxRow) {
  const keys = row.touched.map((key) => {
    const slash = key.indexOf('/');
    return [key.slice(0, slash), key.slice(slash + 1)] as [string, string];
  });
  return db.documents.bulkGet(keys);
}

/** Whether every document the entry touched is stored at `sequence` or later. */
async function caughtUp(db: ReplicaDb, row: OutboxRow, sequence: number): Promise<boolean> {
  const stored = await touchedDocuments(db, row);
  return stored.every((doc) => doc !== undefined && doc.sequence >= sequence);
}

/**
 * Whether the server has every document the entry changes (each stored live from the server):
 * its files may then go up before the commands ahead of it, since the file routes check only
 * that their audit and item exist. A document created offline and not pushed yet is not there.
 */
export async function touchesOnlyServerDocuments(db: ReplicaDb, row: OutboxRow): Promise<boolean> {
  const stored = await touchedDocuments(db, row);
  return stored.every((doc) => doc !== undefined && !doc.deleted && doc.version > 0);
}

/**
 * The server applied (or had applied) the command: it leaves the outbox, unless its effect may
 * not be in the replica yet. Then it stays as `applied`, still in the view, no longer pending,
 * never pushed again, until `releaseApplied`: while a shown query waits for its answer, or while
 * a document it touched is older than the ack's sequence (no shown query covers it, e.g. the
 * execution tab was left for the camera right after a save; the delta never came).
 */
export function settleAck(
  db: ReplicaDb,
  mutationId: number,
  { queriesPending, sequence, now }: AckSettlement = { queriesPending: false, now: 0 },
): Promise<boolean> {
  return db.transaction('rw', db.meta, db.outbox, db.documents, async () => {
    const row = await db.outbox.get(mutationId);
    const keep =
      row !== undefined &&
      (queriesPending || (sequence !== undefined && !(await caughtUp(db, row, sequence))));
    if (keep) {
      await db.outbox.update(mutationId, {
        applied: true,
        appliedSince: now,
        ...(sequence === undefined ? {} : { appliedAt: sequence }),
      });
    } else await db.outbox.delete(mutationId);
    await raiseSettled(db, mutationId);
    return keep;
  });
}

/** An applied entry kept this long goes once the shown queries are answered, caught up or not. */
export const APPLIED_GRACE_MS = 5 * 60_000;

/**
 * Lets applied entries go whose effect is in the replica: with `queriesAnswered` (every shown
 * query answered on this socket), those without an ack sequence (a welcome's) and those whose
 * documents have caught up; or, kept past APPLIED_GRACE_MS, any. Returns whether some remain.
 */
export function releaseApplied(
  db: ReplicaDb,
  queriesAnswered: boolean,
  now: number,
): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.documents, async () => {
    const applied = await db.outbox.filter((row) => row.applied === true).toArray();
    const gone: number[] = [];
    for (const row of applied) {
      if (!queriesAnswered) continue;
      const expired = now - (row.appliedSince ?? 0) >= APPLIED_GRACE_MS;
      if (expired || row.appliedAt === undefined || (await caughtUp(db, row, row.appliedAt))) {
        gone.push(row.mutationId);
      }
    }
    if (gone.length > 0) await db.outbox.bulkDelete(gone);
    return applied.length > gone.length;
  });
}

/**
 * The server refused the command: it leaves the outbox (its optimistic effect disappears with
 * the next view) and a rejection row tells the tab that ran it.
 */
export function settleReject(db: ReplicaDb, reject: RejectMessage, at: number): Promise<void> {
  return db.transaction('rw', db.meta, db.outbox, db.rejections, async () => {
    const entry = await db.outbox.get(reject.mutationId);
    await db.outbox.delete(reject.mutationId);
    await raiseSettled(db, reject.mutationId);
    if (!entry) return;
    const row: RejectionRow = {
      mutationId: reject.mutationId,
      tabId: entry.tabId,
      name: entry.name,
      code: reject.code,
      message: reject.message,
      at,
    };
    if (reject.detail) row.detail = reject.detail;
    if (reject.issues) row.issues = reject.issues;
    await db.rejections.put(row);
  });
}

/**
 * `welcome.lastMutationId`: the server applied everything up to it (an ack got lost, or the tab
 * crashed before deleting), so those entries go without a push. They stay as `applied` instead
 * (see settleAck) with `keep` (a shown query waits for its answer), or while a document they
 * touched is stored below `sequence` (`welcome.lastSequence`, their latest change): the tab was
 * reloaded before their delta came, and the screen that shows them may not have asked yet.
 * Later ids must stay above `lastMutationId`. Returns whether some entries stay.
 */
export function dropApplied(
  db: ReplicaDb,
  lastMutationId: number,
  { keep = false, sequence, now = 0 }: { keep?: boolean; sequence?: number; now?: number } = {},
): Promise<boolean> {
  return db.transaction('rw', db.meta, db.outbox, db.documents, async () => {
    if (lastMutationId <= 0) return false;
    const rows = await db.outbox.where('mutationId').belowOrEqual(lastMutationId).toArray();
    const gone: number[] = [];
    let kept = false;
    for (const row of rows) {
      const appliedAt = row.appliedAt ?? sequence;
      if (
        keep ||
        row.applied ||
        (appliedAt !== undefined && !(await caughtUp(db, row, appliedAt)))
      ) {
        kept = true;
        if (row.applied && row.appliedAt === appliedAt) continue;
        await db.outbox.update(row.mutationId, {
          applied: true,
          appliedSince: row.applied ? (row.appliedSince ?? now) : now,
          ...(appliedAt === undefined ? {} : { appliedAt }),
        });
      } else gone.push(row.mutationId);
    }
    if (gone.length > 0) await db.outbox.bulkDelete(gone);
    await raiseSettled(db, lastMutationId);
    const next = (await readNumber(db, 'nextMutationId')) ?? 1;
    if (next <= lastMutationId) {
      await db.meta.put({ key: 'nextMutationId', value: lastMutationId + 1 });
    }
    return kept;
  });
}

/** Later mutation ids stay above `lastMutationId`, which the server has used (a welcome). */
export function reserveMutationIds(db: ReplicaDb, lastMutationId: number): Promise<void> {
  return db.transaction('rw', db.meta, async () => {
    const next = (await readNumber(db, 'nextMutationId')) ?? 1;
    if (next <= lastMutationId) {
      await db.meta.put({ key: 'nextMutationId', value: lastMutationId + 1 });
    }
  });
}

/** Takes a rejection row (once: the first tab to take it reports it). */
export function takeRejection(
  db: ReplicaDb,
  mutationId: number,
): Promise<RejectionRow | undefined> {
  return db.transaction('rw', db.rejections, async () => {
    const row = await db.rejections.get(mutationId);
    if (row) await db.rejections.delete(mutationId);
    return row;
  });
}
