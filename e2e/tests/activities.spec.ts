import type { BrowserContext, Page } from '@playwright/test';
import { ADMIN, AUDITOR } from '../support/environment';
import { expect, signedInPage, test } from '../support/fixtures';
import { saveNewList } from '../support/customer-lists';

/**
 * The activity stream (issue 12 item 5): what one person does raises the other's badge live;
 * the drawer lists it, one check marks it read and the badge drops, "mark all" empties it.
 * Other tests write activities on the same servers meanwhile, so counts are compared, not fixed.
 */

async function saveList(page: Page, id: string, title: string) {
  await page.goto('/customerdata');
  await saveNewList(page, id, title, 'Schraube');
  await expect(page.getByText(`${title} gespeichert`)).toBeVisible();
}

/** The number the bell's accessible name gives ("3 unread notifications"). */
async function unreadCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-button').getAttribute('aria-label')) ?? '';
  const match = /^(\d+) unread/.exec(label);
  return match ? Number(match[1]) : Number.NaN;
}

test.describe('activity stream', () => {
  let contexts: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  test("a colleague's change raises the badge live; mark one read, then all", async ({
    browser,
    server,
  }) => {
    const otto = await signedInPage(browser, server.url, 'en-US', AUDITOR);
    const admin = await signedInPage(browser, server.url, 'de-DE', ADMIN);
    contexts = [otto.context, admin.context];
    const bell = otto.page.getByTestId('notification-button');
    await expect(bell).toHaveAccessibleName(/^\d+ unread notifications?$/);

    // Start from an empty stream (other tests' activities are news to Otto too).
    await bell.click();
    const stream = otto.page.getByTestId('activity-stream');
    await expect(stream).toBeVisible();
    const markAll = stream.getByRole('button', { name: 'Mark all as read' });
    // Tests running beside this one may write news for Otto meanwhile: mark again until empty.
    await expect(async () => {
      if (await markAll.isVisible()) await markAll.click();
      await expect(stream.getByTestId('activity-empty')).toHaveText('No unread activities', {
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await otto.page.keyboard.press('Escape');
    await expect(stream).toBeHidden();
    const before = await unreadCount(otto.page);

    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    await saveList(admin.page, `act1${suffix}`, `Teile A ${suffix}`);
    await saveList(admin.page, `act2${suffix}`, `Teile B ${suffix}`);

    // Live, without a reload.
    await expect.poll(() => unreadCount(otto.page)).toBeGreaterThanOrEqual(before + 2);
    await bell.click();
    const first = stream.getByTestId('activity-item').filter({ hasText: `Teile A ${suffix}` });
    await expect(first).toContainText(`Administrator changed the list Teile A ${suffix}`);
    await expect(first.locator('time')).toHaveText(/seconds? ago|now|minute ago/);
    await expect(stream.getByRole('heading', { name: 'Today' })).toBeVisible();

    // The badge counts what the stream lists as unread. Compared with each other, not with a
    // number from before: tests running beside this one write activities Otto sees too.
    const badgeFollowsStream = () =>
      expect
        .poll(async () => {
          const listed = await stream.getByTestId('activity-item').count();
          return (await unreadCount(otto.page)) === listed;
        })
        .toBe(true);
    await first.getByRole('button', { name: /^Mark as read: / }).click();
    await expect(first).toHaveCount(0);
    await badgeFollowsStream();

    await stream.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(stream.getByText(`Teile B ${suffix}`)).toHaveCount(0);
    // The drawer is modal: the bar behind it is hidden from the accessibility tree meanwhile.
    await badgeFollowsStream();

    // Read on the server, not only here: a reload keeps the stream empty.
    await otto.page.reload();
    await expect(otto.page.getByTestId('notification-button')).toHaveAccessibleName(
      /^\d+ unread notifications?$/,
    );
    await otto.page.getByTestId('notification-button').click();
    await expect(stream.getByText(`Teile B ${suffix}`)).toHaveCount(0);
  });
});
