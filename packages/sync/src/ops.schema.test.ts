import { describe, expect, it } from 'vitest';
import { replicatedDocumentSchema } from './document.schema';
import { opSchema } from './ops.schema';

describe('opSchema', () => {
  const target = { collection: 'audits', id: 'a/1', path: ['title'] };

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
});
