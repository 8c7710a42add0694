import { AsyncLocalStorage } from 'node:async_hooks';
import { indexedFields } from '@qa/domain';
import {
  MAX_WELCOME_REJECTIONS,
  documentKey,
  matchesQuery,
  runQuery,
  type JsonObject,
  type Query,
  type ReplicatedDocument,
} from '@qa/sync';
import { sql, type Selectable } from 'kysely';
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

/** What the server keeps of a client: whose it is, its last applied mutation and sequence. */
export interface ClientMutationRecord {
  personId: string;
  lastMutationId: number;
  lastSequence?: number;
}

export interface ChangeAuthor {
  actor: string;
  clientId: string;
  mutationId: number;
}

type DocumentRow = Selectable<DocumentsTable>;

interface PendingWrite {
  document: ReplicatedDocument;
  seq: number;
  prevData: JsonObject | null;
  author: ChangeAuthor | null;
}

interface PendingWrites {
  rows: PendingWrite[];
  /** documentKey of every document in `rows`. */
  keys: Set<string>;
}
type ChangeRow = Selectable<ChangesTable>;

/** Largest number of ids in one `in (...)` list, well below SQLite's variable limit. */
const IN_CHUNK = 500;
/** Rows per multi-row insert: 11 parameters each, far below either database's limit. */
const WRITE_CHUNK = 500;
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
  /** Writes kept by `deferWrites` in the current async context. */
  private readonly pending = new AsyncLocalStorage<PendingWrites>();

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

  /**
   * The stored documents (tombstones included) among `refs`. One query for up to IN_CHUNK refs
   * whatever their collections (`(collection = ? and id in (...)) or ...`): on PostgreSQL every
   * query is a round trip, and a command's reads are its first one.
   */
  async findMany(refs: readonly { collection: string; id: string }[]): Promise<StoredDocument[]> {
    await this.flushFor(refs);
    const byCollection = new Map<string, Set<string>>();
    for (const ref of refs) {
      const ids = byCollection.get(ref.collection) ?? new Set<string>();
      ids.add(ref.id);
      byCollection.set(ref.collection, ids);
    }
    // Groups of at most IN_CHUNK ids, each group read by one query.
    const groups: { collection: string; ids: string[] }[][] = [[]];
    let size = 0;
    for (const [collection, idSet] of byCollection) {
      const ids = [...idSet];
      for (let start = 0; start < ids.length; start += IN_CHUNK) {
        const slice = ids.slice(start, start + IN_CHUNK);
        if (size + slice.length > IN_CHUNK) {
          groups.push([]);
          size = 0;
        }
        groups[groups.length - 1]!.push({ collection, ids: slice });
        size += slice.length;
      }
    }
    const found: StoredDocument[] = [];
    for (const group of groups) {
      if (group.length === 0) continue;
      const rows = await this.db
        .selectFrom('documents')
        .selectAll()
        .where((eb) =>
          eb.or(
            group.map(({ collection, ids }) =>
              eb.and([eb('collection', '=', collection), eb('id', 'in', ids)]),
            ),
          ),
        )
        .execute();
      found.push(...rows.map(toDocument));
    }
    return found;
  }

  /** Every live document of a collection (subscriptions filter them with the query model). */
  async liveDocuments(collection: string): Promise<StoredDocument[]> {
    await this.flushPending();
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
    await this.flushPending();
    const plan = readPlan(query);
    const read =
      plan.kind === 'equal'
        ? await this.readEqual(query, plan.field, plan.keys)
        : plan.kind === 'ordered'
          ? await this.readOrdered(query, plan.field, plan.direction, plan.limit)
          : await this.readAll(query);
    return { documents: runQuery(read.matching, query), plan, rowsRead: read.rowsRead };
  }

  /**
   * A subscription's snapshot as it is sent (issue 16): pages of the result in the query's
   * order. A whole collection (no filter, order or limit: the replica's large queries) is
   * streamed page by page from the database, so the first page goes out before the rest is read
   * and the server never holds the whole result; `total` is then the live count when the read
   * began (a hint for progress). Any other query is read with `queryDocuments`, which must see
   * every candidate before it can order or cut them, and comes as one page with its exact total.
   */
  async queryPages(query: Query): Promise<{
    plan: ReadPlan | { kind: 'stream' };
    total?: number;
    pages: AsyncIterable<StoredDocument[]>;
  }> {
    const whole = query.filters.length === 0 && !query.orderBy?.length && query.limit === undefined;
    if (whole && (await this.sortsIdsLikeQueryModel())) {
      const total = await this.countLive(query.collection);
      const pages = this.scanPages(query);
      return {
        plan: { kind: 'stream' },
        total,
        pages: (async function* () {
          for await (const page of pages) if (page.matching.length > 0) yield page.matching;
        })(),
      };
    }
    const { documents, plan } = await this.queryDocuments(query);
    return {
      plan,
      total: documents.length,
      pages: (async function* () {
        yield documents;
      })(),
    };
  }

  private idOrder: Promise<boolean> | null = null;

  /**
   * Whether the database orders ids as the query model does (UTF-16 code units): SQLite compares
   * text byte-wise; PostgreSQL follows the database's collation, which is byte-wise for C/POSIX
   * but not for a language's (`en_US` sorts `a` before `B` and skips punctuation). Asked once,
   * by sorting the id alphabet's awkward characters there and here.
   */
  private sortsIdsLikeQueryModel(): Promise<boolean> {
    if (this.database.dialect === 'sqlite') return Promise.resolve(true);
    if (this.idOrder) return this.idOrder;
    const probe = (async () => {
      const alphabet = "B a b A _ - 0 9 . @ + ' a-c ab a_b".split(' ');
      const values = sql.join(alphabet.map((value) => sql`(${value}::text)`));
      const { rows } = await sql<{
        v: string;
      }>`select v from (values ${values}) as t(v) order by v`.execute(this.db);
      const expected = [...alphabet].sort();
      return rows.length === expected.length && rows.every((row, i) => row.v === expected[i]);
    })();
    this.idOrder = probe;
    // A failed probe (the database away) is asked again next time, not remembered.
    probe.catch(() => {
      if (this.idOrder === probe) this.idOrder = null;
    });
    return this.idOrder;
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
    for await (const page of this.scanPages(query)) {
      rowsRead += page.rowsRead;
      for (const document of page.matching) matching.push(document);
    }
    return { matching, rowsRead };
  }

  /**
   * The live documents of the collection the query's filters match, a page of READ_PAGE rows at
   * a time in id order (keyset by id, so a page costs the same however far the read has got).
   * Between pages the event loop runs, and the caller may wait as long as it likes (each page is
   * a query of its own; no cursor or transaction is held open).
   */
  private async *scanPages(
    query: Query,
  ): AsyncGenerator<{ matching: StoredDocument[]; rowsRead: number }> {
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
      const matching: StoredDocument[] = [];
      await this.keepMatching(rows, query, matching);
      yield { matching, rowsRead: rows.length };
      if (rows.length < READ_PAGE) return;
      after = rows[rows.length - 1]!.id;
      await yieldToLoop();
    }
  }

  async countLive(collection: string): Promise<number> {
    await this.flushPending();
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
    await this.writeMany([{ document, seq, prevData }], author);
  }

  /**
   * Writes documents (insert or replace) and their change-log rows. Inside `deferWrites` they
   * are kept until the context reads the documents they touch, or ends.
   */
  async writeMany(
    writes: readonly { document: ReplicatedDocument; seq: number; prevData: JsonObject | null }[],
    author: ChangeAuthor | null,
  ): Promise<void> {
    const rows = writes.map((write) => ({ ...write, author }));
    const pending = this.pending.getStore();
    if (!pending) return this.writeNow(rows);
    for (const row of rows) {
      pending.rows.push(row);
      pending.keys.add(documentKey(row.document.collection, row.document.id));
    }
  }

  /**
   * Runs `work` (inside the caller's transaction) with its writes kept and written together at
   * the end, one multi-row statement per table (group commit: a batch's writes cost a few
   * statements, not a few per document). Reads of this repository in the same context write
   * what they would otherwise miss first, so whatever runs there (hooks) sees every write.
   */
  async deferWrites<T>(work: () => Promise<T>): Promise<T> {
    const pending: PendingWrites = { rows: [], keys: new Set() };
    return this.pending.run(pending, async () => {
      const result = await work();
      await this.flushPending();
      return result;
    });
  }

  /** Writes what `deferWrites` kept: before a read that must see it, and at its end. */
  private async flushPending(): Promise<void> {
    const pending = this.pending.getStore();
    if (!pending || pending.rows.length === 0) return;
    const rows = pending.rows;
    pending.rows = [];
    pending.keys.clear();
    await this.writeNow(rows);
  }

  /** Whether a read of `refs` must first write what is kept (it touches a kept document). */
  private async flushFor(refs: readonly { collection: string; id: string }[]): Promise<void> {
    const pending = this.pending.getStore();
    if (!pending || pending.rows.length === 0) return;
    if (refs.some((ref) => pending.keys.has(documentKey(ref.collection, ref.id)))) {
      await this.flushPending();
    }
  }

  /**
   * One multi-row statement per table and WRITE_CHUNK rows. A document written more than once
   * (a batch's commands editing one audit) keeps its last state in `documents` and the index,
   * and one change row per write.
   */
  private async writeNow(writes: readonly PendingWrite[]): Promise<void> {
    const latest = new Map<string, ReplicatedDocument & { seq: number }>();
    for (const { document, seq } of writes) {
      const key = documentKey(document.collection, document.id);
      latest.delete(key);
      latest.set(key, { ...document, seq });
    }
    const documents = [...latest.values()];
    for (let start = 0; start < documents.length; start += WRITE_CHUNK) {
      const chunk = documents.slice(start, start + WRITE_CHUNK);
      await this.db
        .insertInto('documents')
        .values(
          chunk.map((document) => ({
            collection: document.collection,
            id: document.id,
            version: document.version,
            deleted: this.bool(document.deleted),
            updated_at: document.updatedAt,
            data: JSON.stringify(document.data),
            seq: document.seq,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['collection', 'id']).doUpdateSet((eb) => ({
            version: eb.ref('excluded.version'),
            deleted: eb.ref('excluded.deleted'),
            updated_at: eb.ref('excluded.updated_at'),
            data: eb.ref('excluded.data'),
            seq: eb.ref('excluded.seq'),
          })),
        )
        .execute();
      await this.writeIndex(chunk);
    }
    for (let start = 0; start < writes.length; start += WRITE_CHUNK) {
      await this.db
        .insertInto('changes')
        .values(
          writes.slice(start, start + WRITE_CHUNK).map(({ document, seq, prevData, author }) => ({
            seq,
            collection: document.collection,
            id: document.id,
            version: document.version,
            deleted: this.bool(document.deleted),
            updated_at: document.updatedAt,
            data: JSON.stringify(document.data),
            prev_data: prevData === null ? null : JSON.stringify(prevData),
            actor: author?.actor ?? null,
            client_id: author?.clientId ?? null,
            mutation_id: author?.mutationId ?? null,
          })),
        )
        .execute();
    }
  }

  /** Keeps the documents' index rows (decision 32): a tombstone has none. */
  private async writeIndex(documents: readonly ReplicatedDocument[]): Promise<void> {
    const indexed = documents.filter((doc) => indexedFields(doc.collection).length > 0);
    const tombstones = indexed.filter((doc) => doc.deleted);
    if (tombstones.length > 0) {
      await this.db
        .deleteFrom('document_index')
        .where((eb) =>
          eb.or(
            tombstones.map((doc) =>
              eb.and([eb('collection', '=', doc.collection), eb('id', '=', doc.id)]),
            ),
          ),
        )
        .execute();
    }
    const rows = indexed
      .filter((doc) => !doc.deleted)
      .flatMap((doc) => indexRows(doc.collection, doc.id, doc.data));
    for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
      await this.db
        .insertInto('document_index')
        .values(rows.slice(start, start + WRITE_CHUNK))
        .onConflict((oc) =>
          oc
            .columns(['collection', 'id', 'field'])
            .doUpdateSet((eb) => ({ sort_key: eb.ref('excluded.sort_key') })),
        )
        .execute();
    }
  }

  /** Changes after `afterSeq`, oldest first, at most `limit`. */
  async changesAfter(afterSeq: number, limit: number): Promise<ChangeRecord[]> {
    await this.flushPending();
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
    await this.flushPending();
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
  async clientMutation(clientId: string): Promise<ClientMutationRecord | null> {
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

  /** `clientMutation` of several clients in one query; clients without a record are absent. */
  async clientMutations(clientIds: readonly string[]): Promise<Map<string, ClientMutationRecord>> {
    const found = new Map<string, ClientMutationRecord>();
    for (let start = 0; start < clientIds.length; start += IN_CHUNK) {
      const rows = await this.db
        .selectFrom('client_mutations')
        .select(['client_id', 'person_id', 'last_mutation_id', 'last_sequence'])
        .where('client_id', 'in', clientIds.slice(start, start + IN_CHUNK))
        .execute();
      for (const row of rows) {
        found.set(row.client_id, {
          personId: row.person_id,
          lastMutationId: Number(row.last_mutation_id),
          ...(row.last_sequence === null ? {} : { lastSequence: Number(row.last_sequence) }),
        });
      }
    }
    return found;
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

  /**
   * Records the last applied mutation and sequence of several clients in one statement (a group
   * commit's clients). Each record is the client's whole state: a command that changed nothing
   * leaves `lastSequence` as it was in the record handed in.
   */
  async recordMutations(
    records: readonly ({ clientId: string } & ClientMutationRecord)[],
    now: string,
  ): Promise<void> {
    for (let start = 0; start < records.length; start += WRITE_CHUNK) {
      await this.db
        .insertInto('client_mutations')
        .values(
          records.slice(start, start + WRITE_CHUNK).map((record) => ({
            client_id: record.clientId,
            person_id: record.personId,
            last_mutation_id: record.lastMutationId,
            last_sequence: record.lastSequence ?? null,
            updated_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.column('client_id').doUpdateSet((eb) => ({
            person_id: eb.ref('excluded.person_id'),
            last_mutation_id: eb.ref('excluded.last_mutation_id'),
            last_sequence: eb.ref('excluded.last_sequence'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
  }
}
