import { z } from 'zod';
import { isoDateSchema } from '../ids';
import { MAX_LONG_TEXT_LENGTH, MAX_NAME_LENGTH } from '../limits';

/**
 * The report's own data (the audit's `additionalReportData`, SPEC section 3; issue 13 item 2):
 * who receives the report, who signed for the audited party, and when. Edited on the reporting
 * tab, printed in the PDF report. Fields of older documents this version does not know are kept.
 */
export const reportDataSchema = z.looseObject({
  /** Who receives the report: names or addresses, one per line. */
  distributionList: z.string().max(MAX_LONG_TEXT_LENGTH).default(''),
  /** The audited party's representative who signs the report. */
  auditeeRepresentative: z.string().trim().max(MAX_NAME_LENGTH).default(''),
  /** The day the report was signed (YYYY-MM-DD), or none yet. */
  signatureDate: isoDateSchema.nullable().default(null),
});
export type ReportData = z.infer<typeof reportDataSchema>;

/** The report data of a stored audit; what cannot be read counts as not filled in. */
export function reportDataOf(stored: unknown): ReportData {
  const parsed = reportDataSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : reportDataSchema.parse({});
}
