import { indexedFields } from '@qa/domain';
import {
  MAX_WELCOME_REJECTIONS,
  matchesQuery,
  runQuery,
  type JsonObject,
  type Query,
  type ReplicatedDocument,
} from '@qa/sync';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import type { ChangesTable, DocumentsTable } from '../../db/schema';
import { indexRows, readPlan, type ReadPlan } from './document-index';

/** A document as stored: the replicated shape plus the sequence of its last change. */
export interface StoredDocument extends ReplicatedDocument {
  seq: number;
}

/** One change-log row: the document as it is after the change, and its data before. */
export interface ChangeRecord {
  seq: number;
  document: ReplicatedDocument;
  /** The data before the change; null when the change created the document. */
  prevData: JsonObject | null;
}

export interface ChangeAuthor {
  actor: string;
  clientId: string;
  mutationId: number;
}

type DocumentRow = Selectable<DocumentsTable>;
type ChangeRow = Selectable<ChangesTable>;

/** Largest number of ids in one `in (...)` list, well below SQLite's variable limit. */
const IN_CHUNK = 500;
/**
 * Rows a subscription read takes per query and parses before it lets the event loop run
 * (better-sqlite3 answers synchronously), so a large read never holds other connections up for
 * long.
 */
const READ_PAGE = 1_000;

/** Lets timers, sockets and other connections' messages run between pages of a long read. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A subscription's documents and how they were found. */
export interface QueryRead {
  /** The query's result: filtered, ordered and limited by the query model (`runQuery`). */
  documents: StoredDocument[];
  plan: ReadPlan;
  /** Document rows read and parsed to answer it (what the read cost). */
  rowsRead: number;
}

function bool(value: number | boolean): boolean {
  return value === true || value === 1;
}

function toDocument(row: Pick<DocumentRow, keyof DocumentRow>): StoredDocument {
  return {
    collection: row.collection,
    id: row.id,
    version: row.version,
    deleted: bool(row.deleted),
    updatedAt: row.updated_at,
    data: JSON.parse(row.data) as JsonObject,
    seq: Number(row.seq),
  };
}

function toChange(row: ChangeRow): ChangeRecord {
  return {
    seq: Number(row.seq),
    document: {
      collection: row.collection,
      id: row.id,
      version: row.version,
      deleted: bool(row.deleted),
      updatedAt: row.updated_at,
      data: JSON.parse(row.data) as JsonObject,
    },
    prevData: row.prev_data === null ? null : (JSON.parse(row.prev_data) as JsonObject),
  };
}

/** The only code that touches the sync tables. Runs inside the caller's transaction if open. */
export class DocumentsRepository {
  constructor(private readonly database: Database) {}

  private get db() {
    return this.database.db.executor;
  }

  private bool(value: boolean): number | boolean {
    return this.database.dialect === 'sqlite' ? Number(value) : value;
  }

