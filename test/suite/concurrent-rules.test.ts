/**
 * Rules run concurrently: what must not change with --concurrency.
 * An exclusive rule has the target to itself (the mock's own log of requests
 * shows nothing else between its first and last request); a failure found at
 * concurrency 8 replays at concurrency 1 with the same seed and shrinks to the
 * same counterexample; rules and observations keep registry order; a rule
 * ends only once the jobs of its cases are deleted.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import type { ConformanceReport, Mismatch } from '../../schemas/types.gen.js';
import { concurrencyRules } from '../../suites/checks/concurrency.js';
import { listRules } from '../../suites/checks/list.js';
import { robustnessRules } from '../../suites/checks/robustness.js';
import { rulesOf } from '../../suites/checks/rules.js';
import { caseTokens } from '../../suites/engine/case-tokens.js';
import type { Rule } from '../../suites/contract/rule.js';
import { runConformance, type ProgressEvent } from '../../suites/engine/run-conformance.js';
import { mockOptions, mutantNamed, reshapeRequest } from '../mutants/kit.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };

/** The rule a request belongs to, from its X-Conformance-Case-Id (`<tag><rule id>#<case>`); `run` outside any rule's case. */
function ruleOfCaseId(caseId: string | undefined, tag: string): string {
  // A case id reads `<run tag>-<rule id>#<case>`.
  const match = caseId?.startsWith(`${tag}-`) ? /^(.+)#/.exec(caseId.slice(tag.length + 1)) : null;
  return match?.[1] ?? 'run';
}

describe('an exclusive rule', () => {
  it('has the target to itself: no other rule sends anything between its first and last request, while the others overlap', async () => {
    const seen: string[] = [];
    // The mock's view: the case id of every request, in the order they arrive.
    const spy = reshapeRequest(
      () => true,
      (req) => {
        seen.push(req.headers['x-conformance-case-id'] ?? '');
        return req;
      },
    );
    await using mock = await createMockServer(mockOptions({ transform: spy }));
    // Exclusive rules in the middle: the rules before them must drain, the rules after them must wait.
    const rules: Rule[] = rulesOf([...robustnessRules, ...concurrencyRules, ...listRules]);
    const spans = new Map<string, { start: number; end: number }>();
    // A rule's case tags start with the run tag and its rule key (suites/engine/case-tokens.ts): what it left in the mock when it ended.
    const keyOf = (ruleId: string) => caseTokens(rules)(ruleId).replace(/k0$/, 'k');
    let tag = '';
    const leftAtEnd: string[] = [];
    const report = await runConformance({
      baseUrl: mock.url,
      ...KEYS,
      rules,
      seed: 14,
      runs: 3,
      concurrency: 8,
      onProgress: (event: ProgressEvent) => {
        if (event.type === 'begin') tag = event.tag;
        if (event.type === 'rule-start') spans.set(event.rule.id, { start: performance.now(), end: Number.POSITIVE_INFINITY });
        if (event.type === 'rule-end') {
          spans.get(event.rule.id)!.end = performance.now();
          const prefix = `${tag}${keyOf(event.rule.id)}`;
          leftAtEnd.push(
            ...mock.core
              .snapshot()
              .jobs.filter((job) => (job.referenceId ?? '').startsWith(prefix) || job.title.includes(prefix))
              .map((job) => `${event.rule.id}: ${job.id}`),
          );
        }
      },
    });
    expect(report.verdict).toBe('passed');
    // Cases clean up beside the rule's next case, but a rule ends only once its jobs are gone.
    expect(leftAtEnd).toEqual([]);
    const byRule = seen.map((caseId) => ruleOfCaseId(caseId, tag)).filter((rule) => rule !== 'run');
    const exclusive = rules.filter((rule) => rule.exclusive).map((rule) => rule.id);
    // The seven concurrency rules (requests sent at once) and the three list rules of the list matrix (without q, a list
    // reads every job of the employer).
    expect(exclusive).toHaveLength(10);
    for (const id of exclusive) {
      const first = byRule.indexOf(id);
      const last = byRule.lastIndexOf(id);
      expect(first, id).toBeGreaterThanOrEqual(0);
      expect(
        byRule.slice(first, last + 1).filter((rule) => rule !== id),
        `requests of other rules during ${id}`,
      ).toEqual([]);
      // And by the runner's clock: no other rule was running at any time while it ran.
      const own = spans.get(id)!;
      const overlapping = [...spans]
        .filter(([other, span]) => other !== id && span.start < own.end && span.end > own.start)
        .map(([other]) => other);
      expect(overlapping, `rules running beside ${id}`).toEqual([]);
    }
    // The others did run at once (else this test could not fail): their requests interleave.
    const others = byRule.filter((rule) => !exclusive.includes(rule));
    const switches = others.filter((rule, i) => i > 0 && rule !== others[i - 1]).length;
    expect(switches).toBeGreaterThan(rules.length);
  }, 60_000);
});

/** The counterexample with the run's tag (random per run, never from the seed) written as <tag>. */
function counterexampleOf(report: ConformanceReport, mismatch: Mismatch): string {
  return JSON.stringify(mismatch.counterexample).replaceAll(report.options!.referencePrefix!, '<tag>');
}

