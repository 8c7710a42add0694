import { defineMessages } from './message';

/**
 * Texts of the mail that carries the PDF report (issue 13.3, `report/report-mail.ts`), in the
 * sender's language. The refusals of a sending are rules messages (RULES_MESSAGES,
 * 'reportMail.*'), so the web app translates them like every other domain message.
 */
export const REPORT_MAIL_MESSAGES = defineMessages({
  'reportMail.subject': {
    de: 'Auditbericht {audit} – Quality Audit',
    en: 'Audit report {audit} – Quality Audit',
  },
  'reportMail.greeting': { de: 'Hallo {name},', en: 'Hello {name},' },
  'reportMail.intro': {
    de: '{sender} sendet Ihnen den Bericht des Audits „{audit}“. Sie finden ihn als PDF im Anhang.',
    en: '{sender} sends you the report of the audit "{audit}". You find it attached as a PDF.',
  },
  'reportMail.messageFrom': { de: 'Nachricht von {sender}:', en: 'Message from {sender}:' },
  'reportMail.link': {
    de: 'Mit Zugang zu Quality Audit finden Sie das Audit hier: {url}',
    en: 'With access to Quality Audit you find the audit here: {url}',
  },
  'reportMail.footer': {
    de: 'Diese E-Mail wurde von Quality Audit im Auftrag von {sender} versandt.',
    en: 'This e-mail was sent by Quality Audit on behalf of {sender}.',
  },
});
export type ReportMailMessageKey = keyof typeof REPORT_MAIL_MESSAGES;
