import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; the browser tests live in e2e/ (Playwright).
export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/sync', 'apps/server', 'apps/web'],
  },
});
