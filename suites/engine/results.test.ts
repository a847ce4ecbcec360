import { describe, expect, it } from 'vitest';
import { ruleResult as result } from '../../reports/rule-result.test-support.js';
import { validators } from '../../schemas/index.js';
import { buildReport, newRuleResult } from './results.js';
import { exitCodeOf } from '../index.js';

const base = {
  tool: { name: 'jobs-conformance', version: '0.0.0' },
  apiRoot: 'http://127.0.0.1:1/api/v1.1',
  seed: 5,
  runs: 3,
  options: { only: null, secondApiKey: false, timeoutMs: 1000, referencePrefix: 'jcaaaaaa-', strict: false },
  startedAt: new Date(1000),
  finishedAt: new Date(2500),
  interrupted: false,
  observations: [],
  cleanup: { created: 0, deleted: 0, leftover: [] },
  requests: 0,
  replayCommand: 'npx jobs-conformance --seed 5',
};

describe('buildReport', () => {
  it('builds a report that matches report.schema.json and maps to exit codes', () => {
    const passed = buildReport({ ...base, rules: [result('passed')] });
    expect(validators.report(passed).ok).toBe(true);
    expect(passed.durationMs).toBe(1500);
    expect(exitCodeOf(passed)).toBe(0);
    expect(exitCodeOf(buildReport({ ...base, rules: [result('failed', { mismatches: 1 })] }))).toBe(1);
    expect(exitCodeOf(buildReport({ ...base, rules: [result('error')] }))).toBe(1);
    const interrupted = buildReport({ ...base, interrupted: true, rules: [result('passed')] });
    expect(interrupted.interrupted).toBe(true);
    expect(interrupted.verdict).toBe('error');
    expect(exitCodeOf(interrupted)).toBe(130);
  });

  it('a warning passes, and fails under strict', () => {
    const rules = [result('passed'), result('warning', { mismatches: 1 })];
    const lenient = buildReport({ ...base, rules });
    expect(validators.report(lenient).ok).toBe(true);
    expect([lenient.verdict, lenient.summary.warning, exitCodeOf(lenient)]).toEqual(['passed', 1, 0]);
    const strict = buildReport({ ...base, options: { ...base.options, strict: true }, rules });
    expect([strict.verdict, exitCodeOf(strict)]).toEqual(['failed', 1]);
  });

  it('a new result carries the rule level, must by default', () => {
    const rule = { id: 'jobs.x.y', section: '1', area: 'protocol' as const, title: 't', statement: 's', run: async () => undefined };
    expect(newRuleResult(rule).level).toBe('must');
    expect(newRuleResult({ ...rule, level: 'should' }).level).toBe('should');
  });
});
