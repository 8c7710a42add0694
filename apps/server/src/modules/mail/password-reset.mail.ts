import type { MailMessage } from './mail.service';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The password-reset mail, German first and then English: the server does not know the
 * reader's language, and the product's primary audience is German.
 */
export function passwordResetMail(to: string, name: string, url: string): MailMessage {
  const greetingName = name.trim() || to;
  const text = [
    `Hallo ${greetingName},`,
    '',
    'für Ihr Konto bei Quality Audit wurde ein neues Passwort angefordert.',
    'Öffnen Sie den folgenden Link innerhalb einer Stunde, um es zu setzen:',
    '',
    url,
    '',
    'Der Link kann nur einmal verwendet werden. Wenn Sie das nicht angefordert haben,',
    'können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    '',
    '-----',
    '',
    `Hello ${greetingName},`,
    '',
    'a new password was requested for your Quality Audit account.',
    'Open the following link within one hour to set it:',
    '',
    url,
    '',
    'The link works only once. If you did not ask for this, you can ignore this e-mail;',
    'your password stays unchanged.',
    '',
  ].join('\n');

  const name_ = escapeHtml(greetingName);
  const link = `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const html = `<!doctype html>
<html><body style="font-family: sans-serif; line-height: 1.5">
<div lang="de">
<p>Hallo ${name_},</p>
<p>für Ihr Konto bei Quality Audit wurde ein neues Passwort angefordert. Öffnen Sie den folgenden Link innerhalb einer Stunde, um es zu setzen:</p>
<p>${link}</p>
<p>Der Link kann nur einmal verwendet werden. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.</p>
</div>
<hr>
<div lang="en">
<p>Hello ${name_},</p>
<p>a new password was requested for your Quality Audit account. Open the following link within one hour to set it:</p>
<p>${link}</p>
<p>The link works only once. If you did not ask for this, you can ignore this e-mail; your password stays unchanged.</p>
</div>
</body></html>
`;
  return {
    to,
    subject: 'Passwort zurücksetzen / Reset your password – Quality Audit',
    text,
    html,
  };
}
