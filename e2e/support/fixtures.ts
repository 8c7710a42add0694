import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { ADMIN, serverFor } from './environment';

/** Labels and button texts of the sign-in page, per language. */
export const TEXT = {
  en: { email: 'E-mail', password: 'Password', submit: 'Sign in', title: 'Sign In' },
  de: { email: 'E-Mail', password: 'Passwort', submit: 'Anmelden', title: 'Anmelden' },
} as const;

export const test = base.extend<{ server: ReturnType<typeof serverFor> }>({
  // English unless a test says otherwise, so texts are predictable.
  locale: 'en-US',
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies first
  server: async ({}, use, testInfo) => {
    await use(serverFor(testInfo.project.name));
  },
});
export { expect };

export async function signIn(
  page: Page,
  who: { email: string; password: string } = ADMIN,
  lang: keyof typeof TEXT = 'en',
): Promise<void> {
  const t = TEXT[lang];
  await page.getByLabel(t.email, { exact: true }).fill(who.email);
  await page.getByLabel(t.password, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: t.submit, exact: true }).click();
}

/**
 * A browser context of its own in `locale` (de-* signs in through the German form), signed in
 * as `who` (the admin by default): for tests that need two people or two browsers at once.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  locale: string,
  who?: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL, locale, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/signin');
  await signIn(page, who, locale.startsWith('de') ? 'de' : 'en');
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  return { context, page };
}

/** The newest mail in a server's outbox folder whose text contains `needle`, decoded. */
export async function readMail(dataDir: string, needle: string, since: number): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'))
      : [];
    const fresh = files
      .map((f) => path.join(outbox, f))
      .filter((f) => fs.statSync(f).mtimeMs >= since)
      .map((f) => decodeQuotedPrintable(fs.readFileSync(f, 'utf8')))
      .filter((text) => text.includes(needle));
    if (fresh.length > 0) return fresh[fresh.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail for ${needle} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function resetLinkFrom(mail: string): string {
  const match = mail.match(/https?:\/\/[^\s"<>]+\/api\/auth\/reset-password\/[^\s"<>]+/);
  if (!match) throw new Error(`no reset link in mail:\n${mail}`);
  return match[0].replace(/&amp;/g, '&');
}

/** Waits until the service worker controls the page: from then on it reloads with no network. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated';
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A tablet held in portrait (issue 11's target device). */
export const TABLET = { width: 768, height: 1024 };
/** Munich plant, as the tablet's (mocked) position. */
export const PLANT_POSITION = { latitude: 48.177, longitude: 11.556, accuracy: 8 };

/**
 * A signed-in touch tablet in portrait in the given locale, with a mocked position and camera
 * access. Errors the page logs (other than being offline) are printed, so a failure in CI says
 * what the page said.
 */
export async function tabletPage(browser: Browser, baseURL: string, locale: string) {
  const context = await browser.newContext({
    baseURL,
    locale,
    viewport: TABLET,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    permissions: ['geolocation', 'camera'],
    geolocation: PLANT_POSITION,
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    const type = message.type();
    if (
      (type === 'error' || type === 'warning') &&
      !message.text().includes('INTERNET_DISCONNECTED')
    ) {
      console.log(`[${locale}] console: ${message.text()}`);
    }
  });
  await page.goto('/signin');
  await signIn(page, undefined, locale.startsWith('de') ? 'de' : 'en');
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  return { context, page };
}
