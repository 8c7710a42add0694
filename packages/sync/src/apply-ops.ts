import type { JsonObject, JsonValue } from './json';
import { jsonEquals } from './json-compare';
import { cloneJson, copyObject, defineOwn, getOwn, isJsonObject } from './json-path';
import type { FieldPath, Op } from './ops.schema';

/**
 * Applying field-path operations (DESIGN.md section 4). Pure and immutable: inputs are never
 * mutated; results share untouched subtrees with the input and must be treated as read-only.
 * Values taken from ops are deep-copied, so a result never aliases an op.
 *
 * A document is a JSON object; `undefined` is a missing or deleted document. Paths are keys of
 * nested objects and never index into arrays. Exact semantics:
 *
 * | op                  | document missing        | document present                                  |
 * | ------------------- | ----------------------- | ------------------------------------------------- |
 * | set []              | creates it (value)      | replaces it (value)                               |
 * | set [a, ..., k]     | creates {a: ...{k: v}}  | sets the field; missing parents become {}          |
 * | merge [] / [a, ...] | creates it as for set   | deep-merges value into the object at the path     |
 * | delete []           | no-op (stays missing)   | deletes the document                              |
 * | delete [a, ..., k]  | no-op (stays missing)   | removes the field; a missing field is a no-op     |
 *
 * - A parent on the path that is not an object (array, string, number, boolean, null) blocks the
 *   path: `set` and `merge` replace it with an object, `delete` is a no-op there.
 * - `merge` recurses only where both sides are objects; anything else in the merge value
 *   (arrays, primitives, null) replaces the existing value: arrays are replaced, not
 *   concatenated, and null sets null (merge never deletes). If the target at the path is not an
 *   object, it is replaced by a copy of the merge value.
 * - Emptied parent objects stay (delete [a, b] on {a: {b: 1}} gives {a: {}}).
 * - Keys "__proto__", "constructor", "prototype" are plain data keys (see json-path.ts).
 * - `set []` with a non-object value violates `setOpSchema`; here it throws `InvalidOpError`
 *   rather than producing a document that is not an object.
 */

export class InvalidOpError extends Error {
  override readonly name = 'InvalidOpError';
}

/** Key of a document in a store. Unambiguous because collection names never contain "/". */
export type DocumentKey = `${string}/${string}`;

export function documentKey(collection: string, id: string): DocumentKey {
  return `${collection}/${id}`;
}

export type DocumentStore = ReadonlyMap<string, JsonObject>;

export interface DocumentRef {
  collection: string;
  id: string;
}

export interface ApplyOpsResult {
  store: Map<string, JsonObject>;
  /** Documents whose content differs afterwards (deep comparison), in first-touched order. */
  changed: DocumentRef[];
}

/**
 * Applies ops, in order, to one document. The caller passes only the ops of that document;
 * their `collection` and `id` are not checked here.
 */
export function applyOpsToDocument(
  doc: JsonObject | undefined,
  ops: readonly Op[],
): JsonObject | undefined {
  let current = doc;
  for (const op of ops) current = applyOp(current, op);
  return current;
}

/** Applies ops, in order, to a store keyed by `documentKey`; deleted documents leave the map. */
export function applyOps(store: DocumentStore, ops: readonly Op[]): ApplyOpsResult {
  const next = new Map(store);
  const touched = new Map<string, DocumentRef>();
  for (const op of ops) {
    const key = documentKey(op.collection, op.id);
    if (!touched.has(key)) touched.set(key, { collection: op.collection, id: op.id });
    const result = applyOp(next.get(key), op);
    if (result === undefined) next.delete(key);
    else next.set(key, result);
  }
  const changed = [...touched.entries()]
    .filter(([key]) => !jsonEquals(store.get(key), next.get(key)))
    .map(([, ref]) => ref);
  return { store: next, changed };
}

function applyOp(doc: JsonObject | undefined, op: Op): JsonObject | undefined {
  switch (op.op) {
    case 'set': {
      if (op.path.length > 0) return setIn(doc ?? {}, op.path, cloneJson(op.value));
      if (!isJsonObject(op.value)) {
        throw new InvalidOpError('set on the whole document needs an object value');
      }
      return cloneJson(op.value) as JsonObject;
    }
    case 'merge':
      return updateIn(doc ?? {}, op.path, (target) => mergeInto(target, op.value));
    case 'delete':
      if (op.path.length === 0 || doc === undefined) return undefined;
      return deleteIn(doc, op.path);
  }
}

function setIn(object: JsonObject, path: FieldPath, value: JsonValue): JsonObject {
  return updateIn(object, path, () => value) as JsonObject;
}

/**
 * Copies the objects along `path` and replaces the value at its end with `update(old)`.
 * A parent that is missing or not an object becomes a fresh object.
 */
function updateIn(
  value: JsonValue | undefined,
  path: FieldPath,
  update: (old: JsonValue | undefined) => JsonValue,
): JsonObject {
  return updateAt(value, path, 0, update) as JsonObject;
}

function updateAt(
  value: JsonValue | undefined,
  path: FieldPath,
  index: number,
  update: (old: JsonValue | undefined) => JsonValue,
): JsonValue {
  if (index === path.length) return update(value);
  const key = path[index] as string;
  const copy = isJsonObject(value) ? copyObject(value) : {};
  defineOwn(copy, key, updateAt(getOwn(copy, key), path, index + 1, update));
  return copy;
}

function mergeInto(target: JsonValue | undefined, patch: JsonObject): JsonObject {
  const result = isJsonObject(target) ? copyObject(target) : {};
  for (const key of Object.keys(patch)) {
    const incoming = patch[key] as JsonValue;
    const existing = getOwn(result, key);
    const merged =
      isJsonObject(incoming) && isJsonObject(existing)
        ? mergeInto(existing, incoming)
        : cloneJson(incoming);
    defineOwn(result, key, merged);
  }
  return result;
}

function deleteIn(object: JsonObject, path: FieldPath): JsonObject {
  const [key, ...rest] = path as [string, ...string[]];
  if (!Object.hasOwn(object, key)) return object;
  const copy = copyObject(object);
  if (rest.length === 0) {
    delete copy[key];
    return copy;
  }
  const child = getOwn(object, key);
  if (!isJsonObject(child)) return object;
  const updated = deleteIn(child, rest);
  if (updated === child) return object;
  defineOwn(copy, key, updated);
  return copy;
}
