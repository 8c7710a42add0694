import { z } from 'zod/mini';
import { getOwn, type JsonObject } from '@qa/sync';
import { auditPermissionContext } from '../commands/audit-access';
import { idSchema } from '../ids';
import { MAX_TEXT_LENGTH } from '../limits';
import { formatMessage, type DomainMessage, type Language } from '../messages/message';
import { REPORT_MAIL_MESSAGES } from '../messages/report-mail.messages';
import { can, type PermissionAction } from '../permissions/permissions';

/**
 * Mailing the PDF report (issue 13.3, the stepper's "finish audit and send report"): the browser
 * makes the PDF (offline too) and, online, hands it to the server with the people to mail it to.
 * These are the rules both sides apply; the server checks them all before a mail goes out.
 */

const MIB = 1024 * 1024;

/** Largest report accepted (issue 13: a report of 300 findings and 100 photos stays under 20 MB). */
export const MAX_REPORT_PDF_BYTES = 20 * MIB;

/**
 * Most people one sending may name. Each gets a mail of their own with the PDF attached, so this
 * also bounds what one request pushes through the mail server (20 x 20 MB).
 */
export const MAX_REPORT_RECIPIENTS = 20;

/** Longest personal message put into the mail's text. */
export const MAX_REPORT_MESSAGE_LENGTH = MAX_TEXT_LENGTH;

/**
 * Sendings per person and window (the server counts them in memory, per instance): a person
 * mailing a report, correcting it and mailing it again is normal, a hundred is a loop or abuse.
 */
export const REPORT_MAIL_RATE_LIMIT = { max: 10, windowSeconds: 600 } as const;

/**
 * Who may mail an audit's report: who may take the audit through the stepper's steps
 * (`audit.changeStatus`: the audit team, qm, admin), judged on the stored team. The protection is
 * left out on purpose: mailing changes nothing in the audit, and a completed audit is always
 * protected, which would take the report from the co-auditors right when it is due.
 */
export const REPORT_MAIL_ACTION: PermissionAction = 'audit.changeStatus';

export function mayMailReport(
  roles: readonly string[],
  audit: JsonObject,
  userId: string,
): boolean {
  return can(roles, REPORT_MAIL_ACTION, {
    ...auditPermissionContext(audit, userId),
    protected: false,
  });
}

/** What the browser sends beside the PDF (multipart fields `recipients`, `message`, `language`). */
export const reportMailRequestSchema = z.object({
  recipients: z.pipe(
    z
      .array(idSchema)
      .check(z.minLength(1, { error: 'reportMail.recipientsRequired' }))
      .check(z.maxLength(MAX_REPORT_RECIPIENTS, { error: 'reportMail.tooManyRecipients' })),
    z.transform((ids) => [...new Set(ids)]),
  ),
  message: z._default(
    z
      .string()
      .check(z.trim())
      .check(z.maxLength(MAX_REPORT_MESSAGE_LENGTH, { error: 'validation.maxLength' })),
    '',
  ),
  language: z.optional(z.enum(['de', 'en'])),
});
export type ReportMailRequest = z.infer<typeof reportMailRequestSchema>;

/** The first problem of a request, as a message with the limits filled in. */
export function reportMailRequestError(error: z.core.$ZodError): DomainMessage {
  const issue = error.issues[0];
  const key = issue?.message ?? 'reportMail.recipientsRequired';
  if (key === 'reportMail.tooManyRecipients')
    return { key, params: { max: MAX_REPORT_RECIPIENTS } };
  if (key === 'validation.maxLength') return { key, params: { max: MAX_REPORT_MESSAGE_LENGTH } };
  if (key === 'reportMail.recipientsRequired') return { key };
  return { key: 'reportMail.requestInvalid' };
}

/** A person the report goes to: named and with an address. */
export interface ReportRecipient {
  id: string;
  name: string;
  email: string;
}

export type RecipientCheck =
  { ok: true; recipients: ReportRecipient[] } | { ok: false; message: DomainMessage };

