import type { Page } from '@playwright/test';
import * as ExcelJSModule from 'exceljs';
import { AUDITOR } from '../support/environment';
import { controlledByServiceWorker, expect, signedInPage, test } from '../support/fixtures';

/**
 * Issue 12.3: the measures list's Excel export holds the filtered list. In German: three
 * measures are created, the list is searched, filtered by priority and sorted by text
 * descending; the exported file (opened with exceljs here) has the German header and only the
 * two listed measures, in the list's order, with their texts, labels and dates. In English and
 * offline: the export's code comes from the service worker's cache, the data from the device.
 */

type ExcelJS = typeof ExcelJSModule;
// exceljs is CommonJS: Node hands its exports over as the default export.
const excel: ExcelJS = (ExcelJSModule as ExcelJS & { default?: ExcelJS }).default ?? ExcelJSModule;

const suffix = () => Date.now().toString(36).slice(-6);

/** Creates a measure from the measures list's "New measure" button. */
async function createMeasure(
  page: Page,
  measure: { text: string; description?: string; priority?: string; assignee?: string },
) {
  await page.getByTestId('measure-create').click();
  const dialog = page.getByTestId('measure-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('measure-text').fill(measure.text);
  if (measure.description)
    await dialog.getByTestId('measure-description').fill(measure.description);
  if (measure.priority) {
    await dialog.getByTestId('measure-priority').locator('..').getByRole('combobox').click();
    await page.getByRole('option', { name: measure.priority, exact: true }).click();
  }
  if (measure.assignee) {
    await dialog.getByTestId('measure-assignees').click();
    await dialog.getByTestId('measure-assignees').fill(measure.assignee);
    await page
      .getByRole('option', { name: new RegExp(`^${measure.assignee}`) })
      .first()
      .click();
  }
  await dialog.getByTestId('measure-save').click();
  await expect(dialog).toBeHidden();
}

test('exports the filtered, sorted measures list as an Excel file', async ({ browser, server }) => {
  test.setTimeout(120_000);
  const qm = await signedInPage(browser, server.url, 'de-DE');
  const { page } = qm;
  try {
    const tag = `Export${suffix()}`;
    await page.goto('/measures');
    await createMeasure(page, {
      text: `${tag} Gänge markieren`,
      description: 'Gelbe Linien an jedem Regal',
      priority: 'Hoch',
      assignee: AUDITOR.name,
    });
    await createMeasure(page, { text: `${tag} Fahrer schulen`, priority: 'Niedrig' });
    await createMeasure(page, { text: `${tag} Regale prüfen`, priority: 'Hoch' });

    // Search for this test's measures, keep the high-priority ones, sort by text descending.
    await page.getByTestId('list-search').fill(tag);
    await page.getByTestId('list-search').press('Enter');
    await expect(page.getByTestId('list-count')).toHaveText('3 Einträge');
    await page.getByTestId('list-filter-button').click();
    const filter = page.getByTestId('list-filter-drawer');
    await filter.getByRole('checkbox', { name: 'Hoch (2)' }).check();
    await page.keyboard.press('Escape');
    await expect(filter).toBeHidden();
    await expect(page.getByTestId('list-count')).toHaveText('2 Einträge');
    await page.getByTestId('list-sort-button').click();
    const sort = page.getByTestId('list-sort-drawer');
    await sort.getByRole('radio', { name: 'Maßnahme' }).check();
    await sort.getByRole('radio', { name: 'Absteigend' }).check();
    await page.keyboard.press('Escape');
    await expect(sort).toBeHidden();
    await expect(page.getByTestId('list-row-open').first()).toContainText(`${tag} Regale prüfen`);

    await page.getByTestId('list-more-actions').click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Nach Excel exportieren' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^measures-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByTestId('measure-export-progress')).toHaveCount(0);

    const workbook = new excel.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Maßnahmen');
    const values = (row: number) =>
      Array.from((sheet.getRow(row).values as unknown[]).slice(1), (value) => value ?? null);
    expect(values(1)).toEqual([
      'Maßnahme',
      'Beschreibung',
      'Audit',
      'Zugewiesen an',
      'Autor',
      'Erstellt am',
      'Fällig am',
      'Status',
      'Überfällig',
      'Priorität',
      'Maßnahmenart',
      'Ursachenanalyse',
    ]);
    expect(sheet.rowCount).toBe(3);
    const today = Date.now();
    const [first, second] = [values(2), values(3)];
    expect(first.slice(0, 5)).toEqual([`${tag} Regale prüfen`, null, null, null, 'Administrator']);
    expect(second.slice(0, 5)).toEqual([
      `${tag} Gänge markieren`,
      'Gelbe Linien an jedem Regal',
      null,
      AUDITOR.name,
      'Administrator',
    ]);
    for (const row of [first, second]) {
      // Created today: a real date (the local day, at UTC midnight).
      const created = row[5];
      expect(created).toBeInstanceOf(Date);
      expect(Math.abs((created as Date).getTime() - today)).toBeLessThan(2 * 86_400_000);
      expect(row.slice(6, 10)).toEqual([null, 'Neu', 'Nein', 'Hoch']);
    }
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getCell('F2').numFmt).toBe('dd.mm.yyyy');
  } finally {
    await qm.context.close();
  }
});

test('exports offline, in English, from the service worker cache', async ({ browser, server }) => {
  test.setTimeout(90_000);
  const qm = await signedInPage(browser, server.url, 'en-US');
  const { page, context } = qm;
  try {
    await page.goto('/measures');
    await controlledByServiceWorker(page);
    const text = `Export${suffix()} Sweep the hall`;
    await createMeasure(page, { text, priority: 'Medium' });

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('list-search').fill(text);
    await page.getByTestId('list-search').press('Enter');
    await expect(page.getByTestId('list-count')).toHaveText('1 entry');
    await page.getByTestId('list-more-actions').click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Export to Excel' }).click();
    const download = await downloading;

    const workbook = new excel.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Measures');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Measure');
    expect(sheet.getRow(1).getCell(6).value).toBe('Created');
    expect(sheet.getRow(1).getCell(12).value).toBe('Cause analysis');
    const row = sheet.getRow(2);
    expect([1, 5, 8, 9, 10].map((column) => row.getCell(column).value)).toEqual([
      text,
      'Administrator',
      'New',
      'No',
      'Medium',
    ]);
    expect(sheet.getCell('F2').numFmt).toBe('mmm d, yyyy');
  } finally {
    await context.setOffline(false);
    await qm.context.close();
  }
});
