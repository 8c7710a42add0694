import { describe, expect, it } from 'vitest';
import { formatActivitySentence } from '../entities/activity-sentence';
import { RULES_MESSAGES } from '../messages/rules.messages';
import { formatMessage } from '../messages/message';
import {
  MAX_REPORT_PDF_BYTES,
  MAX_REPORT_RECIPIENTS,
  checkReportPdf,
  checkReportRecipients,
  isPdf,
  mayMailReport,
  reportMailContent,
  reportMailRequestError,
  reportMailRequestSchema,
  reportSentActivity,
} from './report-mail';

/** The bytes of an ASCII text (the package has no TextEncoder types). */
const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const audit = { name: 'Lieferant Styr', leadauditor: 'lead', coauditors: ['co'], protected: true };

describe('report mail', () => {
  it('may be sent by the audit team, qm and admin, also from a protected audit', () => {
    expect(mayMailReport(['auditor'], audit, 'lead')).toBe(true);
    expect(mayMailReport(['auditor'], audit, 'co')).toBe(true);
    expect(mayMailReport(['qm'], audit, 'someone')).toBe(true);
    expect(mayMailReport(['admin'], audit, 'someone')).toBe(true);
    expect(mayMailReport(['auditor'], audit, 'stranger')).toBe(false);
    expect(mayMailReport(['user', 'measure-dispatcher'], audit, 'lead')).toBe(false);
  });

  it('takes 1 to MAX_REPORT_RECIPIENTS ids, each once, and a bounded message', () => {
    const ok = reportMailRequestSchema.parse({ recipients: ['a', 'b', 'a'], message: '  hi ' });
    expect(ok).toEqual({ recipients: ['a', 'b'], message: 'hi' });
    const refused = (input: unknown) => {
      const result = reportMailRequestSchema.safeParse(input);
      if (result.success) throw new Error('accepted');
      return reportMailRequestError(result.error);
    };
    expect(refused({ recipients: [] })).toEqual({ key: 'reportMail.recipientsRequired' });
    const many = Array.from({ length: MAX_REPORT_RECIPIENTS + 1 }, (_, i) => `p${i}`);
    expect(refused({ recipients: many })).toEqual({
      key: 'reportMail.tooManyRecipients',
      params: { max: MAX_REPORT_RECIPIENTS },
    });
    expect(refused({ recipients: ['a'], message: 'x'.repeat(2_001) })).toMatchObject({
      key: 'validation.maxLength',
    });
    expect(refused({ recipients: ['a/b'] })).toEqual({ key: 'reportMail.requestInvalid' });
    expect(refused({ recipients: ['a'], language: 'fr' })).toEqual({
      key: 'reportMail.requestInvalid',
    });
  });

  it('mails known people with an address and names the first who is unknown or has none', () => {
    const people = new Map([
      ['erika', { displayName: 'Erika Muster', email: 'erika@example.com', type: 'active' }],
      ['otto', { displayName: 'Otto Ohne', email: null, type: 'inactive' }],
      ['ina', { displayName: 'Ina Aktiv', email: 'ina@example.com', type: 'inactive' }],
    ]);
    expect(checkReportRecipients(['erika', 'ina'], people)).toEqual({
      ok: true,
      recipients: [
        { id: 'erika', name: 'Erika Muster', email: 'erika@example.com' },
        { id: 'ina', name: 'Ina Aktiv', email: 'ina@example.com' },
      ],
    });
    expect(checkReportRecipients(['erika', 'otto'], people)).toEqual({
      ok: false,
      message: { key: 'reportMail.recipientNoEmail', params: { name: 'Otto Ohne' } },
    });
    expect(checkReportRecipients(['nobody'], people)).toEqual({
      ok: false,
      message: { key: 'reportMail.recipientUnknown', params: { id: 'nobody' } },
    });
  });

  it('takes a PDF up to the size limit and nothing else', () => {
    const pdf = bytes('%PDF-1.7\n...');
    expect(isPdf(pdf)).toBe(true);
    expect(checkReportPdf(pdf)).toBeNull();
    expect(checkReportPdf(bytes('<html>%PDF-'))).toEqual({
      key: 'reportMail.notPdf',
    });
    expect(checkReportPdf(new Uint8Array(0))).toEqual({ key: 'reportMail.notPdf' });
    const big = new Uint8Array(MAX_REPORT_PDF_BYTES + 1);
    big.set(pdf);
    expect(checkReportPdf(big)).toEqual({ key: 'reportMail.tooLarge', params: { maxMiB: 20 } });
    expect(formatMessage(RULES_MESSAGES, checkReportPdf(big)!, 'de')).toBe(
      'Der Bericht ist größer als 20 MB und kann nicht versandt werden',
    );
  });

  it('writes the mail in the sender’s language, naming the audit and the sender', () => {
    const input = {
      auditName: 'Lieferant Styr',
      senderName: 'Erika Muster',
      recipientName: 'Jürgen Groß',
      message: 'Bitte bis Freitag prüfen.',
      url: 'https://qa.example.com/audit/a1/auditreporting',
    };
    const de = reportMailContent({ ...input, language: 'de' });
    expect(de.subject).toBe('Auditbericht Lieferant Styr – Quality Audit');
    expect(de.text).toContain('Hallo Jürgen Groß,');
    expect(de.text).toContain('Erika Muster sendet Ihnen den Bericht des Audits „Lieferant Styr“');
    expect(de.text).toContain('Nachricht von Erika Muster:\n\nBitte bis Freitag prüfen.');
    expect(de.text).toContain(input.url);
    const en = reportMailContent({ ...input, message: ' ', language: 'en' });
    expect(en.subject).toBe('Audit report Lieferant Styr – Quality Audit');
    expect(en.text).toContain('Erika Muster sends you the report of the audit "Lieferant Styr"');
    expect(en.text).not.toContain('Message from');
  });

  it('records the sending as an activity of the audit with a sentence of its own', () => {
    const activity = reportSentActivity('a1', 'Lieferant Styr', ['Erika Muster', 'Ina Aktiv']);
    expect(activity).toEqual({
      verb: 'reportSent',
      object: 'Lieferant Styr → Erika Muster, Ina Aktiv',
      objectUrl: '/audit/a1/auditreporting',
    });
    const sentence = formatActivitySentence(
      {
        verb: activity.verb,
        object: activity.object,
        object_url: activity.objectUrl,
        actor_name: 'Otto',
      },
      'en',
    );
    expect(sentence).toBe('Otto sent the report: Lieferant Styr → Erika Muster, Ina Aktiv');
  });
});
