import {
  DEFAULT_AUDIT_WORKFLOW_LABELS,
  auditWorkflowFromConfig,
  type WorkflowView,
} from '@qa/domain';
import type { JsonObject } from '@qa/sync';

/** The audit workflow from the `workflow` configuration document (domain rule); logs a bad one. */
export function auditWorkflow(workflowConfig: JsonObject | undefined): WorkflowView {
  const { workflow, warning } = auditWorkflowFromConfig(workflowConfig);
  // SPEC section 8: an invalid workflow is logged and shows no status and no transitions.
  if (warning) console.warn('invalid audit workflow in the configuration', warning);
  return workflow;
}

/**
 * A status or transition text in the UI language. The configuration holds one (English)
 * description; where it is still the default's, the default's German twin is used.
 */
export function workflowLabel(
  key: string,
  description: string,
  language: 'de' | 'en',
  defaults: Readonly<Record<string, { de: string; en: string }>> = DEFAULT_AUDIT_WORKFLOW_LABELS,
): string {
  const known = defaults[key];
  return known && known.en === description ? known[language] : description;
}
