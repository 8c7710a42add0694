import type { DomainMessage } from '../messages/message';
import { workflowSchema, type WorkflowStatus, type WorkflowTransition } from './workflow.schema';

/**
 * Workflow rules (SPEC sections 4 and 8). A workflow read from configuration may be invalid; the
 * component then works with no statuses and no transitions and the caller logs the warning.
 */
export interface WorkflowView {
  statuses: readonly WorkflowStatus[];
  transitions: readonly WorkflowTransition[];
}

export const EMPTY_WORKFLOW: WorkflowView = { statuses: [], transitions: [] };

export interface ReadWorkflowResult {
  workflow: WorkflowView;
  /** Set when the input was invalid; the caller logs it (rules do no I/O). */
  warning: DomainMessage | null;
}

export function readWorkflow(input: unknown, component: string): ReadWorkflowResult {
  const parsed = workflowSchema.safeParse(input);
  if (parsed.success) return { workflow: parsed.data, warning: null };
  return { workflow: EMPTY_WORKFLOW, warning: { key: 'workflow.invalid', params: { component } } };
}

/**
 * One workflow (`audit` or `measure`) of the `workflow` configuration document: no document yet
 * -> `fallback` (the default); an invalid one -> empty, with a warning to log (SPEC section 8).
 */
export function workflowFromConfig(
  workflowConfig: unknown,
  kind: WorkflowKind,
  fallback: WorkflowView,
): ReadWorkflowResult {
  if (workflowConfig === undefined || workflowConfig === null) {
    return { workflow: fallback, warning: null };
  }
  const entry =
    typeof workflowConfig === 'object' && !Array.isArray(workflowConfig)
      ? (workflowConfig as Record<string, unknown>)[kind]
      : undefined;
  return readWorkflow(entry, kind);
}

export type RawStatus = string | number | null | undefined;

/** Lookup by id first, then by description (older documents stored the description). */
export function findWorkflowStatus(
  workflow: WorkflowView,
  raw: RawStatus,
): WorkflowStatus | undefined {
  if (raw === null || raw === undefined) return undefined;
  const value = String(raw);
  return (
    workflow.statuses.find((status) => status.id === value) ??
    workflow.statuses.find((status) => status.description === value)
  );
}

export function startWorkflowStatus(workflow: WorkflowView): WorkflowStatus | undefined {
  return workflow.statuses.find((status) => status.start === true);
}

/** The final status: the end-marked entry, else the last one. */
export function finalWorkflowStatus(workflow: WorkflowView): WorkflowStatus | undefined {
  return workflow.statuses.find((status) => status.end === true) ?? workflow.statuses.at(-1);
}

export type WorkflowKind = 'audit' | 'measure';

export interface ResolvedStatus {
  /** The status to work with, or null when the value cannot be mapped at all. */
  status: WorkflowStatus | null;
  /** What to show: the status description, else the raw value (audits) or '0' (measures). */
  display: string;
  matchedBy: 'id' | 'description' | 'start' | 'none';
}

/**
 * Unknown values fall back to the start status; only when there is none to fall back to (no
 * start-marked status, or an empty/invalid workflow) is the status unmappable.
 */
export function resolveWorkflowStatus(
  workflow: WorkflowView,
  raw: RawStatus,
  kind: WorkflowKind,
): ResolvedStatus {
  const value = raw === null || raw === undefined ? '' : String(raw);
  const byId = workflow.statuses.find((status) => status.id === value);
  if (byId) return { status: byId, display: byId.description, matchedBy: 'id' };
  const byDescription = workflow.statuses.find((status) => status.description === value);
  if (byDescription) {
    return { status: byDescription, display: byDescription.description, matchedBy: 'description' };
  }
  const start = startWorkflowStatus(workflow);
  if (start) return { status: start, display: start.description, matchedBy: 'start' };
  return { status: null, display: kind === 'measure' ? '0' : value, matchedBy: 'none' };
}

export function isFinalWorkflowStatus(workflow: WorkflowView, raw: RawStatus): boolean {
  const final = finalWorkflowStatus(workflow);
  const found = findWorkflowStatus(workflow, raw);
  return final !== undefined && found?.id === final.id;
}

/** Transitions leaving the (resolved) status; each is shown as a button opening the stepper. */
export function availableTransitions(
  workflow: WorkflowView,
  raw: RawStatus,
  kind: WorkflowKind,
): WorkflowTransition[] {
  const { status } = resolveWorkflowStatus(workflow, raw, kind);
  if (!status) return [];
  return workflow.transitions.filter((transition) => transition.from === status.id);
}
