/**
 * The suite as the test of the mock's job logic, for StrykerJS (`npm run mutation`, stryker.config.mjs): one
 * test per rule and per profile, each running that rule alone through the library API (runConformance), in this
 * process, against the mock built from its sources (so Stryker's instrumented code answers), at a fixed seed,
 * strict (a warning fails the test like a mismatch). One test per rule gives per-test coverage its grain: a
 * mutant runs only the rules that executed its line, and the first rule it fails kills it.
 *
 * Every named profile by default (reference, alt, lenient: docs/mock-choices.md), and `other-forms`, `-2` and `-3`,
 * the forms none of them takes (test/support/mock-settings.ts), so a mutant in a branch only another form takes is
 * run there; MUTATION_PROFILES=reference narrows a run.
 *
 * Each test also compares the rule's observations with those of the unmutated mock (observed-forms.ts): a mutant
 * that swaps one legal form for another fails no rule, but changes what the suite reports it saw.
 *
 * Not part of `npm test` (vitest.config.ts includes no `*.mutation.ts`); run alone with
 * `npx vitest run --config vitest.mutation.config.ts` (every rule passes against the plain mock). After a change to
 * the rules or the mock, `MUTATION_RECORD=1 npx vitest run --config vitest.mutation.config.ts` records the
 * observations afresh (test/mutation/observed-forms.json).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/index.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { rules as registry } from '../../suites/checks/rules.js';
import { KEYS, expectClean } from '../suite/support/sweep.js';
import { FIRST_JOB_ID, mockOptionsOf } from '../support/mock-settings.js';
import { mutationProfiles } from './mutation-profiles.js';
import { OBSERVATION_CHANGED, observedForms, readObservedForms, writeObservedForms, type ObservedForms } from './observed-forms.js';

/** One seed for every run: a mutant is judged on the same requests each time (incremental mode relies on it). */
const SEED = 1;
/** Record the observations of the unmutated mock instead of comparing with them. */
const RECORD = process.env.MUTATION_RECORD === '1';
const recorded: ObservedForms = readObservedForms() ?? {};

afterAll(() => {
  if (RECORD) writeObservedForms(recorded);
});

describe.each(mutationProfiles(process.env.MUTATION_PROFILES))('the suite against the mock, profile %s', (profile: string) => {
  // A profile recorded afresh keeps no rule the registry lost; the profiles this run leaves out keep theirs.
  if (RECORD) recorded[profile] = {};
  it.each(registry.map((rule) => [rule.id, rule] as const))('%s passes', async (_id, rule) => {
    await using mock = await createMockServer({ port: 0, ...mockOptionsOf(profile) });
    mock.core.store.reserveIdsBelow(FIRST_JOB_ID);
    // A mutant is proven by its first failing case: shrinking would only replay it.
    const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: SEED, rules: [rule], maxShrinks: 0, strict: true });
    expect(report.rules.map((r) => r.status)).toEqual(['passed']);
    const replay = `MUTATION_PROFILES=${profile} npx vitest run --config vitest.mutation.config.ts -t '${rule.id}'`;
    expectClean(report, mock, replay);
    const forms = observedForms(report);
    if (RECORD) {
      recorded[profile] = { ...recorded[profile], [rule.id]: forms };
      return;
    }
    const expected = recorded[profile]?.[rule.id];
    expect(expected, `no recorded observations for ${profile}: record them (MUTATION_RECORD=1, see the top of this file)`).toBeDefined();
    expect(forms, `${OBSERVATION_CHANGED}: ${replay}`).toEqual(expected);
  });
});
