import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { documentIdSchema, isId, replicatedDocumentSchema } from './document.schema';
import { opSchema } from './ops.schema';

describe('opSchema', () => {
  const target = { collection: 'audits', id: 'a-1', path: ['title'] };

  it('accepts each op kind', () => {
    expect(opSchema.safeParse({ op: 'set', ...target, value: 'x' }).success).toBe(true);
    expect(opSchema.safeParse({ op: 'set', ...target, path: [], value: { a: 1 } }).success).toBe(
      true,
    );
    expect(opSchema.safeParse({ op: 'merge', ...target, value: { a: 1 } }).success).toBe(true);
    expect(opSchema.safeParse({ op: 'delete', ...target, path: [] }).success).toBe(true);
  });

  it('rejects a whole-document set to a non-object, slashes in collections, empty keys', () => {
    for (const value of [1, 'x', null, [1]]) {
      const result = opSchema.safeParse({ op: 'set', ...target, path: [], value });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['value']);
    }
    expect(opSchema.safeParse({ op: 'delete', ...target, collection: 'a/b' }).success).toBe(false);
    expect(opSchema.safeParse({ op: 'delete', ...target, path: [''] }).success).toBe(false);
    expect(opSchema.safeParse({ op: 'merge', ...target, value: [1] }).success).toBe(false);
  });

  it('refuses ids and collection names that are not plain printable names', () => {
    const badIds = ['', '\ud800', 'a\u0000b', 'a/b', '.', '..', '.x', '<b>x</b>', 'a b', 'ä'];
    for (const id of [...badIds, 'x'.repeat(257)]) {
      expect(opSchema.safeParse({ op: 'delete', ...target, id }).success, id).toBe(false);
    }
    for (const collection of ['a/b', '\ud800', 'a\u0000', '1a', '..', 'x'.repeat(65)]) {
      const op = { op: 'delete', ...target, collection };
      expect(opSchema.safeParse(op).success, collection).toBe(false);
    }
    // UUIDs, generated ids, standard ids, configuration segments and e-mail index ids.
    const goodIds = ['0b9e7c4e-6f1c-4d7e-9c1a-2f5d8e3b1a00', 'c1-7-1', 'vda-6-3', 'audit_items'];
    for (const id of [...goodIds, "o'neil+qa@example.com", 'x'.repeat(256)]) {
      expect(documentIdSchema.safeParse(id).success, id).toBe(true);
    }
  });

  it('isId: exactly the strings of 1-128 letters, digits, - and _', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: fc.constantFrom(...'aZ09_-/.@ \u0000\ud800'), maxLength: 130 }),
          fc.string({
            unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
            maxLength: 10,
          }),
        ),
        (value) => {
          const expected =
            value.length >= 1 && value.length <= 128 && [...value].every((c) => /[\w-]/.test(c));
          expect(isId(value)).toBe(expected);
        },
      ),
    );
    expect(isId('x'.repeat(128))).toBe(true);
    expect(isId('x'.repeat(129))).toBe(false);
  });
});

describe('replicatedDocumentSchema', () => {
  const doc = {
    collection: 'audits',
    id: 'a1',
    version: 0,
    deleted: false,
    updatedAt: '2025-01-01T00:00:00.000Z',
    data: {},
  };

  it('accepts a document and a tombstone, rejects bad versions and data', () => {
    expect(replicatedDocumentSchema.safeParse(doc).success).toBe(true);
    expect(replicatedDocumentSchema.safeParse({ ...doc, deleted: true }).success).toBe(true);
    for (const bad of [{ version: -1 }, { version: 0.5 }, { data: null }, { updatedAt: '' }]) {
      expect(replicatedDocumentSchema.safeParse({ ...doc, ...bad }).success).toBe(false);
    }
  });

  it('reads a document stored before ids were restricted, so one cannot break a snapshot', () => {
    expect(replicatedDocumentSchema.safeParse({ ...doc, id: 'a/b c' }).success).toBe(true);
    expect(replicatedDocumentSchema.safeParse({ ...doc, id: '' }).success).toBe(false);
  });
});
