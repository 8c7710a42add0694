import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable (soft line breaks and =XX bytes) as nodemailer writes it. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The decoded text/plain part of a raw RFC 822 message. */
export function plainText(raw: string): string {
  const match =
    /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(
      raw,
    );
  if (!match?.[1]) throw new Error('no text/plain part');
  return /Content-Transfer-Encoding: quoted-printable/i.test(match[0])
    ? decodeQuotedPrintable(match[1])
    : match[1];
}

/** The password-reset link of a raw message (the same link appears in German and English). */
export function resetLink(raw: string): string {
  const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(plainText(raw))?.[0];
  if (!link) throw new Error('no reset link in the mail');
  return link;
}

/** The .eml files in DATA_DIR/outbox, oldest first. */
export async function outboxMessages(dataDir: string): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  return Promise.all(files.sort().map((f) => readFile(path.join(dir, f), 'utf8')));
}
