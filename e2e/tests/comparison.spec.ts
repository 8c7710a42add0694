import type { Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { expect, signedInPage, test } from '../support/fixtures';
import { importQuestions } from '../support/audits';

/**
 * Issue 13.5: two audits of one standard and scope, a year apart. The later one's reporting tab
 * compares it with the earlier one (result per category with the change, recurring, disappeared
 * and new findings); the matrix's trend shows both years. Expected numbers are computed here from
 * the default configuration's values, not read from the app; axe checks both views in German and
 * English.
 */

// The default configuration: weight per question importance, value per finding type (deviation
// schema: higher is worse; best 0, worst 9 over the configured range 0..9). QK: the classes of
// the finding types (major A, minor B, note C1); one A makes A the worst class with count 1, which
// the default table's first row (up to 5) gives the base 10; each A adds 3 and each B 1.
const WEIGHT: Record<string, number> = { '3': 3, '9': 9 };
// Compliance ("Erfüllungsgrad") counts each type's degree of fulfilment in percent instead.
const FINDING = {
  Hauptabweichung: { value: 9, fulfilment: 0, qk: 'A' },
  Nebenabweichung: { value: 3, fulfilment: 50, qk: 'B' },
  Hinweis: { value: 1, fulfilment: 90, qk: 'C1' },
  'Keine Abweichung': { value: 0, fulfilment: 100, qk: null },
} as const;
type FindingName = keyof typeof FINDING;
const WORST = 9;
const QK_BASE_FIRST_ROW = 10;

const QUESTIONS = [
  { no: 1, text: 'Wareneingang geprüft?', category: 'Wareneingang', importance: '3' },
  { no: 2, text: 'Prüfmittel kalibriert?', category: 'Wareneingang', importance: '9' },
  { no: 3, text: 'FIFO eingehalten?', category: 'Lager', importance: '9' },
] as const;
type Question = (typeof QUESTIONS)[number];

/** The findings per question number: the earlier audit, then this year's. */
const EARLIER: Record<number, FindingName> = {
  1: 'Nebenabweichung',
  2: 'Keine Abweichung',
  3: 'Hauptabweichung',
};
const LATER: Record<number, FindingName> = {
  1: 'Hauptabweichung',
  2: 'Hinweis',
  3: 'Keine Abweichung',
};

/** SPEC 9: round((current - worst) / (best - worst) * 100) over the questions (best is 0). */
function percent(questions: readonly Question[], findings: Record<number, FindingName>): number {
  const sum = (value: (question: Question) => number) =>
    questions.reduce(
      (total, question) => total + WEIGHT[question.importance]! * value(question),
      0,
    );
  const current = sum((question) => FINDING[findings[question.no]!].value);
  const worst = sum(() => WORST);
  return Math.round(((current - worst) / (0 - worst)) * 100);
}

/** The compliance schema: the weighted mean of the questions' degrees of fulfilment. */
function fulfilled(questions: readonly Question[], findings: Record<number, FindingName>): number {
  const weights = questions.reduce((total, question) => total + WEIGHT[question.importance]!, 0);
  const current = questions.reduce(
    (total, question) =>
      total + WEIGHT[question.importance]! * FINDING[findings[question.no]!].fulfilment,
    0,
  );
  return Math.round(current / weights);
}

function qk(findings: Record<number, FindingName>): number {
  const classes = Object.values(findings).map((name) => FINDING[name].qk);
  const a = classes.filter((c) => c === 'A').length;
  const b = classes.filter((c) => c === 'B').length;
  expect(a).toBeGreaterThan(0); // the base below assumes A is the worst class, counted once
  expect(a).toBeLessThanOrEqual(5);
  return (QK_BASE_FIRST_ROW + 3 * a + b) / 10;
}

const inCategory = (category: string) => QUESTIONS.filter((q) => q.category === category);

/** Chooses a value of an MUI select by its test id and option text. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** An audit of the scope Pinetown / TGS / `production`, planned in `year`, with the questions. */
async function createAudit(page: Page, name: string, year: number, production: string) {
  await page.goto('/auditmatrix');
  await page.getByTestId('audit-create').click();
  const dialog = page.getByTestId('audit-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('audit-dialog-name').fill(name);
  await choose(page, 'audit-dialog-scope-plant', 'Pinetown');
  await choose(page, 'audit-dialog-scope-productline', 'TGS');
  await page.getByTestId('audit-dialog-scope-production_number').fill(production);
  await choose(page, 'audit-dialog-planning_year', String(year));
  await page.getByTestId('audit-dialog-leadauditor').click();
  await page.getByTestId('audit-dialog-leadauditor').fill('Otto Auditor');
  await page
    .getByRole('option', { name: /^Otto Auditor/ })
    .first()
    .click();
  await page.getByTestId('audit-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/audit\/[^/]+\/auditpreparation$/);
  const id = /\/audit\/([^/]+)\//.exec(page.url())![1]!;

  await importQuestions(
    page,
    [
      'no;text;category;importance',
      ...QUESTIONS.map((q) => `${q.no};${q.text};${q.category};${q.importance}`),
    ].join('\n'),
  );
  return id;
}

async function record(page: Page, auditId: string, findings: Record<number, FindingName>) {
  await page.goto(`/audit/${auditId}/auditexecution`);
  for (const question of QUESTIONS) {
    const row = page.locator('[data-testid^="exec-row-"]').filter({ hasText: question.text });
    const finding = findings[question.no]!;
    if (finding === 'Keine Abweichung') {
      await row.getByTestId('exec-quick-ok').click();
    } else {
      await row.getByTestId('exec-add-finding').click();
      const dialog = page.getByTestId('finding-dialog');
      await dialog.getByTestId('finding-importance').locator('..').getByRole('combobox').click();
      await page.getByRole('option', { name: finding, exact: true }).click();
      await dialog.getByTestId('finding-text').fill(`${finding} bei ${question.text}`);
      await dialog.getByTestId('finding-save').click();
      await expect(dialog).toBeHidden();
    }
    await expect(row.getByTestId('exec-finding-type')).toContainText(finding);
  }
}

/** Opens the matrix's trend and picks the scope with the given production number. */
async function openTrend(page: Page, production: string) {
  await page.goto('/auditmatrix');
  await page.getByTestId('audit-trend').click();
  const dialog = page.getByTestId('audit-trend-dialog');
  await expect(dialog).toBeVisible();
  const option = dialog.getByTestId('audit-trend-scope').locator('option', { hasText: production });
  await expect(option).toHaveCount(1);
  await dialog.getByTestId('audit-trend-scope').selectOption((await option.getAttribute('value'))!);
  return dialog;
}

test('a later audit compares with the earlier one per category and finding; the matrix shows the trend', async ({
  browser,
  server,
}) => {
  test.setTimeout(240_000);
  const { page, context } = await signedInPage(browser, server.url, 'de-DE');
  const suffix = Date.now().toString(36);
  const production = `P-${suffix}`;
  const thisYear = new Date().getFullYear();
  let laterId = '';
  try {
    const earlierId = await createAudit(page, `Vergleich alt ${suffix}`, thisYear - 1, production);
    await record(page, earlierId, EARLIER);
    // The earliest audit of its scope has nothing to compare with.
    await page.goto(`/audit/${earlierId}/auditreporting`);
    await expect(page.getByTestId('reporting-comparison-empty')).toBeVisible();

    laterId = await createAudit(page, `Vergleich neu ${suffix}`, thisYear, production);
    await record(page, laterId, LATER);
    await page.goto(`/audit/${laterId}/auditreporting`);
    const comparison = page.getByTestId('reporting-comparison');
    await expect(comparison.getByTestId('reporting-comparison-select')).toHaveValue(earlierId);

    // The whole audit and each category: earlier, now, and the change with its sign and words.
    const rows = [
      { testId: 'reporting-comparison-total', questions: QUESTIONS, label: 'Gesamtes Audit' },
      ...['Wareneingang', 'Lager'].map((category) => ({
        testId: 'reporting-comparison-category',
        questions: inCategory(category),
        label: category,
      })),
    ];
    for (const { testId, questions, label } of rows) {
      const before = percent(questions, EARLIER);
      const now = percent(questions, LATER);
      const change = now - before;
      const row = comparison.getByTestId(testId).filter({ hasText: label });
      await expect(row.locator('td').nth(0)).toHaveText(`${before} %`);
      await expect(row.locator('td').nth(1)).toHaveText(`${now} %`);
      const sign = change > 0 ? `+${change}` : change < 0 ? `\u2212${-change}` : '\u00b10';
      const words =
        change > 0
          ? `plus ${change} Prozentpunkt`
          : change < 0
            ? `minus ${-change} Prozentpunkt`
            : 'unverändert';
      await expect(row.locator('td').nth(2)).toContainText(sign);
      await expect(row.locator('td').nth(2)).toContainText(words);
    }

    await expect(comparison.getByTestId('reporting-comparison-basis')).toHaveText(
      'Beide Audits bewertet nach: Abweichungsschema',
    );

    // Question 1 has a finding both times, 3 lost its finding, 2 got one.
    const recurring = comparison.getByTestId('reporting-comparison-recurring');
    await expect(recurring.getByTestId('reporting-comparison-entry')).toHaveCount(1);
    await expect(recurring).toContainText('1 Wareneingang geprüft?');
    await expect(recurring).toContainText('Früher: Nebenabweichung: Nebenabweichung bei');
    await expect(recurring).toContainText('Jetzt: Hauptabweichung: Hauptabweichung bei');
    const disappeared = comparison.getByTestId('reporting-comparison-disappeared');
    await expect(disappeared.getByTestId('reporting-comparison-entry')).toHaveCount(1);
    await expect(disappeared).toContainText('3 FIFO eingehalten?');
    await expect(disappeared).toContainText('Jetzt ohne Befund beantwortet.');
    const added = comparison.getByTestId('reporting-comparison-new');
    await expect(added.getByTestId('reporting-comparison-entry')).toHaveCount(1);
    await expect(added).toContainText('2 Prüfmittel kalibriert?');
    expect(await seriousViolations(page)).toEqual([]);

    // The trend of the scope: one row per year, the table the chart's equivalent.
    const trend = await openTrend(page, production);
    const de = (value: number) => value.toLocaleString('de-DE', { maximumFractionDigits: 2 });
    for (const [year, findings] of [
      [thisYear - 1, EARLIER],
      [thisYear, LATER],
    ] as const) {
      const row = trend.getByTestId(`audit-trend-row-${year}`);
      await expect(row.getByTestId('audit-trend-audits')).toHaveText('1');
      await expect(row.getByTestId('audit-trend-result')).toHaveText(
        `${percent(QUESTIONS, findings)} %`,
      );
      await expect(row.getByTestId('audit-trend-qk')).toHaveText(de(qk(findings)));
    }
    await expect(trend.getByTestId('audit-trend-basis')).toHaveText(
      'Ergebnis bewertet nach: Abweichungsschema',
    );
    // Every audit scored under the one schema picked: here the degree of fulfilment.
    await trend.getByTestId('audit-trend-schema').selectOption('compliance');
    await expect(trend.getByTestId('audit-trend-basis')).toHaveText(
      'Ergebnis bewertet nach: Erfüllungsgrad',
    );
    for (const [year, findings] of [
      [thisYear - 1, EARLIER],
      [thisYear, LATER],
    ] as const) {
      await expect(
        trend.getByTestId(`audit-trend-row-${year}`).getByTestId('audit-trend-result'),
      ).toHaveText(`${fulfilled(QUESTIONS, findings)} %`);
    }
    await expect(trend.getByTestId('audit-trend-rescored')).toContainText('2 Audits');
    await expect(trend.getByTestId('audit-trend-chart')).toBeVisible();
    await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  } finally {
    await context.close();
  }

  // The same views in English.
  const english = await signedInPage(browser, server.url, 'en-US');
  try {
    const { page: en } = english;
    await en.goto(`/audit/${laterId}/auditreporting`);
    await expect(en.getByTestId('reporting-comparison-total')).toContainText('Whole audit');
    await expect(en.getByTestId('reporting-comparison-recurring')).toContainText(
      'Recurring findings (1)',
    );
    expect(await seriousViolations(en)).toEqual([]);
    // On a narrow phone or portrait tablet the comparison fits without scrolling sideways.
    await en.setViewportSize({ width: 360, height: 800 });
    const comparison = en.getByTestId('reporting-comparison');
    await expect(comparison.getByTestId('reporting-comparison-table')).toBeVisible();
    expect(await comparison.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    await expect
      .poll(() => en.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(360);
    await en.setViewportSize({ width: 1280, height: 720 });
    const trend = await openTrend(en, production);
    await expect(trend.getByTestId(`audit-trend-row-${thisYear}`)).toBeVisible();
    await expect(trend.getByTestId('audit-trend-basis')).toHaveText(
      'Result scored by: Deviation scheme',
    );
    await expect(trend.getByTestId('audit-trend-chart')).toBeVisible();
    await expect(en.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    expect(await seriousViolations(en, '[role="dialog"]')).toEqual([]);
  } finally {
    await english.context.close();
  }
});
