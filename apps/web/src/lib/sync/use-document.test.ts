import { describe, expect, it } from 'vitest';
import { documentQuery } from './use-document';

describe('documentQuery', () => {
  it('subscribes one audit or item alone, by the id its data carries', () => {
    expect(documentQuery('audits', 'a1')).toEqual({
      collection: 'audits',
      filters: [{ path: ['id'], op: '==', value: 'a1' }],
    });
    expect(documentQuery('audit_items', 'i1').filters).toHaveLength(1);
  });

  it('subscribes small collections whole (their data has no id)', () => {
    expect(documentQuery('configuration', 'workflow')).toEqual({
      collection: 'configuration',
      filters: [],
    });
    expect(documentQuery('audits', undefined).filters).toEqual([]);
  });
});
