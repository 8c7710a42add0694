import { seriousViolations } from '../support/axe';
import { controlledByServiceWorker, expect, signedInPage, test } from '../support/fixtures';

/**
 * Issue 14: the template library. A template is created in the matrix (the defaults of SPEC
 * section 9 shown), filled from the German process-audit catalogue, one question edited; the
 * more menu appears only with `?admin`; the template is deleted after the confirmation.
 */
test('a template is created, filled from the catalogue, edited and deleted', async ({
  browser,
  server,
}) => {
  const { context, page } = await signedInPage(browser, server.url, 'en-US');
  try {
    await page.goto('/templates');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Templates and question pool' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const name = `Template ${Date.now().toString(36).slice(-6)}`;
    await page.getByTestId('template-create').click();
    const dialog = page.getByTestId('template-dialog');
    await expect(dialog.getByTestId('template-dialog-standard')).toHaveValue('iso9001');
    await expect(dialog.getByTestId('template-dialog-audited_by')).toHaveValue('internal');
    expect(await seriousViolations(page, '[data-testid="template-dialog"]')).toEqual([]);
    await dialog.getByTestId('template-dialog-name').fill(name);
    await dialog.getByTestId('template-dialog-tags').fill('press shop');
    await dialog.getByTestId('template-dialog-tags').press('Enter');
    await dialog.getByTestId('template-dialog-save').click();

    // A new template opens its page.
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('template-header')).toContainText('press shop');
    await expect(page.getByTestId('template-more')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The catalogue, two categories.
    await page.getByTestId('template-catalogue-open').click();
    await page.getByTestId('catalogue-all').uncheck();
    await page.getByTestId('catalogue-category-2').check();
    await page.getByTestId('catalogue-category-3').check();
    await page.getByTestId('catalogue-submit').click();
    await expect(page.getByTestId('catalogue-dialog')).toHaveCount(0);
    await expect(page.getByTestId('template-header')).toContainText('2');

    // The admin menu's "Settings" opens the template's metadata dialog.
    await page.goto(`${new URL(page.url()).pathname}?admin`);
    await page.getByTestId('template-more').click();
    await page.getByTestId('template-settings').click();
    await expect(page.getByTestId('template-dialog-name')).toHaveValue(name);
    await page.getByTestId('template-dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('template-dialog')).toHaveCount(0);

    await page.getByTestId('template-open-items').click();
    await expect(page.getByTestId('template-preparation')).toBeVisible();
    const rows = page.locator('[data-testid="template-preparation"] .qa-row-with-open');
    await expect(rows.first()).toBeVisible();
    await rows.first().click();
    const question = page.getByTestId('question-dialog');
    const edited = `Edited question ${Date.now().toString(36).slice(-4)}`;
    await question.getByTestId('question-text').fill(edited);
    await question.getByTestId('question-save').click();
    await expect(question).toHaveCount(0);
    await expect(page.getByTestId('template-preparation')).toContainText(edited);
    const templateUrl = new URL(page.url()).pathname.replace(/\/templatepreparation$/, '');

    // A second template gets all questions of the first through "Use template".
    await page.goto('/templates');
    await page.getByTestId('template-create').click();
    await page.getByTestId('template-dialog-name').fill(`${name} copy`);
    await page.getByTestId('template-dialog-save').click();
    await page.getByTestId('template-open-items').click();
    await page.getByTestId('list-more-actions').click();
    await page.getByTestId('use-template').click();
    const selection = page.getByRole('dialog', { name: 'Use template: choose questions' });
    // With no other template on the server the dialog picks the only one by itself.
    const select = selection.getByTestId('template-select');
    await expect(async () => {
      if ((await select.inputValue()) !== name) {
        await select.fill(name);
        await page.getByRole('option', { name, exact: true }).click({ timeout: 2_000 });
      }
      await expect(select).toHaveValue(name, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await selection.getByTestId('template-select-all').click();
    await selection.getByTestId('template-next').click();
    await expect(selection.getByTestId('template-review')).toContainText('into this template');
    await selection.getByTestId('template-submit').click();
    await expect(selection).toHaveCount(0);
    await expect(page.getByTestId('template-preparation')).toContainText(edited);

    // The admin view shows the more menu; delete after the confirmation.
    await page.goto(`${templateUrl}?admin`);
    await page.getByTestId('template-more').click();
    await page.getByTestId('template-delete').click();
    await expect(page.getByTestId('template-delete-question')).toHaveText(
      'Are you sure you want to delete this item?',
    );
    await page.getByTestId('template-delete-confirm').click();
    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('the template screens have no serious axe violations in German', async ({
  browser,
  server,
}) => {
  const { context, page } = await signedInPage(browser, server.url, 'de-DE');
  try {
    await page.goto('/templates');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vorlagen und Fragenpool' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('template-create').click();
    await expect(page.getByTestId('template-dialog-standard')).toHaveValue('iso9001');
    expect(await seriousViolations(page, '[data-testid="template-dialog"]')).toEqual([]);
    const name = `Vorlage ${Date.now().toString(36).slice(-6)}`;
    await page.getByTestId('template-dialog-name').fill(name);
    await page.getByTestId('template-dialog-save').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a template created offline survives a reload and reaches the other browser once online', async ({
  browser,
  server,
}) => {
  test.setTimeout(90_000);
  const a = await signedInPage(browser, server.url, 'en-US');
  const b = await signedInPage(browser, server.url, 'de-DE');
  try {
    await b.page.goto('/templates');
    await a.page.goto('/templates');
    await controlledByServiceWorker(a.page);
    await expect(a.page.getByTestId('template-create')).toBeVisible();
    await a.context.setOffline(true);
    const name = `Offline template ${Date.now().toString(36).slice(-6)}`;
    await a.page.getByTestId('template-create').click();
    await a.page.getByTestId('template-dialog').getByTestId('template-dialog-name').fill(name);
    await a.page.getByTestId('template-dialog').getByTestId('template-dialog-save').click();
    await expect(a.page.getByRole('heading', { level: 1, name })).toBeVisible();

    await a.page.reload();
    await expect(a.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(b.page.getByText(name, { exact: true })).toHaveCount(0);

    await a.context.setOffline(false);
    await expect(b.page.getByText(name, { exact: true })).toBeVisible({ timeout: 20_000 });
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
