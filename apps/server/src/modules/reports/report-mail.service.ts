import { randomUUID } from 'node:crypto';
import {
  ACTIVITIES_COLLECTION,
  AUDITS_COLLECTION,
  PEOPLE_COLLECTION,
  REPORT_MAIL_RATE_LIMIT,
  REPORT_MAIL_RATE_LIMITED,
  checkReportPdf,
  checkReportRecipients,
  mayMailReport,
  reportAuditNotFound,
  reportMailContent,
  reportMailFailed,
  reportMailRequestError,
  reportMailRequestSchema,
  reportSentActivity,
  validateDocument,
  type Language,
  type Person,
  type ReportRecipient,
} from '@qa/domain';
import { getOwn, type JsonObject } from '@qa/sync';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../shared/app-error';
import { cleanFileName } from '../files/files.service';
import type { MailMessage } from '../mail/mail.service';
import { reportMail } from '../mail/report.mail';
import type { ChangeFeed } from '../sync/change-feed';
import type { DocumentsRepository } from '../sync/documents.repository';
import { SlidingWindowLimit } from './sliding-window-limit';

export interface ReportMailDeps {
  documents: DocumentsRepository;
  feed: Pick<ChangeFeed, 'committed'>;
  mail: { sendNow(message: MailMessage, logContext?: Record<string, unknown>): Promise<void> };
  /** PUBLIC_URL, without trailing slash: the link in the mail. */
  publicUrl: string;
  log: FastifyBaseLogger;
  clock?: () => Date;
  /** Sendings per person and window; the domain's REPORT_MAIL_RATE_LIMIT by default. */
  rateLimit?: { max: number; windowSeconds: number };
}

/** What the request carries besides the PDF, unchecked (multipart fields). */
export interface ReportMailFields {
  recipients: string[];
  message?: string;
  language?: string;
}

export interface ReportMailResult {
  /** The people mailed, in the order asked for. */
  sent: { id: string; name: string }[];
}

/**
 * Mails the PDF report the browser made (issue 13.3) to people of the directory, one mail per
 * person: the recipients are often people of other companies (the auditee, a supplier), and a
 * mail of their own keeps each address from the others and says exactly whose mail failed.
 * Checks, in order, before anything is sent: the audit is stored, the sender may mail its report
 * (domain `mayMailReport`), the rate limit (before the body is read), then the fields, every
 * recipient (known, with an e-mail), and the file (a PDF within the size limit). After the mails,
 * an activity on the audit names who got it.
 */
export class ReportMailService {
  private readonly clock: () => Date;
  private readonly limit: SlidingWindowLimit;

  constructor(private readonly deps: ReportMailDeps) {
    this.clock = deps.clock ?? (() => new Date());
    const rule = deps.rateLimit ?? REPORT_MAIL_RATE_LIMIT;
    this.limit = new SlidingWindowLimit(rule.max, rule.windowSeconds * 1000);
  }

  /** Before the body is read: the stored audit, if the person may mail its report now. */
  async authorize(actor: Person, auditId: string): Promise<JsonObject> {
    const [doc] = await this.deps.documents.findMany([
      { collection: AUDITS_COLLECTION, id: auditId },
    ]);
    if (!doc || doc.deleted) {
      throw new AppError('not_found', 'The audit does not exist', reportAuditNotFound(auditId));
    }
    if (!mayMailReport(actor.roles, doc.data, actor.id)) {
      throw new AppError('forbidden', 'You may not send the report of this audit', {
        key: 'permission.denied',
      });
    }
    if (!this.limit.allows(actor.id, this.clock().getTime())) {
      throw new AppError('rate_limited', 'Too many reports sent', REPORT_MAIL_RATE_LIMITED);
    }
    return doc.data;
  }

