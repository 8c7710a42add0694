import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOps, applyOpsToDocument, documentKey, InvalidOpError } from './apply-ops';
import type { JsonObject, JsonValue } from './json';
import { deepFreeze, jsonObjectArb, jsonValueArb, keyArb, pathArb } from './json.arbitraries';
import { getAtPath } from './json-path';
import type { FieldPath, Op } from './ops.schema';

const target = { collection: 'audits', id: 'a1' };
const set = (path: FieldPath, value: JsonValue): Op => ({ op: 'set', ...target, path, value });
const merge = (path: FieldPath, value: JsonObject): Op => ({ op: 'merge', ...target, path, value });
const del = (path: FieldPath): Op => ({ op: 'delete', ...target, path });
const apply = (doc: JsonObject | undefined, ...ops: Op[]) =>
  applyOpsToDocument(deepFreeze(doc), deepFreeze(ops));

describe('set', () => {
  it('creates, replaces and sets fields, creating missing parents', () => {
    expect(apply(undefined, set([], { a: 1 }))).toEqual({ a: 1 });
    expect(apply({ a: 1 }, set([], { b: 2 }))).toEqual({ b: 2 });
    expect(apply(undefined, set(['a'], 1))).toEqual({ a: 1 });
    expect(apply({ x: 1 }, set(['a', 'b', 'c'], [1]))).toEqual({ x: 1, a: { b: { c: [1] } } });
    expect(apply({ a: { b: 1, c: 2 } }, set(['a', 'b'], null))).toEqual({ a: { b: null, c: 2 } });
  });

  it('replaces a non-object parent with an object', () => {
    for (const blocker of [[1, 2], 'text', 3, true, null]) {
      expect(apply({ a: blocker }, set(['a', 'b'], 1))).toEqual({ a: { b: 1 } });
    }
  });

  it('treats dotted keys as single keys', () => {
    expect(apply({}, set(['4.1'], 'x'))).toEqual({ '4.1': 'x' });
  });

  it('rejects a whole-document set with a non-object value', () => {
    expect(() => apply({}, set([], [1]))).toThrow(InvalidOpError);
    expect(() => apply({}, set([], 1))).toThrow('object value');
  });

  it('copies the value so the document never aliases the op', () => {
    const value = { nested: { n: 1 } };
    const doc = applyOpsToDocument(undefined, [set(['v'], value)]);
    value.nested.n = 2;
    expect(doc).toEqual({ v: { nested: { n: 1 } } });
  });
});

describe('merge', () => {
  it('deep-merges objects, replaces arrays and primitives, null sets null', () => {
    const doc = { a: { b: 1, c: [1, 2], d: { e: 1 } }, f: 'keep' };
    expect(apply(doc, merge([], { a: { c: [3], d: { g: 2 }, h: null } }))).toEqual({
      a: { b: 1, c: [3], d: { e: 1, g: 2 }, h: null },
      f: 'keep',
    });
    expect(apply({ a: { b: 1 } }, merge([], { a: null }))).toEqual({ a: null });
    expect(apply({ a: 5 }, merge([], { a: { b: 1 } }))).toEqual({ a: { b: 1 } });
  });

  it('merges at a path, creating the document and parents', () => {
    expect(apply(undefined, merge([], { a: 1 }))).toEqual({ a: 1 });
    expect(apply(undefined, merge(['a', 'b'], { c: 1 }))).toEqual({ a: { b: { c: 1 } } });
    expect(apply({ a: { b: { c: 1 } } }, merge(['a', 'b'], { d: 2 }))).toEqual({
      a: { b: { c: 1, d: 2 } },
    });
  });

  it('replaces a non-object target or parent', () => {
    expect(apply({ a: [1] }, merge(['a'], { b: 1 }))).toEqual({ a: { b: 1 } });
    expect(apply({ a: 'x' }, merge(['a', 'b'], { c: 1 }))).toEqual({ a: { b: { c: 1 } } });
  });

  it('merging an empty object creates an empty document but changes nothing else', () => {
    expect(apply(undefined, merge([], {}))).toEqual({});
    expect(apply({ a: 1 }, merge([], {}))).toEqual({ a: 1 });
  });
});

