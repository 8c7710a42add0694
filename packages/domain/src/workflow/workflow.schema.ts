import { z } from 'zod/mini';
import { MAX_NAME_LENGTH } from '../limits';

/**
 * A workflow from configuration (SPEC section 4): statuses with id, description and a start
 * flag; the entry marked `end` is final (else the last); transitions between them, each with a
 * description shown as a button.
 */
export const workflowStatusSchema = z.object({
  id: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  description: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
  start: z.optional(z.boolean()),
  end: z.optional(z.boolean()),
});
export type WorkflowStatus = z.infer<typeof workflowStatusSchema>;

export const workflowTransitionSchema = z.object({
  from: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  to: z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)),
  description: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
});
export type WorkflowTransition = z.infer<typeof workflowTransitionSchema>;

export const workflowSchema = z.object({
  statuses: z.array(workflowStatusSchema).check(z.minLength(1)),
  transitions: z.array(workflowTransitionSchema),
});
export type Workflow = z.infer<typeof workflowSchema>;
