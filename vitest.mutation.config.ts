import { defineConfig } from 'vitest/config';

/**
 * The one vitest project StrykerJS runs (stryker.config.mjs, `npm run mutation`): the suite as the test of the
 * mock's job logic, one test per rule and profile (test/mutation/suite-as-test.mutation.ts). Its file name ends
 * in `.mutation.ts`, so no project of vitest.config.ts (`npm test`) picks it up.
 */
export default defineConfig({
  test: {
    name: 'mutation',
    include: ['test/mutation/**/*.mutation.ts'],
    // Stryker runs one worker's tests one after another, and per-test coverage needs them so: a rule at a time.
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
