import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from './json';
import { deepFreeze, jsonObjectArb, jsonValueArb, keyArb, pathArb } from './json.arbitraries';
import {
  compareForQuery,
  matchesFilter,
  matchesQuery,
  runQuery,
  type QueryableDocument,
} from './query';
import { querySchema, type Filter, type FilterOperator, type Query } from './query.schema';

const doc = (id: string, data: JsonObject, extra: Partial<QueryableDocument> = {}) => ({
  collection: 'items',
  id,
  data,
  ...extra,
});
const field = (value: JsonValue | undefined): JsonObject =>
  value === undefined ? {} : { f: value };
const test = (value: JsonValue | undefined, op: FilterOperator, operand: JsonValue) =>
  matchesFilter(field(value), { path: ['f'], op, value: operand } as Filter);

describe('filter semantics, cell by cell', () => {
  // [field value (undefined = missing), operator, operand, expected]
  const cells: [JsonValue | undefined, FilterOperator, JsonValue, boolean][] = [
    // ==
    [undefined, '==', null, false],
    [null, '==', null, true],
    [1, '==', 1, true],
    [-0, '==', 0, true],
    [1, '==', '1', false],
    [{ a: [1, { b: 2 }], c: 3 }, '==', { c: 3, a: [1, { b: 2 }] }, true],
    [[1, 2], '==', [2, 1], false],
    [{ a: 1 }, '==', { a: 1, b: 2 }, false],
    // != is the negation of ==, so a missing field matches
    [undefined, '!=', 1, true],
    [undefined, '!=', null, true],
    [null, '!=', null, false],
    [null, '!=', 1, true],
    [1, '!=', 1, false],
    [1, '!=', '1', true],
    [{ a: 1 }, '!=', { a: 1 }, false],
    // comparisons: same comparable class only
    [undefined, '<', 1, false],
    [null, '<=', null, false],
    [null, '<', 1, false],
    [1, '<', 2, true],
    [2, '<', 2, false],
    [2, '<=', 2, true],
    [3, '>', 2, true],
    [2, '>=', 2, true],
    [1, '>=', 2, false],
    ['B', '<', 'a', true],
    ['a', '<', 'ä', true],
    ['10', '<', '9', true],
    [false, '<', true, true],
    [true, '>=', false, true],
    [1, '<', '2', false],
    ['1', '>', 0, false],
    [true, '>', 0, false],
    [[1], '<', [2], false],
    [{ a: 1 }, '>=', { a: 1 }, false],
    [1, '>', null, false],
    // in
    [undefined, 'in', [null], false],
    [null, 'in', [null], true],
    [2, 'in', [1, 2], true],
    [2, 'in', [], false],
    ['2', 'in', [1, 2], false],
    [{ a: [1] }, 'in', [{ a: [1] }], true],
    [[1], 'in', [1], false],
    // array-contains
    [undefined, 'array-contains', 1, false],
    [null, 'array-contains', null, false],
    [[1, 2], 'array-contains', 2, true],
    [[1, 2], 'array-contains', 3, false],
    [[{ a: 1 }], 'array-contains', { a: 1 }, true],
    [[[1]], 'array-contains', [1], true],
    [[null], 'array-contains', null, true],
    ['abc', 'array-contains', 'a', false],
    [{ 0: 1 }, 'array-contains', 1, false],
  ];

  it.each(cells)('%j %s %j -> %s', (value, op, operand, expected) => {
    expect(test(value, op, operand)).toBe(expected);
  });

  it('treats a path through a non-object, or an inherited member, as missing', () => {
    const filter = (path: string[], op: FilterOperator): Filter =>
      ({ path, op, value: 1 }) as Filter;
    const blocked: JsonObject[] = [{ a: [{ b: 1 }] }, { a: 'x' }, { a: null }, {}];
    for (const data of blocked) {
      expect(matchesFilter(data, filter(['a', 'b'], '=='))).toBe(false);
      expect(matchesFilter(data, filter(['a', 'b'], '!='))).toBe(true);
    }
    expect(matchesFilter({ a: [{ b: 1 }] }, filter(['a', '0', 'b'], '=='))).toBe(false);
    expect(matchesFilter({}, { path: ['constructor'], op: '!=', value: null })).toBe(true);
    expect(matchesFilter({ a: { b: 1 } }, filter(['a', 'b'], '=='))).toBe(true);
  });
});

