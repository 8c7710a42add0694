import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonValue, jsonObjectSchema, jsonValueSchema } from './json';

describe('isJsonValue', () => {
  it('accepts every value JSON.parse can give', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(isJsonValue(JSON.parse(JSON.stringify(value)))).toBe(true);
      }),
    );
  });

  it('refuses what JSON cannot hold, at any depth', () => {
    const sparse: unknown[] = [1];
    sparse[2] = 3;
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    for (const bad of [
      Number.NaN,
      Number.POSITIVE_INFINITY,
      undefined,
      () => 1,
      Symbol('x'),
      10n,
      new Date(0),
      new Map(),
      sparse,
      cyclic,
      { a: [{ b: Number.NEGATIVE_INFINITY }] },
      { a: { b: undefined } },
    ])
      expect(isJsonValue(bad), String(bad)).toBe(false);
  });

  it('accepts objects without a prototype and keys such as __proto__ as data', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.a = 1;
    expect(isJsonValue(bare)).toBe(true);
    expect(isJsonValue(JSON.parse('{"__proto__": {"x": 1}}'))).toBe(true);
  });
});

describe('the JSON schemas', () => {
  it('hand back the value itself, not a copy', () => {
    const data = { a: [1, { b: 'c' }], d: null };
    expect(jsonObjectSchema.parse(data)).toBe(data);
    expect(jsonValueSchema.parse(data)).toBe(data);
  });

  it('take only objects as objects', () => {
    for (const bad of [[], null, 'text', 1, [{ a: 1 }]])
      expect(jsonObjectSchema.safeParse(bad).success).toBe(false);
    expect(jsonObjectSchema.safeParse({ a: { b: [1] } }).success).toBe(true);
  });
});
