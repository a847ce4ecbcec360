/**
 * The suite as the test of the mock's job logic, for StrykerJS (`npm run mutation`, stryker.config.mjs): one
 * test per rule and per profile, each running that rule alone through the library API (runConformance), in this
 * process, against the mock built from its sources (so Stryker's instrumented code answers), at a fixed seed,
 * strict (a warning fails the test like a mismatch). One test per rule gives per-test coverage its grain: a
 * mutant runs only the rules that executed its line, and the first rule it fails kills it.
 *
 * The reference profile by default; MUTATION_PROFILES=reference,alt,lenient adds the other legal forms
 * (docs/mock-choices.md), so a mutant that turns one form into another is killed by the profile whose form it
 * breaks. Without them such a mutant survives, and is listed as "open in the spec" (test/mutation/survivors.json).
 *
 * Not part of `npm test` (vitest.config.ts includes no `*.mutation.ts`); run alone with
 * `npx vitest run --config vitest.mutation.config.ts` (every rule passes against the plain mock).
 */
import { describe, expect, it } from 'vitest';
import { createMockServer, type ProfileName } from '../../mock/index.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { rules as registry } from '../../suites/checks/rules.js';
import { KEYS, expectClean } from '../suite/support/sweep.js';
import { mutationProfiles } from './mutation-profiles.js';

/** One seed for every run: a mutant is judged on the same requests each time (incremental mode relies on it). */
const SEED = 1;

describe.each(mutationProfiles(process.env.MUTATION_PROFILES))('the suite against the mock, profile %s', (profile: ProfileName) => {
  it.each(registry.map((rule) => [rule.id, rule] as const))('%s passes', async (_id, rule) => {
    await using mock = await createMockServer({ port: 0, profile });
    // A mutant is proven by its first failing case: shrinking would only replay it.
    const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: SEED, rules: [rule], maxShrinks: 0, strict: true });
    expect(report.rules.map((r) => r.status)).toEqual(['passed']);
    expectClean(report, mock, `MUTATION_PROFILES=${profile} npx vitest run --config vitest.mutation.config.ts -t '${rule.id}'`);
  });
});
