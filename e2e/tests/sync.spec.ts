import { DEFAULT_CONFIGURATION } from '@qa/domain';
import type { Browser, BrowserContext } from '@playwright/test';
import {
  controlledByServiceWorker,
  expect,
  signIn,
  signedInPage as signedInAs,
  test,
} from '../support/fixtures';
import { saveNewList } from '../support/customer-lists';

/**
 * The sync engine in the browser (issue 4): live updates between two browsers, offline edits that
 * survive a reload and are sent when the network returns, and a closed page whose pending writes
 * are sent when it is opened again. Driven through the customer-data screen.
 */

const signedInPage = (browser: Browser, baseURL: string, lang: 'en' | 'de' = 'en') =>
  signedInAs(browser, baseURL, lang === 'de' ? 'de-DE' : 'en-US');

/** Waits until the service worker controls the page, so a reload works with no network. */
/** Two signed-in browsers on /customerdata; A can reload with no network. */
async function offlineReadyPair(browser: Browser, baseURL: string) {
  const a = await signedInPage(browser, baseURL);
  const b = await signedInPage(browser, baseURL);
  await a.page.goto('/customerdata');
  await controlledByServiceWorker(a.page);
  await b.page.goto('/customerdata');
  return { a, b };
}

const uniqueId = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('sync between browsers', () => {
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  test('a list saved in one browser appears in the other without reload', async ({
    browser,
    server,
  }) => {
    const a = await signedInPage(browser, server.url, 'de');
    const b = await signedInPage(browser, server.url);
    contexts = [a.context, b.context];
    await a.page.goto('/customerdata');
    await b.page.goto('/customerdata');
    await expect(b.page.getByRole('heading', { name: 'Customer data' })).toBeVisible();

    const id = uniqueId('live');
    await saveNewList(a.page, id, 'Teile live', 'Schraube');
    await expect(a.page.getByText('Teile live gespeichert')).toBeVisible();
    await expect(b.page.getByTestId(`list-item-${id}`)).toContainText('Teile live');
    // Confirmed by the server: the writer's pending count is gone.
    await expect(a.page.getByTestId('sync-pending-count')).toBeHidden();
  });

  test('offline edits survive a reload, stay marked pending, and reach the other browser once online', async ({
    browser,
    server,
  }) => {
    const { a, b } = await offlineReadyPair(browser, server.url);
    contexts = [a.context, b.context];
    await expect(
      a.page.getByTestId('sync-state-slot').locator('[data-sync-state="sync"]'),
    ).toBeVisible();

    await a.context.setOffline(true);
    await expect(a.page.getByTestId('offline-banner')).toBeVisible();
    const id = uniqueId('offline');
    await saveNewList(a.page, id, 'Offline list', 'Mutter');
    await expect(a.page.getByTestId('sync-pending-count')).toHaveText('1');
    const item = a.page.getByTestId(`list-item-${id}`);
    await expect(item.locator('[data-sync-state="unsaved"]')).toBeVisible();

    await a.page.reload();
    await expect(a.page.getByTestId('offline-banner')).toBeVisible();
    await expect(item).toContainText('Offline list');
    await expect(item.locator('[data-sync-state="unsaved"]')).toBeVisible();
    await expect(a.page.getByTestId('sync-pending-count')).toHaveText('1');
    await expect(b.page.getByTestId(`list-item-${id}`)).toHaveCount(0);

    await a.context.setOffline(false);
    await expect(b.page.getByTestId(`list-item-${id}`)).toContainText('Offline list');
    await expect(a.page.getByTestId('sync-pending-count')).toBeHidden();
    await expect(item.locator('[data-sync-state="sync"]')).toBeVisible();
  });

  test('a page closed with pending writes sends them when opened again', async ({
    browser,
    server,
  }) => {
    const { a, b } = await offlineReadyPair(browser, server.url);
    contexts = [a.context, b.context];

    await a.context.setOffline(true);
    await expect(a.page.getByTestId('offline-banner')).toBeVisible();
    const id = uniqueId('closed');
    await saveNewList(a.page, id, 'Closed while pending', 'Bolzen');
    await expect(a.page.getByTestId('sync-pending-count')).toHaveText('1');
    await a.page.close({ runBeforeUnload: false });

    await a.context.setOffline(false);
    await expect(b.page.getByTestId(`list-item-${id}`)).toHaveCount(0);
    const reopened = await a.context.newPage();
    await reopened.goto('/customerdata');
    await expect(b.page.getByTestId(`list-item-${id}`)).toContainText('Closed while pending');
    await expect(reopened.getByTestId('sync-pending-count')).toBeHidden();
  });
});

test('the configuration editor checks JSON and saves a segment', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  await page.goto('/configuration');
  const editor = page.getByTestId('config-editor-app-content');
  await expect(editor).toContainText('widgetItemCount');
  // CodeMirror renders only the visible lines, so the text is not read back from the page.
  const original = DEFAULT_CONFIGURATION.app;

  async function replaceText(text: string) {
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(text);
  }

  await replaceText('{ "broken": ');
  await expect(page.getByTestId('config-error-app')).toContainText(
    'This field requires valid JSON input',
  );
  await expect(page.getByTestId('config-save-app')).toBeDisabled();

  const changed = { ...original, dashboard: { ...original.dashboard, widgetItemCount: 12 } };
  await replaceText(JSON.stringify(changed, null, 2));
  await expect(page.getByTestId('config-error-app')).toBeHidden();
  await page.getByTestId('config-save-app').click();
  await expect(page.getByTestId('config-status-app')).toHaveAttribute('data-status', 'saved');

  // Back to the default, so other tests see the configuration they expect.
  await replaceText(JSON.stringify(original, null, 2));
  await page.getByTestId('config-save-app').click();
  await expect(page.getByTestId('config-status-app')).toHaveAttribute('data-status', 'saved');
});
