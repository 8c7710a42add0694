import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { catalogParts } from './vite.config';

export default defineProject({
  plugins: [react(), catalogParts()],
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test'), __APP_BUILD__: JSON.stringify('test') },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Component tests render MUI in jsdom, which takes seconds on a busy 2-core CI machine; the
    // default 5 s made them fail for load, not for a defect.
    testTimeout: 20_000,
  },
});
