import { describe, expect, it } from 'vitest';
import type { RuleResult } from '../schemas/types.gen.js';
import { STATUS_ORDER, buildReport, exitCodeOf, raiseStatus, summarize, verdictOf } from './results.js';
import { validators } from '../schemas/index.js';

const result = (status: RuleResult['status'], mismatches = 0): RuleResult => ({
  id: `jobs.test.${status}`,
  section: '4.2',
  area: 'create',
  title: status,
  status,
  durationMs: 1,
  cases: 1,
  mismatches: Array.from({ length: mismatches }, () => ({
    ruleId: `jobs.test.${status}`,
    section: '4.2',
    title: 't',
    expected: 'e',
    received: 'r',
    exchanges: [],
    curl: 'curl',
    replay: { command: 'npx jobs-conformance', seed: 1 },
    reproducibility: 'deterministic' as const,
  })),
});

describe('status order', () => {
  it('is disabled < skipped < passed < known < failed < error', () => {
    expect(STATUS_ORDER).toEqual(['disabled', 'skipped', 'passed', 'known', 'failed', 'error']);
  });

  it('only ever raises a status', () => {
    for (const [i, low] of STATUS_ORDER.entries()) {
      for (const high of STATUS_ORDER.slice(i)) {
        expect(raiseStatus(low, high)).toBe(high);
        expect(raiseStatus(high, low)).toBe(high);
      }
    }
  });
});

describe('verdict, summary and exit code', () => {
  it('fails on a failed rule, errors on an errored rule or an interruption', () => {
    expect(verdictOf([result('passed'), result('skipped')], false)).toBe('passed');
    expect(verdictOf([result('passed'), result('failed', 1)], false)).toBe('failed');
    expect(verdictOf([result('failed', 1), result('error')], false)).toBe('error');
    expect(verdictOf([result('passed')], true)).toBe('error');
  });

  it('counts statuses, mismatches and requests', () => {
    const summary = summarize([result('passed'), result('failed', 2), result('skipped'), result('known', 1)], 42);
    expect(summary).toEqual({ total: 4, passed: 1, failed: 1, skipped: 1, disabled: 0, known: 1, error: 0, mismatches: 3, requests: 42 });
  });

  it('builds a report that matches report.schema.json and maps to exit codes', () => {
    const base = {
      tool: { name: 'jobs-conformance', version: '0.0.0' },
      apiRoot: 'http://127.0.0.1:1/api/v1.1',
      seed: 5,
      runs: 3,
      options: { only: null, secondApiKey: false, timeoutMs: 1000, referencePrefix: 'jcaaaaaa-' },
      startedAt: new Date(1000),
      finishedAt: new Date(2500),
      interrupted: false,
      observations: [],
      cleanup: { created: 0, deleted: 0, leftover: [] },
      requests: 0,
      replayCommand: 'npx jobs-conformance --seed 5',
    };
    const passed = buildReport({ ...base, rules: [result('passed')] });
    expect(validators.report(passed).ok).toBe(true);
    expect(passed.durationMs).toBe(1500);
    expect(exitCodeOf(passed)).toBe(0);
    expect(exitCodeOf(buildReport({ ...base, rules: [result('failed', 1)] }))).toBe(1);
    expect(exitCodeOf(buildReport({ ...base, rules: [result('error')] }))).toBe(2);
    const interrupted = buildReport({ ...base, interrupted: true, rules: [result('passed')] });
    expect(interrupted.interrupted).toBe(true);
    expect(interrupted.verdict).toBe('error');
  });
});
