import { describe, expect, it } from 'vitest';
import { auditItemSchema, type AuditItem } from '../audit/audit-item.schema';
import { DEFAULT_FINDING_TYPES } from '../config/default-types';
import {
  compareVdaGrades,
  gradeVdaAuditOf,
  isVdaAuditHeader,
  vdaComparison,
  vdaGradeInputOf,
} from './vda-comparison';

/**
 * A question evaluated under the given keys. A score below 10 gets a finding of type '3'
 * (a real deviation), so the grades are valid unless a test says otherwise.
 */
function question(no: string, evaluations: Record<string, number | null>, star = false): AuditItem {
  const documented = Object.values(evaluations).some((points) => points !== null && points < 10);
  const id = no.replace(/\./g, '_');
  return auditItemSchema.parse({
    id: `i${id}`,
    auditId: 'a',
    question: { no, text: `Frage ${no}`, category_id: no.split('.')[0], specialRisk: star },
    deviations: documented ? { [`f${id}`]: { id: `f${id}`, importance: '3', text: 'Abw.' } } : {},
    vda: Object.fromEntries(
      Object.entries(evaluations).map(([key, points]) => [
        key,
        { points, reason: points === null ? 'nicht im Umfang' : '' },
      ]),
    ),
  });
}

const once = (no: string, points: number | null, star = false) =>
  question(no, { all: points }, star);

const input = (items: AuditItem[]) => ({ items, nonDocumentingTypes: new Set(['ok', 'na']) });

describe('vdaComparison', () => {
  it('gives E_G and the class of both audits and the change of E_Pn in percentage points', () => {
    const comparison = vdaComparison(
      // Earlier: P2 (10 + 8) / 20 = 90 %, P3 (6 + 8) / 20 = 70 %, P5 10 / 10 = 100 %;
      // E_G 42 / 50 = 84 % -> B (P3 at 70 % is not below 70 %, and B is not downgraded to B).
      input([once('2.1', 10), once('2.2', 8), once('3.1', 6), once('3.2', 8), once('5.1', 10)]),
      // Now: P2 20 / 20 = 100 %, P3 (8 + 10) / 20 = 90 %, P4 10 / 10 = 100 %, no P5;
      // E_G 48 / 50 = 96 % -> A, nothing downgrades.
      input([once('2.1', 10), once('2.2', 10), once('3.1', 8), once('3.2', 10), once('4.1', 10)]),
    );
    expect(comparison.earlier).toEqual({
      percent: 84,
      class: 'B',
      baseClass: 'B',
      valid: true,
      edition: '2016',
    });
    expect(comparison.current).toEqual({
      percent: 96,
      class: 'A',
      baseClass: 'A',
      valid: true,
      edition: '2016',
    });
    expect(comparison.total).toEqual({ earlier: 84, current: 96, change: 12 });
    expect(comparison.classChange).toBe('up');
    expect(comparison.elements).toEqual([
      { id: 'P2', earlier: 90, current: 100, change: 10, inEarlier: true, inCurrent: true },
      { id: 'P3', earlier: 70, current: 90, change: 20, inEarlier: true, inCurrent: true },
      { id: 'P4', earlier: null, current: 100, change: null, inEarlier: false, inCurrent: true },
      { id: 'P5', earlier: 100, current: null, change: null, inEarlier: true, inCurrent: false },
    ]);
  });

  it('shows a downgraded class as worse even when E_G is still an A', () => {
    const tens = ['2.2', '2.3', '2.4', '2.5', '2.6', '2.7', '2.8', '2.9', '2.10'];
    const comparison = vdaComparison(
      // Earlier: ten questions at 10 -> 100 %, A.
      input([once('2.1', 10, true), ...tens.map((no) => once(no, 10))]),
      // Now: the *-question 2.1 at 4, nine at 10 -> 94 / 100 = 94 %: A by E_G, B downgraded.
      input([once('2.1', 4, true), ...tens.map((no) => once(no, 10))]),
    );
    expect(comparison.current).toEqual({
      percent: 94,
      class: 'B',
      baseClass: 'A',
      valid: true,
      edition: '2016',
    });
    expect(comparison.total).toEqual({ earlier: 100, current: 94, change: -6 });
    expect(comparison.elements).toEqual([
      { id: 'P2', earlier: 100, current: 94, change: -6, inEarlier: true, inCurrent: true },
    ]);
    expect(comparison.classChange).toBe('down');
  });

  it('has no earlier values when the earlier audit is not a VDA audit', () => {
    // P6 evaluated in two process steps, 10 and 8: the question counts 9.00 -> 90 %, A
    // (step 2 at 80 % is not below 80 %).
    const current = {
      ...input([question('6.2.1', { s1: 10, s2: 8 })]),
      setup: {
        processSteps: [
          { id: 's1', name: 'Stanzen' },
          { id: 's2', name: 'Lackieren' },
        ],
        productProcessSplit: false,
      },
    };
    const comparison = vdaComparison(null, current);
    expect(comparison.earlier).toBeNull();
    expect(comparison.current).toEqual({
      percent: 90,
      class: 'A',
      baseClass: 'A',
      valid: true,
      edition: '2016',
    });
    expect(comparison.total).toEqual({ earlier: null, current: 90, change: null });
    expect(comparison.classChange).toBeNull();
    expect(comparison.elements).toEqual([
      { id: 'P6', earlier: null, current: 90, change: null, inEarlier: false, inCurrent: true },
    ]);
    expect(compareVdaGrades(null, null)).toEqual({
      earlier: null,
      current: null,
      total: { earlier: null, current: null, change: null },
      elements: [],
      classChange: null,
    });
  });

  it('does not count n.e. questions and has no class when nothing is evaluated', () => {
    // Earlier: 2.1 at 8, 2.2 n.e. -> 8 / 10 = 80 % (B); now everything n.e.: no E_G, no class.
    const comparison = vdaComparison(
      input([once('2.1', 8), once('2.2', null)]),
      input([once('2.1', null)]),
    );
    expect(comparison.earlier).toMatchObject({ percent: 80, class: 'B' });
    expect(comparison.current).toMatchObject({ percent: null, class: null, valid: false });
    expect(comparison.classChange).toBeNull();
    expect(comparison.elements).toEqual([
      { id: 'P2', earlier: 80, current: null, change: null, inEarlier: true, inCurrent: true },
    ]);
  });
});