describe('matchesQuery', () => {
  const query: Query = { collection: 'items', filters: [{ path: ['n'], op: '>', value: 1 }] };

  it('requires the collection, a live document and every filter', () => {
    expect(matchesQuery(doc('1', { n: 2 }), query)).toBe(true);
    expect(matchesQuery(doc('1', { n: 2 }, { collection: 'other' }), query)).toBe(false);
    expect(matchesQuery(doc('1', { n: 2 }, { deleted: true }), query)).toBe(false);
    expect(matchesQuery(doc('1', { n: 2 }, { deleted: false }), query)).toBe(true);
    expect(
      matchesQuery(doc('1', { n: 2 }), {
        ...query,
        filters: [...query.filters, { path: ['n'], op: '<', value: 2 }],
      }),
    ).toBe(false);
    expect(matchesQuery(doc('1', {}), { collection: 'items', filters: [] })).toBe(true);
  });
});

describe('runQuery', () => {
  const docs = deepFreeze([
    doc('d', { n: 2, s: 'b' }),
    doc('b', { n: 1 }),
    doc('a', { n: 2, s: 'a' }),
    doc('c', { s: 'c' }),
    doc('e', { n: null }),
    doc('f', { n: 'x' }),
    doc('x', { n: 0 }, { deleted: true }),
  ]);
  const ids = (query: Partial<Query>) =>
    runQuery(docs, { collection: 'items', filters: [], ...query }).map((d) => d.id);

  it('orders by id without orderBy', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('orders mixed types by type class, missing first ascending and last descending', () => {
    expect(ids({ orderBy: [{ path: ['n'], direction: 'asc' }] })).toEqual([
      'c',
      'e',
      'b',
      'a',
      'd',
      'f',
    ]);
    expect(ids({ orderBy: [{ path: ['n'], direction: 'desc' }] })).toEqual([
      'f',
      'a',
      'd',
      'b',
      'e',
      'c',
    ]);
  });

  it('applies later order keys, then id ascending whatever the direction', () => {
    expect(
      ids({
        orderBy: [
          { path: ['n'], direction: 'desc' },
          { path: ['s'], direction: 'desc' },
        ],
        limit: 3,
      }),
    ).toEqual(['f', 'd', 'a']);
    expect(compareForQuery(doc('a', {}), doc('a', {}), {})).toBe(0);
  });

  it('filters and limits', () => {
    expect(ids({ filters: [{ path: ['n'], op: '>=', value: 1 }], limit: 2 })).toEqual(['a', 'b']);
  });
});

describe('querySchema', () => {
  it('accepts a full query and rejects bad ones', () => {
    const ok = {
      collection: 'audit_items',
      filters: [
        { path: ['auditId'], op: '==', value: 'a1' },
        { path: ['state'], op: 'in', value: ['open', 'closed'] },
      ],
      orderBy: [{ path: ['position'], direction: 'asc' }],
      limit: 50,
    };
    expect(querySchema.safeParse(ok).success).toBe(true);
    const bad = [
      { ...ok, collection: 'a/b' },
      { ...ok, filters: [{ path: [], op: '==', value: 1 }] },
      { ...ok, filters: [{ path: ['a'], op: 'like', value: 1 }] },
      { ...ok, filters: [{ path: ['a'], op: 'in', value: 1 }] },
      {
        ...ok,
        filters: [{ path: ['a'], op: 'in', value: Array.from({ length: 31 }, (_, i) => i) }],
      },
      { ...ok, orderBy: [{ path: ['a'], direction: 'up' }] },
      { ...ok, limit: 0 },
      { ...ok, limit: 1.5 },
    ];
    for (const query of bad) expect(querySchema.safeParse(query).success).toBe(false);
  });
});

/** A deliberately naive reference: canonical JSON for equality, native operators for order. */
function canonical(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k] as JsonValue)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function referenceGet(data: JsonObject, path: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    if (!Object.keys(current).includes(key)) return undefined;
    current = current[key];
  }
  return current;
}