function failureOf(report: ConformanceReport, ruleId: string): Mismatch {
  const rule = report.rules.find((candidate) => candidate.id === ruleId);
  expect(rule?.status, `${ruleId} in a run with seed ${report.seed}`).toBe('failed');
  return rule!.mismatches[0]!;
}

describe('a failure found at concurrency 8', () => {
  it('replays at concurrency 1 with the same seed: the same shrunk counterexample, by its replay path and by a full re-run', async () => {
    const mutant = mutantNamed('html-case-sensitive-tag-check');
    const ruleId = 'jobs.html.rejects-disallowed-tag';
    await using mock = await createMockServer(mockOptions(mutant));
    const base = { baseUrl: mock.url, ...KEYS, seed: 4_242 };
    const concurrent = await runConformance({ ...base, only: 'jobs.html', concurrency: 8 });
    const found = failureOf(concurrent, ruleId);
    expect(found.replay.seed).toBe(4_242);
    expect(found.replay.path).toEqual(expect.any(String));
    expect(found.replay.command).not.toContain('--concurrency');

    const replayed = await runConformance({ ...base, only: ruleId, replayPath: found.replay.path!, concurrency: 1 });
    const again = failureOf(replayed, ruleId);
    expect(replayed.rules.find((rule) => rule.id === ruleId)?.cases).toBe(1);
    expect(counterexampleOf(replayed, again)).toBe(counterexampleOf(concurrent, found));
    expect(again.title).toBe(found.title);

    const sequential = await runConformance({ ...base, only: 'jobs.html', concurrency: 1 });
    const rerun = failureOf(sequential, ruleId);
    expect(counterexampleOf(sequential, rerun)).toBe(counterexampleOf(concurrent, found));
    expect(rerun.replay.path).toBe(found.replay.path);
    // Every rule, in the same (registry) order, with the same outcome; observations in the same order too.
    const outcomes = (report: ConformanceReport) => report.rules.map((rule) => `${rule.id} ${rule.status} ${rule.cases}`);
    expect(outcomes(concurrent)).toEqual(outcomes(sequential));
    const observed = (report: ConformanceReport) => report.observations.map((o) => `${o.ruleId ?? ''} ${o.topic} ${o.observed}`);
    expect(observed(concurrent)).toEqual(observed(sequential));
  }, 120_000);
});

describe('a property whose cases share nothing (independentCases)', () => {
  const rules = 'jobs.update.keeps-other-fields';
  const outcomes = (report: ConformanceReport) => report.rules.map((rule) => `${rule.id} ${rule.status} ${rule.cases} ${rule.runs ?? ''}`);
  const observed = (report: ConformanceReport) => report.observations.map((o) => `${o.ruleId ?? ''} ${o.topic} ${o.observed}`);

  it('runs its cases at once above the default concurrency, with the outcome, cases and observations of a run at concurrency 1', async () => {
    const arrivals: string[] = [];
    const spy = reshapeRequest(
      () => true,
      (req) => {
        arrivals.push(req.headers['x-conformance-case-id'] ?? '');
        return req;
      },
    );
    await using mock = await createMockServer(mockOptions({ transform: spy }));
    const base = { baseUrl: mock.url, ...KEYS, seed: 77, only: 'jobs.model' };
    const concurrent = await runConformance({ ...base, concurrency: 16 });
    const ofModel = arrivals.filter((caseId) => caseId.includes('jobs.model.lifecycle#p0.'));
    // The cases overlap: a later case sends before an earlier one's last request (one after another, they never do).
    const caseOf = (caseId: string) => Number(caseId.split('.').at(-1));
    const overlapping = ofModel.some((caseId, i) => ofModel.slice(i + 1).some((later) => caseOf(later) < caseOf(caseId)));
    expect(overlapping).toBe(true);
    arrivals.length = 0;
    const sequential = await runConformance({ ...base, concurrency: 1 });
    const ofModelSequential = arrivals.filter((caseId) => caseId.includes('jobs.model.lifecycle#p0.'));
    expect(ofModelSequential.some((caseId, i) => ofModelSequential.slice(i + 1).some((later) => caseOf(later) < caseOf(caseId)))).toBe(
      false,
    );
    expect(concurrent.verdict).toBe('passed');
    expect(outcomes(concurrent)).toEqual(outcomes(sequential));
    expect(observed(concurrent)).toEqual(observed(sequential));
  }, 120_000);

  it('reports a failure seen ahead as at concurrency 1: the same shrunk counterexample and replay path', async () => {
    await using mock = await createMockServer(mockOptions(mutantNamed('update-clears-salary-not-sent')));
    const base = { baseUrl: mock.url, ...KEYS, seed: 5_151, only: rules };
    const concurrent = await runConformance({ ...base, concurrency: 16 });
    const sequential = await runConformance({ ...base, concurrency: 1 });
    const found = failureOf(concurrent, rules);
    const again = failureOf(sequential, rules);
    expect(counterexampleOf(concurrent, found)).toBe(counterexampleOf(sequential, again));
    expect(found.replay.path).toBe(again.replay.path);
    expect(found.title).toBe(again.title);
    expect(outcomes(concurrent)).toEqual(outcomes(sequential));
  }, 120_000);
});
