import { z } from 'zod/mini';
import { idSchema } from '../ids';
import { auditItemSchema } from './audit-item.schema';

/**
 * A template item (issue 14): a question of a template, its own document in `template_items`
 * carrying its template's id, as audit items carry `auditId` (DESIGN.md section 4). A template
 * asks, it is never answered: no state, no findings, no measures.
 */
export const templateItemSchema = z.extend(
  z.pick(auditItemSchema, { id: true, processes: true, question: true, Weight: true }),
  { templateId: idSchema },
);
export type TemplateItem = z.infer<typeof templateItemSchema>;
