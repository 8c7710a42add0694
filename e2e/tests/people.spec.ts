import type { Browser, Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { createAudit, importQuestions } from '../support/audits';
import { expect, readMail, resetLinkFrom, signIn, signedInPage, test } from '../support/fixtures';

/**
 * Issue 15: people and roles from the browser. An admin (in German) creates an auditor with a
 * login; the "set your password" mail is read from the outbox and used; the auditor signs in and
 * sees only what auditors may; the admin takes the auditor role away and the auditor's open page
 * loses its actions live. A person added inactive from the user picker gets a login later.
 */

const suffix = () => Date.now().toString(36).slice(-6);

/** Sets the password by the mail's link and signs in, in a browser of its own (English). */
async function setPasswordAndSignIn(
  browser: Browser,
  baseURL: string,
  link: string,
  email: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page).toHaveURL(/\/resetpassword\?token=/);
  const password = `first-password-${Date.now()}`;
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat new password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /set new password/i }).click();
  await expect(page.getByText(/password has been changed/i)).toBeVisible();
  await page.goto('/signin');
  await signIn(page, { email, password });
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  return { page, close: () => context.close() };
}

test('an admin creates an auditor with a login; the auditor loses the role live', async ({
  browser,
  server,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInPage(browser, server.url, 'de-DE');
  let auditor: { page: Page; close: () => Promise<void> } | null = null;
  try {
    const name = `Anna Prüferin ${suffix()}`;
    const email = `anna-${suffix()}@example.com`;
    const since = Date.now() - 1000;
    // Issue 34.9: the administration screens are in the drawer for who may use them.
    await admin.page.getByRole('button', { name: 'Hauptmenü' }).click();
    const adminNav = admin.page.getByTestId('admin-nav');
    await expect(adminNav.getByRole('link')).toHaveText([
      'Personen',
      'Konfiguration',
      'Kundendaten',
      'Auditimport',
      'Webhooks',
    ]);
    await adminNav.getByRole('link', { name: 'Kundendaten' }).click();
    await expect(admin.page).toHaveURL(/\/customerdata$/);
    await adminNav.getByRole('link', { name: 'Personen' }).click();
    await expect(admin.page).toHaveURL(/\/users$/);
    await expect(adminNav.getByRole('link', { name: 'Personen' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await admin.page.goto('/users/create');
    await admin.page.getByTestId('user-create-displayName').fill(name);
    await admin.page.getByTestId('user-create-email').fill(email);
    const login = admin.page.getByTestId('user-create-login');
    if (!(await login.isChecked())) await login.check();
    await admin.page.getByTestId('user-create-roles-auditor').check();
    await admin.page.getByTestId('user-create-submit').click();
    await expect(admin.page.getByTestId('snackbar-message')).toContainText(
      'Benutzer erfolgreich angelegt',
    );
    await expect(admin.page).toHaveURL(/\/user\/[^/]+$/);
    const personId = /\/user\/([^/?]+)/.exec(admin.page.url())![1]!;

    const mail = await readMail(server.dataDir, email, since);
    auditor = await setPasswordAndSignIn(browser, server.url, resetLinkFrom(mail), email);

    // Only what an auditor may: no new audits, no people administration, none in the drawer.
    await auditor.page.goto('/auditmatrix');
    await expect(auditor.page.getByTestId('list-search')).toBeVisible();
    // Her screens speak the language her account was given (German here).
    await auditor.page.getByRole('button', { name: /^(Hauptmenü|Main menu)$/ }).click();
    await expect(
      auditor.page.getByTestId('left-drawer').getByRole('link', { name: /^(Maßnahmen|Measures)$/ }),
    ).toBeVisible();
    await expect(auditor.page.getByTestId('admin-nav')).toHaveCount(0);
    await expect(auditor.page.getByTestId('audit-create')).toHaveCount(0);
    await auditor.page.goto('/users');
    await expect(auditor.page.getByTestId(`user-row-${personId}`)).toBeVisible();
    await expect(auditor.page.getByTestId('user-create')).toHaveCount(0);

    // Her audit, led by her, with a question to answer.
    const audit = `Audit Anna ${suffix()}`;
    const id = await createAudit(admin.page, { name: audit, lead: name });
    await importQuestions(admin.page, 'no;text\n1;Ist der Arbeitsplatz sauber?');
    await auditor.page.goto(`/audit/${id}/auditexecution`);
    const add = auditor.page.getByTestId('exec-add-finding');
    await expect(add).toHaveCount(1);

    // The admin takes the auditor role away: her open page loses the action at once.
    await admin.page.goto(`/user/${personId}`);
    await admin.page.getByTestId('user-profile-roles-auditor').uncheck();
    await admin.page.getByTestId('user-profile-roles-save').click();
    await expect(admin.page.getByTestId('snackbar-message')).toContainText(
      'Benutzer erfolgreich aktualisiert',
    );
    await expect(add).toHaveCount(0, { timeout: 15_000 });
  } finally {
    await auditor?.close();
    await admin.context.close();
  }
});

test('a person added from the user picker gets a login later', async ({ browser, server }) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, server.url, 'de-DE');
  let person: { page: Page; close: () => Promise<void> } | null = null;
  try {
    const name = `Bernd Gast ${suffix()}`;
    const email = `bernd-${suffix()}@example.com`;
    await admin.page.goto('/auditmatrix');
    await admin.page.getByTestId('audit-create').click();
    await admin.page.getByTestId('audit-dialog-coauditors-add-person').click();
    await admin.page.getByTestId('person-create-displayName').fill(name);
    await admin.page.getByTestId('person-create-email').fill(email);
    await admin.page.getByTestId('person-create-submit').click();
    await expect(admin.page.getByTestId('person-create-dialog')).toBeHidden();
    await admin.page.keyboard.press('Escape');

    await admin.page.goto('/users');
    const row = admin.page.locator('[data-testid^="user-row-"]').filter({ hasText: name });
    await expect(row).toContainText(/inaktiv/i);
    const rowId = (await row.getAttribute('data-testid'))!.replace('user-row-', '');
    await admin.page.goto(`/user/${rowId}`);
    await expect(admin.page.getByTestId('user-profile')).toBeVisible();
    const since = Date.now() - 1000;
    await admin.page.getByTestId('user-action-enable-login').click();
    await admin.page.getByTestId('user-action-confirm').click();
    await expect(admin.page.getByTestId('user-profile-login')).not.toContainText(/kein/i);

    const mail = await readMail(server.dataDir, email, since);
    person = await setPasswordAndSignIn(browser, server.url, resetLinkFrom(mail), email);
    await person.page.goto('/');
    await expect(person.page.getByTestId('user-menu-button')).toBeVisible();
  } finally {
    await person?.close();
    await admin.context.close();
  }
});

for (const locale of ['de-DE', 'en-US']) {
  test(`the users list, a profile and the settings have no serious WCAG violations (${locale})`, async ({
    browser,
    server,
  }) => {
    const { page, context } = await signedInPage(browser, server.url, locale);
    try {
      await page.goto('/users');
      await expect(page.locator('[data-testid^="user-row-"]').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const testId = await page
        .locator('[data-testid^="user-row-"]')
        .first()
        .getAttribute('data-testid');
      await page.goto(`/user/${testId!.replace('user-row-', '')}`);
      await expect(page.getByTestId('user-profile')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/settings');
      await expect(page.getByTestId('settings-language')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
