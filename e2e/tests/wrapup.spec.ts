import { createAudit, importQuestions } from '../support/audits';
import { expect, tabletPage, test } from '../support/fixtures';

/**
 * Issue 11.7: wrapping up on a tablet in German. The overview names what is missing, the
 * company data dialog computes the employee total and refuses a negative count at its field,
 * the summary is saved; a second browser in English follows live.
 */
test('an auditor wraps up an audit: overview, company data, summary; a second browser follows', async ({
  browser,
  server,
}) => {
  test.setTimeout(150_000);
  const a = await tabletPage(browser, server.url, 'de-DE');
  const b = await tabletPage(browser, server.url, 'en-US');
  try {
    const id = await createAudit(a.page, {
      name: `Nachbereitung ${Date.now()}`,
      lead: 'Otto Auditor',
    });
    await importQuestions(
      a.page,
      'no;text\n1;Wareneingang geprüft?\n2;Lagerordnung eingehalten?\n3;Fahrer unterwiesen?',
    );

    await a.page.goto(`/audit/${id}/auditexecution`);
    await a.page
      .locator('[data-testid^="exec-row-"]')
      .filter({ hasText: 'Wareneingang' })
      .getByTestId('exec-quick-ok')
      .click();
    await expect(a.page.getByTestId('exec-completed')).toHaveCount(1);

    await a.page.goto(`/audit/${id}/auditwrapup`);
    await b.page.goto(`/audit/${id}/auditwrapup`);
    const overview = a.page.getByTestId('wrapup-overview');
    await expect(overview).toContainText('1 von 3 Fragen beantwortet (33 %)');
    await expect(a.page.getByTestId('wrapup-unanswered')).toContainText('2 Fragen ohne Antwort');
    await expect(a.page.getByTestId('wrapup-unanswered')).toContainText(
      'Lagerordnung eingehalten?',
    );
    await expect(a.page.getByTestId('wrapup-by-type')).toHaveText('Keine Abweichung: 1');
    await expect(a.page.getByTestId('wrapup-company-empty')).toBeVisible();

    // Company data: the total follows the counts; a negative count is refused at its field.
    await a.page.getByTestId('wrapup-company-edit').click();
    const dialog = a.page.getByTestId('company-dialog');
    await dialog.getByTestId('company-forwarding').check();
    await dialog.getByTestId('company-warehousing').check();
    await dialog.getByTestId('company-trucks').fill('-1');
    await dialog.getByTestId('company-office').fill('5');
    await dialog.getByTestId('company-commercial').fill('40');
    await dialog.getByTestId('company-drivers').fill('14');
    await expect(dialog.getByTestId('company-total')).toHaveText('Gesamt: 59');
    await dialog.getByTestId('company-storageArea').fill('2500,5');
    await dialog.getByTestId('company-storageLocations').fill('3');
    await dialog.getByTestId('company-inspectionType').locator('..').getByRole('combobox').click();
    await a.page.getByRole('option', { name: 'Nachprüfung' }).click();
    await dialog.getByTestId('company-save').click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('company-trucks').locator('..').locator('..')).toContainText(
      'Eine Zahl von 0 oder mehr erwartet',
    );
    await dialog.getByTestId('company-trucks').fill('12');
    await dialog.getByTestId('company-save').click();
    await expect(dialog).toBeHidden();
    await expect(a.page.getByText('Unternehmensdaten gespeichert')).toBeVisible();
    const facts = a.page.getByTestId('wrapup-company-facts');
    await expect(facts).toContainText('Spedition, Lagerei / Logistik');
    await expect(facts).toContainText('59 (Büro 5, Gewerblich 40, Fahrer 14)');
    await expect(facts).toContainText('2.500,5');
    await expect(facts).toContainText('Nachprüfung');

    // The summary.
    await a.page
      .getByTestId('wrapup-summary-text')
      .fill('Lager sauber und geordnet; Unterweisung der Fahrer fehlt.');
    await a.page.getByTestId('wrapup-summary-save').click();
    await expect(a.page.getByText('Audit erfolgreich aktualisiert')).toBeVisible();
    await expect(a.page.getByTestId('wrapup-summary-save')).toBeDisabled();

    // The English browser follows.
    await expect(b.page.getByTestId('wrapup-company-facts')).toContainText(
      'Freight forwarding, Warehousing / logistics',
    );
    await expect(b.page.getByTestId('wrapup-company-facts')).toContainText('Follow-up inspection');
    await expect(b.page.getByTestId('wrapup-summary-text')).toHaveValue(
      'Lager sauber und geordnet; Unterweisung der Fahrer fehlt.',
    );
    await expect(b.page.getByTestId('wrapup-overview')).toContainText(
      '1 of 3 questions answered (33 %)',
    );
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
