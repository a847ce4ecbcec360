/**
 * The suite flags every mutant: against each deliberately broken variant of
 * the mock, the suite at its default budget (default runs, both demo keys)
 * reports at least one failed rule (or a warning, for a should rule), among
 * them the mutant's expected rule, and never breaks itself (no rule errored).
 *
 * Each mutant runs in this process: runConformance against createMockServer
 * with the mutant's transform and choices. The PR gate runs the mutant's
 * primary rule (the one it must trip), at a seed hashed from its name, so two runs of one commit send
 * the same requests (a rule draws its inputs from that seed and its own id, so
 * the rule sends alone what it sends among the rules of its area). The control (the plain mock
 * passes every rule of the registry) is the reference-profile run of
 * test/suite/mock-sweep.test.ts, which runs it once for both files.
 *
 * MUTANTS_SEED=<n> derives every mutant's seed from base n (default 0), and
 * MUTANTS_SEED=random draws a base and prints it; MUTANTS_RULES=registry runs
 * the whole registry against each mutant (both are the nightly tier's defaults,
 * TEST_TIER=full), MUTANTS_RULES=named every rule the mutant names,
 * MUTANTS_RULES=area the rules of the mutant's area beside the named ones; MUTANTS_CONCURRENCY=<n> sets how many mutants run at once;
 * MUTANTS_RESULTS=<file> appends one JSON line per run (what failed, how long).
 */
import { appendFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import { FIRST_JOB_ID } from '../support/mock-settings.js';
import type { ConformanceReport, RuleResult } from '../../schemas/types.gen.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { rules as registry } from '../../suites/checks/rules.js';
import { FULL_TIER, testSeeds } from '../support/test-seeds.js';
import { mutants } from './index.js';
import { mockOptions, primaryRule, type Mutant } from './kit.js';
import { createLimiter } from './support/limiter.js';
import { MUTANT_RULE_SCOPES, namedRulesNotRun, rulesForMutant, type MutantRuleScope } from './support/mutant-rules.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
// Most of a run is waiting (rules that sleep past a second boundary, shrinking against a broken mock): overlap many.
const CONCURRENCY = Number(process.env.MUTANTS_CONCURRENCY ?? 8);
const SCOPE = (process.env.MUTANTS_RULES ?? (FULL_TIER ? 'registry' : 'primary')) as MutantRuleScope;
if (!MUTANT_RULE_SCOPES.includes(SCOPE))
  throw new Error(`MUTANTS_RULES must be one of ${MUTANT_RULE_SCOPES.join(', ')}, not ${JSON.stringify(SCOPE)}`);
const seeds = testSeeds('MUTANTS_SEED', 0);
const TIMEOUT_MS = SCOPE === 'registry' ? 600_000 : 120_000;
const limit = createLimiter(CONCURRENCY);

console.log(
  `mutants: seed base ${seeds.base}${seeds.drawn ? ' (drawn)' : ''}, rules: ${SCOPE}; replay with ${seeds.replay} MUTANTS_RULES=${SCOPE}`,
);

async function runAgainst(mutant: Mutant): Promise<ConformanceReport> {
  return limit(async () => {
    const started = Date.now();
    await using mock = await createMockServer(mockOptions(mutant));
    // Ids of many digits: a probe that asks q by an id's digits found them all in the run's referenceIds in some runs.
    mock.core.store.reserveIdsBelow(FIRST_JOB_ID);
    // A mutant is proven by its first failing case: shrinking it would only replay rules that wait on the clock.
    const rules = rulesForMutant(mutant, registry, SCOPE);
    const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: seeds.of(mutant.name), rules, maxShrinks: 0 });
    if (process.env.MUTANTS_RESULTS) {
      const { rules, seed } = report;
      const line = {
        name: mutant.name,
        seed,
        ms: Date.now() - started,
        failed: failedIds(rules),
        errored: rules.filter((r) => r.status === 'error').map((r) => r.id),
      };
      await appendFile(process.env.MUTANTS_RESULTS, `${JSON.stringify(line)}\n`);
    }
    return report;
  });
}

/** Rules that flag the target: failed, or warned (a should rule's mutant is flagged by a warning). */
const failedIds = (rules: RuleResult[]): string[] =>
  rules.filter((rule) => rule.status === 'failed' || rule.status === 'warning').map((rule) => rule.id);

describe.concurrent('the suite against the mutants of the mock, at the default budget', () => {
  for (const mutant of mutants) {
    const expected = primaryRule(mutant);
    test(
      `${mutant.name} is flagged by ${expected}`,
      async () => {
        const running = rulesForMutant(mutant, registry, SCOPE);
        expect(namedRulesNotRun(mutant, registry), `mutant ${mutant.name} names rules that are not in the registry`).toEqual([]);
        const report = await runAgainst(mutant);
        const failed = failedIds(report.rules);
        const replay = `${seeds.replay} MUTANTS_RULES=${SCOPE} npx vitest run test/mutants/mutants.test.ts -t '${mutant.name}'`;
        const where = `seed ${report.seed}, ${running.length} rules; ${replay}`;
        expect(
          report.rules.map((rule) => rule.id),
          where,
        ).toEqual(running.map((rule) => rule.id));
        expect(failed.length, `mutant ${mutant.name} (${mutant.violates}): no rule failed (${where})`).toBeGreaterThan(0);
        expect(
          failed,
          `mutant ${mutant.name} (${mutant.violates}): ${expected} did not fail; failed: ${failed.join(', ')} (${where})`,
        ).toContain(expected);
        // A broken server is a failed rule, never a crash of the suite (status error).
        const errored = report.rules.filter((rule) => rule.status === 'error').map((rule) => `${rule.id}: ${rule.errorMessage ?? ''}`);
        expect(errored, `mutant ${mutant.name}: the suite itself broke (${where})`).toEqual([]);
      },
      TIMEOUT_MS,
    );
  }
});
