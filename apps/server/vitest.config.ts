import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Every file starts its own servers on free ports with its own data directory and
    // PostgreSQL database, so files may run in parallel.
    fileParallelism: true,
  },
});
