import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ConsoleMessage, Page } from '@playwright/test';
import * as ExcelJSModule from 'exceljs';
import { createAudit, importQuestions } from '../support/audits';
import { controlledByServiceWorker, expect, signedInPage, test } from '../support/fixtures';

/**
 * Issue 13.1: the reporting tab in German. Six questions in three categories get findings of
 * every type; the expected results are computed here from the default configuration's values
 * (importance weights, finding values, the deviation schema), not read from the app.
 */

// The default configuration: the weight of each question importance, the value of each finding
// type (deviation schema: higher is worse; best 0, worst 9 over the configured range 0..9).
const WEIGHT: Record<string, number> = { '0': 0, '1': 1, '3': 3, '9': 9 };
const VALUE: Record<string, number> = {
  Bemerkung: 0,
  Hinweis: 1,
  Nebenabweichung: 3,
  Hauptabweichung: 9,
  'Keine Abweichung': 0,
};
type ExcelJS = typeof ExcelJSModule;
const excel: ExcelJS = (ExcelJSModule as ExcelJS & { default?: ExcelJS }).default ?? ExcelJSModule;

/** Who found the findings, and whose audit it is: printed in the PDF (issue 34.4). */
const FINDER = 'Jana Prüfer';
const SUPPLIER = { name: 'Gießerei Nowak GmbH', no: '4711' };

const BEST = 0;
const WORST = 9;
const NOT_APPLICABLE = 'Nicht anwendbar';

const QUESTIONS = [
  {
    no: 1,
    text: 'Wareneingang geprüft?',
    category: 'Wareneingang',
    importance: '3',
    finding: 'Nebenabweichung',
  },
  {
    no: 2,
    text: 'Prüfmittel kalibriert?',
    category: 'Wareneingang',
    importance: '9',
    finding: 'Keine Abweichung',
  },
  {
    no: 3,
    text: 'Lagerplätze beschriftet?',
    category: 'Lager',
    importance: '1',
    finding: 'Hinweis',
  },
  {
    no: 4,
    text: 'FIFO eingehalten?',
    category: 'Lager',
    importance: '9',
    finding: 'Hauptabweichung',
  },
  {
    no: 5,
    text: 'Verpackung geprüft?',
    category: 'Versand',
    importance: '3',
    finding: 'Bemerkung',
  },
  {
    no: 6,
    text: 'Gefahrgut gekennzeichnet?',
    category: 'Versand',
    importance: '0',
    finding: NOT_APPLICABLE,
  },
] as const;

type Question = (typeof QUESTIONS)[number];

/** A 1 x 1 PNG: a photo attached to a finding, printed in the report with its evidence. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The images in a PDF, as poppler's `pdfimages -list` lists them (two header lines). */
const pdfImages = (file: string) =>
  execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);

/** The spec's formula: round((current - worst) / (best - worst) * 100) over counted questions. */
function expected(questions: readonly Question[]) {
  const counted = questions.filter((question) => question.finding !== NOT_APPLICABLE);
  const sum = (value: (question: Question) => number) =>
    counted.reduce((total, question) => total + WEIGHT[question.importance]! * value(question), 0);
  const current = sum((question) => VALUE[question.finding]!);
  const best = sum(() => BEST);
  const worst = sum(() => WORST);
  return { current, best, worst, percent: Math.round(((current - worst) / (best - worst)) * 100) };
}

const row = (page: Page, no: number) =>
  page.locator('[data-testid^="exec-row-"]').filter({ hasText: QUESTIONS[no - 1]!.text });

