import { getOwn, isJsonObject, type JsonObject, type JsonValue } from '@qa/sync';
import { DEFAULT_AUDIT_WORKFLOW } from './default-workflows';
import { workflowFromConfig, type ReadWorkflowResult } from './workflow';

/**
 * Audit screen navigation by workflow status (SPEC sections 2 and 4): the active tab follows the
 * status, and the stepper's Continue sets the status to the step number.
 */
export const AUDIT_TABS = [
  'auditpreparation',
  'auditexecution',
  'auditwrapup',
  'auditreporting',
  'auditactionlist',
] as const;
export type AuditTab = (typeof AUDIT_TABS)[number];

/** Numeric status 1..5 -> tab; anything else (e.g. '6' completed) has no tab of its own: null. */
export function auditTabForStatus(status: string | number | null | undefined): AuditTab | null {
  if (status === null || status === undefined || String(status).trim() === '') return null;
  const value = Number(status);
  if (!Number.isInteger(value) || value < 1 || value > AUDIT_TABS.length) return null;
  return AUDIT_TABS[value - 1] ?? null;
}

export interface AuditStepperStep {
  step: 1 | 2 | 3 | 4 | 5;
  /** Message key of the step title (rules.messages.ts). */
  titleKey: string;
  /** The page Continue navigates to. */
  page: AuditTab;
}

export const AUDIT_STEPPER_STEPS: readonly AuditStepperStep[] = [
  { step: 1, titleKey: 'workflow.step.release', page: 'auditpreparation' },
  { step: 2, titleKey: 'workflow.step.finishPreparation', page: 'auditexecution' },
  { step: 3, titleKey: 'workflow.step.finishExecution', page: 'auditwrapup' },
  { step: 4, titleKey: 'workflow.step.finishWrapUp', page: 'auditreporting' },
  { step: 5, titleKey: 'workflow.step.finishAudit', page: 'auditreporting' },
];

/** The stepper's last step, "finish audit and send report": it completes the audit. */
export const AUDIT_COMPLETION_STEP = 5;

export type StepperContinueResult =
  /** The new audit status: the step number as a string (SPEC section 4). */
  | { status: string; page: AuditTab; completes: false }
  /**
   * The last step completes the audit instead (issue 13): the workflow's final status and
   * protection, by `audit.complete`.
   */
  | { status: null; page: AuditTab; completes: true };

export function auditStepperContinue(step: number): StepperContinueResult | null {
  const found = AUDIT_STEPPER_STEPS.find((candidate) => candidate.step === step);
  if (!found) return null;
  return found.step === AUDIT_COMPLETION_STEP
    ? { status: null, page: found.page, completes: true }
    : { status: String(found.step), page: found.page, completes: false };
}

/**
 * The audit workflow of the `workflow` configuration document, the same for the stepper on the
 * screen and for `audit.changeStatus` on the server: no document yet -> the default workflow;
 * an invalid one -> empty, with a warning to log (SPEC section 8 "Invalid workflow").
 */
export function auditWorkflowFromConfig(workflowConfig: unknown): ReadWorkflowResult {
  return workflowFromConfig(workflowConfig, 'audit', DEFAULT_AUDIT_WORKFLOW);
}

/** The stepper step a transition to `status` opens at: the status number, within 1 to 5. */
export function auditStepForStatus(status: string): number {
  const value = Number(status);
  if (!Number.isInteger(value)) return 1;
  return Math.min(Math.max(value, 1), AUDIT_STEPPER_STEPS.length);
}

function statusText(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** An audit's status: `workflow.status` (SPEC section 3), else the older top-level `status`. */
export function auditStatusOf(audit: JsonObject): string | undefined {
  const workflow = getOwn(audit, 'workflow');
  const nested = isJsonObject(workflow) ? statusText(getOwn(workflow, 'status')) : undefined;
  return nested ?? statusText(getOwn(audit, 'status'));
}
