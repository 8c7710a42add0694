import { isFinalWorkflowStatus, type RawStatus, type WorkflowView } from './workflow';

/** The measure list filters (SPEC section 4): 'Offen', 'Abgeschlossen', unassigned. */
export const MEASURE_FILTERS = ['open', 'completed', 'unassigned'] as const;
export type MeasureFilter = (typeof MEASURE_FILTERS)[number];

/** Only the fields the filters look at, so any measure shape fits. */
export interface MeasureFilterFields {
  status?: RawStatus;
  /** User ids as `measureSchema` stores them; empty (or missing) = unassigned. */
  assignedTo?: readonly string[];
}

/** Measures without a status are at the default status '1'. */
export const DEFAULT_MEASURE_STATUS = '1';

export function measureMatchesFilter(
  measure: MeasureFilterFields,
  filter: MeasureFilter,
  workflow: WorkflowView,
): boolean {
  switch (filter) {
    case 'open':
      return isMeasureOpen(measure, workflow);
    case 'completed':
      return !isMeasureOpen(measure, workflow);
    case 'unassigned':
      return (measure.assignedTo ?? []).length === 0;
  }
}

export function filterMeasures<T extends MeasureFilterFields>(
  measures: readonly T[],
  filter: MeasureFilter,
  workflow: WorkflowView,
): T[] {
  return measures.filter((measure) => measureMatchesFilter(measure, filter, workflow));
}

/** Open: not at the measure workflow's final status (SPEC section 4, the 'Offen' filter). */
export function isMeasureOpen(measure: MeasureFilterFields, workflow: WorkflowView): boolean {
  return !isFinalWorkflowStatus(workflow, measure.status ?? DEFAULT_MEASURE_STATUS);
}

/** Due before `today` ('YYYY-MM-DD') and still open: the lists mark it red. */
export function isMeasureOverdue(
  measure: MeasureFilterFields & { dueDate?: string | null },
  workflow: WorkflowView,
  today: string,
): boolean {
  return !!measure.dueDate && measure.dueDate < today && isMeasureOpen(measure, workflow);
}

/**
 * The measure widget of the dashboard (SPEC section 2): the open measures assigned to a person,
 * due first (none last), then by text.
 */
export function openMeasuresOf<
  T extends MeasureFilterFields & { dueDate?: string | null; text: string },
>(measures: readonly T[], personId: string, workflow: WorkflowView): T[] {
  return measures
    .filter(
      (measure) =>
        (measure.assignedTo ?? []).includes(personId) && isMeasureOpen(measure, workflow),
    )
    .sort(
      (a, b) =>
        (a.dueDate ?? '9999-99-99').localeCompare(b.dueDate ?? '9999-99-99') ||
        a.text.localeCompare(b.text),
    );
}
