/**
 * @module A --duration run against the mock next to the default run of the same seed: the run ends
 * within 2 s of its budget (plus, on a busy machine, the default run's own time) with nothing left
 * behind, no rule draws fewer cases than the default run, every rule whose cases grow with --runs draws more, and the runs a rule reports replay its cases.
 */
import { expect } from 'vitest';
import { createMockServer } from '../../../mock/index.js';
import type { ConformanceReport } from '../../../schemas/types.gen.js';
import { DEFAULT_RUNS } from '../../../suites/engine/config.js';
import { formatDuration } from '../../../suites/engine/duration.js';
import { runConformance } from '../../../suites/engine/run-conformance.js';
import { expectClean, KEYS } from './sweep.js';

const TOLERANCE_MS = 2_000;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/**
 * The budget is `seconds`, or three default runs of the same rules where that is longer: a busy machine slows the
 * first pass (every rule at --runs) as much as a default run, and the second pass needs time left for every rule.
 */
export async function expectDurationRun(options: { seconds: number; seed: number; only?: string }): Promise<ConformanceReport> {
  await using mock = await createMockServer({ port: 0 });
  const common = { baseUrl: mock.url, ...KEYS, seed: options.seed, ...(options.only ? { only: options.only } : {}) };
  const normalRun = await timed(() => runConformance(common));
  const normal = normalRun.value;
  const budgetMs = 1_000 * Math.max(options.seconds, Math.ceil((3 * normalRun.ms) / 1_000));
  const durationRun = await timed(() => runConformance({ ...common, duration: `${budgetMs / 1_000}s` }));
  const report = durationRun.value;
  expectClean(report, mock);
  expect(report.options?.duration).toBe(formatDuration(budgetMs));

  // It spends the budget, and past it only finishes what it was doing. "Within 2 s" holds on a quiet machine; a busy
  // one slows that tail as much as it slows a whole default run of the same rules, measured here in the same test.
  const took =
    `the run took ${Math.round(durationRun.ms)} ms for a budget of ${budgetMs} ms ` + `(a default run: ${Math.round(normalRun.ms)} ms)`;
  expect(durationRun.ms, took).toBeGreaterThanOrEqual(budgetMs - TOLERANCE_MS);
  expect(durationRun.ms, took).toBeLessThanOrEqual(budgetMs + TOLERANCE_MS + normalRun.ms);
  const casesOf = new Map(normal.rules.map((rule) => [rule.id, rule.cases]));
  expect(report.rules.map((rule) => rule.id)).toEqual(normal.rules.map((rule) => rule.id));
  for (const rule of report.rules) expect(rule.cases, rule.id).toBeGreaterThanOrEqual(casesOf.get(rule.id)!);
  // The rules whose cases grow with --runs (those without a cap of their own: one more run, one more case) draw more, and only they.
  const oneMore = await runConformance({ ...common, runs: DEFAULT_RUNS + 1 });
  const growing = new Set(oneMore.rules.filter((rule) => rule.cases > casesOf.get(rule.id)!).map((rule) => rule.id));
  expect(growing.size).toBeGreaterThan(0);
  for (const rule of report.rules) {
    if (growing.has(rule.id)) {
      expect(rule.cases, rule.id).toBeGreaterThan(casesOf.get(rule.id)!);
      expect(rule.runs, rule.id).toBeGreaterThan(DEFAULT_RUNS);
    } else {
      expect(rule.runs, rule.id).toBeUndefined();
    }
  }

  // A rule's runs replay its cases: --seed S --only id --runs N draws them all again (one rule, to keep it short).
  const sample = report.rules.find((rule) => rule.runs !== undefined)!;
  const replay = await runConformance({ ...common, only: sample.id, runs: sample.runs! });
  expect(replay.rules[0]!.cases).toBe(sample.cases);
  return report;
}
