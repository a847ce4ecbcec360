/**
 * The suite flags every mutant (GitHub issue 4): against each deliberately
 * broken variant of the mock, the `jobs-conformance` CLI at its default
 * budget (default --runs, a random seed, both demo keys) reports at least one
 * failed rule (or a warning, for a should rule), among them the mutant's expected rule. The plain mock is the
 * control: no failed rule. Runs overlap (child processes) to use every core.
 *
 * MUTANTS_SEED=<n> replays a run; MUTANTS_CONCURRENCY=<n> sets the overlap;
 * MUTANTS_RESULTS=<file> appends one JSON line per run (what failed, how long);
 * MUTANTS_REBUILD=1 compiles the suite afresh instead of copying dist/.
 */
import { appendFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMockServer } from '../../mock/index.js';
import type { RuleResult } from '../../schemas/types.gen.js';
import { rules as registry } from '../../suites/rules.js';
import { mutants } from './index.js';
import { mockOptions, primaryRule, type Variant } from './kit.js';
import { createLimiter } from './support/limiter.js';
import { runSuiteCli, snapshotSuite, type SuiteRun, type SuiteSnapshot } from './support/suite-cli.js';

const CONCURRENCY = Number(process.env.MUTANTS_CONCURRENCY ?? 3);
const SEED = process.env.MUTANTS_SEED === undefined ? undefined : Number(process.env.MUTANTS_SEED);
const TIMEOUT_MS = 600_000;
const limit = createLimiter(CONCURRENCY);

async function runAgainst(name: string, variant?: Variant): Promise<SuiteRun> {
  return limit(async () => {
    const started = Date.now();
    await using mock = await createMockServer(mockOptions(variant));
    const result = await runSuiteCli(suite.cli, mock.url, SEED === undefined ? {} : { seed: SEED });
    if (process.env.MUTANTS_RESULTS) {
      const { rules, seed } = result.report;
      const line = { name, seed, ms: Date.now() - started, failed: failedIds(rules), errored: rules.filter((r) => r.status === 'error').map((r) => r.id) };
      await appendFile(process.env.MUTANTS_RESULTS, `${JSON.stringify(line)}\n`);
    }
    return result;
  });
}

/** Rules that flag the target: failed, or warned (a should rule's mutant is flagged by a warning). */
const failedIds = (rules: RuleResult[]): string[] => rules.filter((rule) => rule.status === 'failed' || rule.status === 'warning').map((rule) => rule.id);

let suite: SuiteSnapshot;
beforeAll(async () => {
  suite = await snapshotSuite();
}, 180_000);
afterAll(() => suite?.dispose());

describe.concurrent('the suite against the mock and its mutants, at the default budget', () => {
  test('control: the plain mock fails no rule', async () => {
    const { report } = await runAgainst('control');
    // With both keys, every rule runs against the mock and passes: none failed, none skipped.
    const notPassed = report.rules.filter((rule) => rule.status !== 'passed');
    expect(notPassed.map((rule) => `${rule.id} ${rule.status}: ${rule.mismatches[0]?.title ?? rule.errorMessage ?? rule.skipReason ?? ''}`), `seed ${report.seed}`).toEqual([]);
    expect(report.rules.length).toBe(registry.length);
  }, TIMEOUT_MS);

  for (const mutant of mutants) {
    const expected = primaryRule(mutant);
    test(`${mutant.name} is flagged by ${expected}`, async () => {
      const { report } = await runAgainst(mutant.name, mutant);
      const failed = failedIds(report.rules);
      const replay = `MUTANTS_SEED=${report.seed} npx vitest run test/mutants -t '${mutant.name}'`;
      expect(failed.length, `mutant ${mutant.name} (${mutant.violates}): no rule failed (seed ${report.seed}; ${replay})`).toBeGreaterThan(0);
      expect(
        failed,
        `mutant ${mutant.name} (${mutant.violates}): ${expected} did not fail; failed: ${failed.join(', ')} (seed ${report.seed}; ${replay})`,
      ).toContain(expected);
      // A broken server is a failed rule, never a crash of the suite (status error).
      const errored = report.rules.filter((rule) => rule.status === 'error').map((rule) => `${rule.id}: ${rule.errorMessage ?? ''}`);
      expect(errored, `mutant ${mutant.name}: the suite itself broke (seed ${report.seed}; ${replay})`).toEqual([]);
    }, TIMEOUT_MS);
  }
});
