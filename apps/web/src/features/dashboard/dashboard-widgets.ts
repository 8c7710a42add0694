import { auditStatusOf, isFinalWorkflowStatus, type WorkflowView } from '@qa/domain';
import type { JsonObject, JsonValue } from '@qa/sync';

/** SPEC section 9: the dashboard's widgets show 10 entries. */
export const DASHBOARD_WIDGET_SIZE = 10;

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

const open = (workflow: WorkflowView) => (audit: DashboardAudit) =>
  !isFinalWorkflowStatus(workflow, auditStatusOf(audit.data));

/**
 * The audit widget's tabs (SPEC section 2 "Dashboard"), each cut to 10: "Todos", the open
 * audits the person works on (lead or co-auditor), the next planned first; "Verantwortlich", the
 * open audits whose measures the person is responsible for, by earliest auditing date
 * descending (latest first; without a date last).
 */
export function dashboardAudits(
  todo: readonly DashboardAudit[],
  responsible: readonly DashboardAudit[],
  workflow: WorkflowView,
): { todo: DashboardAudit[]; responsible: DashboardAudit[] } {
  const unique = (audits: readonly DashboardAudit[]) => [
    ...new Map(audits.map((audit) => [audit.id, audit])).values(),
  ];
  const planned = (audit: DashboardAudit) => text(audit.data.planning_date) || '9999-99-99';
  return {
    todo: unique(todo)
      .filter(open(workflow))
      .sort((a, b) => planned(a).localeCompare(planned(b)) || a.id.localeCompare(b.id))
      .slice(0, DASHBOARD_WIDGET_SIZE),
    responsible: unique(responsible)
      .filter(open(workflow))
      .sort(
        (a, b) =>
          (earliestAuditingDate(b.data) || '0000').localeCompare(
            earliestAuditingDate(a.data) || '0000',
          ) || a.id.localeCompare(b.id),
      )
      .slice(0, DASHBOARD_WIDGET_SIZE),
  };
}
