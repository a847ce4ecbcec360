import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { PATCHES_MODULES_OR_GLOBALS } from './test/support/isolated-files.js';
import { SlowFilesFirst } from './test/support/slow-files-first.js';

/**
 * Three tiers (docs/testing.md says what each proves), in four projects:
 * - `unit`: the fast `*.test.ts` beside the source (schemas, mock, suite units, report units) and the
 *   import-direction check; `npm run test:unit` (or `npx vitest --project unit`).
 * - `integration`: the rest of test/ (the mock over HTTP, the suite against the mock and its mutants, the
 *   built CLIs), one module graph per worker; `integration-isolated`, the few of its files that patch a module
 *   or a global, a graph each. With `unit`, the PR gate: `npm test`, deterministic seeds.
 * - `nightly`: `test/**\/*.nightly.test.ts`, the long runs and the packed package in integrator projects (on
 *   the lowest peers from a committed lockfile, and on the newest); `npm run test:full` (TEST_TIER=full) runs
 *   them beside the others, which then draw random seeds and run their wider variants.
 */
const FAST_CHECK_SEED = 'test/support/fast-check-seed.global.ts';
const shared = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
  pool: 'forks' as const,
  // Properties without their own seed run from one printed seed per run (FC_SEED); the proxy judges on a worker
  // thread from the sources too.
  setupFiles: ['test/support/fast-check-seed.setup.ts', 'test/support/judge-worker-from-sources.setup.ts'],
};

const NIGHTLY = '**/*.nightly.test.ts';
const integration = {
  ...shared,
  // Builds dist/ only when a source is newer: `npm ci` has just built it.
  globalSetup: ['test/support/fresh-dist.ts', FAST_CHECK_SEED],
  // test/mutants runs its mutants 8 at once (describe.concurrent): most of each run is waiting.
  maxConcurrency: 8,
};
const fullTier = process.env.TEST_TIER === 'full';

export default defineConfig({
  test: {
    // vitest's default is one file per core less one: a single file at a time on 2 cores. Most of an
    // integration file is waiting (sockets, rules sleeping past a second), so one file more than cores
    // keeps both cores busy (measured on 2 cores: 364 s of wall time at 1 worker, 226 s at 3).
    maxWorkers: availableParallelism() + 1,
    // The longest files start first, on a fresh clone too (vitest would start them last: they are short in lines).
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          globalSetup: [FAST_CHECK_SEED],
          // One module graph per worker, not per file: the unit tests share no state (fixtures hand out fresh copies).
          isolate: false,
          // test/architecture: the static import-direction check, as fast as a unit test.
          include: [
            'schemas/**/*.test.ts',
            'vocabulary/**/*.test.ts',
            'mock/**/*.test.ts',
            'suites/**/*.test.ts',
            'proxy/**/*.test.ts',
            'judging/**/*.test.ts',
            'reports/**/*.test.ts',
            'cli/**/*.test.ts',
            'test/architecture/**/*.test.ts',
            // The mutation run's survivors against their list (the run itself is `npm run mutation`).
            'test/mutation/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: ['test/architecture/**', 'test/mutation/**', 'test/examples/**', NIGHTLY, ...PATCHES_MODULES_OR_GLOBALS],
          // One module graph per worker: each file importing the sources anew cost 219 s of a 516 s gate in CI.
          isolate: false,
        },
      },
      {
        test: { ...integration, name: 'integration-isolated', include: PATCHES_MODULES_OR_GLOBALS },
      },
      ...(fullTier
        ? [
            {
              test: {
                ...shared,
                name: 'nightly',
                include: [`test/${NIGHTLY}`],
                globalSetup: ['test/support/fresh-dist.ts', 'test/examples/support/pack.ts', FAST_CHECK_SEED],
                testTimeout: 600_000,
              },
            },
          ]
        : []),
    ],
  },
});
