import { describe, expect, it } from 'vitest';
import { auditItemSchema, type AuditItem } from '../audit/audit-item.schema';
import { DEFAULT_FINDING_TYPES, DEFAULT_IMPORTANCES } from '../config/default-types';
import { auditsByScope, auditTrend, type TrendAudit } from './trend';

function item(id: string, findings: string[], importance = '1'): AuditItem {
  return auditItemSchema.parse({
    id,
    auditId: 'a',
    question: { text: `Question ${id}`, importance },
    deviations: Object.fromEntries(
      findings.map((type, index) => [`${id}-${index}`, { id: `${id}-${index}`, importance: type }]),
    ),
  });
}

const audit = (id: string, year: Partial<TrendAudit>, items: AuditItem[]): TrendAudit => ({
  id,
  calcSchema: 'deviation',
  items,
  ...year,
});

const config = { findingTypes: DEFAULT_FINDING_TYPES, importances: DEFAULT_IMPORTANCES };

describe('auditTrend', () => {
  it('gives each year its result and QK number, the mean of several audits', () => {
    const trend = auditTrend(
      [
        // 2025: one minor (3) and one ok -> (18 - 3) / 18 = 83 %; QK: one B -> (10 + 1) / 10.
        audit('b', { planning_year: 2025 }, [item('b1', ['3']), item('b2', ['ok'])]),
        // 2024 by its planning date: a major -> 0 %, QK (10 + 3) / 10; and a note -> 89 %,
        // QK one C1 -> 10 / 10. Means: 44.5 -> 45 %, QK 1.15.
        audit('a', { planning_date: '2024-03-01' }, [item('a1', ['9'])]),
        audit('c', { planning_year: 2024 }, [item('c1', ['1'])]),
        audit('undated', {}, [item('u1', ['9'])]),
      ],
      config,
    );
    expect(trend.undated).toBe(1);
    expect(trend.points).toEqual([
      {
        year: 2024,
        audits: [
          { id: 'a', year: 2024, percent: 0, qk: 1.3 },
          { id: 'c', year: 2024, percent: 89, qk: 1 },
        ],
        percent: 45,
        qk: 1.15,
      },
      { year: 2025, audits: [{ id: 'b', year: 2025, percent: 83, qk: 1.1 }], percent: 83, qk: 1.1 },
    ]);
  });

  it('has no values for unanswered audits and none for years without values', () => {
    const trend = auditTrend(
      [
        audit('empty', { planning_year: 2023 }, []),
        audit('unanswered', { planning_year: 2023 }, [item('x', [])]),
        audit('na', { planning_year: 2022 }, [item('y', ['na'])]),
      ],
      config,
    );
    expect(trend.points).toEqual([
      {
        year: 2022,
        audits: [{ id: 'na', year: 2022, percent: null, qk: 1 }],
        percent: null,
        qk: 1,
      },
      {
        year: 2023,
        audits: [
          { id: 'empty', year: 2023, percent: null, qk: null },
          { id: 'unanswered', year: 2023, percent: null, qk: null },
        ],
        percent: null,
        qk: null,
      },
    ]);
    expect(auditTrend([], config)).toEqual({
      schema: 'deviation',
      points: [],
      vdaEditions: [],
      undated: 0,
    });
  });

  it('scores every audit under the trend’s one schema, and says which audits it rescored', () => {
    const audits = [
      { ...audit('c', { planning_year: 2024 }, [item('c1', ['3'])]), calcSchema: 'compliance' },
      audit('d', { planning_year: 2024 }, [item('d1', ['3'])]),
    ];
    // Compliance: a minor deviation fulfils 50 %; deviation: 3 of 0..9 -> 67 %.
    const compliance = auditTrend(audits, { ...config, calcSchema: 'compliance' });
    expect(compliance.schema).toBe('compliance');
    expect(compliance.points[0]!.audits).toEqual([
      { id: 'c', year: 2024, percent: 50, qk: 1.1 },
      { id: 'd', year: 2024, percent: 50, qk: 1.1, rescored: true },
    ]);
    const deviation = auditTrend(audits, config);
    expect(deviation.schema).toBe('deviation');
    expect(deviation.points[0]!.audits.map((entry) => [entry.percent, entry.rescored])).toEqual([
      [67, true],
      [67, undefined],
    ]);
  });

  it('gives a VDA 6.3 audit its E_G and class per audit, outside the year’s result', () => {
    const vdaItem = (id: string, no: string, points: number, findings: string[]) =>
      auditItemSchema.parse({
        ...item(id, findings),
        question: { no, text: `Frage ${no}`, category_id: '2' },
        vda: { all: { points, reason: '' } },
      });
    const vdaAudit = (id: string, planning_year: number, items: AuditItem[]): TrendAudit => ({
      ...audit(id, { planning_year }, items),
      calcSchema: 'vda63',
      reportSchema: { calcSchema: 'vda63' },
    });
    const trend = auditTrend(
      [
        // 2024: (10 + 8) / 20 = 90 % -> A; the 8 is documented by a finding.
        vdaAudit('v1', 2024, [vdaItem('v11', '2.1', 10, []), vdaItem('v12', '2.2', 8, ['3'])]),
        // 2025: (10 + 0) / 20 = 50 % -> C by E_G already (nothing to downgrade).
        vdaAudit('v2', 2025, [vdaItem('v21', '2.1', 10, []), vdaItem('v22', '2.2', 0, ['3'])]),
        audit('other', { planning_year: 2025 }, [item('o1', ['ok'])]),
      ],
      config,
    );
    // E_G is not on the schema's scale: it is not part of a year's result.
    expect(trend.points.map((point) => point.percent)).toEqual([null, 100]);
    expect(trend.vdaEditions).toEqual(['2016']);
    expect(trend.points[0]!.audits[0]).toMatchObject({
      id: 'v1',
      percent: null,
      vda: { percent: 90, class: 'A', baseClass: 'A', valid: true, edition: '2016' },
    });
    expect(trend.points[1]!.audits[0]).toMatchObject({
      id: 'v2',
      percent: null,
      vda: { percent: 50, class: 'C', baseClass: 'C', valid: true, edition: '2016' },
    });
    // A non-VDA audit keeps its own result (one 'no deviation': 100 %) and has no class.
    expect(trend.points[1]!.audits[1]).toEqual({ id: 'other', year: 2025, percent: 100, qk: 1 });
  });
});

describe('auditsByScope', () => {
  it('groups audits by their normalized scope', () => {
    const groups = auditsByScope([
      { id: 'a', scope: { plant: 'styr' } },
      { id: 'b', scope: [{ plant: 'styr', steering: '' }] },
      { id: 'c', scope: [] },
      { id: 'd' },
    ]);
    expect(groups.map((group) => group.audits.map((entry) => entry.id))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
