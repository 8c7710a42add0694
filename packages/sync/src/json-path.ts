import type { FieldPath } from './ops.schema';
import type { JsonObject, JsonValue } from './json';

/**
 * Own-property helpers for JSON documents. Every read goes through `Object.hasOwn` and every
 * write through `Object.defineProperty`, so keys such as "__proto__", "constructor" and
 * "prototype" are ordinary data keys: reading `constructor` of `{}` yields undefined instead of
 * the `Object` function, and writing `__proto__` creates an own property instead of replacing
 * the prototype (no prototype pollution, whatever the path or value holds).
 */

/** A plain JSON object (not an array, not null). Arrays are leaves for paths. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The own value of `key`, never an inherited one. */
export function getOwn(object: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Writes an own, enumerable data property; `object[key] = v` would call the `__proto__` setter. */
export function defineOwn(object: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** A shallow copy keeping "__proto__" as an own key (spread copies data properties safely). */
export function copyObject(object: JsonObject): JsonObject {
  return { ...object };
}

/**
 * A deep copy built only from own enumerable keys. Values coming from an op are copied before
 * they enter a document, so the document never aliases (and later mutation of) the op.
 */
export function cloneJson(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(cloneJson);
  if (!isJsonObject(value)) return value;
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) defineOwn(copy, key, cloneJson(value[key] as JsonValue));
  return copy;
}

/**
 * The value at `path`, or undefined when any step is missing or is not an object (paths never
 * index into arrays or primitives). The empty path is the value itself.
 */
export function getAtPath(value: JsonValue | undefined, path: FieldPath): JsonValue | undefined {
  let current = value;
  for (const key of path) {
    if (!isJsonObject(current)) return undefined;
    current = getOwn(current, key);
  }
  return current;
}
