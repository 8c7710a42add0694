import { expect, signIn, test } from '../support/fixtures';

test('going offline shows the banner, coming back shows the success banner for 5 s', async ({
  page,
  context,
}) => {
  await page.goto('/signin');
  await signIn(page);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText('The application is offline.');

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await expect(page.getByTestId('online-banner')).toContainText('The application is back online.');
  await expect(page.getByTestId('online-banner')).toBeHidden({ timeout: 8000 });
});

test('after the first visit the app starts with no network', async ({ page, context }) => {
  await page.goto('/signin');
  await signIn(page);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  // The service worker has taken over once it controls the page.
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state === 'activated';
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  // Still signed in (the last session is kept) and the page of the shell is there.
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  await context.setOffline(false);
});

test('leaving while offline asks first; online it does not', async ({ page, context }) => {
  await page.goto('/signin');
  await signIn(page);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
  await expect(page.getByTestId('offline-banner')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  let askedOnline = false;
  page.on('dialog', (d) => {
    askedOnline = true;
    void d.accept();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(askedOnline).toBe(false);
});
