import type { JsonValue } from './json';
import { getOwn, isJsonObject } from './json-path';

/**
 * One total order over all JSON values plus "missing" (undefined), so sorting a query result is
 * deterministic whatever the documents hold. Type classes rank
 *   missing < null < boolean < number < string < array < object;
 * within a class: false < true; numbers numerically (-0 equals 0); strings by UTF-16 code unit
 * (not locale, so server and every browser agree); arrays element by element, a proper prefix
 * first; objects by their entries sorted by key (key, then value, then entry count).
 * `compareJson(a, b) === 0` exactly when `jsonEquals(a, b)`.
 */
export type JsonTypeClass =
  'missing' | 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

const rank: Record<JsonTypeClass, number> = {
  missing: 0,
  null: 1,
  boolean: 2,
  number: 3,
  string: 4,
  array: 5,
  object: 6,
};

export function jsonTypeClass(value: JsonValue | undefined): JsonTypeClass {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return 'object';
  }
}

function sign(a: number | string | boolean, b: number | string | boolean): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

export function compareJson(a: JsonValue | undefined, b: JsonValue | undefined): number {
  const classA = jsonTypeClass(a);
  const classB = jsonTypeClass(b);
  if (classA !== classB) return sign(rank[classA], rank[classB]);
  if (classA === 'array') return compareArrays(a as JsonValue[], b as JsonValue[]);
  if (classA === 'object' && isJsonObject(a) && isJsonObject(b)) return compareObjects(a, b);
  if (classA === 'missing' || classA === 'null') return 0;
  return sign(a as number | string | boolean, b as number | string | boolean);
}

function compareArrays(a: JsonValue[], b: JsonValue[]): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i += 1) {
    const result = compareJson(a[i], b[i]);
    if (result !== 0) return result;
  }
  return sign(a.length, b.length);
}

function compareObjects(a: Record<string, JsonValue>, b: Record<string, JsonValue>): number {
  // Default sort compares UTF-16 code units, the same order as string values.
  const keysA = Object.keys(a).sort();
  const keysB = Object.keys(b).sort();
  const shared = Math.min(keysA.length, keysB.length);
  for (let i = 0; i < shared; i += 1) {
    const keyA = keysA[i] as string;
    const keyB = keysB[i] as string;
    if (keyA !== keyB) return sign(keyA, keyB);
    const result = compareJson(getOwn(a, keyA), getOwn(b, keyB));
    if (result !== 0) return result;
  }
  return sign(keysA.length, keysB.length);
}

/** Structural equality: key order is irrelevant, array order matters, -0 equals 0. */
export function jsonEquals(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return compareJson(a, b) === 0;
}
