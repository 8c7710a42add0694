import type { JsonObject, JsonValue } from './json';
import { compareJson, jsonEquals, jsonTypeClass } from './json-compare';
import { getAtPath } from './json-path';
import type { Filter, Query } from './query.schema';

/**
 * Query evaluation, identical on server and client so a local replica answers a query exactly
 * as the server's subscription does. A field is "missing" when its path does not resolve (an
 * absent key, or a parent that is not an object; paths never index into arrays). Missing is not
 * null. Comparable type classes: number, string (UTF-16 code-unit order), boolean (false < true).
 *
 * | filter (field f, value v) | f missing | f null      | f present, other cases                            |
 * | ------------------------- | --------- | ----------- | ------------------------------------------------- |
 * | `==` v                    | false     | v is null   | deep-equal(f, v) (objects by structure)           |
 * | `!=` v                    | true      | v not null  | not deep-equal(f, v): always the negation of `==` |
 * | `<` `<=` `>` `>=` v       | false     | false       | same comparable class as v, then compare; else false |
 * | `in` [v1..vn]             | false     | null in list| some vi deep-equals f                             |
 * | `array-contains` v        | false     | false       | f is an array with an element deep-equal to v     |
 *
 * Deleted documents and documents of another collection never match. Ordering uses the total
 * order of json-compare.ts (missing < null < boolean < number < string < array < object), so
 * documents lacking an order field are kept (first in `asc`, last in `desc`) rather than
 * dropped; ties are broken by document id ascending (code units), whatever the direction.
 */

/** What a query runs over: the replicated document shape, or just its identity and data. */
export interface QueryableDocument {
  collection: string;
  id: string;
  deleted?: boolean;
  data: JsonObject;
}

export function matchesFilter(data: JsonObject, filter: Filter): boolean {
  const field = getAtPath(data, filter.path);
  switch (filter.op) {
    case '==':
      return field !== undefined && jsonEquals(field, filter.value);
    case '!=':
      return !matchesFilter(data, { ...filter, op: '==' });
    case 'in':
      return field !== undefined && filter.value.some((value) => jsonEquals(field, value));
    case 'array-contains':
      return Array.isArray(field) && field.some((element) => jsonEquals(element, filter.value));
    default:
      return (
        comparable(field, filter.value) && compares(filter.op, compareJson(field, filter.value))
      );
  }
}

function comparable(field: JsonValue | undefined, value: JsonValue): boolean {
  const fieldClass = jsonTypeClass(field);
  return (
    fieldClass === jsonTypeClass(value) &&
    (fieldClass === 'number' || fieldClass === 'string' || fieldClass === 'boolean')
  );
}

function compares(op: '<' | '<=' | '>' | '>=', order: number): boolean {
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
  }
}

export function matchesQuery(doc: QueryableDocument, query: Query): boolean {
  return (
    doc.collection === query.collection &&
    doc.deleted !== true &&
    query.filters.every((filter) => matchesFilter(doc.data, filter))
  );
}

/** The comparator `runQuery` sorts with: order-by fields, then document id. */
export function compareForQuery(
  a: QueryableDocument,
  b: QueryableDocument,
  query: Pick<Query, 'orderBy'>,
): number {
  for (const { path, direction } of query.orderBy ?? []) {
    const order = compareJson(getAtPath(a.data, path), getAtPath(b.data, path));
    if (order !== 0) return direction === 'asc' ? order : -order;
  }
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/** Filters, orders and limits; returns a new array and never mutates `docs`. */
export function runQuery<T extends QueryableDocument>(docs: readonly T[], query: Query): T[] {
  const result = docs
    .filter((doc) => matchesQuery(doc, query))
    .sort((a, b) => compareForQuery(a, b, query));
  return query.limit === undefined ? result : result.slice(0, query.limit);
}