describe('delete', () => {
  it('deletes the document or a field, keeping emptied parents', () => {
    expect(apply({ a: 1 }, del([]))).toBeUndefined();
    expect(apply({ a: { b: 1 }, c: 2 }, del(['a', 'b']))).toEqual({ a: {}, c: 2 });
  });

  it('is a no-op on a missing document, missing field or non-object parent', () => {
    expect(apply(undefined, del([]))).toBeUndefined();
    expect(apply(undefined, del(['a']))).toBeUndefined();
    const doc = deepFreeze({ a: { b: 1 }, arr: [{ x: 1 }], s: 'x', n: null });
    for (const path of [
      ['z'],
      ['a', 'z'],
      ['a', 'b', 'c'],
      ['arr', '0'],
      ['s', 'length'],
      ['n', 'x'],
    ]) {
      expect(applyOpsToDocument(doc, [del(path)])).toBe(doc);
    }
  });

  it('a deleted document can be recreated', () => {
    expect(apply({ a: 1 }, del([]), set(['b'], 2))).toEqual({ b: 2 });
    expect(apply({ a: 1 }, del([]), merge([], { c: 3 }))).toEqual({ c: 3 });
  });
});

describe('prototype keys', () => {
  const parse = (json: string) => JSON.parse(json) as JsonObject;

  it('are stored as own data keys and never change a prototype', () => {
    const doc = apply(
      {},
      set(['__proto__', 'polluted'], true),
      set(['constructor', 'prototype', 'polluted'], true),
      merge([], parse('{"__proto__": {"polluted": true}, "prototype": {"polluted": true}}')),
    ) as JsonObject;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect(Object.keys(doc).sort()).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(
      parse(
        '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "prototype": {"polluted": true}}',
      ),
    );
  });

  it('does not read inherited members as fields', () => {
    // `constructor` of {} is Object: it must count as missing, so set creates a fresh object.
    expect(apply({}, set(['constructor', 'x'], 1))).toEqual({ constructor: { x: 1 } });
    expect(apply({}, del(['constructor']))).toEqual({});
    expect(apply({}, del(['__proto__', 'x']))).toEqual({});
    const doc = apply(parse('{"__proto__": {"a": 1}}'), del(['__proto__', 'a'])) as JsonObject;
    expect(Object.hasOwn(doc, '__proto__') && getAtPath(doc, ['__proto__'])).toEqual({});
    expect(apply(parse('{"__proto__": 1}'), del(['__proto__']))).toEqual({});
  });

  it('whole-document values are copied safely', () => {
    const doc = apply(undefined, set([], parse('{"__proto__": {"polluted": 1}}'))) as JsonObject;
    expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    expect(getAtPath(doc, ['__proto__', 'polluted'])).toBe(1);
  });
});

describe('applyOps on a store', () => {
  const store = deepFreeze(
    new Map<string, JsonObject>([
      ['audits/a1', { title: 'A' }],
      ['audits/a2', { title: 'B' }],
    ]),
  );

  it('returns a new store and the documents whose content changed', () => {
    const ops: Op[] = [
      { op: 'set', collection: 'audits', id: 'a1', path: ['title'], value: 'A2' },
      { op: 'set', collection: 'audits', id: 'a2', path: ['title'], value: 'B' },
      { op: 'delete', collection: 'audits', id: 'gone', path: [] },
      { op: 'merge', collection: 'items', id: 'i/1', path: [], value: { n: 1 } },
      { op: 'delete', collection: 'audits', id: 'a2', path: [] },
    ];
    const result = applyOps(store, deepFreeze(ops));
    expect(result.store).not.toBe(store);
    expect([...result.store.entries()]).toEqual([
      ['audits/a1', { title: 'A2' }],
      ['items/i/1', { n: 1 }],
    ]);
    expect(result.changed).toEqual([
      { collection: 'audits', id: 'a1' },
      { collection: 'audits', id: 'a2' },
      { collection: 'items', id: 'i/1' },
    ]);
    expect(store.get('audits/a1')).toEqual({ title: 'A' });
  });

  it('reports nothing when ops restore the original content', () => {
    const ops: Op[] = [
      { op: 'set', collection: 'audits', id: 'a1', path: ['title'], value: 'X' },
      { op: 'set', collection: 'audits', id: 'a1', path: ['title'], value: 'A' },
    ];
    expect(applyOps(store, ops).changed).toEqual([]);
    expect(documentKey('audits', 'a1')).toBe('audits/a1');
  });
});