/**
 * The recipients as the people directory (`people` documents, active or inactive) knows them.
 * An id nobody has, or a person without an e-mail address, refuses the whole sending with a
 * message naming them; nobody is mailed then.
 */
export function checkReportRecipients(
  ids: readonly string[],
  people: ReadonlyMap<string, JsonObject | undefined>,
): RecipientCheck {
  const recipients: ReportRecipient[] = [];
  for (const id of ids) {
    const person = people.get(id);
    if (!person)
      return { ok: false, message: { key: 'reportMail.recipientUnknown', params: { id } } };
    const displayName = getOwn(person, 'displayName');
    const name = typeof displayName === 'string' && displayName.trim() ? displayName.trim() : id;
    const email = getOwn(person, 'email');
    if (typeof email !== 'string' || !email.includes('@')) {
      return { ok: false, message: { key: 'reportMail.recipientNoEmail', params: { name } } };
    }
    recipients.push({ id, name, email });
  }
  return { ok: true, recipients };
}

/** The bytes every PDF file starts with. */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

export function isPdf(bytes: Uint8Array): boolean {
  return PDF_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** The refusal of a file that is not a PDF, or larger than the limit; null when it may go. */
export function checkReportPdf(bytes: Uint8Array): DomainMessage | null {
  if (bytes.length > MAX_REPORT_PDF_BYTES) return reportPdfTooLarge();
  if (!isPdf(bytes)) return { key: 'reportMail.notPdf' };
  return null;
}

export function reportPdfTooLarge(): DomainMessage {
  return { key: 'reportMail.tooLarge', params: { maxMiB: MAX_REPORT_PDF_BYTES / MIB } };
}

export interface ReportMailInput {
  language: Language;
  auditName: string;
  senderName: string;
  recipientName: string;
  /** The sender's own words; empty for none. */
  message: string;
  /** Link to the audit's reporting tab. */
  url: string;
}

export interface ReportMailContent {
  language: Language;
  subject: string;
  text: string;
}

/** The mail's subject and text in the sender's language (the report is in it too). */
export function reportMailContent(input: ReportMailInput): ReportMailContent {
  const text = (key: keyof typeof REPORT_MAIL_MESSAGES, params?: Record<string, string>) =>
    formatMessage(REPORT_MAIL_MESSAGES, { key, params }, input.language);
  const names = { audit: input.auditName, sender: input.senderName };
  const message = input.message.trim();
  return {
    language: input.language,
    subject: text('reportMail.subject', names),
    text: [
      text('reportMail.greeting', { name: input.recipientName }),
      '',
      text('reportMail.intro', names),
      ...(message ? ['', text('reportMail.messageFrom', names), '', message] : []),
      '',
      text('reportMail.link', { url: input.url }),
      '',
      '-----',
      text('reportMail.footer', names),
      '',
    ].join('\n'),
  };
}

/** The activity verb of a mailed report (sentence 'activity.audit.reportSent'). */
export const REPORT_SENT_VERB = 'reportSent';

/** The activity of a mailed report: on the audit, naming who got it, linking its reporting tab. */
export function reportSentActivity(
  auditId: string,
  auditName: string,
  recipientNames: readonly string[],
): { verb: string; object: string; objectUrl: string } {
  return {
    verb: REPORT_SENT_VERB,
    object: `${auditName} → ${recipientNames.join(', ')}`,
    objectUrl: `/audit/${auditId}/auditreporting`,
  };
}

/** More sendings than REPORT_MAIL_RATE_LIMIT allows (429). */
export const REPORT_MAIL_RATE_LIMITED: DomainMessage = {
  key: 'reportMail.rateLimited',
  params: { minutes: REPORT_MAIL_RATE_LIMIT.windowSeconds / 60 },
};

/** The audit is not stored (or deleted) on the server (404). */
export function reportAuditNotFound(auditId: string): DomainMessage {
  return { key: 'reportMail.auditNotFound', params: { auditId } };
}

/** The mail to `name` could not be sent; `sent` earlier mails of the same sending went out. */
export function reportMailFailed(name: string, sent: number): DomainMessage {
  return { key: 'reportMail.sendFailed', params: { name, sent } };
}
