import { z } from 'zod/mini';
import type { DomainMessage } from '../messages/message';
import { auditSchema } from './audit.schema';

/**
 * What the audit dialog checks beyond the document: the planning and auditing dates lie in the
 * chosen planning year (the date pickers are limited to it, SPEC section 5). Kept out of
 * `auditSchema` on purpose: the server validates every stored audit after every command, and
 * an audit whose year was changed elsewhere must still take a status change.
 */
export const auditFormSchema = auditSchema.check(
  z.superRefine((audit, ctx) => {
    const year = String(audit.planning_year);
    const outside = (date: string) => date.slice(0, 4) !== year;
    const report = (path: (string | number)[]) =>
      ctx.addIssue({
        code: 'custom',
        message: 'audit.dateOutsidePlanningYear',
        path,
        params: { year: audit.planning_year },
      });
    if (audit.planning_date !== null && outside(audit.planning_date)) report(['planning_date']);
    audit.auditing_date.forEach((date, index) => {
      if (outside(date)) report(['auditing_date', index]);
    });
  }),
);

/** A field as a patch accepts it: optional, without its default (absent = unchanged). */
function patchField(field: z.ZodMiniType): z.ZodMiniType {
  return z.optional(
    field instanceof z.ZodMiniDefault ? (field.def.innerType as z.ZodMiniType) : field,
  );
}

const patchableFields = z.omit(auditSchema, {
  id: true,
  workflow: true,
  companyMetadata: true,
  members: true,
  additionalReportData: true,
  attachments: true,
  preparedFrom: true,
  vdaEdition: true,
  vdaIncompleteConfirmed: true,
}).shape;

/**
 * The fields an audit metadata update may carry (SPEC section 5): the header except id,
 * workflow, company data, members and additional report data, which have their own commands,
 * and attachments, which are set one by one so an upload made offline is never overwritten,
 * and `preparedFrom`, which only the copying commands write (issue 14).
 * Sync flags (`hasPendingWrites`, `fromCache`, `exists`) and a legacy `audit_items` map are
 * unknown keys and stripped. Absent fields stay as they are, except `responsible`: it defaults
 * to null, so a dialog that leaves it empty clears it.
 */
export const auditMetadataUpdateSchema = z.extend(
  z.object(
    Object.fromEntries(
      Object.entries(patchableFields).map(([key, field]) => [key, patchField(field)]),
    ) as {
      [K in keyof typeof patchableFields]: z.ZodMiniOptional<
        z.ZodMiniType<z.infer<(typeof patchableFields)[K]>>
      >;
    },
  ),
  { responsible: auditSchema.shape.responsible },
);
export type AuditMetadataUpdate = z.infer<typeof auditMetadataUpdateSchema>;

/**
 * Name change, company data update and metadata update need an open audit; without one they
 * answer 'no-audit-active' (SPEC sections 5 and 8). Returns null when the audit is there.
 */
export function requireActiveAudit(audit: unknown): DomainMessage | null {
  return audit === null || audit === undefined ? { key: 'audit.noAuditActive' } : null;
}
