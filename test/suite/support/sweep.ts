/**
 * @module What a clean run against the mock looks like, for the sweeps over
 * its profiles (test/suite/mock-sweep*.test.ts): a failure names the seed and
 * the profile, so it replays with `jobs-mock --profile … --profile-seed N`
 * and `jobs-conformance --seed N`.
 */
import { expect } from 'vitest';
import { REFERENCE_CHOICES, type MockServer } from '../../../mock/index.js';
import { validators } from '../../../schemas/index.js';
import type { ConformanceReport } from '../../../schemas/types.gen.js';

export const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };

/** The random profile of a sweep seed: derived from it, so the seed alone replays the run. */
export const profileSeedOf = (seed: number): number => (seed * 2_654_435_761) >>> 0;

/** How to replay the mock a report came from, and its switches that differ from the reference profile. */
export function describeProfile(mock: MockServer): string {
  const { profile, profileSeed, choices } = mock.core.profile;
  const flipped = Object.entries(choices).filter(([name, value]) => REFERENCE_CHOICES[name] !== value);
  const replay = profileSeed === undefined ? `--profile ${profile}` : `--profile ${profile} --profile-seed ${profileSeed}`;
  return `mock ${replay}: ${flipped.map(([name, value]) => `${name}=${value}`).join(', ')}`;
}

/** Every mismatch, one line each, so a failing seed explains itself. */
function mismatches(report: ConformanceReport, where: string): string[] {
  return report.rules.flatMap((rule) => [
    ...rule.mismatches.map((m) => `${rule.id} (${where}): ${m.title}\n  ${m.received.split('\n').join('\n  ')}`),
    ...(rule.status === 'error' ? [`${rule.id} (${where}): suite error ${rule.errorMessage}`] : []),
  ]);
}

/**
 * Asserts a clean run: no mismatch, passed, nothing skipped or warned, a valid report without keys,
 * and the mock left as empty as it was found. `replay` is the command that reruns this test.
 */
export function expectClean(report: ConformanceReport, mock: MockServer, replay = ''): void {
  const where = `seed ${report.seed}; ${describeProfile(mock)}${replay ? `; ${replay}` : ''}`;
  expect(mismatches(report, where)).toEqual([]);
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
  expect(mock.core.snapshot().jobs, where).toEqual([]);
}
