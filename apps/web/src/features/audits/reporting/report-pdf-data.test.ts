import {
  explainAuditScore,
  DEFAULT_FINDING_TYPES,
  DEFAULT_IMPORTANCES,
  auditItemSchema,
} from '@qa/domain';
import { describe, expect, it } from 'vitest';
import { explanationRows, reportFileName, runsOf } from './report-pdf-data';

describe('the PDF report data', () => {
  it('names the file after the audit, without characters file systems refuse', () => {
    expect(reportFileName('Auditbericht', 'Lieferant Styr 2026')).toBe(
      'Auditbericht Lieferant Styr 2026.pdf',
    );
    expect(reportFileName('Audit report', 'A/B: "Hall 3"\u0007?')).toBe(
      'Audit report A B Hall 3.pdf',
    );
    expect(reportFileName('Audit report', '  ')).toBe('Audit report.pdf');
  });

  it('lists the counted questions of a scope in their numbers order', () => {
    const item = (id: string, no: string, type: string) =>
      auditItemSchema.parse({
        id,
        auditId: 'a1',
        question: { text: `Frage ${no}`, no, importance: '3' },
        deviations: { [`${id}f`]: { id: `${id}f`, importance: type } },
      });
    const { total } = explainAuditScore(
      [item('a', '10', '3'), item('b', '2', '9'), item('c', '1', 'na')],
      {
        calcSchema: 'deviation',
        findingTypes: DEFAULT_FINDING_TYPES,
        importances: DEFAULT_IMPORTANCES,
      },
    );
    const rows = explanationRows(total, {
      question: (entry) => entry.no,
      weight: (entry) => String(entry.weight),
      finding: (entry) => entry.findingTypeId!,
      points: (entry) => String(entry.contribution),
    });
    expect(rows).toEqual([
      { question: '2', weight: '3', finding: '9', points: '27' },
      { question: '10', weight: '3', finding: '3', points: '9' },
    ]);
  });
});

describe('the runs the report is laid out in', () => {
  it('groups consecutive entries up to the budget, each run holding at least one', () => {
    expect(runsOf([3, 4, 2, 9, 1, 1], (n) => n, 8)).toEqual([[3, 4], [2], [9], [1, 1]]);
    expect(runsOf([], (n: number) => n, 8)).toEqual([]);
  });
});
