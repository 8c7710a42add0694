import type { JsonValue, Query } from '@qa/sync';

/** JSON with object keys sorted, so equal values always give the same text. */
export function stableJson(value: JsonValue | undefined): string {
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  // A key holding undefined is absent, as in JSON.stringify (`{ limit: undefined }`).
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`).join(',')}}`;
}

/**
 * The identity of a query in the replica: two components asking for the same query share one
 * subscription and one cached result, whatever order they wrote the object's keys in.
 */
export function queryKey(query: Query): string {
  return stableJson(query as unknown as JsonValue);
}
