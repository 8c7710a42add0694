import { createAudit } from '../support/audits';
import { AUDITOR } from '../support/environment';
import { seriousViolations } from '../support/axe';
import { expect, signIn, test } from '../support/fixtures';

for (const locale of ['en-US', 'de-DE']) {
  test.describe(`accessibility in ${locale}`, () => {
    test.use({ locale });

    test('sign-in, reset and the shell have no serious WCAG violations', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/resetpassword');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/signin');
      await signIn(page, undefined, locale === 'de-DE' ? 'de' : 'en');
      await expect(page.getByTestId('user-menu-button')).toBeVisible();
      await page
        .getByRole('button', { name: /menu|menü/i })
        .first()
        .click();
      await expect(page.getByTestId('left-drawer')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the activity stream in the right drawer has no serious WCAG violations', async ({
      page,
    }) => {
      // The auditor: what the admin did in the other tests is news to them.
      await page.goto('/signin');
      await signIn(page, AUDITOR, locale === 'de-DE' ? 'de' : 'en');
      await expect(page.getByTestId('user-menu-button')).toBeVisible();
      await expect(page.getByTestId('notification-button')).toHaveAttribute('aria-label', /\d/);
      await page.getByTestId('notification-button').click();
      await expect(page.getByTestId('activity-stream')).toBeVisible();
      expect(
        await seriousViolations(page, '[data-testid="right-drawer"] .MuiDrawer-paper'),
      ).toEqual([]);
    });

    test('the configuration and customer-data screens have no serious WCAG violations', async ({
      page,
    }) => {
      await page.goto('/signin');
      await signIn(page, undefined, locale === 'de-DE' ? 'de' : 'en');
      await expect(page.getByTestId('user-menu-button')).toBeVisible();

      await page.goto('/configuration');
      await expect(page.getByTestId('config-editor-app-content')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/customerdata');
      await page.getByTestId('list-new').click();
      await expect(page.getByTestId('new-list-dialog')).toBeVisible();
      // Let the fade-in finish: half-transparent text would fail the contrast check.
      await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
      await expect(page.locator('.MuiBackdrop-root')).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the backup dialog works by keyboard and has no serious WCAG violations', async ({
      page,
    }) => {
      const de = locale === 'de-DE';
      await page.goto('/signin');
      await signIn(page, undefined, de ? 'de' : 'en');
      // The dashboard's title takes the focus when it arrives (after the shell, on a slow run
      // later than the account button exists): start from there, as a keyboard user does.
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await page.getByTestId('user-menu-button').focus();
      await page.keyboard.press('Enter');
      const entry = page.getByRole('menuitem', { name: de ? 'Sicherung' : 'Backup' });
      // The menu comes with its first opening, on the chosen language; Home leads to the profile,
      // then down: settings, webhooks, backup.
      await expect(page.getByTestId(de ? 'language-de' : 'language-en')).toBeFocused();
      await page.keyboard.press('Home');
      await expect(page.getByTestId('profile')).toBeFocused();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
      await expect(entry).toBeFocused();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('backup-dialog').getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      const download = dialog.getByRole('link', { name: de ? 'Herunterladen' : 'Download' });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(download).toBeFocused();
      await expect(download).toHaveCSS('outline-style', 'solid');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('the audit matrix, the audit dialog, the preparation, execution, wrap-up and reporting tabs and the finding, company and explanation dialogs have no serious WCAG violations', async ({
      page,
    }) => {
      await page.goto('/signin');
      await signIn(page, undefined, locale === 'de-DE' ? 'de' : 'en');
      await expect(page.getByTestId('user-menu-button')).toBeVisible();

      await page.goto('/auditmatrix');
      await expect(page.getByTestId('audit-matrix-header')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('audit-create').click();
      await expect(page.getByTestId('audit-dialog')).toBeVisible();
      await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
      await expect(page.locator('.MuiBackdrop-root')).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await page.getByTestId('audit-dialog-cancel').click();
      await expect(page.getByTestId('audit-dialog')).toBeHidden();

      await createAudit(page, { name: `A11y ${Date.now()}`, lead: 'Otto Auditor' });
      await expect(page.getByTestId('preparation-tab')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // Issue 11: the execution tab with a finding, and the finding dialog.
      await page.getByTestId('question-create').click();
      await page.getByTestId('question-text').fill('Is the gauge calibrated?');
      await page.getByTestId('question-save').click();
      // Kept on the device once the dialog closes; navigating away mid-save could lose it.
      await expect(page.getByTestId('question-dialog')).toBeHidden();
      await expect(page.locator('[data-testid^="item-row-"]')).toHaveCount(1);
      await page.goto(page.url().replace(/auditpreparation$/, 'auditexecution'));
      await page.getByTestId('exec-add-finding').click();
      await expect(page.getByTestId('finding-dialog')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('finding-save').click();
      await expect(page.getByTestId('finding-dialog')).toBeHidden();
      await expect(page.getByTestId('exec-finding-type')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // Issue 11.7: the wrap-up tab and the company data dialog.
      await page.goto(page.url().replace(/auditexecution$/, 'auditwrapup'));
      await expect(page.getByTestId('wrapup-overview')).toContainText('1');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('wrapup-company-edit').click();
      await expect(page.getByTestId('company-dialog')).toBeVisible();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('company-dialog')).toBeHidden();

      // Issue 13: the reporting tab with its charts, and the explanation of the result.
      await page.goto(page.url().replace(/auditwrapup$/, 'auditreporting'));
      await expect(page.getByTestId('reporting-charts')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('reporting-explain-total').click();
      await expect(page.getByTestId('reporting-explanation')).toBeVisible();
      await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    });

    test('the action list, the measures list and its filter drawer, the measure dialog and the dashboard have no serious WCAG violations', async ({
      page,
    }) => {
      const de = locale === 'de-DE';
      await page.goto('/signin');
      await signIn(page, undefined, de ? 'de' : 'en');
      await expect(page.getByTestId('user-menu-button')).toBeVisible();

      // An audit the admin leads, with a measure on its action list assigned to him: something
      // in each dashboard widget once the measure is starred too.
      const suffix = Date.now().toString(36).slice(-6);
      const id = await createAudit(page, {
        name: `A11y measures ${suffix}`,
        lead: 'Administrator',
      });
      await page.goto(`/audit/${id}/auditactionlist`);
      await page.getByTestId('measure-create').click();
      const dialog = page.getByTestId('measure-dialog');
      await expect(dialog).toBeVisible();
      const text = `A11y ${suffix} ${de ? 'Gänge markieren' : 'Mark the aisles'}`;
      await dialog.getByTestId('measure-text').fill(text);
      await dialog.getByTestId('measure-assignees').click();
      await dialog.getByTestId('measure-assignees').fill('Administrator');
      await page
        .getByRole('option', { name: /^Administrator/ })
        .first()
        .click();
      await dialog.getByTestId('measure-save').click();
      await expect(dialog).toBeHidden();
      const row = page.getByTestId('list-row-open').filter({ hasText: text });
      await expect(row).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/measures');
      await expect(row).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // Its filter drawer with the facets (status, assignee, audit, ...).
      await page.getByTestId('list-filter-button').click();
      await expect(page.getByTestId('list-filter-drawer')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('list-filter-drawer')).toBeHidden();

      // The dialog of an existing measure, as the admin: status, next steps, assignees, delete.
      await row.click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId('measure-status')).toBeVisible();
      await expect(dialog.getByTestId('measure-delete')).toBeVisible();
      await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
      await expect(page.locator('.MuiBackdrop-root')).toHaveCSS('opacity', '1');
      const star = dialog.locator('[data-testid^="favorite-measures-"]');
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'true');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.goto('/');
      await expect(page.locator('[data-testid^="dashboard-audit-"]').first()).toBeVisible();
      await expect(page.getByTestId('dashboard-measures')).toContainText(text);
      await expect(page.getByTestId('dashboard-favorites')).toContainText(text);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
