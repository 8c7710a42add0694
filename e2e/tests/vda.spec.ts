import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, signedInPage, tabletPage, test } from '../support/fixtures';

/**
 * Issue 19: a supplier process audit by VDA 6.3 on a tablet in portrait, in German, by touch.
 * Made in one step from the catalogue (P2 to P7, 45 questions) with three process steps; every
 * question is evaluated with 10 points except the *-question 6.2.2 with 4 points in "Lackieren"
 * (after the finding that documents it) and 7.5 "not evaluated" with its reason; P4 to P6 are
 * evaluated offline. The expected levels are computed here by hand:
 *
 * - P2 to P5: 5 x 10 of 50 = 100 %; P7: 4 evaluated, 40 of 40 = 100 % (n.e. counts nowhere).
 * - 6.2.2: (10 + 4 + 10) / 3 = 8.00 points; P6 = (19 x 10 + 8) / 200 = 99 %;
 *   U2 (6.2.1 to 6.2.4) = (30 + 8) / 40 = 95 %; Lackieren = (19 x 10 + 4) / 200 = 97 %.
 * - E_G = (200 + 198 + 40) / 440 = 99.5 % -> 100 %: class A by E_G, downgraded to B because a
 *   *-question has 4 points.
 */

const STEPS = ['Stanzen', 'Lackieren', 'Montage'];
const REASON = 'Kein Serienanlauf im Auditzeitraum';
const DOWNGRADE =
  'Abgestuft von A auf B: Frage 6.2.2* im Prozessschritt Lackieren mit 4 Punkten bewertet';

const suffix = () => Date.now().toString(36).slice(-6);

/** Nothing scrolls sideways on the tablet (a mobile browser would widen its layout instead). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
}

/** The execution row of a question by its number (the number cell reads "6.2.2" or "6.2.2*"). */
const row = (page: Page, no: string): Locator =>
  page.locator('[data-testid^="exec-row-"]').filter({
    has: page.locator('.exec-no', { hasText: new RegExp(`^${no.replaceAll('.', '\\.')}\\*?$`) }),
  });

/** The numbers of the catalogue's questions of one element, as shown in the rows. */
async function numbersOf(page: Page, element: string): Promise<string[]> {
  const all = await page.locator('.exec-no').allTextContents();
  return all.map((text) => text.replace('*', '')).filter((no) => no.startsWith(`${element}.`));
}

