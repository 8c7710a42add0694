import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from './json';
import { compareJson, jsonEquals } from './json-compare';
import { jsonValueArb } from './json.arbitraries';

const maybe = fc.option(jsonValueArb, { nil: undefined });

describe('compareJson', () => {
  it('orders type classes, then values within a class', () => {
    const ascending: (JsonValue | undefined)[] = [
      undefined,
      null,
      false,
      true,
      -1,
      0,
      2,
      '',
      'B',
      'a',
      'ä',
      [],
      [1],
      [1, 2],
      [2],
      {},
      { a: 1 },
      { a: 2 },
      { a: 2, b: 0 },
      { b: 0 },
    ];
    for (let i = 1; i < ascending.length; i += 1) {
      expect(compareJson(ascending[i - 1], ascending[i])).toBe(-1);
      expect(compareJson(ascending[i], ascending[i - 1])).toBe(1);
    }
    expect(compareJson(-0, 0)).toBe(0);
    expect(jsonEquals({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
  });

  it('is a total order consistent with equality', () => {
    fc.assert(
      fc.property(maybe, maybe, maybe, (a, b, c) => {
        expect(compareJson(a, a)).toBe(0);
        expect(Math.sign(compareJson(a, b))).toBe(-Math.sign(compareJson(b, a)) || 0);
        if (compareJson(a, b) <= 0 && compareJson(b, c) <= 0) {
          expect(compareJson(a, c)).toBeLessThanOrEqual(0);
        }
        const canonical = (value: JsonValue | undefined) =>
          JSON.stringify(value, (_k, v: unknown) =>
            v && typeof v === 'object' && !Array.isArray(v)
              ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1)))
              : v,
          );
        expect(jsonEquals(a, b)).toBe(canonical(a) === canonical(b));
      }),
      { numRuns: 2000 },
    );
  });
});
