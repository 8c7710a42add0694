import { AUDIT_ITEMS_COLLECTION } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { TREND_ITEM_QUERIES, trendItemQueries, trendScopes } from './audit-trend-model';

describe('the trend model', () => {
  it('lists the scopes by their label, audits oldest first, the one without scope last', () => {
    const scopes = trendScopes([
      { id: 'x', data: { scope: [] } },
      { id: 'b2', data: { scope: { plant: 'styr' }, planning_year: 2025 } },
      { id: 'a', data: { scope: { plant: 'munich' }, planning_year: 2024 } },
      { id: 'b1', data: { scope: [{ plant: 'styr' }], planning_year: 2023 } },
    ]);
    expect(scopes.map((scope) => [scope.label, scope.audits.map((audit) => audit.id)])).toEqual([
      ['munich', ['a']],
      ['styr', ['b1', 'b2']],
      ['', ['x']],
    ]);
  });

  it('asks for the newest audits items, 30 ids to a query', () => {
    const ids = Array.from({ length: 130 }, (_, index) => `a${index}`);
    const queries = trendItemQueries(ids);
    expect(queries).toHaveLength(TREND_ITEM_QUERIES);
    const values = queries.map((query) => query?.filters[0]?.value as string[]);
    expect(values.map((list) => list.length)).toEqual([30, 30, 30, 30]);
    expect(values[0]![0]).toBe('a10');
    expect(trendItemQueries(['a'])).toEqual([
      {
        collection: AUDIT_ITEMS_COLLECTION,
        filters: [{ path: ['auditId'], op: 'in', value: ['a'] }],
      },
      null,
      null,
      null,
    ]);
  });
});
