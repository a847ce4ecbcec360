/**
 * Boundary examples (RuleContext.check `examples`): they run in every run
 * before any random draw, and a failing one replays by seed and path to the
 * same counterexample, as a drawn case does.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import type { ConformanceReport, Mismatch } from '../../schemas/types.gen.js';
import { runConformance, type RunOptions } from '../../suites/engine/run-conformance.js';
import { mockOptions, mutantNamed } from '../mutants/kit.js';

const RULE = 'jobs.create.rejects-out-of-range';
/** The run's tag (suites/engine/seeds.ts runTag: `jc` and six base-36 characters), a word of every title and marker. */
const RUN_TAG_WORD = /\bjc[0-9a-z]{6}/g;

async function run(options: Partial<RunOptions>): Promise<ConformanceReport> {
  // Takes exactly salary.period.id 6 (one past the last), which a draw from around the range rarely sends.
  await using mock = await createMockServer(mockOptions(mutantNamed('limits-accepts-period-id-6')));
  return await runConformance({ baseUrl: mock.url, apiKey: 'demo-key-1', runs: 1, only: RULE, ...options });
}

function mismatchOf(report: ConformanceReport): Mismatch {
  const rule = report.rules.find((r) => r.id === RULE);
  expect(rule?.status, JSON.stringify(rule?.mismatches[0]?.title)).toBe('failed');
  return rule!.mismatches[0]!;
}

describe('boundary examples', () => {
  it('are sent on every seed, even with one random run per property', async () => {
    for (const seed of [1, 2, 3]) {
      const mismatch = mismatchOf(await run({ seed }));
      expect(mismatch.counterexample).toMatchObject({ violation: { name: 'salary-period-6' } });
      expect(mismatch.reproducibility).toBe('deterministic');
    }
  });

  it('replay by seed and path to the same counterexample', async () => {
    const original = await run({ seed: 11 });
    const first = mismatchOf(original);
    // The rule's first property (salary.period.id; the status values moved to the schema-derived rules), its
    // second example (0, then 6): a one-property rule's path has no property index.
    expect(first.replay.path).toMatch(/^1(:|$)/);
    const replay = await run({ seed: 11, replayPath: first.replay.path ?? undefined });
    const again = mismatchOf(replay);
    // Equal but for the job's generated title and markers, which hold the run's own tag.
    const untagged = (m: Mismatch) => JSON.stringify(m.counterexample).replace(RUN_TAG_WORD, '<tag>');
    expect(untagged(again)).toBe(untagged(first));
    expect(again.replay.path).toBe(first.replay.path);
    // The replayed property runs its one case.
    expect(replay.rules[0]?.cases).toBeLessThan(original.rules[0]?.cases ?? 0);
  });
});
