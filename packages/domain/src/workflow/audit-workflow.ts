import { getOwn, isJsonObject, type JsonObject, type JsonValue } from '@qa/sync';
import { DEFAULT_AUDIT_WORKFLOW } from './default-workflows';
import { workflowFromConfig, type ReadWorkflowResult } from './workflow';

/**
 * Audit screen navigation by workflow status (SPEC sections 2 and 4, decision 71): the status
 * names the phase whose tab is open, and the tab follows the status. SPEC section 4's literal
 * "Continue sets the status to the step number" left every shown status one phase behind its
 * tab ("Preparation" while executing); the stepper now sets the status of the phase it opens.
 */
export const AUDIT_TABS = [
  'auditpreparation',
  'auditexecution',
  'auditwrapup',
  'auditreporting',
  'auditactionlist',
] as const;
export type AuditTab = (typeof AUDIT_TABS)[number];

/**
 * The tab of each numeric status of the default workflow: New and Preparation prepare, Reporting
 * and Completed (the report is what a completed audit is opened for) report. The action list
 * has no status of its own: its measures are followed up in any phase.
 */
const TAB_BY_STATUS: Readonly<Record<number, AuditTab>> = {
  1: 'auditpreparation',
  2: 'auditpreparation',
  3: 'auditexecution',
  4: 'auditwrapup',
  5: 'auditreporting',
  6: 'auditreporting',
};

/** Numeric status 1..6 -> the tab of its phase; anything else has no tab: null. */
export function auditTabForStatus(status: string | number | null | undefined): AuditTab | null {
  if (status === null || status === undefined || String(status).trim() === '') return null;
  const value = Number(status);
  if (!Number.isInteger(value)) return null;
  return TAB_BY_STATUS[value] ?? null;
}

/** The status of the execution phase: from it on a VDA audit's edition is fixed (issue 19). */
export const AUDIT_EXECUTION_STATUS = 3;

/** Whether `status` is execution or a later phase of the default numbering. */
export function auditStatusReachesExecution(status: string): boolean {
  const value = Number(status);
  return Number.isInteger(value) && value >= AUDIT_EXECUTION_STATUS;
}

/**
 * A status of the numbering before decision 71 (status = the stepper's step number, one phase
 * behind the tab it opened) as the status whose tab is the same: '2' (opened execution) ->
 * '3' Execution, '3' -> '4', '4' -> '5'. '1' stays New (its tab was preparation already); '5'
 * (the action list, which no status opens now) stays Reporting and '6' stays Completed, since a
 * mapping must neither complete an audit nor reopen one. Read by the stored-audit migration and
 * by `audit.changeStatus` for args of a client from before it.
 */
export function auditStatusFromStepNumbering(status: string): string {
  const shifted: Readonly<Record<string, string>> = { '2': '3', '3': '4', '4': '5' };
  return shifted[status.trim()] ?? status;
}

export interface AuditStepperStep {
  step: 1 | 2 | 3 | 4 | 5;
  /** Message key of the step title (rules.messages.ts). */
  titleKey: string;
  /** The page Continue navigates to: the tab of the status it sets. */
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
  /** The new audit status: the phase the step opens, one above the step number. */
  | { status: string; page: AuditTab; completes: false }
  /**
   * The last step completes the audit instead (issue 13): the workflow's final status and
   * protection, by `audit.complete`, and then the report is sent from the reporting tab.
   */
  | { status: null; page: AuditTab; completes: true };

export function auditStepperContinue(step: number): StepperContinueResult | null {
  const found = AUDIT_STEPPER_STEPS.find((candidate) => candidate.step === step);
  if (!found) return null;
  return found.step === AUDIT_COMPLETION_STEP
    ? { status: null, page: found.page, completes: true }
    : { status: String(found.step + 1), page: found.page, completes: false };
}

/**
 * The audit workflow of the `workflow` configuration document, the same for the stepper on the
 * screen and for `audit.changeStatus` on the server: no document yet -> the default workflow;
 * an invalid one -> empty, with a warning to log (SPEC section 8 "Invalid workflow").
 */
export function auditWorkflowFromConfig(workflowConfig: unknown): ReadWorkflowResult {
  return workflowFromConfig(workflowConfig, 'audit', DEFAULT_AUDIT_WORKFLOW);
}

/**
 * The stepper step a transition to `status` opens at: the step that leads there (one below the
 * status number; '6' Completed is the last step), within 1 to 5.
 */
export function auditStepForStatus(status: string): number {
  const value = Number(status);
  if (!Number.isInteger(value)) return 1;
  return Math.min(Math.max(value - 1, 1), AUDIT_STEPPER_STEPS.length);
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