describe('a stored audit header', () => {
  const steps = {
    processSteps: [
      { id: 's1', name: 'Stanzen' },
      { id: 's2', name: 'Lackieren' },
    ],
  };
  const items = [question('6.2.1', { s1: 10, s2: 6 })];

  it('is graded with its set-up and edition, and only when it is a VDA audit', () => {
    const header = { reportSchema: { calcSchema: 'vda63' }, vda: steps, vdaEdition: '2016' };
    expect(isVdaAuditHeader(header)).toBe(true);
    const gradeInput = vdaGradeInputOf(header, items, DEFAULT_FINDING_TYPES);
    expect(gradeInput.setup).toEqual({ ...steps, productProcessSplit: false });
    expect(gradeInput.edition).toBe('2016');
    expect([...gradeInput.nonDocumentingTypes!].sort()).toEqual(['na', 'ok']);
    const grade = gradeVdaAuditOf(header, items, DEFAULT_FINDING_TYPES)!;
    expect(grade.steps.map((step) => [step.name, step.percent])).toEqual([
      ['Stanzen', 100],
      ['Lackieren', 60],
    ]);
    // The question counts 8.00 (E_G 80 %, B), but Lackieren at 60 % is below 70 %: C.
    expect(grade.total.percent).toBe(80);
    expect(grade.class).toBe('C');

    expect(isVdaAuditHeader({ reportSchema: { calcSchema: 'deviation' } })).toBe(false);
    expect(gradeVdaAuditOf({ reportSchema: 'vda63' }, items, DEFAULT_FINDING_TYPES)).toBeNull();
    expect(gradeVdaAuditOf(undefined, items, DEFAULT_FINDING_TYPES)).toBeNull();
  });

  it('reads a set-up it cannot parse as none', () => {
    const header = { reportSchema: { calcSchema: 'vda63' }, vda: { processSteps: 'x' } };
    expect(vdaGradeInputOf(header, items, []).setup).toBeNull();
    expect(vdaGradeInputOf(header, items, []).edition).toBeNull();
  });
});
