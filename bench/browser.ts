import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The e2e suite's Chromium flags (e2e/support/environment.ts). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why a browser benchmark cannot run here (no build, no Chromium), or null. */
export function browserBenchMissing(): string | null {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    return 'apps/web/dist is missing: run `npm run build` first';
  }
  if (!fs.existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install -y chromium)`;
  return null;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A context signed in with the session cookie `signIn` returned. */
export async function signedInContext(
  browser: Browser,
  url: string,
  cookie: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, locale: 'en-US' });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), url };
    }),
  );
  return context;
}
