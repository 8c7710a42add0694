import type { JsonObject, JsonValue } from '@qa/sync';
import { AUDIT_ITEMS_COLLECTION, AUDITS_COLLECTION } from '../commands/audit-access';
import { MEASURES_COLLECTION } from '../entities/measure.schema';
import { auditStatusOf } from '../workflow/audit-workflow';
import { DEFAULT_MEASURE_STATUS } from '../workflow/measure-filters';
import { isFinalWorkflowStatus, type WorkflowView } from '../workflow/workflow';

/**
 * The events an integration can subscribe to (issue 16, docs/webhooks.md). Derived on the server
 * from what a command wrote (`webhookEventsOf`), except `measure.overdue`, which a periodic check
 * emits once per measure and due date.
 */
export const WEBHOOK_EVENT_TYPES = [
  'audit.created',
  'audit.status_changed',
  'audit.completed',
  'finding.created',
  'measure.created',
  'measure.status_changed',
  'measure.overdue',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The test event of `POST /api/v1/webhooks/{id}/test`; no endpoint subscribes to it. */
export const WEBHOOK_PING_EVENT = 'webhook.ping';

/** The collections whose writes can raise an event: a command touching none of them raises none. */
export const WEBHOOK_SOURCE_COLLECTIONS: ReadonlySet<string> = new Set([
  AUDITS_COLLECTION,
  AUDIT_ITEMS_COLLECTION,
  MEASURES_COLLECTION,
]);

/** One document a command wrote: as stored after it, and its data before (null = new). */
export interface WrittenDocument {
  collection: string;
  id: string;
  version: number;
  deleted: boolean;
  data: JsonObject;
  prev: JsonObject | null;
}

/** The part of an event's `data` besides the document itself. */
export interface WebhookEventDetails {
  /** Status events: the status before and after (workflow status ids). */
  previousStatus?: string | null;
  status?: string | null;
  /** `finding.created`: the finding's id and data (the document is its audit item). */
  findingId?: string;
  finding?: JsonValue;
  /** `measure.overdue`: the due date that passed. */
  dueDate?: string;
}

/** An event raised by a written document, before it gets its id, time and actor. */
export interface DerivedWebhookEvent {
  type: WebhookEventType;
  collection: string;
  id: string;
  version: number;
  document: JsonObject;
  details: WebhookEventDetails;
}

export interface WebhookWorkflows {
  audit: WorkflowView;
  measure: WorkflowView;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function measureStatusOf(measure: JsonObject): string {
  const status = measure.status;
  return typeof status === 'string' || typeof status === 'number'
    ? String(status)
    : DEFAULT_MEASURE_STATUS;
}

/** Whether any written document could raise an event (saves the workflow lookup otherwise). */
export function mayRaiseWebhookEvents(changes: readonly WrittenDocument[]): boolean {
  return changes.some(
    (change) => !change.deleted && WEBHOOK_SOURCE_COLLECTIONS.has(change.collection),
  );
}

/** Whether the audit workflow is needed to tell `audit.completed` (an audit's status changed). */
export function needsAuditWorkflow(changes: readonly WrittenDocument[]): boolean {
  return changes.some(
    (change) =>
      change.collection === AUDITS_COLLECTION &&
      !change.deleted &&
      change.prev !== null &&
      auditStatusOf(change.prev) !== auditStatusOf(change.data),
  );
}

/**
 * The events a command's written documents raise, in the order written:
 * - audits: new -> `audit.created`; `workflow.status` changed -> `audit.status_changed`, and
 *   `audit.completed` too when the new status is the audit workflow's final one (and the old was
 *   not);
 * - audit items: each new key of `deviations` (the findings map) -> `finding.created`;
 * - measures: new -> `measure.created`; `status` changed -> `measure.status_changed`.
 * Deletions raise none. Pure: the server passes the configured workflows.
 */
export function webhookEventsOf(
  changes: readonly WrittenDocument[],
  workflows: WebhookWorkflows,
): DerivedWebhookEvent[] {
  const events: DerivedWebhookEvent[] = [];
  for (const change of changes) {
    if (change.deleted) continue;
    const base = {
      collection: change.collection,
      id: change.id,
      version: change.version,
      document: change.data,
    };
    const { prev, data } = change;
    switch (change.collection) {
      case AUDITS_COLLECTION: {
        if (prev === null) {
          events.push({ ...base, type: 'audit.created', details: {} });
          break;
        }
        const before = auditStatusOf(prev) ?? null;
        const after = auditStatusOf(data) ?? null;
        if (before === after) break;
        const details = { previousStatus: before, status: after };
        events.push({ ...base, type: 'audit.status_changed', details });
        if (
          isFinalWorkflowStatus(workflows.audit, after) &&
          !isFinalWorkflowStatus(workflows.audit, before)
        ) {
          events.push({ ...base, type: 'audit.completed', details });
        }
        break;
      }
      case AUDIT_ITEMS_COLLECTION: {
        const findings = isObject(data.deviations) ? data.deviations : {};
        const earlier = prev && isObject(prev.deviations) ? prev.deviations : {};
        for (const [findingId, finding] of Object.entries(findings)) {
          if (Object.hasOwn(earlier, findingId)) continue;
          events.push({ ...base, type: 'finding.created', details: { findingId, finding } });
        }
        break;
      }
      case MEASURES_COLLECTION: {
        if (prev === null) {
          events.push({ ...base, type: 'measure.created', details: {} });
          break;
        }
        const before = measureStatusOf(prev);
        const after = measureStatusOf(data);
        if (before !== after) {
          events.push({
            ...base,
            type: 'measure.status_changed',
            details: { previousStatus: before, status: after },
          });
        }
        break;
      }
    }
  }
  return events;
}

/** What the overdue check looks at of a measure. */
export interface OverdueMeasure {
  id: string;
  status?: string | number | null;
  dueDate?: string | null;
}

/**
 * `measure.overdue`: the due date (`YYYY-MM-DD`) lies before `today` and the measure is open (not
 * at the measure workflow's final status). The server emits one event per measure and due date.
 */
export function isWebhookOverdue(
  measure: OverdueMeasure,
  today: string,
  measureWorkflow: WorkflowView,
): boolean {
  if (!measure.dueDate || measure.dueDate >= today) return false;
  return !isFinalWorkflowStatus(measureWorkflow, measure.status ?? DEFAULT_MEASURE_STATUS);
}
