import type { Page } from '@playwright/test';
import { ADMIN, OIDC } from '../support/environment';
import { expect, test } from '../support/fixtures';

test('enterprise login is offered only in the admin view', async ({ page }) => {
  await page.goto('/signin');
  await expect(
    page.getByTestId('signin-error').or(page.getByRole('heading', { name: 'Sign In' })),
  ).toBeVisible();
  await expect(page.getByTestId(`enterprise-login-${OIDC.providerId}`)).toHaveCount(0);
  await page.goto('/signin?admin');
  await expect(page.getByTestId(`enterprise-login-${OIDC.providerId}`)).toBeVisible();
});

async function loginAtProvider(page: Page, email: string) {
  await page.getByTestId(`enterprise-login-${OIDC.providerId}`).click();
  await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:${OIDC.port}`));
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: /sign in|continue|log in/i }).click();
}

test('a person with a matching e-mail signs in through the OpenID Connect provider', async ({
  page,
}) => {
  await page.goto('/signin?admin&redirect=%2Ftemplates');
  await loginAtProvider(page, ADMIN.email);
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
});

test('someone with no person record is signed out again with a clear message', async ({ page }) => {
  await page.goto('/signin?admin');
  await loginAtProvider(page, OIDC.stranger);
  await expect(page).toHaveURL(/\/signin\?.*error=no_person_record/);
  await expect(page.getByTestId('signin-error')).toContainText('no person is registered');
  const session = await page.request.get('/api/v1/session');
  expect(await session.json()).toEqual({ person: null });
});
