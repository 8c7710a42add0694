import fc from 'fast-check';
import type { JsonObject, JsonValue } from './json';
import { defineOwn } from './json-path';

/**
 * fast-check generators shared by the property tests (test-only; not exported by index.ts).
 * Keys come from a tiny alphabet so random paths collide with existing fields, and include
 * the prototype-polluting names so every property also exercises them.
 */
export const keyArb = fc.constantFrom('a', 'b', 'c', 'x.y', '__proto__', 'constructor');

export const pathArb = fc.array(keyArb, { maxLength: 3 });

function objectFrom(entries: [string, JsonValue][]): JsonObject {
  const object: JsonObject = {};
  for (const [key, value] of entries) defineOwn(object, key, value);
  return object;
}

const { value: jsonValueArb } = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom(0.5, -0, 1e9),
    fc.constantFrom('', 'a', 'b', 'B', 'ä'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(keyArb, tie('value')), { maxLength: 3 }).map(objectFrom),
  ),
}));

export { jsonValueArb };

export const jsonObjectArb: fc.Arbitrary<JsonObject> = fc
  .array(fc.tuple(keyArb, jsonValueArb), { maxLength: 4 })
  .map(objectFrom);

/** Freezes a value and everything inside it, so any mutation throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const key of Reflect.ownKeys(value))
      deepFreeze((value as Record<PropertyKey, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}
