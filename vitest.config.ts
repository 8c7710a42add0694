import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; the browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/sync', 'apps/server', 'apps/web'],
    // `npm test` runs with --coverage: the rules package must stay covered (issue 3 asks 90 %).
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary'],
      reportsDirectory: 'coverage/domain',
      thresholds: { lines: 90 },
    },
  },
});
