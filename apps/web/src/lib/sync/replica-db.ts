import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { JsonObject, JsonValue, MessageKey, Query, RejectCode } from '@qa/sync';

/**
 * The browser replica (DESIGN.md section 4): one IndexedDB database per signed-in person, shared
 * by all tabs of that person. Only the leader tab writes `documents` and the connection status;
 * every tab appends to `outbox` and registers the queries it shows.
 */

/** A document as the server last confirmed it; tombstones are kept so versions never go back. */
export interface DocumentRow {
  collection: string;
  id: string;
  version: number;
  deleted: boolean;
  updatedAt: string;
  data: JsonObject;
  /** Sequence of the snapshot or delta that delivered this version (snapshot clean-up). */
  sequence: number;
  /**
   * The replica's write counter (`documentsStamp`) when the row was last written: every tab
   * reads only the rows stamped since its last read. Absent on rows of the first schema.
   */
  stamp?: number;
}

/** A command waiting for the server, in mutationId order. */
export interface OutboxRow {
  mutationId: number;
  name: string;
  args: JsonValue;
  fileIds?: string[];
  /** ISO time of the local run; re-runs on a new base use it as `now` again. */
  createdAt: string;
  /** The tab that ran it (it holds the `confirmed` promise). */
  tabId: string;
  /** Document keys its ops touched when it ran: pending even if a rebase fails to re-run it. */
  touched: string[];
  /**
   * The server has applied it, but a query some tab shows has not been answered since: it stays
   * in the view (else its effect would vanish until that answer), counts as settled, is never
   * pushed again, and goes once every shown query has been answered (SyncConnection).
   */
  applied?: true;
  /**
   * With `applied`: the server sequence of the command's last change (the ack's). The entry goes
   * once every document it touched is stored at that sequence or later, so its effect is in the
   * replica; a document no shown query covers may come much later, when a screen shows it again.
   */
  appliedAt?: number;
  /** With `applied`: when (ms) it became applied; a long-kept entry goes once queries settle. */
  appliedSince?: number;
}

/** A query some tab shows; the leader subscribes every query with a holder. */
export interface QueryRow {
  /** Stable JSON of the query. */
  key: string;
  query: Query;
  /** Last sequence applied for this query; undefined asks the server for a snapshot. */
  sequence?: number;
  /** A snapshot has filled the replica for it once (so it has a cached result). */
  fetched: boolean;
  /** Tab ids that show it. */
  holders: string[];
  lastUsed: number;
  /** Id of the connection on which its subscription is current; compare with the status. */
  liveConnection?: string;
  /** The server closed the subscription with this error code (forbidden, invalid_query, ...). */
  error?: string;
  /**
   * A snapshot is under way (or was cut off by a lost socket): the documents of its chunks so
   * far are stored, the result is not complete. Cleared by the final chunk.
   */
  partial?: { loaded: number; total?: number };
}

/** A rejection the leader received for a command of another tab; that tab picks it up. */
export interface RejectionRow {
  mutationId: number;
  tabId: string;
  /** The command's name, for logs. */
  name: string;
  code: RejectCode;
  message: string;
  detail?: MessageKey;
  issues?: MessageKey[];
  /** ms since epoch; the leader reports rejections nobody picked up after a while. */
  at: number;
}

export type ConnectionStatus = 'online' | 'connecting' | 'offline';

export interface ConnectionRecord {
  status: ConnectionStatus;
  /** Changes with every socket, so query rows can say on which one they are current. */
  connectionId: string;
  leaderTabId: string;
}

export type MetaRow =
  | { key: 'clientId'; value: string }
  | { key: 'nextMutationId'; value: number }
  /** Every mutationId up to this one has been acked, rejected or dropped after welcome. */
  | { key: 'settledUpTo'; value: number }
  /** Counts the transactions that wrote `documents`; each stamps the rows it wrote. */
  | { key: 'documentsStamp'; value: number }
  /**
   * The server change log the documents and query positions came from (`welcome.changeLogId`);
   * absent in a replica that has not met a server telling one.
   */
  | { key: 'changeLogId'; value: string }
  /**
   * The `documentsStamp` at which `documents` was last emptied (another change log: a restore);
   * a tab whose last read is older reads the whole table again instead of the rows since.
   */
  | { key: 'documentsReset'; value: number }
  /**
   * The `documentsReset` whose notice ("the server was restored") some tab has shown. A restore
   * also signs everyone out, so the tab that meets the new change log is often a fresh one after
   * the sign-in: it still owes the person the notice.
   */
  | { key: 'resetReported'; value: number }
  | { key: 'connection'; value: ConnectionRecord };

export type MetaKey = MetaRow['key'];

export type IndexedDbBinding = Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>;

const DB_PREFIX = 'qa-replica-';

export function replicaDbName(personId: string): string {
  return `${DB_PREFIX}${personId}`;
}

export class ReplicaDb extends Dexie {
  documents!: Table<DocumentRow, [string, string]>;
  outbox!: Table<OutboxRow, number>;
  queries!: Table<QueryRow, string>;
  rejections!: Table<RejectionRow, number>;
  meta!: Table<MetaRow, MetaKey>;

  /** `binding` lets Node tests use fake-indexeddb; browsers use the global IndexedDB. */
  constructor(name: string, binding: IndexedDbBinding = {}) {
    super(name, binding);
    // Dexie's liveQuery stays silent while it knows no global IndexedDB (Node): lend it ours.
    const dependencies = Dexie.dependencies as Partial<typeof Dexie.dependencies>;
    if (!dependencies.indexedDB && binding.indexedDB) {
      Object.assign(dependencies, binding);
    }
    this.version(1).stores({
      documents: '[collection+id], collection',
      outbox: 'mutationId',
      queries: 'key, *holders',
      rejections: 'mutationId, tabId',
      meta: 'key',
    });
    // Rows are stamped per write so tabs read changes, not the whole table (see DocumentRow).
    this.version(2).stores({ documents: '[collection+id], collection, stamp' });
  }
}

export function openReplica(personId: string, binding: IndexedDbBinding = {}): ReplicaDb {
  return new ReplicaDb(replicaDbName(personId), binding);
}
