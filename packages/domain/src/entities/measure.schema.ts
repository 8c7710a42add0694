import { z } from 'zod/mini';
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
  name: z.string().check(z.maxLength(MAX_NAME_LENGTH)),
  /** The audit was deleted (audit.delete marks its measures, which live on). */
  gone: z.optional(z.boolean()),
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
  comment: z._default(z.string().check(z.maxLength(MAX_LONG_TEXT_LENGTH)), ''),
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
    .check(z.trim())
    .check(z.minLength(1, { error: 'validation.required' }))
    .check(z.maxLength(MEASURE_TEXT_MAX_LENGTH, { error: 'validation.maxLength' })),
  description: z._default(z.string().check(z.maxLength(MAX_LONG_TEXT_LENGTH)), ''),
  measuretype: z._default(z.nullable(z.string().check(z.maxLength(MAX_NAME_LENGTH))), null),
  cause_analysis: z._default(z.string().check(z.maxLength(MAX_LONG_TEXT_LENGTH)), ''),
  priority: z._default(z.nullable(z.string().check(z.maxLength(MAX_NAME_LENGTH))), null),
  status: z._default(z.string().check(z.minLength(1)).check(z.maxLength(MAX_NAME_LENGTH)), '1'),
  createdDate: timestampSchema,
  dueDate: z._default(z.nullable(isoDateSchema), null),
  autor: idSchema,
  assignedTo: z._default(z.array(idSchema), []),
  audit_id: z._default(z.nullable(idSchema), null),
  audititem_id: z._default(z.nullable(idSchema), null),
  deviation_id: z._default(z.nullable(idSchema), null),
  auditRef: z._default(z.nullable(auditRefSchema), null),
  effectivenessChecks: z._default(z.array(effectivenessCheckSchema).check(z.maxLength(100)), []),
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

/** A measure's page, as activities and reminder mails link it. */
export const measureUrl = (id: string) => `/measure/${id}`;