  /** Runs `work` in one transaction (joins an open one). */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(() => work());
  }

  /**
   * Takes the write lock of the change log and answers the last sequence handed out. Every
   * writer calls this first in its transaction, so writes are serialised across server
   * instances (PostgreSQL row lock, held to commit) and sequences commit in order. SQLite has
   * one writer anyway.
   */
  async lockLog(): Promise<number> {
    let query = this.db.selectFrom('sync_counter').select('value').where('name', '=', 'changes');
    if (this.database.dialect === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.value);
  }

  async setLastSequence(seq: number): Promise<void> {
    await this.db
      .updateTable('sync_counter')
      .set({ value: seq })
      .where('name', '=', 'changes')
      .execute();
  }

  private async counter(name: 'changes' | 'pruned'): Promise<number> {
    const row = await this.db
      .selectFrom('sync_counter')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return Number(row.value);
  }

  /** The last committed sequence (0 before the first change). */
  lastSequence(): Promise<number> {
    return this.counter('changes');
  }

  /** The log holds every change with a sequence above this. */
  prunedThrough(): Promise<number> {
    return this.counter('pruned');
  }

  /** Deletes the log up to and including `seq` (resuming clients older than it get a snapshot). */
  async pruneThrough(seq: number): Promise<void> {
    await this.transaction(async () => {
      const last = await this.lockLog();
      const through = Math.min(seq, last);
      if (through <= (await this.prunedThrough())) return;
      await this.db.deleteFrom('changes').where('seq', '<=', through).execute();
      await this.db
        .updateTable('sync_counter')
        .set({ value: through })
        .where('name', '=', 'pruned')
        .execute();
    });
  }

  /** The stored documents (tombstones included) among `refs`, keyed by documentKey. */
  async findMany(refs: readonly { collection: string; id: string }[]): Promise<StoredDocument[]> {
    const byCollection = new Map<string, string[]>();
    for (const ref of refs) {
      const ids = byCollection.get(ref.collection) ?? [];
      ids.push(ref.id);
      byCollection.set(ref.collection, ids);
    }
    const found: StoredDocument[] = [];
    for (const [collection, ids] of byCollection) {
      for (let start = 0; start < ids.length; start += IN_CHUNK) {
        const rows = await this.db
          .selectFrom('documents')
          .selectAll()
          .where('collection', '=', collection)
          .where('id', 'in', ids.slice(start, start + IN_CHUNK))
          .execute();
        found.push(...rows.map(toDocument));
      }
    }
    return found;
  }

  /** Every live document of a collection (subscriptions filter them with the query model). */
  async liveDocuments(collection: string): Promise<StoredDocument[]> {
    const rows = await this.db
      .selectFrom('documents')
      .selectAll()
      .where('collection', '=', collection)
      .where('deleted', '=', this.bool(false))
      .execute();
    return rows.map(toDocument);
  }

  /**
   * A subscription's snapshot (decision 32): read through the index when the query has an `==`
   * or `in` filter on an indexed field (only those documents) or orders by one with a limit
   * (rows in that order until the limit is reached), else the whole collection page by page.
   * Rows are parsed only as they are read, and pages let the event loop run in between.
   */
  async queryDocuments(query: Query): Promise<QueryRead> {
    const plan = readPlan(query);
    const read =
      plan.kind === 'equal'
        ? await this.readEqual(query, plan.field, plan.keys)
        : plan.kind === 'ordered'
          ? await this.readOrdered(query, plan.field, plan.direction, plan.limit)
          : await this.readAll(query);
    return { documents: runQuery(read.matching, query), plan, rowsRead: read.rowsRead };
  }

  /** Parses rows and keeps those the query's filters match, yielding every READ_PAGE rows. */
  private async keepMatching(rows: readonly DocumentRow[], query: Query, into: StoredDocument[]) {
    for (let start = 0; start < rows.length; start += READ_PAGE) {
      if (start > 0) await yieldToLoop();
      for (const row of rows.slice(start, start + READ_PAGE)) {
        const document = toDocument(row);
        if (matchesQuery(document, query)) into.push(document);
      }
    }
  }

  private async readEqual(query: Query, field: string, keys: readonly string[]) {
    const matching: StoredDocument[] = [];
    if (keys.length === 0) return { matching, rowsRead: 0 };
    const rows = await this.db
      .selectFrom('document_index as i')
      .innerJoin('documents as d', (join) =>
        join.onRef('d.collection', '=', 'i.collection').onRef('d.id', '=', 'i.id'),
      )
      .selectAll('d')
      .where('i.collection', '=', query.collection)
      .where('i.field', '=', field)
      .where('i.sort_key', 'in', keys)
      .where('d.deleted', '=', this.bool(false))
      .execute();
    await this.keepMatching(rows, query, matching);
    return { matching, rowsRead: rows.length };
  }

  /**
   * Walks the index in the order of `field` and keeps matching documents until `limit` of them
   * are found, then reads the rest of that last key's rows: keys only tie where values may, so
   * every document the query's full order puts in its first `limit` is among those kept.
   */
  private async readOrdered(query: Query, field: string, direction: 'asc' | 'desc', limit: number) {
    const matching: StoredDocument[] = [];
    const before = direction === 'asc' ? '>' : '<';
    let rowsRead = 0;
    let after: { key: string; id: string } | null = null;
    let lastKey: string | null = null;
    let pageSize = Math.min(limit + 1, READ_PAGE);
    for (;;) {
      let page = this.db
        .selectFrom('document_index as i')
        .innerJoin('documents as d', (join) =>
          join.onRef('d.collection', '=', 'i.collection').onRef('d.id', '=', 'i.id'),
        )
        .selectAll('d')
        .select('i.sort_key')
        .where('i.collection', '=', query.collection)
        .where('i.field', '=', field)
        .orderBy('i.sort_key', direction)
        .orderBy('i.id', direction)
        .limit(pageSize);
      if (lastKey !== null) page = page.where('i.sort_key', '=', lastKey);
      if (after !== null) {
        const { key, id } = after;
        page = page.where((eb) => eb(eb.refTuple('i.sort_key', 'i.id'), before, eb.tuple(key, id)));
      }
      const rows = await page.execute();
      for (const row of rows) {
        if (lastKey !== null && row.sort_key !== lastKey) return { matching, rowsRead };
        rowsRead += 1;
        const document = toDocument(row);
        if (bool(row.deleted) || !matchesQuery(document, query)) continue;
        matching.push(document);
        if (matching.length === limit) lastKey = row.sort_key;
      }
      if (rows.length < pageSize) return { matching, rowsRead };
      const last = rows[rows.length - 1]!;
      after = { key: last.sort_key, id: last.id };
      pageSize = READ_PAGE;
      await yieldToLoop();
    }
  }

  /** Every live document of the collection, in pages by id; only matching ones are kept. */
  private async readAll(query: Query) {
    const matching: StoredDocument[] = [];
    let rowsRead = 0;
    let after: string | null = null;
    for (;;) {
      let page = this.db
        .selectFrom('documents')
        .selectAll()
        .where('collection', '=', query.collection)
        .where('deleted', '=', this.bool(false))
        .orderBy('id')
        .limit(READ_PAGE);
      if (after !== null) page = page.where('id', '>', after);
      const rows = await page.execute();
      rowsRead += rows.length;
      await this.keepMatching(rows, query, matching);
      if (rows.length < READ_PAGE) return { matching, rowsRead };
      after = rows[rows.length - 1]!.id;
      await yieldToLoop();
    }
  }

  async countLive(collection: string): Promise<number> {
    const row = await this.db
      .selectFrom('documents')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('collection', '=', collection)
      .where('deleted', '=', this.bool(false))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Writes a document (insert or replace) and its change-log row. */
  async write(
    document: ReplicatedDocument,
    seq: number,
    prevData: JsonObject | null,
    author: ChangeAuthor | null,
  ): Promise<void> {
    const data = JSON.stringify(document.data);
    const row = {
      version: document.version,
      deleted: this.bool(document.deleted),
      updated_at: document.updatedAt,
      data,
      seq,
    };
    await this.db
      .insertInto('documents')
      .values({ collection: document.collection, id: document.id, ...row })
      .onConflict((oc) => oc.columns(['collection', 'id']).doUpdateSet(row))
      .execute();
    await this.writeIndex(document);
    await this.db
      .insertInto('changes')
      .values({
        seq,
        collection: document.collection,
        id: document.id,
        version: document.version,
        deleted: this.bool(document.deleted),
        updated_at: document.updatedAt,
        data,
        prev_data: prevData === null ? null : JSON.stringify(prevData),
        actor: author?.actor ?? null,
        client_id: author?.clientId ?? null,
        mutation_id: author?.mutationId ?? null,
      })
      .execute();
  }

  /** Keeps the document's index rows (decision 32): a tombstone has none. */
  private async writeIndex(document: ReplicatedDocument): Promise<void> {
    if (indexedFields(document.collection).length === 0) return;
    if (document.deleted) {
      await this.db
        .deleteFrom('document_index')
        .where('collection', '=', document.collection)
        .where('id', '=', document.id)
        .execute();
      return;
    }
    await this.db
      .insertInto('document_index')
      .values(indexRows(document.collection, document.id, document.data))
      .onConflict((oc) =>
        oc
          .columns(['collection', 'id', 'field'])
          .doUpdateSet((eb) => ({ sort_key: eb.ref('excluded.sort_key') })),
      )
      .execute();
  }

  /** Changes after `afterSeq`, oldest first, at most `limit`. */
  async changesAfter(afterSeq: number, limit: number): Promise<ChangeRecord[]> {
    const rows = await this.db
      .selectFrom('changes')
      .selectAll()
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map(toChange);
  }

  /** Changes of one collection in (afterSeq, throughSeq], oldest first. */
  async collectionChanges(
    collection: string,
    afterSeq: number,
    throughSeq: number,
  ): Promise<ChangeRecord[]> {
    const rows = await this.db
      .selectFrom('changes')
      .selectAll()
      .where('collection', '=', collection)
      .where('seq', '>', afterSeq)
      .where('seq', '<=', throughSeq)
      .orderBy('seq')
      .execute();
    return rows.map(toChange);
  }

  /** The last mutation applied for a client, and whose client it is; null if none yet. */
  async clientMutation(
    clientId: string,
  ): Promise<{ personId: string; lastMutationId: number; lastSequence?: number } | null> {
    const row = await this.db
      .selectFrom('client_mutations')
      .select(['person_id', 'last_mutation_id', 'last_sequence'])
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      personId: row.person_id,
      lastMutationId: Number(row.last_mutation_id),
      ...(row.last_sequence === null ? {} : { lastSequence: Number(row.last_sequence) }),
    };
  }

  /**
   * Keeps a rejection for the client's next welcomes, and only the latest
   * `MAX_WELCOME_REJECTIONS` of that person's client. A repeated push of the same mutation
   * overwrites it. Keyed by person too: whoever else pushes with the same client id keeps rows
   * of their own and never overwrites or prunes this person's.
   */
  async recordRejection(
    clientId: string,
    personId: string,
    rejection: { mutationId: number } & Record<string, unknown>,
    now: string,
  ): Promise<void> {
    const { mutationId, ...payload } = rejection;
    const row = { payload: JSON.stringify(payload), created_at: now };
    await this.db
      .insertInto('client_rejections')
      .values({ person_id: personId, client_id: clientId, mutation_id: mutationId, ...row })
      .onConflict((oc) => oc.columns(['person_id', 'client_id', 'mutation_id']).doUpdateSet(row))
      .execute();
    const keep = await this.db
      .selectFrom('client_rejections')
      .select('mutation_id')
      .where('person_id', '=', personId)
      .where('client_id', '=', clientId)
      .orderBy('mutation_id', 'desc')
      .offset(MAX_WELCOME_REJECTIONS - 1)
      .limit(1)
      .executeTakeFirst();
    if (keep) {
      await this.db
        .deleteFrom('client_rejections')
        .where('person_id', '=', personId)
        .where('client_id', '=', clientId)
        .where('mutation_id', '<', keep.mutation_id)
        .execute();
    }
  }

  /** The kept rejections of a client of this person, oldest first. */
  async clientRejections(
    clientId: string,
    personId: string,
  ): Promise<({ mutationId: number } & Record<string, unknown>)[]> {
    const rows = await this.db
      .selectFrom('client_rejections')
      .select(['mutation_id', 'payload'])
      .where('client_id', '=', clientId)
      .where('person_id', '=', personId)
      .orderBy('mutation_id', 'asc')
      .execute();
    return rows.map((row) => ({
      mutationId: Number(row.mutation_id),
      ...(JSON.parse(row.payload) as Record<string, unknown>),
    }));
  }

  /**
   * Records the client's last applied mutation, and with `sequence` the last change it wrote; a
   * command that changed nothing keeps the earlier sequence (still the client's latest write).
   * The row's person never changes: a push with another person's client id is refused first.
   */
  async recordMutation(
    clientId: string,
    personId: string,
    mutationId: number,
    now: string,
    sequence?: number,
  ): Promise<void> {
    const row = { person_id: personId, last_mutation_id: mutationId, updated_at: now };
    await this.db
      .insertInto('client_mutations')
      .values({ client_id: clientId, ...row, last_sequence: sequence ?? null })
      .onConflict((oc) =>
        oc.column('client_id').doUpdateSet((eb) => ({
          ...row,
          last_sequence: sequence ?? eb.ref('client_mutations.last_sequence'),
        })),
      )
      .execute();
  }
}
