import { describe, expect, it } from 'vitest';
import { dayInYear, newAuditFormValues, withPlanningYear } from './audit-dialog-form';

describe('dayInYear', () => {
  it('keeps day and month; 29 February becomes 28 February in a year without it', () => {
    expect(dayInYear('2026-03-02', 2027)).toBe('2027-03-02');
    expect(dayInYear('2026-12-31', 2025)).toBe('2025-12-31');
    expect(dayInYear('2028-02-29', 2027)).toBe('2027-02-28');
    expect(dayInYear('2028-02-29', 2032)).toBe('2032-02-29');
    expect(dayInYear('2028-02-29', 2100)).toBe('2100-02-28');
    expect(dayInYear('2028-02-29', 2000)).toBe('2000-02-29');
    expect(dayInYear('not a day', 2027)).toBe('not a day');
  });
});

describe('withPlanningYear', () => {
  it('takes the planning date and the auditing dates into the new year', () => {
    const values = {
      ...newAuditFormValues('2028-02-29'),
      auditing_date: ['2028-02-29', '', '2028-11-05'],
    };
    const moved = withPlanningYear(values, 2027);
    expect(moved.planning_year).toBe(2027);
    expect(moved.planning_date).toBe('2027-02-28');
    // An emptied entry stays empty, so saving still names it.
    expect(moved.auditing_date).toEqual(['2027-02-28', '', '2027-11-05']);
    expect(moved.name).toBe(values.name);
  });

  it('leaves a missing planning date missing, and the dates alone without a year', () => {
    const values = { ...newAuditFormValues('2026-05-01'), planning_date: null };
    expect(withPlanningYear(values, 2030).planning_date).toBeNull();
    const cleared = withPlanningYear(newAuditFormValues('2026-05-01'), null);
    expect(cleared.planning_year).toBeNull();
    expect(cleared.planning_date).toBe('2026-05-01');
  });
});
