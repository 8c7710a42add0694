import { indexedFields } from '@qa/domain';
import { getOwn, type Filter, type JsonObject, type JsonValue, type Query } from '@qa/sync';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DocumentIndexTable, Schema } from '../../db/schema';

/**
 * The subscription index (decision 32): one `document_index` row per live document and indexed
 * field (`INDEXED_FIELDS` in @qa/domain) holding a sort key of the field's value. The key is a
 * weak image of the query model's order (json-compare.ts): `key(a) < key(b)` implies
 * `compareJson(a, b) < 0`, and equal values have equal keys. Equal keys need not mean equal
 * values (long strings are cut), so a read through the index always runs the query over the
 * rows it found; what the index guarantees is that it finds every row that can match.
 *
 * Layout: a type-class digit in the query model's rank (0 missing, 1 null, 2 boolean,
 * 3 number, 4 string, 5 array, 6 object), then
 * - boolean: `0` or `1`;
 * - number: the IEEE 754 bits as 16 hex digits, sign-flipped so that byte order is numeric order
 *   (-0 as 0, as the query model has it);
 * - string: the string itself, compared byte-wise (SQLite BINARY, PostgreSQL `collate "C"`),
 *   which is code-point order and equals the query model's UTF-16 order below U+D800. It is cut
 *   at the first code unit from U+D800 on and followed by U+E000, which sorts after every code
 *   unit kept (so the cut string still sorts after any string that is smaller at that place);
 *   it is cut before a NUL (PostgreSQL text cannot hold one; NUL is the smallest unit, so the
 *   prefix keeps the order) and after 128 code units, which bounds the key at 385 bytes;
 * - missing, null, arrays and objects: the digit alone.
 */
export const MAX_KEY_UNITS = 128;
const ABOVE_KEPT_UNITS = '\ue000';

const float = new DataView(new ArrayBuffer(8));

function hex8(value: number): string {
  return value.toString(16).padStart(8, '0');
}

function numberKey(value: number): string {
  float.setFloat64(0, value === 0 ? 0 : value);
  const high = float.getUint32(0);
  const low = float.getUint32(4);
  // Negative numbers: every bit inverted (larger magnitude sorts first); others: sign bit set.
  return high >= 0x80000000
    ? hex8(~high >>> 0) + hex8(~low >>> 0)
    : hex8((high | 0x80000000) >>> 0) + hex8(low);
}

function stringKey(value: string): string {
  const end = Math.min(value.length, MAX_KEY_UNITS);
  for (let i = 0; i < end; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return value.slice(0, i);
    if (unit >= 0xd800) return value.slice(0, i) + ABOVE_KEPT_UNITS;
  }
  return value.slice(0, end);
}

/** The sort key of a field's value (undefined = the field is missing). */
export function indexKey(value: JsonValue | undefined): string {
  if (value === undefined) return '0';
  if (value === null) return '1';
  if (Array.isArray(value)) return '5';
  switch (typeof value) {
    case 'boolean':
      return value ? '21' : '20';
    case 'number':
      return `3${numberKey(value)}`;
    case 'string':
      return `4${stringKey(value)}`;
    default:
      return '6';
  }
}

/** The index rows of a live document: one per indexed field of its collection. */
export function indexRows(
  collection: string,
  id: string,
  data: JsonObject,
): Insertable<DocumentIndexTable>[] {
  return indexedFields(collection).map((field) => ({
    collection,
    id,
    field,
    sort_key: indexKey(getOwn(data, field)),
  }));
}

/** How a subscription's documents are read. */
export type ReadPlan =
  /** The rows whose indexed `field` has one of `keys` (an `==` or `in` filter on it). */
  | { kind: 'equal'; field: string; keys: string[] }
  /** Rows in the order of `field` until the limit is reached (orderBy + limit). */
  | { kind: 'ordered'; field: string; direction: 'asc' | 'desc'; limit: number }
  /** Every live document of the collection. */
  | { kind: 'scan' };

function isField(filter: Pick<Filter, 'path'>, field: string): boolean {
  return filter.path.length === 1 && filter.path[0] === field;
}

/**
 * The cheapest read that still finds every document the query matches: an `==`/`in` filter on
 * an indexed field (the first declared field a filter names wins), else an order on an indexed
 * field with a limit, else the whole collection.
 */
export function readPlan(query: Query): ReadPlan {
  const fields = indexedFields(query.collection);
  for (const field of fields) {
    for (const filter of query.filters) {
      if (!isField(filter, field)) continue;
      if (filter.op === '==') return { kind: 'equal', field, keys: [indexKey(filter.value)] };
      if (filter.op === 'in') {
        return { kind: 'equal', field, keys: [...new Set(filter.value.map(indexKey))] };
      }
    }
  }
  const first = query.orderBy?.[0];
  if (first && query.limit !== undefined) {
    const field = fields.find((candidate) => isField(first, candidate));
    if (field !== undefined) {
      return { kind: 'ordered', field, direction: first.direction, limit: query.limit };
    }
  }
  return { kind: 'scan' };
}

/** Documents read per round of a rebuild. */
const REBUILD_PAGE = 1_000;
/** Rows per insert: 4 parameters each, far below either database's parameter limit. */
const INSERT_CHUNK = 250;

/**
 * Builds the index anew from the stored documents (the migration that creates the table, and
 * any later one that changes INDEXED_FIELDS). Reads page by page, so memory stays bounded.
 */
export async function rebuildDocumentIndex(db: Kysely<Schema>): Promise<void> {
  await db.deleteFrom('document_index').execute();
  const collections = await db.selectFrom('documents').select('collection').distinct().execute();
  for (const { collection } of collections) {
    if (indexedFields(collection).length === 0) continue;
    let after: string | null = null;
    for (;;) {
      let page = db
        .selectFrom('documents')
        .select(['id', 'data'])
        .where('collection', '=', collection)
        .where(sql<boolean>`not ${sql.ref('deleted')}`)
        .orderBy('id')
        .limit(REBUILD_PAGE);
      if (after !== null) page = page.where('id', '>', after);
      const rows = await page.execute();
      const index = rows.flatMap((row) =>
        indexRows(collection, row.id, JSON.parse(row.data) as JsonObject),
      );
      for (let start = 0; start < index.length; start += INSERT_CHUNK) {
        await db
          .insertInto('document_index')
          .values(index.slice(start, start + INSERT_CHUNK))
          .execute();
      }
      if (rows.length < REBUILD_PAGE) break;
      after = rows[rows.length - 1]!.id;
    }
  }
}
