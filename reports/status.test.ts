import { describe, expect, it } from 'vitest';
import type { Exchange } from '../schemas/types.gen.js';
import { ruleResult as result } from './rule-result.test-support.js';
import {
  countStatuses,
  isFlakyOnly,
  mismatchLevel,
  raiseStatus,
  STATUS_ORDER,
  statusOfMismatch,
  summarize,
  verdictFor,
  worstStatus,
} from './status.js';

const answered = (status: number): Exchange => ({
  request: { method: 'POST', url: 'http://x/jobs', headers: {} },
  response: { status, headers: {} },
  durationMs: 1,
});

describe('status order', () => {
  it('is disabled < skipped < passed < known < warning < failed < error', () => {
    expect(STATUS_ORDER).toEqual(['disabled', 'skipped', 'passed', 'known', 'warning', 'failed', 'error']);
  });

  it('only ever raises a status', () => {
    for (const [i, low] of STATUS_ORDER.entries()) {
      for (const high of STATUS_ORDER.slice(i)) {
        expect(raiseStatus(low, high)).toBe(high);
        expect(raiseStatus(high, low)).toBe(high);
      }
    }
  });

  it('takes the worst of a group', () => {
    expect(worstStatus(['passed', 'warning', 'skipped'])).toBe('warning');
    expect(worstStatus(['warning', 'failed'])).toBe('failed');
    expect(worstStatus([])).toBeUndefined();
  });
});

describe('levels', () => {
  it('a should mismatch is a warning, a must mismatch a failure', () => {
    expect(statusOfMismatch('should')).toBe('warning');
    expect(statusOfMismatch('must')).toBe('failed');
  });

  it('a mismatch answered with a 5xx always counts as must, even in a should rule', () => {
    expect(mismatchLevel('should', answered(500))).toBe('must');
    expect(mismatchLevel('should', answered(503))).toBe('must');
    expect(mismatchLevel('should', answered(201))).toBe('should');
    expect(mismatchLevel('should', answered(499))).toBe('should');
    expect(mismatchLevel('should', { ...answered(200), response: null, error: 'socket hang up' })).toBe('should');
    expect(mismatchLevel('should', undefined)).toBe('should');
    expect(mismatchLevel('must', answered(201))).toBe('must');
  });

  it('a warning made only of flaky mismatches is flaky-only', () => {
    expect(isFlakyOnly(result('warning', { mismatches: 1, reproducibility: 'flaky' }))).toBe(true);
    expect(isFlakyOnly(result('warning', { mismatches: 1 }))).toBe(false);
  });
});

describe('summary and verdict', () => {
  it('counts warnings apart from failures', () => {
    const rules = [
      result('passed'),
      result('failed', { mismatches: 2 }),
      result('warning', { mismatches: 1 }),
      result('skipped'),
      result('known', { mismatches: 1 }),
    ];
    expect(summarize(rules, 42)).toEqual({
      total: 5,
      passed: 1,
      failed: 1,
      skipped: 1,
      disabled: 0,
      known: 1,
      warning: 1,
      error: 0,
      mismatches: 4,
      requests: 42,
    });
    expect(countStatuses(rules, { mismatches: 9, requests: 1 })).toMatchObject({ warning: 1, failed: 1, mismatches: 9, requests: 1 });
  });

  it('warnings pass the verdict unless strict', () => {
    expect(verdictFor([result('passed'), result('warning', { mismatches: 1 })])).toBe('passed');
    expect(verdictFor([result('passed'), result('warning', { mismatches: 1 })], { strict: true })).toBe('failed');
    expect(verdictFor([result('passed'), result('known')], { strict: true })).toBe('passed');
  });

  it('fails on a failed rule, errors on an errored rule, an interruption or a previous error', () => {
    expect(verdictFor([result('passed'), result('skipped')])).toBe('passed');
    expect(verdictFor([result('passed'), result('failed', { mismatches: 1 })])).toBe('failed');
    expect(verdictFor([result('failed', { mismatches: 1 }), result('error')])).toBe('error');
    expect(verdictFor([result('passed')], { interrupted: true })).toBe('error');
    expect(verdictFor([result('passed')], { previous: 'error' })).toBe('error');
    expect(verdictFor([result('passed')], { previous: 'failed' })).toBe('passed');
  });
});
