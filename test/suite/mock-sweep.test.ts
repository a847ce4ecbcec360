/**
 * The whole suite against the mock finds nothing to report, whatever form the
 * mock takes where the spec leaves room (docs/mock-choices.md): over 20 seeds,
 * each against a random profile drawn from its seed, and once per named
 * profile, all at the default budget (each run well under a minute) and the
 * default --concurrency (8 rules at once).
 * Every report is valid, carries no key, and leaves the mock as empty as it
 * found it. A failure names the seed and the profile, so it replays:
 * `jobs-mock --profile random --profile-seed N` and `jobs-conformance --seed N`.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer, REFERENCE_CHOICES, type ChoiceName, type MockServer } from '../../mock/index.js';
import { validators } from '../../schemas/index.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { DEFAULT_CONCURRENCY } from '../../suites/config.js';
import { runConformance } from '../../suites/run-conformance.js';
import { rules as registry } from '../../suites/rules.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
const SEEDS = Array.from({ length: 20 }, (_, i) => 1_000 + i * 7_919);
const NAMED_PROFILES = ['reference', 'alt', 'lenient'] as const;

/** The random profile of a sweep seed: derived from it, so the seed alone replays the run. */
const profileSeedOf = (seed: number): number => (seed * 2_654_435_761) >>> 0;

/** How to replay the mock a report came from, and its switches that differ from the reference profile. */
function describeProfile(mock: MockServer): string {
  const { profile, profileSeed, choices } = mock.profile();
  const flipped = Object.entries(choices).filter(([name, value]) => REFERENCE_CHOICES[name as ChoiceName] !== value);
  const replay = profileSeed === undefined ? `--profile ${profile}` : `--profile ${profile} --profile-seed ${profileSeed}`;
  return `mock ${replay}: ${flipped.map(([name, value]) => `${name}=${value}`).join(', ')}`;
}

/** Every mismatch, one line each, so a failing seed explains itself. */
function mismatches(report: ConformanceReport, mock: MockServer): string[] {
  return report.rules.flatMap((rule) => [
    ...rule.mismatches.map((m) => `${rule.id} (seed ${report.seed}; ${describeProfile(mock)}): ${m.title}\n  ${m.received.split('\n').join('\n  ')}`),
    ...(rule.status === 'error' ? [`${rule.id} (seed ${report.seed}; ${describeProfile(mock)}): suite error ${rule.errorMessage}`] : []),
  ]);
}

function expectClean(report: ConformanceReport, mock: MockServer): void {
  const where = `seed ${report.seed}; ${describeProfile(mock)}`;
  expect(mismatches(report, mock)).toEqual([]);
  expect(report.verdict, where).toBe('passed');
  expect(report.summary.skipped, where).toBe(0);
  expect(report.summary.warning, where).toBe(0);
  const valid = validators.report(report);
  expect(valid.ok ? [] : valid.issues).toEqual([]);
  const text = JSON.stringify(report);
  expect(text).not.toContain(KEYS.apiKey);
  expect(text).not.toContain(KEYS.secondApiKey);
  expect(report.cleanup.leftover, where).toEqual([]);
  expect(report.cleanup.deleted, where).toBe(report.cleanup.created);
  expect(mock.snapshot().jobs, where).toEqual([]);
}

describe('the suite against the mock', () => {
  it.each(SEEDS)('finds no mismatch with seed %i at the default budget against a random profile drawn from it', async (seed) => {
    await using mock = await createMockServer({ port: 0, profile: 'random', profileSeed: profileSeedOf(seed) });
    const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed });
    expect(report.seed).toBe(seed);
    expect(report.runs).toBe(20);
    expect(report.options?.concurrency).toBe(DEFAULT_CONCURRENCY);
    expectClean(report, mock);
  }, 60_000);

  it.each(NAMED_PROFILES)('finds no mismatch at the default budget against the %s profile, in well under a minute', async (profile) => {
    await using mock = await createMockServer({ port: 0, profile });
    const started = Date.now();
    const report = await runConformance({ baseUrl: mock.url, ...KEYS });
    expect(report.runs).toBe(20);
    expect(report.options?.concurrency).toBe(DEFAULT_CONCURRENCY);
    // Rules ran 8 at once, long ones first; the report lists them in registry order all the same.
    expect(report.rules.map((rule) => rule.id)).toEqual(registry.map((rule) => rule.id));
    expectClean(report, mock);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);

  it('draws different profiles for different seeds (the sweep covers more than one form)', async () => {
    const drawn = new Set<string>();
    for (const seed of SEEDS.slice(0, 5)) {
      await using mock = await createMockServer({ port: 0, profile: 'random', profileSeed: profileSeedOf(seed) });
      drawn.add(JSON.stringify(mock.profile().choices));
    }
    expect(drawn.size).toBeGreaterThan(1);
  });
});
