import type { Page } from '@playwright/test';
import { createAudit, importQuestions } from '../support/audits';
import { expect, tabletPage, test } from '../support/fixtures';

/**
 * Issue 11: executing an audit on a tablet in portrait, in German, by finger: findings of
 * several types, a question closed as "not applicable" after the confirmation (cancelled once),
 * reopened, a position recorded; a second browser follows live.
 */

const suffix = () => Date.now().toString(36).slice(-6);

/** Six questions in two categories. */
function questionsCsv(): string {
  const lines = ['no;text;hint;category'];
  for (let n = 1; n <= 6; n += 1) {
    lines.push(`${n};Prüffrage ${n}: Ist die Anforderung erfüllt?;Hinweis ${n};Kapitel ${n % 2}`);
  }
  return lines.join('\n');
}

const row = (page: Page, no: number) =>
  page.locator('[data-testid^="exec-row-"]').filter({ hasText: `Prüffrage ${no}:` });

test('an auditor executes an audit on a tablet in German; a second browser follows live', async ({
  browser,
  server,
}) => {
  test.setTimeout(150_000);
  const a = await tabletPage(browser, server.url, 'de-DE');
  const b = await tabletPage(browser, server.url, 'en-US');
  try {
    const name = `Ausführung ${suffix()}`;
    const id = await createAudit(a.page, { name, lead: 'Otto Auditor' });
    await importQuestions(a.page, questionsCsv());

    await a.page.goto(`/audit/${id}/auditexecution`);
    await b.page.goto(`/audit/${id}/auditexecution`);
    await expect(a.page.getByTestId('execution-progress')).toContainText(
      '0 von 6 Fragen beantwortet (0 %)',
    );

    // A minor deviation with text and position, through the dialog.
    await row(a.page, 1).getByTestId('exec-add-finding').click();
    const dialog = a.page.getByTestId('finding-dialog');
    await expect(dialog.getByTestId('finding-question')).toContainText('Prüffrage 1');
    await dialog.getByTestId('finding-importance').locator('..').getByRole('combobox').click();
    await a.page.getByRole('option', { name: 'Nebenabweichung' }).click();
    await dialog.getByTestId('finding-text').fill('Messmittel ohne gültige Kalibrierung');
    await dialog.getByTestId('finding-reason').fill('Prüfplakette abgelaufen');
    await dialog.getByTestId('finding-position-record').click();
    await expect(dialog.getByTestId('finding-position')).toContainText('48.177000, 11.556000');
    await dialog.getByTestId('finding-save').click();
    await expect(dialog).toBeHidden();
    await expect(row(a.page, 1).getByTestId('exec-finding-text')).toHaveText(
      'Messmittel ohne gültige Kalibrierung',
    );
    await expect(row(a.page, 1).getByTestId('exec-finding-type')).toHaveText('Nebenabweichung');
    await expect(row(a.page, 1).getByTestId('exec-finding-position')).toBeVisible();

    // Conforming in one touch: named by its type, with no placeholder text (decision 70).
    await row(a.page, 2).getByTestId('exec-quick-ok').click();
    await expect(row(a.page, 2).getByTestId('exec-completed')).toBeVisible();
    await expect(row(a.page, 2).getByTestId('exec-finding-type')).toHaveText('Keine Abweichung');
    await expect(row(a.page, 2).getByTestId('exec-finding-text')).toHaveText('');

    // "Not applicable" on the question with a finding asks first; cancel changes nothing.
    await row(a.page, 1).getByTestId('exec-quick-na').click();
    await expect(a.page.getByTestId('finding-discard-text')).toHaveText(
      'Alle anderen Feststellungen und Maßnahmen, welche dieser Frage zugeordnet sind, werden verworfen. Wollen Sie die Frage abschließen?',
    );
    await a.page.getByTestId('finding-discard-cancel').click();
    await expect(row(a.page, 1).getByTestId('exec-finding-type')).toHaveText('Nebenabweichung');
    await row(a.page, 1).getByTestId('exec-quick-na').click();
    await a.page.getByTestId('finding-discard-confirm').click();
    await expect(row(a.page, 1).getByTestId('exec-not-applicable')).toBeVisible();
    await expect(row(a.page, 1).getByTestId('exec-finding-type')).toHaveText('Nicht anwendbar');

    // Reopened: the question is open again, without the "not applicable" finding.
    await row(a.page, 1).getByTestId('exec-reactivate').click();
    await expect(row(a.page, 1).getByTestId('exec-not-applicable')).toHaveCount(0);
    await expect(row(a.page, 1).getByTestId('exec-findings')).toHaveCount(0);

    // A major deviation edited afterwards, then a note deleted after asking.
    await row(a.page, 3).getByTestId('exec-add-finding').click();
    await dialog.getByTestId('finding-importance').locator('..').getByRole('combobox').click();
    await a.page.getByRole('option', { name: 'Hauptabweichung' }).click();
    await dialog.getByTestId('finding-text').fill('Keine Rückverfolgbarkeit der Charge');
    await dialog.getByTestId('finding-save').click();
    await row(a.page, 3).getByTestId('exec-finding-open').click();
    await dialog.getByTestId('finding-solution').fill('Chargenetikett am Behälter');
    await dialog.getByTestId('finding-save').click();
    await expect(dialog).toBeHidden();
    await row(a.page, 4).getByTestId('exec-add-finding').click();
    await dialog.getByTestId('finding-importance').locator('..').getByRole('combobox').click();
    await a.page.getByRole('option', { name: 'Hinweis' }).click();
    await dialog.getByTestId('finding-save').click();
    await expect(row(a.page, 4).getByTestId('exec-finding-type')).toHaveText('Hinweis');
    await row(a.page, 4).getByTestId('exec-finding-delete').click();
    await a.page.getByTestId('finding-delete-confirm').click();
    await expect(row(a.page, 4).getByTestId('exec-findings')).toHaveCount(0);

    await expect(a.page.getByTestId('execution-progress')).toContainText(
      '2 von 6 Fragen beantwortet (33 %)',
    );
    await expect(a.page.getByTestId('sync-pending-count')).toHaveCount(0);

    // The second browser (English) followed every change without reloading.
    await expect(b.page.getByTestId('execution-progress')).toContainText(
      '2 of 6 questions answered (33 %)',
    );
    await expect(row(b.page, 2).getByTestId('exec-finding-type')).toHaveText('No deviation');
    await expect(row(b.page, 3).getByTestId('exec-finding-text')).toHaveText(
      'Keine Rückverfolgbarkeit der Charge',
    );
    await row(b.page, 3).getByTestId('exec-finding-open').click();
    await expect(b.page.getByTestId('finding-solution')).toHaveValue('Chargenetikett am Behälter');

    // Nothing on the tablet scrolls sideways.
    const overflow = await a.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
