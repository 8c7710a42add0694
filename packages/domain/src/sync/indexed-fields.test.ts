import { describe, expect, it } from 'vitest';
import { collectionDefinition } from './collections';
import { INDEXED_FIELDS, indexedFields } from './indexed-fields';

describe('indexed fields', () => {
  it('name declared collections and distinct top-level fields', () => {
    for (const [collection, fields] of Object.entries(INDEXED_FIELDS)) {
      expect(collectionDefinition(collection)).toBeDefined();
      expect(new Set(fields).size).toBe(fields.length);
      for (const field of fields) expect(field).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    }
  });

  it('cover what the web app filters on, and nothing for other collections', () => {
    expect(indexedFields('audit_items')).toContain('auditId');
    expect(indexedFields('audits')).toContain('planning_year');
    expect(indexedFields('activities')).toContain('timestamp');
    expect(indexedFields('configuration')).toEqual([]);
    expect(indexedFields('toString')).toEqual([]);
  });
});
