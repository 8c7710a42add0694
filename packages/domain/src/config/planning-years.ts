import type { DomainMessage } from '../messages/message';

/** How many years before and after the current one a list offers. */
export interface YearSpan {
  back: number;
  ahead: number;
}

/**
 * The selectable planning years, oldest first: the current year `back` years back to `ahead`
 * years ahead (SPEC section 9 names 2019 to 2022, which went stale; the default span is 3/3).
 * The current year is a parameter so the rule stays pure.
 */
export function planningYearRange(span: YearSpan, currentYear: number): number[] {
  const years: number[] = [];
  for (let year = currentYear - span.back; year <= currentYear + span.ahead; year += 1) {
    years.push(year);
  }
  return years;
}

/** The option of the audit matrix that shows every year. */
export const ALL_YEARS = 'all';
export type MatrixYear = number | typeof ALL_YEARS;

/** The audit matrix's year selector: the years of the span, then 'all'. */
export function matrixYearList(span: YearSpan, currentYear: number): MatrixYear[] {
  return [...planningYearRange(span, currentYear), ALL_YEARS];
}

/**
 * The year the matrix shows: the one asked for (say from the URL) when the list offers it,
 * else the current year (the spec's fallback 2019 was the current year then).
 */
export function matrixYearOrFallback(
  requested: MatrixYear | null | undefined,
  span: YearSpan,
  currentYear: number,
): MatrixYear {
  const offered = matrixYearList(span, currentYear);
  return requested !== null && requested !== undefined && offered.includes(requested)
    ? requested
    : currentYear;
}

/** The year spans of the `audit` configuration segment the preferred year depends on. */
export interface PlanningYearSpans {
  planningYears: YearSpan;
  matrixYears: YearSpan;
}

/**
 * The years a person may choose as the planning year the audit matrix opens with and the audit
 * dialog preselects: the matrix's years the dialog offers too. A year the matrix cannot show
 * opened it on the current year with nothing saying why.
 */
export function preferredPlanningYears(spans: PlanningYearSpans, currentYear: number): number[] {
  const shown = planningYearRange(spans.matrixYears, currentYear);
  return planningYearRange(spans.planningYears, currentYear).filter((year) => shown.includes(year));
}

/** Why a preferred planning year is refused (null = none, or one the lists offer). */
export function preferredPlanningYearProblem(
  year: number | null,
  spans: PlanningYearSpans,
  currentYear: number,
): DomainMessage | null {
  const years = preferredPlanningYears(spans, currentYear);
  if (year === null || years.includes(year)) return null;
  return {
    key: 'settings.planningYearNotShown',
    params: { year, from: years[0] ?? currentYear, to: years.at(-1) ?? currentYear },
  };
}
