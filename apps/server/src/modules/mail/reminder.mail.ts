import type { ReminderMailContent } from '@qa/domain';
import type { MailMessage } from './mail.service';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The daily reminder mail of measures due (issue 12) as text and HTML, in one language: the
 * texts come from the domain (`reminderMailContent`), already in the reader's language.
 */
export function reminderMail(to: string, content: ReminderMailContent): MailMessage {
  const text = [
    content.greeting,
    '',
    content.intro,
    '',
    ...content.items.flatMap((item) => [
      `- ${item.text}`,
      ...(item.audit ? [`  ${item.audit}`] : []),
      `  ${item.due}`,
      `  ${item.url}`,
      '',
    ]),
    `${content.allMeasures.label}: ${content.allMeasures.url}`,
    '',
    '-----',
    content.footer,
    '',
  ].join('\n');

  const items = content.items
    .map((item) => {
      const due = item.overdue
        ? `<strong style="color: #b71c1c">${escapeHtml(item.due)}</strong>`
        : escapeHtml(item.due);
      const audit = item.audit ? `<br>${escapeHtml(item.audit)}` : '';
      return `<li style="margin-bottom: 0.75em"><a href="${escapeHtml(item.url)}">${escapeHtml(item.text)}</a>${audit}<br>${due}</li>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="${content.language}"><body style="font-family: sans-serif; line-height: 1.5">
<p>${escapeHtml(content.greeting)}</p>
<p>${escapeHtml(content.intro)}</p>
<ul>
${items}
</ul>
<p><a href="${escapeHtml(content.allMeasures.url)}">${escapeHtml(content.allMeasures.label)}</a></p>
<hr>
<p style="color: #616161; font-size: smaller">${escapeHtml(content.footer)}</p>
</body></html>
`;
  return { to, subject: content.subject, text, html };
}
