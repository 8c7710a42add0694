import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAudit } from '../support/audits';
import { RESET_PERSON } from '../support/environment';
import { seriousViolations } from '../support/axe';
import { expect, signedInPage, test } from '../support/fixtures';

/** The raw .eml in the server's outbox addressed to `to`, written since `since`. */
async function mailTo(dataDir: string, to: string, since: number): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
      .filter((name) => name.endsWith('.eml'))
      .map((name) => path.join(outbox, name))
      .filter((file) => fs.statSync(file).mtimeMs >= since)
      .map((file) => fs.readFileSync(file, 'utf8'))
      .filter((raw) => new RegExp(`^To: ${to}\\r?$`, 'm').test(raw));
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The PDF attached to a raw message (base64, as nodemailer writes attachments). */
function pdfAttachment(raw: string): Buffer {
  const part = raw
    .split(/\r?\n--/)
    .find((chunk) => /Content-Type: application\/pdf/i.test(chunk) && /attachment/i.test(chunk));
  if (!part) throw new Error('no PDF attachment in the mail');
  const body = part.slice(part.search(/\r?\n\r?\n/)).replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

test('the report goes by mail to chosen people, with the PDF attached', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const { page, context } = await signedInPage(browser, server.url, 'en-US');
  try {
    const since = Date.now() - 1000;
    const name = `Mailbericht ${Date.now().toString(36)}`;
    const id = await createAudit(page, { name, lead: 'Otto Auditor' });
    await page.goto(`/audit/${id}/auditreporting`);
    await expect(page.getByTestId('reporting-tab')).toBeVisible();

    await page.getByTestId('reporting-mail').click();
    const dialog = page.getByTestId('report-mail-dialog');
    await expect(dialog.getByRole('dialog')).toBeVisible();
    // The lead auditor is chosen already (the admin sending is not the lead); add one more.
    await expect(dialog.getByTestId('user-picker-chip')).toHaveText(['Otto Auditor']);
    const picker = dialog.getByTestId('report-mail-recipients');
    await picker.fill('Erika');
    await page.getByRole('option', { name: new RegExp(`^${RESET_PERSON.name}`) }).click();
    await expect(dialog.getByTestId('user-picker-chip')).toHaveText([
      'Otto Auditor',
      RESET_PERSON.name,
    ]);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByTestId('report-mail-message').fill('Please review by Friday.');
    await dialog.getByTestId('report-mail-send').click();
    await expect(page.getByTestId('snackbar-message')).toContainText(
      'The report was mailed to 2 people.',
    );
    await expect(dialog).toBeHidden();

    // Each person got a mail of their own with the PDF of this audit attached.
    const raw = await mailTo(server.dataDir, RESET_PERSON.email, since);
    expect(raw).not.toMatch(/otto\.auditor@example\.com/);
    const file = path.join(os.tmpdir(), `report-mail-${Date.now()}.pdf`);
    fs.writeFileSync(file, pdfAttachment(raw));
    try {
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(name);
    } finally {
      fs.rmSync(file, { force: true });
    }
    await mailTo(server.dataDir, 'otto.auditor@example.com', since);

    // In German on a phone: the dialog passes axe too and fits 360 px, and offline the button
    // says why it cannot send.
    const german = await signedInPage(browser, server.url, 'de-DE');
    try {
      await german.page.setViewportSize({ width: 360, height: 740 });
      await german.page.goto(`/audit/${id}/auditreporting`);
      await german.page.getByTestId('reporting-mail').click();
      await expect(german.page.getByRole('dialog')).toContainText('Bericht per E-Mail senden');
      expect(await seriousViolations(german.page, '[role="dialog"]')).toEqual([]);
      expect(
        await german.page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(360);
      await german.page.getByTestId('report-mail-cancel').click();
      await expect(german.page.getByRole('dialog')).toBeHidden();

      await german.context.setOffline(true);
      await expect(german.page.getByTestId('reporting-mail')).toBeDisabled();
      await expect(german.page.getByTestId('reporting-mail-offline')).toContainText(
        'Das PDF herunterladen geht auch offline',
      );
      expect(
        await german.page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(360);
      await german.context.setOffline(false);
      await expect(german.page.getByTestId('reporting-mail')).toBeEnabled();
    } finally {
      await german.context.close();
    }
  } finally {
    await context.close();
  }
});
