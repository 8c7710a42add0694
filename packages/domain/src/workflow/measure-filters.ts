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
  const status = measure.status ?? DEFAULT_MEASURE_STATUS;
  switch (filter) {
    case 'open':
      return !isFinalWorkflowStatus(workflow, status);
    case 'completed':
      return isFinalWorkflowStatus(workflow, status);
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
