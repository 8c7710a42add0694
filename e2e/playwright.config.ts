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
    // As a user who turned animations off: menus and dialogs open and close at once, so a click
    // never lands on one still moving (on two loaded cores they took seconds to settle).
    reducedMotion: 'reduce',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Recording a trace of every test nearly doubles the suite's time on two cores, and the
    // load made tests time out; a failure keeps its screenshot and page snapshot. Set
    // E2E_TRACE=retain-on-failure to get the traces too.
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'sqlite', use: { baseURL: SERVERS.sqlite.url }, testIgnore: /rate-limit/ },
    // PostgreSQL only for the journeys where the database makes a difference (decision 76): the
    // change log and live fan-out (sync, no-flashback, online/offline), the REST API's queries,
    // files beside their rows (media) and the webhook outbox (integrations). Every rule on
    // PostgreSQL is proven by the integration tests; screens and texts are the same on both.
    {
      name: 'postgres',
      use: { baseURL: SERVERS.postgres.url },
      testMatch: /\/(sync|no-flashback|online-offline|api|media|integrations)\.spec\.ts$/,
    },
    // Default (strict) rate limits, on a server of its own so other tests' sign-ins don't count.
    { name: 'strict', use: { baseURL: SERVERS.strict.url }, testMatch: /rate-limit/ },
  ],
});