async function tapPoints(page: Page, no: string, points: string): Promise<void> {
  const button = row(page, no).getByRole('button', { name: points, exact: true });
  await button.tap();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

test('a supplier quality engineer runs a VDA 6.3 process audit on a tablet, partly offline', async ({
  browser,
  server,
}) => {
  test.setTimeout(240_000);
  const { page, context } = await tabletPage(browser, server.url, 'de-DE');
  const desk = await signedInPage(browser, server.url, 'en-US');
  try {
    // New VDA 6.3 process audit in one step: all elements, three process steps.
    const name = `VDA Lieferant ${suffix()}`;
    await page.goto('/auditmatrix');
    await page.getByTestId('list-more-actions').tap();
    await page.getByTestId('audit-create-vda').tap();
    const dialog = page.getByTestId('audit-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('audit-dialog-calcSchema')).toHaveValue('vda63');
    await page.getByTestId('audit-dialog-name').fill(name);
    await page.getByTestId('audit-dialog-scope-plant').locator('..').getByRole('combobox').tap();
    await page.getByRole('option', { name: 'Styr', exact: true }).tap();
    await page
      .getByTestId('audit-dialog-scope-productline')
      .locator('..')
      .getByRole('combobox')
      .tap();
    await page.getByRole('option', { name: 'TGX', exact: true }).tap();
    await page.getByTestId('audit-dialog-leadauditor').tap();
    await page.getByTestId('audit-dialog-leadauditor').fill('Otto');
    await page
      .getByRole('option', { name: /^Otto Auditor/ })
      .first()
      .tap();
    for (const [index, step] of STEPS.entries()) {
      await page.getByTestId('audit-dialog-vda-add-step').tap();
      await page.getByTestId(`audit-dialog-vda-step-name-${index}`).fill(step);
    }
    await page.getByTestId('audit-dialog-save').tap();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/audit\/[^/]+\/auditpreparation$/);
    const id = /\/audit\/([^/]+)\//.exec(page.url())![1]!;

    await page.goto(`/audit/${id}/auditexecution`);
    await expect(page.getByTestId('vda-levels')).toBeVisible();
    // All 45 questions on one page (the list shows 25 at first).
    await page.getByTestId('list-page-size').selectOption('100');
    await expect(page.locator('.exec-no')).toHaveCount(45);
    expect(await numbersOf(page, '6')).toHaveLength(20);
    await expectNoSidewaysScroll(page);
    for (const element of ['2', '3', '4', '5', '7']) {
      expect(await numbersOf(page, element)).toHaveLength(5);
    }
    expect(await seriousViolations(page)).toEqual([]);

    // P2 and P3 online.
    for (const element of ['2', '3']) {
      for (const no of await numbersOf(page, element)) await tapPoints(page, no, '10 Punkte');
    }

    // P4 to P6 offline, as in a hall without network.
    await context.setOffline(true);
    for (const element of ['4', '5']) {
      for (const no of await numbersOf(page, element)) await tapPoints(page, no, '10 Punkte');
    }
    const switcher = page.getByTestId('vda-step-switcher');
    const p6 = await numbersOf(page, '6');
    for (const step of STEPS) {
      await switcher.getByRole('button', { name: step }).tap();
      await expect(switcher.getByRole('button', { name: step })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      for (const no of p6) {
        if (step === 'Lackieren' && no === '6.2.2') continue;
        await tapPoints(page, no, '10 Punkte');
      }
    }
    // 4 points need the finding that documents them: the finding dialog comes first.
    await switcher.getByRole('button', { name: 'Lackieren' }).tap();
    await row(page, '6.2.2').getByRole('button', { name: '4 Punkte', exact: true }).tap();
    const finding = page.getByTestId('finding-dialog');
    await expect(finding).toContainText('Unter 10 Punkten braucht die Bewertung eine Feststellung');
    await finding.getByTestId('finding-text').fill('Lackierparameter nicht freigegeben');
    await finding.getByTestId('finding-save').tap();
    await expect(finding).toBeHidden();
    await expect(
      row(page, '6.2.2').getByRole('button', { name: '4 Punkte', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(row(page, '6.2.2').getByTestId('vda-steps-summary')).toHaveText(
      'Alle Prozessschritte: Stanzen 10 · Lackieren 4 · Montage 10',
    );
    // The running levels, offline: P6 99 %, Lackieren 97 %.
    await expect(page.getByTestId('vda-heading-level-P6')).toContainText('E_P6 99 %');
    await expect(page.getByTestId('vda-selected-step-level')).toContainText('97 %');
    await context.setOffline(false);

    // P7 online: 7.5 is not evaluated, with its reason.
    for (const no of await numbersOf(page, '7')) {
      if (no !== '7.5') await tapPoints(page, no, '10 Punkte');
    }
    await row(page, '7.5')
      .getByRole('button', { name: /nicht bewertet/ })
      .tap();
    const reason = page.getByTestId('vda-reason-dialog');
    await reason.getByTestId('vda-reason-save').tap();
    await expect(reason).toContainText('„Nicht bewertet“ braucht eine Begründung');
    await reason.getByTestId('vda-reason').fill(REASON);
    await reason.getByTestId('vda-reason-save').tap();
    await expect(reason).toBeHidden();
    await expect(row(page, '7.5').getByTestId('vda-reason')).toContainText(REASON);
    await expect(page.getByTestId('execution-progress')).toContainText('45 von 45');

    // The result matrix on the tablet.
    await page.goto(`/audit/${id}/auditreporting`);
    const matrix = page.getByTestId('reporting-vda-matrix');
    await expect(matrix).toBeVisible();
    const percent = (key: string) =>
      matrix.getByTestId(`reporting-vda-row-${key}`).getByTestId('reporting-vda-light');
    for (const element of ['P2', 'P3', 'P4', 'P5', 'P7']) {
      await expect(percent(`element-${element}`)).toContainText('100 %');
    }
    await expect(percent('element-P6')).toContainText('99 %');
    await expect(percent('subElement-U2')).toContainText('95 %');
    await expect(percent('total-G')).toContainText('100 %');
    await expect(page.getByTestId('reporting-vda-class-text')).toContainText('B');
    await expectNoSidewaysScroll(page);
    await expect(page.getByTestId('reporting-vda-downgraded')).toContainText('A');
    await expect(page.getByTestId('reporting-vda-reasons')).toHaveText(
      new RegExp(DOWNGRADE.replace('*', '\\*')),
    );
    expect(await seriousViolations(page)).toEqual([]);
    // P6 explained down to its questions: 198 of 200 points.
    await matrix
      .getByTestId('reporting-vda-row-element-P6')
      .getByTestId('reporting-vda-explain')
      .tap();
    const explanation = page.getByRole('dialog');
    await expect(explanation).toContainText('198');
    await expect(explanation).toContainText('6.2.2*');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await explanation.getByTestId('reporting-explain-close').tap();
    await expect(explanation).toBeHidden();

    // The PDF report holds the matrix, the class and the reason.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('reporting-pdf').tap(),
    ]);
    const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, ' ');
    expect(text).toContain(DOWNGRADE);
    expect(text).toContain('Lackieren');
    expect(text).toContain('99 %');
    expect(text).toContain(REASON);

    // A desktop in English, synced from the server: the offline evaluations arrived.
    await desk.page.goto(`/audit/${id}/auditreporting`);
    const deskMatrix = desk.page.getByTestId('reporting-vda-matrix');
    await expect(
      deskMatrix.getByTestId('reporting-vda-row-step-' + (await stepId(page, 'Lackieren'))),
    ).toContainText('97 %');
    await expect(desk.page.getByTestId('reporting-vda-reasons')).toContainText(
      'Downgraded from A to B: question 6.2.2* evaluated with 4 points in process step Lackieren',
    );
    expect(await seriousViolations(desk.page)).toEqual([]);
    await desk.page.goto(`/audit/${id}/auditexecution`);
    await expect(desk.page.getByTestId('vda-levels')).toBeVisible();
    expect(await seriousViolations(desk.page)).toEqual([]);
  } finally {
    await context.close();
    await desk.context.close();
  }
});

/** The id of a process step, read from the tablet's matrix row keys. */
async function stepId(page: Page, name: string): Promise<string> {
  const testId = await page
    .locator('[data-testid^="reporting-vda-row-step-"]')
    .filter({ hasText: name })
    .first()
    .getAttribute('data-testid');
  return testId!.replace('reporting-vda-row-step-', '');
}
