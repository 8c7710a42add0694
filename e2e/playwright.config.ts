import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SERVERS } from './support/environment';

/**
 * End-to-end tests in Debian's Chromium against real server processes: one on the embedded
 * SQLite default and one on PostgreSQL (global-setup starts both, a local OpenID Connect
 * provider, and a third SQLite server with the default rate limits).
 */
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'sqlite', use: { baseURL: SERVERS.sqlite.url }, testIgnore: /rate-limit/ },
    { name: 'postgres', use: { baseURL: SERVERS.postgres.url }, testIgnore: /rate-limit/ },
    // Default (strict) rate limits, on a server of its own so other tests' sign-ins don't count.
    { name: 'strict', use: { baseURL: SERVERS.strict.url }, testMatch: /rate-limit/ },
  ],
});
