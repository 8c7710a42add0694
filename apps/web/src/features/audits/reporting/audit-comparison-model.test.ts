import { DEFAULT_FINDING_TYPES, DEFAULT_IMPORTANCES } from '@qa/domain';
import type { JsonObject } from '@qa/sync';
import { describe, expect, it } from 'vitest';
import type { ViewDocument } from '../../../lib/sync/sync-types';
import { comparisonModel, earlierAuditChoices, signedChange } from './audit-comparison-model';

const config = { findingTypes: DEFAULT_FINDING_TYPES, importances: DEFAULT_IMPORTANCES };

function item(auditId: string, no: string, category: string, findings: string[]): ViewDocument {
  const id = `${auditId}-${no}`;
  return {
    collection: 'audititems',
    id,
    state: 'sync',
    data: {
      auditId,
      question: { no, text: `Frage ${no}`, importance: '3', category },
      deviations: Object.fromEntries(
        findings.map((type, n) => [`${id}-${n}`, { id: `${id}-${n}`, importance: type }]),
      ),
    },
  };
}

const audit = (id: string, data: JsonObject) => ({ id, data });

describe('the comparison model', () => {
  it('offers the earlier audits of the same standard and scope, newest first', () => {
    const scope = { plant: 'styr', productline: 'TGX' };
    const current = audit('now', { name: 'Now', standard: 'iso9001', scope, planning_year: 2025 });
    const choices = earlierAuditChoices(current, [
      current,
      audit('a', { name: 'Old', standard: 'iso9001', scope, planning_year: 2023 }),
      audit('b', {
        name: '',
        standard: ['iso9001'],
        scope,
        planning_year: 2024,
        planning_date: '2024-05-02',
      }),
      audit('c', { name: 'Other', standard: 'haccp', scope, planning_year: 2024 }),
    ]);
    expect(choices).toEqual([
      { id: 'b', name: 'b', day: '2024-05-02', year: 2024 },
      { id: 'a', name: 'Old', day: null, year: 2023 },
    ]);
    expect(earlierAuditChoices(undefined, [current])).toEqual([]);
  });

  it('scores both audits under one schema and compares categories and findings', () => {
    const model = comparisonModel(
      {
        audit: { reportSchema: { calcSchema: 'deviation' } },
        items: [item('e', '1', 'A', ['9']), item('e', '2', 'B', ['3'])],
      },
      {
        audit: { reportSchema: { calcSchema: 'deviation' } },
        items: [item('c', '1', 'A', ['3']), item('c', '2', 'B', ['ok'])],
      },
      config,
    );
    // Deviation over 0..9: A 0 % -> 67 %, B 67 % -> 100 %.
    expect(
      model.scores.categories.map((c) => [c.categoryName, c.earlier, c.current, c.change]),
    ).toEqual([
      ['A', 0, 67, 67],
      ['B', 67, 100, 33],
    ]);
    expect(model.findings.recurring.map((entry) => entry.no)).toEqual(['1']);
    expect(model.findings.disappeared.map((entry) => [entry.no, entry.state])).toEqual([
      ['2', 'noFinding'],
    ]);
  });

  it('scores the earlier audit under the current audit’s schema (issue 34.3)', () => {
    const model = comparisonModel(
      { audit: { reportSchema: { calcSchema: 'deviation' } }, items: [item('e', '1', 'A', ['3'])] },
      {
        audit: { reportSchema: { calcSchema: 'compliance' } },
        items: [item('c', '1', 'A', ['3'])],
      },
      config,
    );
    // The same minor deviation: 50 % fulfilled on both sides, not 67 % beside 50 %.
    expect(model.scores.total).toEqual({ earlier: 50, current: 50, change: 0 });
    expect(model.comparability).toMatchObject({
      basis: { kind: 'schema', schema: 'compliance' },
      rescored: true,
      notComparable: null,
    });
  });

  it('compares the VDA grades of VDA audits: E_G, class and E_Pn with the category names', () => {
    const vdaItem = (auditId: string, no: string, category: string, points: number) => {
      // (Ids without the number's dots, which ids may not hold.)
      const doc = item(auditId, no.replace('.', '_'), category, points < 10 ? ['3'] : []);
      const question = doc.data.question as JsonObject;
      return {
        ...doc,
        data: {
          ...doc.data,
          question: { ...question, no, category_id: no.split('.')[0]! },
          vda: { all: { points, reason: '' } },
        },
      };
    };
    const vda = { reportSchema: { calcSchema: 'vda63' } };
    const model = comparisonModel(
      // Earlier: P2 (10 + 6) / 20 = 80 % -> B.
      {
        audit: vda,
        items: [vdaItem('e', '2.1', 'Projekt', 10), vdaItem('e', '2.2', 'Projekt', 6)],
      },
      // Now: P2 20 / 20 = 100 %, P5 8 / 10 = 80 %; E_G 28 / 30 = 93 % -> A, P5 < 90 % but
      // not below 80 %: stays A.
      {
        audit: vda,
        items: [
          vdaItem('c', '2.1', 'Projektmanagement', 10),
          vdaItem('c', '2.2', 'Projektmanagement', 10),
          vdaItem('c', '5.1', 'Lieferantenmanagement', 8),
        ],
      },
      config,
    );
    expect(model.vda).toMatchObject({
      earlier: { percent: 80, class: 'B' },
      current: { percent: 93, class: 'A' },
      total: { earlier: 80, current: 93, change: 13 },
      classChange: 'up',
      labels: { P2: 'P2 Projektmanagement', P5: 'P5 Lieferantenmanagement' },
    });
    expect(model.vda!.elements.map((e) => [e.id, e.earlier, e.current, e.change])).toEqual([
      ['P2', 80, 100, 20],
      ['P5', null, 80, null],
    ]);
    // Audits that are not VDA audits have no VDA comparison.
    const plain = { audit: { reportSchema: { calcSchema: 'deviation' } }, items: [] };
    expect(comparisonModel(plain, plain, config).vda).toBeNull();
  });

  it('writes a change with its sign', () => {
    expect([signedChange(5), signedChange(-3), signedChange(0)]).toEqual([
      '+5',
      '\u22123',
      '\u00b10',
    ]);
  });
});
