import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    // The property tests run hundreds of generated cases each; on two cores shared with the
    // server's and web's tests (and coverage) the default 5 s failed them for load, not a defect.
    testTimeout: 30_000,
  },
});
