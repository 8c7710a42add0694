import { AUDIT_ITEMS_COLLECTION, type AuditTrend } from '@qa/domain';
import { describe, expect, it } from 'vitest';
import {
  TREND_ITEM_QUERIES,
  trendItemQueries,
  trendScopes,
  vdaTrendRows,
} from './audit-trend-model';

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

  it('lists the VDA audits oldest first with their E_G and class', () => {
    const vda = (percent: number, vdaClass: string, baseClass: string) => ({
      percent,
      class: vdaClass,
      baseClass,
      valid: true,
      edition: '2016',
    });
    const trend: AuditTrend = {
      schema: 'deviation',
      vdaEditions: ['2016'],
      undated: 0,
      points: [
        {
          year: 2024,
          percent: 85,
          qk: null,
          audits: [
            { id: 'v1', year: 2024, percent: null, qk: null, vda: vda(91, 'B', 'A') },
            { id: 'plain', year: 2024, percent: 85, qk: null },
          ],
        },
        {
          year: 2025,
          percent: null,
          qk: null,
          audits: [{ id: 'v2', year: 2025, percent: null, qk: null, vda: vda(84, 'B', 'B') }],
        },
      ],
    };
    const rows = vdaTrendRows(trend, [
      { id: 'v2', name: 'Lieferant 2025', planning_year: 2025 },
      { id: 'plain', name: 'Other', planning_year: 2024 },
      { id: 'v1', name: '', planning_year: 2024, planning_date: '2024-03-05' },
      { id: 'undated', name: 'No year' },
    ]);
    expect(rows).toEqual([
      { id: 'v1', name: 'v1', day: '2024-03-05', year: 2024, ...vda(91, 'B', 'A') },
      { id: 'v2', name: 'Lieferant 2025', day: null, year: 2025, ...vda(84, 'B', 'B') },
    ]);
  });
});
