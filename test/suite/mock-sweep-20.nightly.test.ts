/**
 * Nightly (`npm run test:full`): the whole suite against the mock over 20
 * seeds, each against a random profile drawn from its seed, at the default
 * budget and --concurrency. Every report is valid, carries no key, and leaves
 * the mock as empty as it found it. A failure names the seed and the profile,
 * so it replays: `jobs-mock --profile random --profile-seed N` and
 * `jobs-conformance --seed N`. The PR gate runs the named profiles and a few
 * random ones (mock-sweep.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/index.js';
import { DEFAULT_CONCURRENCY } from '../../suites/engine/config.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { KEYS, expectClean, profileSeedOf } from './support/sweep.js';

const SEEDS = Array.from({ length: 20 }, (_, i) => 1_000 + i * 7_919);

describe('the suite against the mock, over 20 random profiles', () => {
  it.each(SEEDS)(
    'finds no mismatch with seed %i at the default budget against a random profile drawn from it',
    async (seed) => {
      await using mock = await createMockServer({ port: 0, profile: 'random', profileSeed: profileSeedOf(seed) });
      const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed });
      expect(report.seed).toBe(seed);
      expect(report.runs).toBe(20);
      expect(report.options?.concurrency).toBe(DEFAULT_CONCURRENCY);
      expectClean(
        report,
        mock,
        `TEST_TIER=full npx vitest run --project nightly test/suite/mock-sweep-20.nightly.test.ts -t 'seed ${seed} '`,
      );
    },
    60_000,
  );
});
