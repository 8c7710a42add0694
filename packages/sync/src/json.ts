import { z } from 'zod/mini';

/** JSON values as documents hold them (no undefined, no functions, finite numbers). */
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * Deeper than any document or message can be (MAX_JSON_DEPTH bounds what the server reads); a
 * cyclic value reaches it too, and is refused instead of recursing without end.
 */
const MAX_CHECK_DEPTH = 1_000;

function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function jsonAt(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (depth >= MAX_CHECK_DEPTH) return false;
      if (Array.isArray(value)) {
        // An index loop: a hole of a sparse array is undefined, which is not JSON.
        for (let index = 0; index < value.length; index += 1)
          if (!jsonAt(value[index], depth + 1)) return false;
        return true;
      }
      if (!isPlainObject(value)) return false;
      for (const key of Object.keys(value))
        if (!jsonAt((value as Record<string, unknown>)[key], depth + 1)) return false;
      return true;
    }
    default:
      return false;
  }
}

/**
 * Whether a value is JSON as documents hold it: strings, finite numbers, booleans, null, arrays
 * and plain objects of those. A plain check instead of a recursive zod union: every document of
 * every sync message passes through it, and the union cost the web app's first screen about
 * 150 ms of main thread per large snapshot on a mid-range phone. It does not copy the value.
 */
export function isJsonValue(value: unknown): value is JsonValue {
  return jsonAt(value, 0);
}

/** A plain object whose values are JSON (json-path's isJsonObject looks at the top only). */
function isJsonRecord(value: unknown): value is JsonObject {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    isPlainObject(value) &&
    jsonAt(value, 0)
  );
}

export const jsonValueSchema: z.ZodMiniType<JsonValue> = z.custom<JsonValue>(isJsonValue, {
  message: 'Expected a JSON value (strings, finite numbers, booleans, null, arrays, objects)',
});

export const jsonObjectSchema: z.ZodMiniType<JsonObject> = z.custom<JsonObject>(isJsonRecord, {
  message: 'Expected a JSON object',
});
