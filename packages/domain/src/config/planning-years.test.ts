import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  matrixYearList,
  matrixYearOrFallback,
  planningYearRange,
  preferredPlanningYearProblem,
  preferredPlanningYears,
} from './planning-years';

describe('planningYearRange', () => {
  it('runs from back to ahead around the current year', () => {
    expect(planningYearRange({ back: 3, ahead: 3 }, 2026)).toEqual([
      2023, 2024, 2025, 2026, 2027, 2028, 2029,
    ]);
    expect(planningYearRange({ back: 0, ahead: 0 }, 2026)).toEqual([2026]);
  });

  it('always holds the current year, ascending, back + ahead + 1 years', () => {
    fc.assert(
      fc.property(
        fc.nat(20),
        fc.nat(20),
        fc.integer({ min: 1900, max: 3000 }),
        (back, ahead, year) => {
          const range = planningYearRange({ back, ahead }, year);
          expect(range).toHaveLength(back + ahead + 1);
          expect(range).toContain(year);
          expect(range.every((y, i) => i === 0 || y === range[i - 1]! + 1)).toBe(true);
        },
      ),
    );
  });
});

describe('matrix years', () => {
  const span = { back: 1, ahead: 1 };

  it('ends with all', () => {
    expect(matrixYearList(span, 2019)).toEqual([2018, 2019, 2020, 'all']);
  });

  it('falls back to the current year for a year not offered', () => {
    expect(matrixYearOrFallback(2020, span, 2019)).toBe(2020);
    expect(matrixYearOrFallback('all', span, 2019)).toBe('all');
    expect(matrixYearOrFallback(2010, span, 2019)).toBe(2019);
    expect(matrixYearOrFallback(null, span, 2019)).toBe(2019);
    expect(matrixYearOrFallback(undefined, span, 2019)).toBe(2019);
  });
});

describe('preferred planning year', () => {
  // The defaults: the dialog offers 3 years back and 3 ahead, the matrix 3 back and 1 ahead.
  const spans = { planningYears: { back: 3, ahead: 3 }, matrixYears: { back: 3, ahead: 1 } };

  it('offers only the years the matrix shows and the dialog offers', () => {
    expect(preferredPlanningYears(spans, 2026)).toEqual([2023, 2024, 2025, 2026, 2027]);
  });

  it('refuses another year, naming the years allowed', () => {
    expect(preferredPlanningYearProblem(2027, spans, 2026)).toBeNull();
    expect(preferredPlanningYearProblem(null, spans, 2026)).toBeNull();
    expect(preferredPlanningYearProblem(2029, spans, 2026)).toEqual({
      key: 'settings.planningYearNotShown',
      params: { year: 2029, from: 2023, to: 2027 },
    });
  });
});
