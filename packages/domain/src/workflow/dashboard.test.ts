import { describe, expect, it } from 'vitest';
import { auditStandardNames, dashboardAudits, earliestAuditingDate } from './dashboard';
import { DEFAULT_AUDIT_WORKFLOW } from './default-workflows';

const audit = (id: string, data: Record<string, unknown>) => ({
  id,
  data: { workflow: { status: '2' }, ...data } as never,
});

describe('dashboardAudits', () => {
  it('lists open audits only, once, the next planned first, cut to the count', () => {
    const { todo } = dashboardAudits(
      [
        audit('late', { planning_date: '2026-09-01' }),
        audit('soon', { planning_date: '2026-03-01' }),
        audit('soon', { planning_date: '2026-03-01' }),
        audit('none', {}),
        audit('done', { planning_date: '2026-01-01', workflow: { status: '6' } }),
      ],
      [],
      DEFAULT_AUDIT_WORKFLOW,
      2,
    );
    expect(todo.map((entry) => entry.id)).toEqual(['soon', 'late']);
  });

  it('orders the responsible tab by earliest auditing date, latest first, none last', () => {
    const { responsible } = dashboardAudits(
      [],
      [
        audit('a', { auditing_date: ['2026-05-02', '2026-04-01'] }),
        audit('b', { auditing_date: ['2026-06-01'] }),
        audit('c', {}),
      ],
      DEFAULT_AUDIT_WORKFLOW,
      10,
    );
    expect(responsible.map((entry) => entry.id)).toEqual(['b', 'a', 'c']);
    expect(earliestAuditingDate({ auditing_date: ['2026-05-02', '2026-04-01'] })).toBe(
      '2026-04-01',
    );
  });
});

describe('auditStandardNames', () => {
  it('names each standard by its document, an unknown id as it is', () => {
    const names = new Map([
      ['iso9001', 'ISO 9001:2015'],
      ['vda63', 'VDA 6.3'],
    ]);
    expect(auditStandardNames(['iso9001', 'gone', 'vda63'], names)).toBe(
      'ISO 9001:2015, gone, VDA 6.3',
    );
    expect(auditStandardNames('vda63', names)).toBe('VDA 6.3');
    expect(auditStandardNames(undefined, names)).toBe('');
  });
});