function referenceMatches(data: JsonObject, filter: Filter): boolean {
  const f = referenceGet(data, filter.path);
  const v = filter.value;
  const eq = (a: JsonValue, b: JsonValue) => canonical(a) === canonical(b);
  switch (filter.op) {
    case '==':
      return f !== undefined && eq(f, v);
    case '!=':
      return f === undefined || !eq(f, v);
    case 'in':
      return f !== undefined && filter.value.some((x) => eq(f, x));
    case 'array-contains':
      return Array.isArray(f) && f.some((x) => eq(x, v));
    default: {
      const kinds = ['number', 'string', 'boolean'];
      if (typeof f !== typeof v || !kinds.includes(typeof f)) return false;
      const [a, b] = [f as number, v as number];
      return { '<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b }[filter.op];
    }
  }
}

describe('properties', () => {
  const filterArb: fc.Arbitrary<Filter> = fc.oneof(
    fc.record({
      path: fc.array(keyArb, { minLength: 1, maxLength: 2 }),
      op: fc.constantFrom('==', '!=', '<', '<=', '>', '>=', 'array-contains' as const),
      value: jsonValueArb,
    }),
    fc.record({
      path: fc.array(keyArb, { minLength: 1, maxLength: 2 }),
      op: fc.constant('in' as const),
      value: fc.array(jsonValueArb, { maxLength: 4 }),
    }),
  );
  const docsArb = fc.uniqueArray(
    fc.record({
      collection: fc.constantFrom('items', 'other'),
      id: fc.string({ maxLength: 3 }),
      deleted: fc.boolean(),
      data: jsonObjectArb,
    }),
    { selector: (d) => d.id, maxLength: 12 },
  );
  const queryArb: fc.Arbitrary<Query> = fc.record(
    {
      collection: fc.constant('items'),
      filters: fc.array(filterArb, { maxLength: 2 }),
      orderBy: fc.array(
        fc.record({
          path: fc.array(keyArb, { minLength: 1, maxLength: 2 }),
          direction: fc.constantFrom('asc' as const, 'desc' as const),
        }),
        { maxLength: 2 },
      ),
      limit: fc.integer({ min: 1, max: 10 }),
    },
    { requiredKeys: ['collection', 'filters'] },
  );

  it('matchesFilter agrees with the naive reference', () => {
    fc.assert(
      fc.property(jsonObjectArb, filterArb, (data, filter) => {
        expect(matchesFilter(data, filter)).toBe(referenceMatches(data, filter));
      }),
      { numRuns: 2000 },
    );
  });

  it('matchesFilter agrees with the reference on a field that is present', () => {
    fc.assert(
      fc.property(jsonValueArb, filterArb, (value, filter) => {
        const data = { f: value };
        const onField = { ...filter, path: ['f'] } as Filter;
        expect(matchesFilter(data, onField)).toBe(referenceMatches(data, onField));
      }),
      { numRuns: 2000 },
    );
  });

  it('runQuery returns a sorted subset of matching documents, at most limit long', () => {
    fc.assert(
      fc.property(docsArb, queryArb, (docs, query) => {
        deepFreeze(docs);
        const result = runQuery(docs, query);
        expect(querySchema.safeParse(query).success).toBe(true);
        expect(result.length).toBeLessThanOrEqual(query.limit ?? Infinity);
        for (const d of result) {
          expect(docs).toContain(d);
          expect(matchesQuery(d, query)).toBe(true);
        }
        for (let i = 1; i < result.length; i += 1) {
          expect(compareForQuery(result[i - 1]!, result[i]!, query)).toBeLessThan(0);
        }
        const matching = docs.filter((d) => matchesQuery(d, query)).length;
        expect(result.length).toBe(Math.min(matching, query.limit ?? Infinity));
      }),
    );
  });

  it('!= is the negation of == and paths of the arbitraries stay valid', () => {
    fc.assert(
      fc.property(jsonObjectArb, pathArb, jsonValueArb, (data, path, value) => {
        fc.pre(path.length > 0);
        const eq = matchesFilter(data, { path, op: '==', value });
        expect(matchesFilter(data, { path, op: '!=', value })).toBe(!eq);
      }),
    );
  });
});
