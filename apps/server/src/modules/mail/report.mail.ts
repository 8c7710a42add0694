import type { ReportMailContent } from '@qa/domain';
import type { MailMessage } from './mail.service';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The mail that carries the PDF report (issue 13.3) as text and HTML, in one language: the texts
 * come from the domain (`reportMailContent`), in the sender's language, like the report itself.
 * The HTML is the text's paragraphs, escaped; links stay plain text the mail reader links.
 */
export function reportMail(
  to: string,
  content: ReportMailContent,
  pdf: { fileName: string; bytes: Buffer },
): MailMessage {
  const paragraphs = content.text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '' && paragraph !== '-----')
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="${content.language}"><body style="font-family: sans-serif; line-height: 1.5">
${paragraphs}
</body></html>
`;
  return {
    to,
    subject: content.subject,
    text: content.text,
    html,
    attachments: [{ filename: pdf.fileName, content: pdf.bytes, contentType: 'application/pdf' }],
  };
}
