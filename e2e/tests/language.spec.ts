import { expect, signIn, test, TEXT } from '../support/fixtures';

test.describe('German browser', () => {
  test.use({ locale: 'de-DE' });

  test('sees German, can switch to English, and the choice is remembered', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: TEXT.de.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await signIn(page, undefined, 'de');
    await expect(page.getByTestId('user-menu-button')).toBeVisible();
    await page.getByRole('button', { name: /menü/i }).first().click();
    await expect(page.getByTestId('left-drawer').getByText('Auditprogramm')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByTestId('language-switch').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: /menu/i }).first().click();
    await expect(page.getByTestId('left-drawer').getByText('Audit programme')).toBeVisible();
  });
});

test.describe('English browser', () => {
  test.use({ locale: 'en-US' });

  test('sees English and can switch to German', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: TEXT.en.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('language-switch').click();
    await expect(page.getByRole('heading', { name: TEXT.de.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});