describe('properties', () => {
  const idArb = fc.constantFrom('d1', 'd2');
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc
      .record({ op: fc.constant('set' as const), id: idArb, path: pathArb, value: jsonValueArb })
      .map((op) => ({
        ...op,
        collection: 'c',
        value: op.path.length === 0 ? { v: op.value } : op.value,
      })),
    fc
      .record({ op: fc.constant('merge' as const), id: idArb, path: pathArb, value: jsonObjectArb })
      .map((op) => ({ ...op, collection: 'c' })),
    fc
      .record({ op: fc.constant('delete' as const), id: idArb, path: pathArb })
      .map((op) => ({ ...op, collection: 'c' })),
  );
  const storeArb = fc
    .record({ d1: fc.option(jsonObjectArb, { nil: undefined }), d2: jsonObjectArb })
    .map((docs) => {
      const store = new Map<string, JsonObject>();
      for (const [id, doc] of Object.entries(docs)) if (doc) store.set(`c/${id}`, doc);
      return store;
    });

  it('applying a list equals applying the ops one by one, without mutating inputs', () => {
    fc.assert(
      fc.property(storeArb, fc.array(opArb, { maxLength: 8 }), (store, ops) => {
        // Frozen documents and ops throw on any write; the Map itself is checked by its entries.
        const entries = [...store.entries()];
        deepFreeze(ops);
        store.forEach((doc) => deepFreeze(doc));
        const all = applyOps(store, ops).store;
        let stepwise: ReadonlyMap<string, JsonObject> = store;
        for (const op of ops) stepwise = applyOps(stepwise, [op]).store;
        expect([...all.entries()].sort()).toEqual([...stepwise.entries()].sort());
        expect([...store.entries()]).toEqual(entries);
        [...store.values()].forEach((doc, i) => expect(doc).toBe(entries[i]?.[1]));
      }),
    );
  });

  it('set then get at the path returns the value', () => {
    fc.assert(
      fc.property(
        fc.option(jsonObjectArb, { nil: undefined }),
        fc.array(keyArb, { minLength: 1, maxLength: 3 }),
        jsonValueArb,
        (doc, path, value) => {
          const result = applyOpsToDocument(deepFreeze(doc), [set(path, deepFreeze(value))]);
          expect(getAtPath(result, path)).toEqual(value);
        },
      ),
    );
  });

  it('merge then get at each merged key returns the merged value for non-objects', () => {
    fc.assert(
      fc.property(jsonObjectArb, pathArb, jsonObjectArb, (doc, path, value) => {
        const result = applyOpsToDocument(deepFreeze(doc), [merge(path, deepFreeze(value))]);
        for (const key of Object.keys(value)) {
          const merged = value[key];
          if (typeof merged !== 'object' || merged === null || Array.isArray(merged)) {
            expect(getAtPath(result, [...path, key])).toEqual(merged);
          }
        }
      }),
    );
  });

  it('delete then get is undefined', () => {
    fc.assert(
      fc.property(fc.option(jsonObjectArb, { nil: undefined }), pathArb, (doc, path) => {
        const result = applyOpsToDocument(deepFreeze(doc), [del(path)]);
        expect(getAtPath(result, path)).toBeUndefined();
      }),
    );
  });
});
