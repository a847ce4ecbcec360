import { describe, expect, it } from 'vitest';
import { ConfigError } from '../contract/errors.js';
import { formatDuration, parseDuration } from './duration.js';
import { caseDeadlineOf, joinPasses } from './run-conformance.js';
import { ruleCost } from './shards.js';

describe('--duration', () => {
  it('reads ms, s, m and h, seconds without a unit', () => {
    expect(parseDuration('20s')).toBe(20_000);
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration('1500ms')).toBe(1_500);
    expect(parseDuration('90')).toBe(90_000);
  });

  it('refuses less than a second, more than a day, and anything else', () => {
    for (const bad of ['0s', '999ms', '25h', '10 minutes', '1.5m', '-5s', '']) expect(() => parseDuration(bad)).toThrow(ConfigError);
  });

  it('writes the budget back as a reader writes it', () => {
    expect([600_000, 20_000, 3_600_000, 1_500].map(formatDuration)).toEqual(['10m', '20s', '1h', '1500ms']);
  });
});

describe("a rule's share of the budget", () => {
  // Costs by the table; rules it does not know cost its median, the same for every one here.
  const rule = { id: 'x.unknown.rule' };
  const unit = ruleCost(rule.id);
  const waiting = (count: number, costs = count) => ({ count, cost: costs * unit });

  it("spreads the --concurrency slots over the rules not ended by cost, from the rule's start; the last one takes the rest", () => {
    // 10 s left at its start, 80 rules of the same cost waiting over 8 slots: a tenth of it, 1 s.
    expect(caseDeadlineOf(rule, 10_000, waiting(80), 8, 0)).toBeCloseTo(1_000);
    // Anchored at the rule's start: asking again later gives the same end while the same rules wait.
    expect(caseDeadlineOf(rule, 12_000, waiting(80), 8, 2_000)).toBeCloseTo(3_000);
    // As rules end the share grows: 40 waiting, 2 s.
    expect(caseDeadlineOf(rule, 10_000, waiting(40), 8, 0)).toBeCloseTo(2_000);
    // Cheaper rules waiting leave more to this one: 80 rules costing as much as 20 of it, 4 s.
    expect(caseDeadlineOf(rule, 10_000, waiting(80, 20), 8, 0)).toBeCloseTo(4_000);
    // An exclusive rule has every slot: its share is its part of the cost waiting.
    expect(caseDeadlineOf({ ...rule, exclusive: true }, 10_000, waiting(80), 8, 0)).toBeCloseTo(125);
    // Alone, or costing most of what waits: the end of the budget.
    expect(caseDeadlineOf(rule, 10_000, waiting(1), 8, 2_000)).toBe(10_000);
    expect(caseDeadlineOf(rule, 10_000, waiting(5), 8, 2_000)).toBe(10_000);
    // Started past the budget: no time.
    expect(caseDeadlineOf(rule, 10_000, waiting(5), 8, 12_000)).toBe(12_000);
  });
});

describe('the two passes of a --duration rule', () => {
  const first = {
    id: 'x.a.b',
    section: '4',
    area: 'a',
    title: 't',
    level: 'must' as const,
    status: 'passed' as const,
    durationMs: 100,
    cases: 20,
    mismatches: [],
  };

  it('add up cases and time, keep the runs of the second and the worse status', () => {
    expect(joinPasses(first, { ...first, durationMs: 900, cases: 80, runs: 100 })).toEqual({
      ...first,
      durationMs: 1000,
      cases: 100,
      runs: 100,
    });
    const failed = joinPasses(first, { ...first, status: 'error', errorMessage: 'timed out', cases: 3, runs: 23 });
    expect([failed.status, failed.errorMessage, failed.cases]).toEqual(['error', 'timed out', 23]);
  });

  it('a second pass that drew nothing new counts no case, and an interrupted one leaves the rule passed', () => {
    expect(joinPasses(first, { ...first, cases: 1, durationMs: 5 }).cases).toBe(20);
    expect(joinPasses(first, { ...first, status: 'skipped', skipReason: 'run interrupted while this rule ran', cases: 1 }).status).toBe(
      'passed',
    );
  });
});
