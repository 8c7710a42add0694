import type { JsonObject, JsonValue } from '@qa/sync';
import { compareCharacters } from '../sorting/sort-keys';
import { auditStatusOf } from './audit-workflow';
import { isFinalWorkflowStatus, type WorkflowView } from './workflow';

/** An audit as the dashboard gets it from the replica. */
export interface DashboardAudit {
  id: string;
  data: JsonObject;
}

const text = (value: JsonValue | undefined) => (typeof value === 'string' ? value : '');

/** The earliest auditing date of an audit ('' when it has none). */
export function earliestAuditingDate(data: JsonObject): string {
  const dates = Array.isArray(data.auditing_date)
    ? data.auditing_date.filter(
        (value): value is string => typeof value === 'string' && value !== '',
      )
    : [];
  return dates.sort()[0] ?? '';
}

/**
 * The audit widget's tabs (SPEC section 2 "Dashboard"), each cut to `count` (the `app` segment's
 * `dashboard.widgetItemCount`): "Todos", the open audits the person works on (lead or
 * co-auditor), the next planned first; "Verantwortlich", the open audits whose measures the
 * person is responsible for, by earliest auditing date descending (without a date last).
 */
export function dashboardAudits(
  todo: readonly DashboardAudit[],
  responsible: readonly DashboardAudit[],
  workflow: WorkflowView,
  count: number,
): { todo: DashboardAudit[]; responsible: DashboardAudit[] } {
  const open = (audits: readonly DashboardAudit[]) =>
    [...new Map(audits.map((audit) => [audit.id, audit])).values()].filter(
      (audit) => !isFinalWorkflowStatus(workflow, auditStatusOf(audit.data)),
    );
  const planned = (audit: DashboardAudit) => text(audit.data.planning_date) || '9999-99-99';
  return {
    todo: open(todo)
      .sort((a, b) => compareCharacters(planned(a), planned(b)) || compareCharacters(a.id, b.id))
      .slice(0, count),
    responsible: open(responsible)
      .sort(
        (a, b) =>
          compareCharacters(
            earliestAuditingDate(b.data) || '0000',
            earliestAuditingDate(a.data) || '0000',
          ) || compareCharacters(a.id, b.id),
      )
      .slice(0, count),
  };
}

/**
 * An audit's standards as the dashboard names them: each standard id (one or a list) by the
 * name of its document in the standards collection, an id nobody knows as it is.
 */
export function auditStandardNames(
  standard: JsonValue | undefined,
  names: ReadonlyMap<string, string>,
): string {
  const ids = (Array.isArray(standard) ? standard : [standard]).filter(
    (id): id is string => typeof id === 'string' && id !== '',
  );
  return ids.map((id) => names.get(id) || id).join(', ');
}
