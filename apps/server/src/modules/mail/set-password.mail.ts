import type { Language } from '@qa/domain';
import type { MailMessage } from './mail.service';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** How long the link of a "set your password" mail works (days). */
export const SET_PASSWORD_LINK_DAYS = 7;

const TEXTS: Record<
  Language,
  { subject: string; greeting: string; body: string; validity: string; ignore: string }
> = {
  de: {
    subject: 'Ihr Zugang zu Quality Audit: Passwort festlegen',
    greeting: 'Hallo {name},',
    body: 'für Sie wurde ein Zugang zu Quality Audit eingerichtet (Anmeldung mit {email}). Öffnen Sie den folgenden Link, um Ihr Passwort festzulegen:',
    validity: `Der Link ist ${SET_PASSWORD_LINK_DAYS} Tage gültig und kann nur einmal verwendet werden.`,
    ignore:
      'Ist der Link abgelaufen, fordern Sie auf der Anmeldeseite mit „Passwort vergessen“ einen neuen an.',
  },
  en: {
    subject: 'Your Quality Audit account: set your password',
    greeting: 'Hello {name},',
    body: 'an account for Quality Audit was set up for you (sign in with {email}). Open the following link to set your password:',
    validity: `The link works for ${SET_PASSWORD_LINK_DAYS} days and only once.`,
    ignore:
      'If the link has expired, ask for a new one with "Forgot password" on the sign-in page.',
  },
};

/**
 * The mail of a new login (issue 15): a password-reset link of better-auth, worded as "set your
 * password", in one language: the person's (`language`), else the installation's.
 */
export function setPasswordMail(
  to: string,
  name: string,
  url: string,
  language: Language,
): MailMessage {
  const t = TEXTS[language];
  const greetingName = name.trim() || to;
  const fill = (text: string, escape: (s: string) => string) =>
    text.replace('{name}', escape(greetingName)).replace('{email}', escape(to));
  const plain = (s: string) => s;
  const text = [
    fill(t.greeting, plain),
    '',
    fill(t.body, plain),
    '',
    url,
    '',
    t.validity,
    t.ignore,
    '',
  ].join('\n');
  const link = `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family: sans-serif; line-height: 1.5">
<p>${fill(t.greeting, escapeHtml)}</p>
<p>${fill(t.body, escapeHtml)}</p>
<p>${link}</p>
<p>${escapeHtml(t.validity)} ${escapeHtml(t.ignore)}</p>
</body></html>
`;
  return { to, subject: t.subject, text, html };
}
