import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Picks the option of an autocomplete (user picker, standard chips) whose text starts so. */
async function pick(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(testId).fill(text);
  await page
    .getByRole('option', { name: new RegExp(`^${text}`) })
    .first()
    .click();
}

/** Chooses a value of an MUI select by its test id and option text. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Creates an audit from the matrix; returns its id (from the page it opens). */
export async function createAudit(
  page: Page,
  audit: {
    name: string;
    standardName?: string;
    lead: string;
    coauditor?: string;
    /** Audited by the supplier party, with the supplier's name and number. */
    supplier?: { name: string; no: string };
  },
): Promise<string> {
  await page.goto('/auditmatrix');
  await page.getByTestId('audit-create').click();
  const dialog = page.getByTestId('audit-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('audit-dialog-name').fill(audit.name);
  if (audit.standardName) {
    // A new audit starts with the default standard (ISO9001): replace it.
    await page.getByTestId('audit-dialog-standard').click();
    await page.getByTestId('audit-dialog-standard').press('Backspace');
    await pick(page, 'audit-dialog-standard', audit.standardName);
  }
  await choose(page, 'audit-dialog-scope-plant', 'Styr');
  await choose(page, 'audit-dialog-scope-productline', 'TGX');
  await pick(page, 'audit-dialog-leadauditor', audit.lead);
  if (audit.coauditor) await pick(page, 'audit-dialog-coauditors', audit.coauditor);
  if (audit.supplier) {
    await choose(page, 'audit-dialog-audited_by', 'Lieferant');
    await page.getByTestId('audit-dialog-supplier-name').fill(audit.supplier.name);
    await page.getByTestId('audit-dialog-supplier-no').fill(audit.supplier.no);
    // Leaves the field, so a list of suggestions it may open does not cover the buttons.
    await page.getByTestId('audit-dialog-supplier-no').press('Tab');
  }
  await page.getByTestId('audit-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/audit\/[^/]+\/auditpreparation$/);
  return /\/audit\/([^/]+)\//.exec(page.url())![1]!;
}

/**
 * Imports questions into the audit open on its preparation tab, through the CSV import dialog
 * of the list's more menu (German UI); `csv` is the text with its header line.
 */
export async function importQuestions(page: Page, csv: string): Promise<void> {
  await page.getByTestId('list-more-actions').click();
  await page.getByRole('menuitem', { name: 'Fragen importieren (CSV)' }).click();
  await page.getByTestId('item-import-text').fill(csv);
  await page.getByTestId('item-import-submit').click();
  await page.getByTestId('item-import-close').click();
}
