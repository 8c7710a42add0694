import { expect, signIn, signedInPage, test } from '../support/fixtures';

/** Issue 5, first slice: the seven default standards, and a standard imported by CSV (German UI). */

test('a standard imported by CSV in German appears, opens, and shows up live in a second browser', async ({
  browser,
  server,
}) => {
  const a = await signedInPage(browser, server.url, 'de-DE');
  const b = await signedInPage(browser, server.url, 'en-US');
  try {
    await a.page.goto('/standards');
    await b.page.goto('/standards');
    await expect(
      a.page.getByRole('heading', { level: 1, name: 'Verwendete Normen' }),
    ).toBeVisible();
    // Seeded on first start (SPEC section 9).
    await expect(a.page.getByTestId('standard-row-iso9001')).toBeVisible();

    const name = `Norm${Date.now().toString(36).slice(-6)}`;
    await a.page.getByTestId('standard-import-open').click();
    await a.page.getByTestId('standard-import-name').fill(name);
    await a.page.getByTestId('standard-import-description').fill('Eine Norm aus dem Test');
    await a.page
      .getByTestId('standard-import-chapters')
      .fill('id;description\n1;Anwendungsbereich\n1.1;Allgemeines');
    await a.page.getByTestId('standard-import-submit').click();

    await expect(a.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(a.page.getByTestId('standard-chapters')).toContainText('1.1 Allgemeines');
    await expect(a.page.getByText(`Norm ${name} importiert`)).toBeVisible();

    const id = name.toLowerCase();
    await expect(b.page.getByTestId(`standard-row-${id}`)).toContainText('2 chapters');
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('the standard import dialog names the bad field and keeps the dialog open', async ({
  page,
}) => {
  await page.goto('/signin');
  await signIn(page);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  await page.goto('/standards');
  await page.getByTestId('standard-import-open').click();
  await page.getByTestId('standard-import-name').fill('A');
  await page.getByTestId('standard-import-description').fill('Valid description');
  await page.getByTestId('standard-import-chapters').fill('[{"id": "1", "description": "One"}]');
  await page.getByTestId('standard-import-submit').click();
  await expect(page.getByTestId('standard-import-dialog')).toContainText(
    'Name length invalid 2-32 characters',
  );
  await expect(page.getByTestId('standard-import-errors')).toBeVisible();
});
