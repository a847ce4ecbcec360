import { defineConfig } from 'vitest/config';

/**
 * Two tiers (issue 13): `unit` is the fast `*.test.ts` beside the source
 * (schemas, mock, suite units, report units) and the import-direction
 * check; `integration` is the rest of test/ (the mock over HTTP, the suite against the mock and its
 * mutants, the built CLIs). `npm test` runs both; `npm run test:unit`
 * (or `npx vitest --project unit`) runs the fast one.
 */
const shared = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          // test/architecture: the static import-direction check, as fast as a unit test.
          include: ['schemas/**/*.test.ts', 'mock/**/*.test.ts', 'suites/**/*.test.ts', 'reports/**/*.test.ts', 'test/architecture/**/*.test.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/architecture/**'],
        },
      },
    ],
  },
});