  async send(
    actor: Person,
    auditId: string,
    audit: JsonObject,
    fields: ReportMailFields,
    pdf: { fileName: string; bytes: Buffer },
    preferredLanguage: Language,
  ): Promise<ReportMailResult> {
    const parsed = reportMailRequestSchema.safeParse(fields);
    if (!parsed.success) {
      throw new AppError(
        'invalid_request',
        'The recipients or the message are invalid',
        reportMailRequestError(parsed.error),
      );
    }
    const request = parsed.data;
    const recipients = await this.recipients(request.recipients);
    const refusal = checkReportPdf(pdf.bytes);
    if (refusal) {
      throw refusal.key === 'reportMail.tooLarge'
        ? new AppError('payload_too_large', 'The report is too large', refusal)
        : new AppError('unsupported_media_type', 'The file is not a PDF', refusal);
    }

    const language = request.language ?? preferredLanguage;
    const auditName = nameOf(audit, auditId);
    const senderName = actor.displayName || actor.email || actor.id;
    const attachment = { fileName: attachmentName(pdf.fileName, auditName), bytes: pdf.bytes };
    const url = `${this.deps.publicUrl}/audit/${encodeURIComponent(auditId)}/auditreporting`;
    this.limit.record(actor.id, this.clock().getTime());

    const sent: ReportRecipient[] = [];
    try {
      for (const recipient of recipients) {
        const content = reportMailContent({
          language,
          auditName,
          senderName,
          recipientName: recipient.name,
          message: request.message,
          url,
        });
        try {
          await this.deps.mail.sendNow(reportMail(recipient.email, content, attachment), {
            report: { auditId, sender: actor.id, recipient: recipient.id },
          });
        } catch (error) {
          this.deps.log.error(
            { err: error, auditId, recipient: recipient.id },
            'report mail failed',
          );
          throw new AppError(
            'unavailable',
            `The mail to ${recipient.id} could not be sent`,
            reportMailFailed(recipient.name, sent.length),
          );
        }
        sent.push(recipient);
      }
    } finally {
      if (sent.length > 0) await this.recordActivity(actor, auditId, auditName, sent);
    }
    return { sent: sent.map(({ id, name }) => ({ id, name })) };
  }

  private async recipients(ids: readonly string[]): Promise<ReportRecipient[]> {
    const docs = await this.deps.documents.findMany(
      ids.map((id) => ({ collection: PEOPLE_COLLECTION, id })),
    );
    const people = new Map(docs.filter((doc) => !doc.deleted).map((doc) => [doc.id, doc.data]));
    const checked = checkReportRecipients(ids, people);
    if (!checked.ok) {
      const code =
        checked.message.key === 'reportMail.recipientUnknown' ? 'not_found' : 'invalid_request';
      throw new AppError(code, 'A recipient is unknown or has no e-mail', checked.message);
    }
    return checked.recipients;
  }

  /**
   * The activity "sent the report: audit → names" through the change log, as a command's
   * activity is written (push.service.ts), so every stream shows it live. A failure is logged:
   * the mails are out, and the sender must hear that.
   */
  private async recordActivity(
    actor: Person,
    auditId: string,
    auditName: string,
    sent: readonly ReportRecipient[],
  ): Promise<void> {
    const activity = reportSentActivity(
      auditId,
      auditName,
      sent.map((recipient) => recipient.name),
    );
    const id = randomUUID();
    const now = this.clock().toISOString();
    const data = {
      id,
      actor: actor.id,
      actor_name: actor.displayName,
      avatar: actor.avatar,
      verb: activity.verb,
      object: activity.object,
      object_url: activity.objectUrl,
      timestamp: now,
      notified: {},
    };
    try {
      const validation = validateDocument(ACTIVITIES_COLLECTION, id, data);
      if (!validation.ok) throw new Error(`activity invalid: ${JSON.stringify(validation.issues)}`);
      const { documents } = this.deps;
      const seq = await documents.transaction(async () => {
        const next = (await documents.lockLog()) + 1;
        await documents.write(
          {
            collection: ACTIVITIES_COLLECTION,
            id,
            version: 1,
            deleted: false,
            updatedAt: now,
            data,
          },
          next,
          null,
          // Not a client's command: no mutation to acknowledge (as the people directory writes).
          null,
        );
        await documents.setLastSequence(next);
        return next;
      });
      await this.deps.feed.committed(seq);
    } catch (error) {
      this.deps.log.error(
        { err: error, auditId },
        'the activity of a mailed report was not recorded',
      );
    }
  }
}

function nameOf(audit: JsonObject, fallback: string): string {
  const name = getOwn(audit, 'name');
  return typeof name === 'string' && name.trim() ? name.trim() : fallback;
}

/** The attachment's name: the browser's file name cleaned, always ending in .pdf. */
function attachmentName(sent: string, auditName: string): string {
  const name = cleanFileName(sent);
  if (/\.pdf$/i.test(name) && name.length > 4) return name;
  return `${cleanFileName(auditName).replace(/\.+$/, '') || 'report'}.pdf`;
}
