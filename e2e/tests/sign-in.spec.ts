import { ADMIN } from '../support/environment';
import { expect, signIn, test, TEXT } from '../support/fixtures';

test('a signed-out visitor is sent to sign-in and lands on the target after signing in', async ({
  page,
}) => {
  // Issue 18.2: the session check of a signed-out visitor is no failed request in the console.
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type())) consoleErrors.push(message.text());
  });
  // Issue 18.2, a slow link: index.html asks who is signed in while the scripts load, and the
  // app takes that answer instead of asking again (one request, no "preloaded but not used").
  const sessionRequests: string[] = [];
  // The page's chunks are named in index.html's Link header (route-preloads.json): for a visitor
  // without a session the sign-in page's, with one the page's own. Each fetched once, with the
  // app's code, and used (no "preloaded but not used" warning in the console).
  const signInChunkRequests: string[] = [];
  const pageChunkRequests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/v1/session') sessionRequests.push(request.url());
    if (/^\/assets\/sign-in-page-[\w-]+\.js$/.test(pathname)) signInChunkRequests.push(pathname);
    if (/^\/assets\/audit-matrix-page-[\w-]+\.js$/.test(pathname)) pageChunkRequests.push(pathname);
  });
  await page.goto('/auditmatrix?year=2026#top');
  await expect(page).toHaveURL(/\/signin\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).toBe('/auditmatrix?year=2026#top');
  await expect(page.getByRole('heading', { name: TEXT.en.title })).toBeVisible();
  await expect(page.getByRole('button', { name: TEXT.en.submit, exact: true })).toBeEnabled();
  const html = await (await page.request.get('/signin')).text();
  expect(html).toContain('<link rel="preload" href="/api/v1/session" as="fetch"');
  expect(sessionRequests).toHaveLength(1);
  const signedOut = await page.request.get('/auditmatrix');
  expect(signedOut.headers()['link']).toMatch(
    /<\/assets\/sign-in-page-[\w-]+\.js>; rel=modulepreload/,
  );
  expect(signedOut.headers()['link']).not.toContain('audit-matrix-page');
  expect(signInChunkRequests).toHaveLength(1);
  expect(consoleErrors).toEqual([]);

  await signIn(page);
  await expect(page).toHaveURL(/\/auditmatrix\?year=2026#top$/);
  await expect(page.getByRole('heading', { name: 'Audit programme' })).toBeVisible();
  await expect(page.getByTestId('navigation-progress')).toBeHidden();
  // (The router asked for the page's chunk as it started, before the session sent it to sign-in.)
  expect(pageChunkRequests).toHaveLength(1);
  const signedIn = await page.request.get('/auditmatrix');
  expect(signedIn.headers()['link']).toMatch(
    /<\/assets\/audit-matrix-page-[\w-]+\.js>; rel=modulepreload/,
  );
  expect(signedIn.headers()['link']).not.toContain('sign-in-page');

  // Signed in, /signin goes home; the root needs no redirect parameter.
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/$/);
});

test('the root sends to /signin without a redirect parameter', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/signin$/);
});

test('a wrong password shows the real error in a dismissible alert', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, { email: ADMIN.email, password: 'not-the-password' });
  const alert = page.getByTestId('signin-error');
  await expect(alert).toContainText('Wrong e-mail or password');
  await expect(page).toHaveURL(/\/signin/);
  await alert.getByRole('button', { name: /close/i }).click();
  await expect(alert).toBeHidden();
});

test('sign out from the user menu ends the session', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page);
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto('/measures');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fmeasures$/);
  const session = await page.request.get('/api/v1/session');
  expect(await session.json()).toEqual({ person: null });
});

test('the left drawer lists the sitemap and the debug footer', async ({ page }) => {
  await page.goto('/signin?redirect=%2Fstandards');
  await signIn(page);
  await expect(page).toHaveURL(/\/standards$/);
  await page.getByRole('button', { name: /menu/i }).first().click();
  const drawer = page.getByTestId('left-drawer');
  for (const entry of [
    'Dashboard',
    'Standards and norms',
    'Templates and question pool',
    'Audit programme',
    'Measures',
  ]) {
    await expect(drawer.getByText(entry, { exact: true })).toBeVisible();
  }
  await expect(drawer).toContainText('0.6.2');
  await drawer.getByText('Measures', { exact: true }).click();
  await expect(page).toHaveURL(/\/measures$/);
});
