import { z } from 'zod/mini';
import { isoDateSchema } from '../ids';
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH } from '../limits';

/**
 * The report's own data (the audit's `additionalReportData`, SPEC section 3; issue 13 item 2):
 * who receives the report, who signed for the audited party, and when. Edited on the reporting
 * tab, printed in the PDF report. Fields of older documents this version does not know are kept.
 */
export const reportDataSchema = z.looseObject({
  /** Who receives the report: names or addresses, one per line. */
  distributionList: z._default(z.string().check(z.maxLength(MAX_LONG_TEXT_LENGTH)), ''),
  /** The audited party's representative who signs the report. */
  auditeeRepresentative: z._default(
    z.string().check(z.trim()).check(z.maxLength(MAX_NAME_LENGTH)),
    '',
  ),
  /** The day the report was signed (YYYY-MM-DD), or none yet. */
  signatureDate: z._default(z.nullable(isoDateSchema), null),
});
export type ReportData = z.infer<typeof reportDataSchema>;

/** The report data of a stored audit; what cannot be read counts as not filled in. */
export function reportDataOf(stored: unknown): ReportData {
  const parsed = reportDataSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : reportDataSchema.parse({});
}
