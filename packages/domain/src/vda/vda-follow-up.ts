import type { AuditItem } from '../audit/audit-item.schema';
import {
  auditScopeKey,
  compareAuditOrder,
  matchQuestions,
  type ComparableAudit,
} from '../scoring/comparison';
import { isMeasureOpen, type MeasureFilterFields } from '../workflow/measure-filters';
import type { WorkflowView } from '../workflow/workflow';
import { CALC_SCHEMA_VDA63 } from './vda-rules';

/**
 * Follow-up of the last audit (issue 19, deliverable 6): when a VDA audit is prepared for a
 * supplier (scope) that had a VDA audit before, the measures of that audit that are not yet
 * effective are shown beside the questions they came from, so the auditor judges their
 * implementation (the volume counts corrective actions not implemented as a non-conformity).
 *
 * - The last audit: the newest VDA audit of the same scope before this one in the comparison's
 *   order (`compareAuditOrder`); the standard is not compared, a supplier's VDA audits are one
 *   line whatever standard ids they name.
 * - Not yet effective: not at the measure workflow's final status ('Effective' by default).
 * - Beside its question: the earlier audit's question is paired with this audit's as the
 *   comparison pairs them (number, else text); a measure whose question has no partner here is
 *   listed on its own (`unmatched`).
 */

export interface FollowUpAudit extends ComparableAudit {
  reportSchema?: unknown;
}

const isVda = (audit: FollowUpAudit) =>
  typeof audit.reportSchema === 'object' &&
  audit.reportSchema !== null &&
  (audit.reportSchema as { calcSchema?: unknown }).calcSchema === CALC_SCHEMA_VDA63;

/** The VDA audit of the same scope just before `current`, or null. */
export function lastVdaAuditOf<T extends FollowUpAudit>(
  current: FollowUpAudit,
  audits: readonly T[],
): T | null {
  const scope = auditScopeKey(current.scope);
  const earlier = audits
    .filter(
      (audit) =>
        audit.id !== current.id &&
        isVda(audit) &&
        auditScopeKey(audit.scope) === scope &&
        compareAuditOrder(audit, current) < 0,
    )
    .sort((a, b) => compareAuditOrder(b, a));
  return earlier[0] ?? null;
}

export interface FollowUpMeasure extends MeasureFilterFields {
  id: string;
  audit_id?: string | null;
  audititem_id?: string | null;
}

export interface VdaFollowUps<M> {
  /** This audit's item id -> the open measures of the earlier question paired with it. */
  byItem: Map<string, M[]>;
  /** Open measures whose question is not part of this audit (or of no known question). */
  unmatched: M[];
  /** All open measures of the earlier audit. */
  open: M[];
}

export function vdaFollowUps<M extends FollowUpMeasure>(input: {
  earlierAuditId: string;
  earlierItems: readonly AuditItem[];
  currentItems: readonly AuditItem[];
  measures: readonly M[];
  workflow: WorkflowView;
}): VdaFollowUps<M> {
  const open = input.measures.filter(
    (measure) =>
      measure.audit_id === input.earlierAuditId && isMeasureOpen(measure, input.workflow),
  );
  const partner = new Map<string, string>();
  for (const pair of matchQuestions(input.earlierItems, input.currentItems)) {
    if (pair.earlier && pair.current) partner.set(pair.earlier.id, pair.current.id);
  }
  const byItem = new Map<string, M[]>();
  const unmatched: M[] = [];
  for (const measure of open) {
    const itemId = measure.audititem_id ? partner.get(measure.audititem_id) : undefined;
    if (itemId === undefined) {
      unmatched.push(measure);
      continue;
    }
    byItem.set(itemId, [...(byItem.get(itemId) ?? []), measure]);
  }
  return { byItem, unmatched, open };
}
