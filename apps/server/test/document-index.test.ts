import { compareJson, jsonEquals, type JsonValue, type Query } from '@qa/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexKey, MAX_KEY_UNITS, readPlan } from '../src/modules/sync/document-index';

/** The databases compare keys byte-wise (SQLite BINARY, PostgreSQL collate "C"). */
function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Strings that stress the key: lone surrogates, astral characters, NUL, long shared prefixes. */
const unitArb = fc.oneof(
  fc.constantFrom('a', 'b', 'z', 'Ä', '\u0000', '\u0001', '\ud7ff', '\ue000', '\uffff'),
  fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\ud83d\ude00'),
  fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
);
const stringArb = fc.oneof(
  fc.string({ unit: unitArb, maxLength: 6 }),
  fc
    .tuple(fc.string({ unit: unitArb, maxLength: 4 }), fc.string({ unit: unitArb, maxLength: 4 }))
    .map(([head, tail]) => 'p'.repeat(MAX_KEY_UNITS - 2) + head + tail),
);
const valueArb: fc.Arbitrary<JsonValue | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(0, -0, 1, -1, 0.5, -0.5, 1e300, -1e300, 5e-324, -5e-324, 2 ** 53),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  stringArb,
  fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }),
  fc.dictionary(fc.constantFrom('a', 'b'), fc.integer({ min: 0, max: 2 }), { maxKeys: 2 }),
);

describe('document index keys', () => {
  it('never order two values against the query model, and tie equal values', () => {
    fc.assert(
      fc.property(valueArb, valueArb, (a, b) => {
        const byKey = compareKeys(indexKey(a), indexKey(b));
        const byModel = compareJson(a, b);
        if (byKey < 0) expect(byModel).toBeLessThan(0);
        if (byKey > 0) expect(byModel).toBeGreaterThan(0);
        if (jsonEquals(a, b)) expect(byKey).toBe(0);
      }),
      { numRuns: 3_000 },
    );
    expect(indexKey(-0)).toBe(indexKey(0));
    expect(indexKey('x'.repeat(MAX_KEY_UNITS) + 'a')).toBe(indexKey('x'.repeat(MAX_KEY_UNITS)));
  });

  it('are text either database stores: no NUL, no surrogate, at most 385 bytes', () => {
    fc.assert(
      fc.property(valueArb, (value) => {
        const key = indexKey(value);
        expect(key.includes('\u0000')).toBe(false);
        expect(key).not.toMatch(/[\ud800-\udfff]/);
        expect(Buffer.byteLength(key, 'utf8')).toBeLessThanOrEqual(1 + 3 * MAX_KEY_UNITS);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe('read plans', () => {
  const query = (rest: Partial<Query>): Query => ({
    collection: 'audit_items',
    filters: [],
    ...rest,
  });

  it('use an == or in filter on an indexed field, the first declared field first', () => {
    expect(
      readPlan(
        query({
          filters: [
            { path: ['auditId'], op: '==', value: 'a1' },
            { path: ['id'], op: 'in', value: ['i1', 'i1', 'i2'] },
          ],
        }),
      ),
    ).toEqual({ kind: 'equal', field: 'id', keys: [indexKey('i1'), indexKey('i2')] });
    expect(
      readPlan(query({ filters: [{ path: ['auditId'], op: '==', value: 'a1' }] })),
    ).toMatchObject({ kind: 'equal', field: 'auditId' });
  });

  it('walk an indexed order only with a limit, and read everything otherwise', () => {
    const byTime = { orderBy: [{ path: ['timestamp'], direction: 'desc' as const }] };
    expect(readPlan({ collection: 'activities', filters: [], ...byTime, limit: 20 })).toEqual({
      kind: 'ordered',
      field: 'timestamp',
      direction: 'desc',
      limit: 20,
    });
    expect(readPlan({ collection: 'activities', filters: [], ...byTime })).toEqual({
      kind: 'scan',
    });
    // A range, a nested path, an unindexed field or collection: no index read.
    for (const filters of [
      [{ path: ['auditId'], op: '>=', value: 'a' }],
      [{ path: ['auditId', 'x'], op: '==', value: 'a' }],
      [{ path: ['title'], op: '==', value: 'a' }],
    ] as Query['filters'][]) {
      expect(readPlan(query({ filters }))).toEqual({ kind: 'scan' });
    }
    expect(
      readPlan({ collection: 'configuration', filters: [{ path: ['id'], op: '==', value: 'x' }] }),
    ).toEqual({ kind: 'scan' });
  });
});
