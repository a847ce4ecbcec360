/**
 * The whole suite against the mock finds nothing to report, whatever form the
 * mock takes where the spec leaves room (docs/mock-choices.md): once per fixed
 * setting (test/support/mock-settings.ts: each named profile, and other-forms,
 * every switch away from the reference; the nightly tier adds other-forms-2
 * and -3, the rarer forms, which the gate's open-choices rows run with the rules
 * they touch), and in the nightly tier against random profiles, all at the
 * default budget (each run well under a minute) and the default --concurrency
 * (8 rules at once).
 * Every report is valid, carries no key, and leaves the mock as empty as it
 * found it.
 *
 * Seeds: every run's seed derives from one base, SWEEP_SEED (default 0 in the
 * PR gate, so two runs of one commit send the same requests; `random`, the
 * nightly default, draws one), and the random profiles from their run seeds.
 * The base is printed, and a failure names the seed, the profile and the
 * command that replays it. Random profiles repeat the fixed settings'
 * assertions on other draws, which is the nightly tier's work (three here under
 * TEST_TIER=full, and the 20-seed sweep of mock-sweep-20.nightly.test.ts);
 * other-forms already runs a combination no named profile makes in the gate.
 *
 * A setting's run also proves the rows of open-choices.test.ts whose every
 * choice it holds (support/open-choices.ts): it checks their observations here,
 * and their written forms on a mock set to the row's choices alone.
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
import { GATE_SETTINGS, MOCK_SETTINGS, mockOptionsOf } from '../support/mock-settings.js';
import { expectObserved, expectWrittenForm, rowsProvenBy } from './support/open-choices.js';
import { KEYS, expectClean, profileSeedOf } from './support/sweep.js';

/** Random profiles, each a whole-registry run: the nightly tier's (three here, then 20 more in mock-sweep-20). */
const RANDOM_RUNS = ['random-1', 'random-2', 'random-3'] as const;
const seeds = testSeeds('SWEEP_SEED', 0);
const replay = (name: string): string => `${seeds.replay} npx vitest run test/suite/mock-sweep.test.ts -t '${name}'`;

console.log(`mock sweep: seed base ${seeds.base}${seeds.drawn ? ' (drawn)' : ''}; replay with ${seeds.replay}`);

describe('the suite against the mock', () => {
  it.each(FULL_TIER ? MOCK_SETTINGS : GATE_SETTINGS)(
    'finds no mismatch at the default budget against the %s setting',
    async (profile) => {
      await using mock = await createMockServer({ port: 0, ...mockOptionsOf(profile) });
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
      // The open forms this setting holds (open-choices.test.ts leaves their rows to this run): the run met each one.
      for (const { form, observed, writes, choices } of rowsProvenBy(profile)) {
        if (observed) expectObserved(report, observed, `${form}; ${replay(profile)}`);
        // The row's written form, on a mock set to the row's choices alone (other switches change how it is written).
        if (writes) {
          await using fresh = await createMockServer({ port: 0, choices });
          await expectWrittenForm(fresh.url, writes);
        }
      }
    },
    120_000,
  );

  it.runIf(FULL_TIER).each(RANDOM_RUNS)(
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
