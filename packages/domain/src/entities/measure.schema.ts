import { z } from 'zod';
import { idSchema, isoDateSchema, timestampSchema } from '../ids';
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH } from '../limits';
import type { DomainMessage } from '../messages/message';
import { MEASURES_COLLECTION } from '../collection-names';
export { MEASURES_COLLECTION };

/** The replicated collection of measures (SPEC section 3). */

/** SPEC section 5: a measure's text is at most 140 characters. */
export const MEASURE_TEXT_MAX_LENGTH = 140;

/** Which audit a measure came from, kept with the measure so the list needs no audit lookup. */
export const auditRefSchema = z.object({
  id: idSchema,
  name: z.string().max(MAX_NAME_LENGTH),
  /** The audit was deleted (audit.delete marks its measures, which live on). */
  gone: z.boolean().optional(),
});
export type AuditRef = z.infer<typeof auditRefSchema>;

/**
 * One effectiveness check of a measure (issue 12): who checked, when, whether the measure was
 * effective, and why. Kept in order; the last decides the status it led to.
 */
export const effectivenessCheckSchema = z.object({
  by: idSchema,
  at: timestampSchema,
  effective: z.boolean(),
  comment: z.string().max(MAX_LONG_TEXT_LENGTH).default(''),
});
export type EffectivenessCheck = z.infer<typeof effectivenessCheckSchema>;

/**
 * A corrective measure (SPEC section 3 "Measure"). It may stand alone or point to the audit,
 * audit item and finding it answers. `status` is a measure workflow status id ('1' = New);
 * `assignedTo` holds user ids, empty = unassigned. `audit_name` is derived, not stored.
 */
export const measureSchema = z.object({
  id: idSchema,
  text: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(MEASURE_TEXT_MAX_LENGTH, { error: 'validation.maxLength' }),
  description: z.string().max(MAX_LONG_TEXT_LENGTH).default(''),
  measuretype: z.string().max(MAX_NAME_LENGTH).nullable().default(null),
  cause_analysis: z.string().max(MAX_LONG_TEXT_LENGTH).default(''),
  priority: z.string().max(MAX_NAME_LENGTH).nullable().default(null),
  status: z.string().min(1).max(MAX_NAME_LENGTH).default('1'),
  createdDate: timestampSchema,
  dueDate: isoDateSchema.nullable().default(null),
  autor: idSchema,
  assignedTo: z.array(idSchema).default([]),
  audit_id: idSchema.nullable().default(null),
  audititem_id: idSchema.nullable().default(null),
  deviation_id: idSchema.nullable().default(null),
  auditRef: auditRefSchema.nullable().default(null),
  effectivenessChecks: z.array(effectivenessCheckSchema).max(100).default([]),
});
export type Measure = z.infer<typeof measureSchema>;

/**
 * The audit name shown with a measure: 'Audit not present anymore' once its audit was deleted,
 * else the stored reference's name, else the name of the audit it points to, else the message.
 * A measure without any audit gets null (nothing to show).
 */
export function measureAuditName(
  measure: Pick<Measure, 'audit_id' | 'auditRef'>,
  auditNames: ReadonlyMap<string, string>,
): string | DomainMessage | null {
  if (measure.auditRef?.gone) return { key: 'measure.auditMissing' };
  if (measure.auditRef) return measure.auditRef.name;
  if (measure.audit_id === null) return null;
  return auditNames.get(measure.audit_id) ?? { key: 'measure.auditMissing' };
}
