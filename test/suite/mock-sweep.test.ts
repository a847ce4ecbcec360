/**
 * The whole suite against the mock finds nothing to report, whatever form the
 * mock takes where the spec leaves room (docs/mock-choices.md): once per named
 * profile, and against a few random profiles, all at the default budget (each
 * run well under a minute) and the default --concurrency (8 rules at once).
 * Every report is valid, carries no key, and leaves the mock as empty as it
 * found it.
 *
 * Seeds: every run's seed derives from one base, SWEEP_SEED (default 0 in the
 * PR gate, so two runs of one commit send the same requests; `random`, the
 * nightly default, draws one), and the random profiles from their run seeds.
 * The base is printed, and a failure names the seed, the profile and the
 * command that replays it. The gate runs one random profile: more random
 * profiles repeat its assertions on other draws, which is the nightly tier's
 * work (random-2 and random-3 here under TEST_TIER=full, and the 20-seed
 * sweep of mock-sweep-20.nightly.test.ts).
 *
 * A named profile's run also proves the rows of open-choices.test.ts whose
 * every choice it holds (support/open-choices.ts): it checks their
 * observations here.
 *
 * The reference profile's run is also the control of test/mutants: the plain
 * mock passes every rule of the registry, none failed, none skipped.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/index.js';
import { DEFAULT_CONCURRENCY } from '../../suites/engine/config.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { rules as registry } from '../../suites/checks/rules.js';
import { FULL_TIER, testSeeds } from '../support/test-seeds.js';
import { NAMED_PROFILES, rowsProvenBy } from './support/open-choices.js';
import { KEYS, expectClean, profileSeedOf } from './support/sweep.js';

/** Random profiles: one in the PR gate (each costs a whole-registry run); the nightly tier runs three, then sweeps 20 more. */
const RANDOM_RUNS = FULL_TIER ? (['random-1', 'random-2', 'random-3'] as const) : (['random-1'] as const);
const seeds = testSeeds('SWEEP_SEED', 0);
const replay = (name: string): string => `${seeds.replay} npx vitest run test/suite/mock-sweep.test.ts -t '${name}'`;

console.log(`mock sweep: seed base ${seeds.base}${seeds.drawn ? ' (drawn)' : ''}; replay with ${seeds.replay}`);

describe('the suite against the mock', () => {
  it.each(NAMED_PROFILES)(
    'finds no mismatch at the default budget against the %s profile',
    async (profile) => {
      await using mock = await createMockServer({ port: 0, profile });
      const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: seeds.of(profile) });
      expect(report.seed).toBe(seeds.of(profile));
      expect(report.runs).toBe(20);
      expect(report.options?.concurrency).toBe(DEFAULT_CONCURRENCY);
      // Rules ran 8 at once, long ones first; the report lists them in registry order all the same.
      expect(report.rules.map((rule) => rule.id)).toEqual(registry.map((rule) => rule.id));
      if (profile === 'reference') {
        // The mutants' control: with both keys, every rule runs against the plain mock and passes: none failed, none skipped.
        const notPassed = report.rules.filter((rule) => rule.status !== 'passed');
        const lines = notPassed.map(
          (rule) => `${rule.id} ${rule.status}: ${rule.mismatches[0]?.title ?? rule.errorMessage ?? rule.skipReason ?? ''}`,
        );
        expect(lines, `seed ${report.seed}; ${replay(profile)}`).toEqual([]);
        expect(report.rules.length).toBe(registry.length);
      }
      expectClean(report, mock, replay(profile));
      // The open forms this profile holds (open-choices.test.ts leaves their rows to this run): the run met each one.
      for (const { form, observed } of rowsProvenBy(profile)) {
        if (!observed) continue;
        const [topic, value] = observed;
        expect(
          report.observations.filter((o) => o.topic === topic).map((o) => o.observed),
          `${form}; ${replay(profile)}`,
        ).toContain(value);
      }
    },
    120_000,
  );

  it.each(RANDOM_RUNS)(
    'finds no mismatch at the default budget against a random profile drawn from the seed of %s',
    async (name) => {
      const seed = seeds.of(name);
      await using mock = await createMockServer({ port: 0, profile: 'random', profileSeed: profileSeedOf(seed) });
      const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed });
      expect(report.seed).toBe(seed);
      expect(report.runs).toBe(20);
      expect(report.options?.concurrency).toBe(DEFAULT_CONCURRENCY);
      expectClean(report, mock, replay(name));
    },
    60_000,
  );

  it('draws different profiles for different seeds (the sweep covers more than one form)', async () => {
    const drawn = new Set<string>();
    for (const seed of [1_000, 8_919, 16_838, 24_757, 32_676]) {
      await using mock = await createMockServer({ port: 0, profile: 'random', profileSeed: profileSeedOf(seed) });
      drawn.add(JSON.stringify(mock.core.profile.choices));
    }
    expect(drawn.size).toBeGreaterThan(1);
  });
});
