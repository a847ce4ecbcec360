import { describe, expect, it } from 'vitest';
import { ConfigError } from './errors.js';
import { formatDuration, parseDuration } from './duration.js';
import { caseDeadlineOf } from './run-conformance.js';

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

describe('a rule\'s share of the budget', () => {
  it('spreads the --concurrency slots over the rules not ended, and gives the rest to the last ones', () => {
    // 10 s left, 80 rules waiting over 8 slots: a tenth of a share each, 1 s.
    expect(caseDeadlineOf({}, 10_000, 80, 8, 0)).toBe(1_000);
    // An exclusive rule has every slot: its share is one rule's part of the time left.
    expect(caseDeadlineOf({ exclusive: true }, 10_000, 80, 8, 0)).toBe(125);
    // Once no more than 8 rules are left, each runs to the end of the budget.
    expect(caseDeadlineOf({}, 10_000, 5, 8, 2_000)).toBe(10_000);
    // Past the budget, no time is left.
    expect(caseDeadlineOf({}, 10_000, 5, 8, 12_000)).toBe(12_000);
  });
});
