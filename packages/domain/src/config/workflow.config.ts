import { z } from 'zod/mini';
import {
  DEFAULT_AUDIT_WORKFLOW,
  DEFAULT_MEASURE_WORKFLOW,
  LEGACY_AUDIT_STATUSES,
} from '../workflow/default-workflows';
import { workflowSchema, workflowStatusSchema } from '../workflow/workflow.schema';

/** Configuration segment `workflow`: the audit and measure workflows and the older status list. */
export const workflowConfigSchema = z.strictObject({
  audit: workflowSchema,
  measure: workflowSchema,
  legacyAuditStatuses: z.array(workflowStatusSchema),
});
export type WorkflowConfig = z.infer<typeof workflowConfigSchema>;

export const DEFAULT_WORKFLOW_CONFIG: WorkflowConfig = {
  audit: DEFAULT_AUDIT_WORKFLOW,
  measure: DEFAULT_MEASURE_WORKFLOW,
  legacyAuditStatuses: [...LEGACY_AUDIT_STATUSES],
};