async function record(page: Page, question: Question): Promise<void> {
  if (question.finding === 'Keine Abweichung') {
    await row(page, question.no).getByTestId('exec-quick-ok').click();
  } else if (question.finding === NOT_APPLICABLE) {
    await row(page, question.no).getByTestId('exec-quick-na').click();
  } else {
    await row(page, question.no).getByTestId('exec-add-finding').click();
    const dialog = page.getByTestId('finding-dialog');
    await dialog.getByTestId('finding-importance').locator('..').getByRole('combobox').click();
    await page.getByRole('option', { name: question.finding, exact: true }).click();
    await dialog.getByTestId('finding-text').fill(`Befund zu ${question.text}`);
    await dialog.getByTestId('finding-findingperson').fill(FINDER);
    await dialog.getByTestId('finding-save').click();
    await expect(dialog).toBeHidden();
  }
  await expect(row(page, question.no).getByTestId('exec-finding-type')).toContainText(
    question.finding,
  );
}

test('the reporting tab shows and explains the result per category, and the QK number', async ({
  browser,
  server,
}) => {
  test.setTimeout(150_000);
  const { page, context } = await signedInPage(browser, server.url, 'de-DE');
  try {
    const name = `Bericht ${Date.now().toString(36)}`;
    const id = await createAudit(page, { name, lead: 'Otto Auditor', supplier: SUPPLIER });
    await expect(page.getByTestId('audit-supplier')).toHaveText(
      `Lieferant: ${SUPPLIER.name} (${SUPPLIER.no})`,
    );
    await importQuestions(
      page,
      [
        'no;text;category;importance',
        ...QUESTIONS.map((q) => `${q.no};${q.text};${q.category};${q.importance}`),
      ].join('\n'),
    );

    await page.goto(`/audit/${id}/auditexecution`);
    for (const question of QUESTIONS) await record(page, question);
    // A photo on the major finding (the picker's image is kept as JPEG and uploaded).
    await row(page, 4).getByTestId('exec-attach-input').setInputFiles({
      name: 'fifo-regal.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(row(page, 4).locator('[data-upload-state="uploaded"]')).toHaveCount(1, {
      timeout: 30_000,
    });

    await page.goto(`/audit/${id}/auditreporting`);
    const total = expected(QUESTIONS);
    await expect(page.getByTestId('reporting-total')).toHaveText(`${total.percent} %`);
    for (const category of ['Wareneingang', 'Lager', 'Versand']) {
      const scope = expected(QUESTIONS.filter((question) => question.category === category));
      await expect(
        page
          .locator('[data-testid^="reporting-category-"]')
          .filter({ hasText: category })
          .getByTestId('reporting-category-percent'),
      ).toHaveText(`${scope.percent} %`);
    }
    await expect(page.getByTestId('reporting-type-3')).toHaveText('Nebenabweichung: 1');
    // The findings table (issue 13.2): every answered question, searchable.
    const findingList = page.getByTestId('reporting-finding-list');
    await expect(findingList.getByTestId('reporting-finding')).toHaveCount(QUESTIONS.length);
    await findingList.getByTestId('list-search').fill('FIFO');
    await expect(findingList.getByTestId('reporting-finding')).toHaveCount(1);
    await expect(findingList.getByTestId('reporting-finding')).toContainText(
      'Hauptabweichung – Befund zu FIFO eingehalten?',
    );
    await findingList.getByTestId('list-search').fill('');

    // The explanation of "Lager": both questions with weight x value, and the filled-in formula.
    const lager = expected(QUESTIONS.filter((question) => question.category === 'Lager'));
    await page
      .locator('[data-testid^="reporting-category-"]')
      .filter({ hasText: 'Lager' })
      .getByTestId('reporting-explain-category')
      .click();
    const explanation = page.getByTestId('reporting-explanation');
    await expect(explanation.getByTestId('reporting-explain-item')).toHaveCount(2);
    await expect(explanation.getByTestId('reporting-explain-item').last()).toContainText(
      `Gewicht 9 (Sehr wichtige Frage) × Wert 9 (Hauptabweichung) = 81`,
    );
    await expect(explanation.getByTestId('reporting-explain-sums')).toHaveText(
      `Punkte ${lager.current} · bestmöglich ${lager.best} · schlechtestmöglich ${lager.worst}`,
    );
    await expect(explanation.getByTestId('reporting-explain-formula')).toContainText(
      `= (${lager.current} − ${lager.worst}) ÷ (${lager.best} − ${lager.worst}) × 100`,
    );
    await expect(explanation.getByTestId('reporting-explain-formula')).toContainText(
      `gerundet ${lager.percent} %`,
    );
    await explanation.getByTestId('reporting-explain-close').click();
    await expect(explanation).toBeHidden();

    // The whole audit's explanation names the question left out.
    await page.getByTestId('reporting-explain-total').click();
    await expect(page.getByTestId('reporting-explain-excluded-notApplicable')).toContainText(
      '6 Gefahrgut gekennzeichnet?',
    );
    await page.getByTestId('reporting-explain-close').click();

    // A QK report: one A (major) and one B (minor) finding, worst class A with 1 -> base 10
    // (the default table's first row), + 3 + 1 -> (10 + 3 + 1) / 10.
    await page.getByTestId('reporting-custom-result').selectOption('qk');
    await expect(page.getByTestId('reporting-qk')).toContainText('Qualitätskennzahl (QK): 1,4');
    await page.getByTestId('reporting-explain-qk').click();
    await expect(page.getByTestId('reporting-qk-formula')).toHaveText(
      'QK = (10 + 3 + 1) ÷ 10 = 1,4',
    );
    await page.getByTestId('reporting-explain-close').click();
    await expect(page.getByTestId('reporting-charts')).toBeVisible();

    // The report's own data (issue 13.2), printed in the PDF below.
    await page.getByTestId('reporting-data-distribution').fill('Qualitätsmanagement\nOtto Auditor');
    await page.getByTestId('reporting-data-representative').fill('Jürgen Groß');
    await page.getByTestId('reporting-data-signature-date').fill('2026-11-20');
    await page.getByTestId('reporting-data-save').click();
    await expect(page.getByTestId('snackbar-message')).toContainText('Berichtsdaten gespeichert');

    // The PDF report, made in the browser: read back with poppler's pdftotext and pdfinfo.
    // Making it logs nothing (issue 34.10: the layout's WebAssembly was refused by the CSP, and
    // each photo asked for Node's Buffer).
    const pdfConsole: string[] = [];
    const listen = (message: ConsoleMessage) => {
      if (['error', 'warning'].includes(message.type())) pdfConsole.push(message.text());
    };
    page.on('console', listen);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('reporting-pdf').click(),
    ]);
    page.off('console', listen);
    expect(pdfConsole).toEqual([]);
    expect(download.suggestedFilename()).toBe(`Auditbericht ${name}.pdf`);
    const file = await download.path();
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(name);
    expect(text).toContain('Auditbericht');
    expect(text).toContain(`${total.percent} %`);
    expect(text).toContain('Qualitätskennzahl (QK): 1,4');
    for (const question of QUESTIONS) {
      if (!['Keine Abweichung', NOT_APPLICABLE].includes(question.finding)) {
        expect(text).toContain(`Befund zu ${question.text}`);
      }
    }
    // Umlauts and ß print as themselves.
    expect(text).toContain('Lagerplätze beschriftet?');
    expect(text).toContain('Maßnahmen');
    expect(text).toContain('Jürgen Groß');
    expect(text).toContain('20.11.2026');
    expect(text).toContain('Qualitätsmanagement');
    const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
    expect(Number(pages?.[1])).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Seite 1 von ${pages?.[1]}`);
    // The photo with its evidence: name, who took it, the fingerprint checked against the file.
    expect(pdfImages(file)).toHaveLength(1);
    expect(text).toContain('fifo-regal.jpg');
    expect(text).toMatch(/SHA-256:\s+([0-9a-f]{8}\s+){7}[0-9a-f]{8}/);
    expect(text).toContain('geprüft: stimmt mit dem Fingerabdruck der Aufnahme überein');
    expect(text).toContain('Ergebnis nach Kategorie (Prozent)');
    expect(text).toContain('Unternehmensdaten');
    // Whose report it is, who found what, and no placeholder printed as a finding (issue 34.4).
    expect(text).toContain(SUPPLIER.name);
    expect(text).toContain(SUPPLIER.no);
    expect(text).toContain('Gefunden von');
    expect(text).toContain(FINDER);
    expect(text).toContain('Keine Abweichung');
    expect(text).not.toContain('Platzhalter');

    // Issue 13.4: the findings as Excel and CSV, in the questions' order.
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('reporting-export-findings-xlsx').click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`Befunde ${name}.xlsx`);
    const workbook = new excel.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Nr.');
    expect(sheet.rowCount).toBe(1 + QUESTIONS.length);
    expect(sheet.getRow(5).getCell(2).value).toBe('FIFO eingehalten?');
    expect(sheet.getRow(5).getCell(4).value).toBe('Sehr wichtige Frage');
    expect(sheet.getRow(5).getCell(6).value).toBe('Hauptabweichung');
    expect(sheet.getRow(5).getCell(10).value).toBe(FINDER);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('reporting-export-findings-csv').click(),
    ]);
    const csvText = readFileSync(await csv.path(), 'utf8');
    expect(
      csvText.startsWith(
        '\uFEFFNr.;Frage;Kategorie;Wichtigkeit der Frage;Prozessschritt;Befundart;',
      ),
    ).toBe(true);
    expect(csvText).toContain(
      '4;FIFO eingehalten?;Lager;Sehr wichtige Frage;;Hauptabweichung;Befund zu FIFO eingehalten?',
    );
    expect(csvText).toContain(`;${SUPPLIER.name};${SUPPLIER.no}`);

    // The same report offline: the PDF chunk and its fonts come from the service worker.
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('reporting-total')).toHaveText(`${total.percent} %`);
    const [offline] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('reporting-pdf').click(),
    ]);
    const offlineText = execFileSync('pdftotext', ['-layout', await offline.path(), '-'], {
      encoding: 'utf8',
    });
    expect(offlineText).toContain(name);
    expect(offlineText).toContain('Lagerplätze beschriftet?');
    // The photo comes from the copy kept on this device.
    expect(pdfImages(await offline.path())).toHaveLength(1);
    expect(offlineText).toContain('geprüft: stimmt mit dem Fingerabdruck der Aufnahme überein');
    await context.setOffline(false);

    // Issue 13.6: the stepper's last step completes the audit: final status, protected.
    await page.getByRole('button', { name: 'Angelegt' }).click();
    await page.getByText('Audit abschließen und Bericht versenden').click();
    // The step left closes while the chosen one opens: wait for one comment field.
    await expect(page.getByTestId('audit-step-comment')).toHaveCount(1);
    await page.getByTestId('audit-step-comment').fill('Bericht an den Lieferanten');
    await page.getByTestId('audit-step-continue').click();
    await expect(page).toHaveURL(new RegExp(`/audit/${id}/auditreporting$`));
    await expect(page.getByTestId('audit-status')).toHaveText('Abgeschlossen');
    await expect(page.getByTestId('audit-protected')).toBeVisible();
    // ... and ends with the report sent (decision 71): the mail dialog, pre-filled from the
    // distribution list, naming the entry nobody in the directory matches.
    const mail = page.getByTestId('report-mail-dialog');
    await expect(mail.getByRole('dialog')).toBeVisible();
    await expect(mail.getByTestId('user-picker-chip')).toHaveText(['Otto Auditor']);
    await expect(mail.getByTestId('report-mail-unmatched')).toContainText('Qualitätsmanagement');
    await mail.getByTestId('report-mail-cancel').click();
    await expect(mail).toBeHidden();
  } finally {
    await context.close();
  }
});
