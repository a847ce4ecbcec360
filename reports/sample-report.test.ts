import { describe, expect, it } from 'vitest';
import { formatIssues, validators } from '../schemas/index.js';
import { countStatuses, verdictFor } from './status.js';
import { HOSTILE, PLANTED_KEY, sampleReport } from './sample-report.test-support.js';

describe('sampleReport fixture', () => {
  it('is a valid ConformanceReport', () => {
    const result = validators.report(sampleReport());
    expect(result.ok, result.ok ? '' : formatIssues(result.issues)).toBe(true);
  });

  it('has a summary and verdict consistent with its rules', () => {
    const report = sampleReport();
    expect(countStatuses(report.rules, report.summary)).toEqual(report.summary);
    expect(verdictFor(report.rules)).toBe(report.verdict);
    expect(report.summary.mismatches).toBe(report.rules.reduce((n, rule) => n + rule.mismatches.length, 0));
  });

  it('covers every status but known, warnings of a should rule, and carries the hostile content and the planted key', () => {
    const report = sampleReport();
    expect(new Set(report.rules.map((rule) => rule.status))).toEqual(
      new Set(['passed', 'failed', 'warning', 'skipped', 'disabled', 'error']),
    );
    expect(new Set(report.rules.map((rule) => rule.level))).toEqual(new Set(['must', 'should']));
    const text = JSON.stringify(report);
    for (const payload of Object.values(HOSTILE)) expect(text).toContain(JSON.stringify(payload).slice(1, -1));
    expect(text).toContain(PLANTED_KEY);
  });

  it('returns a fresh copy each time', () => {
    const a = sampleReport();
    a.rules.length = 0;
    expect(sampleReport().rules.length).toBeGreaterThan(0);
  });

  it('shares no nested object between copies (a test that redacts an exchange leaves the next copy whole)', () => {
    const a = sampleReport();
    const exchange = a.rules.flatMap((rule) => rule.mismatches).find((mismatch) => mismatch.exchanges.length > 0)?.exchanges[0];
    expect(exchange).toBeDefined();
    exchange!.request.headers = { mutated: 'yes' };
    const b = sampleReport();
    expect(JSON.stringify(b)).not.toContain('mutated');
    expect(b.rules[0]).not.toBe(a.rules[0]);
  });
});
