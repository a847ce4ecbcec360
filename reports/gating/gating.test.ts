import { describe, expect, it } from 'vitest';
import { formatIssues, validators } from '../../schemas/index.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { sampleReport } from '../sample-report.test-support.js';
import { applyBaseline, createBaseline, DEFAULT_FAIL_ON, exitCodeFor, failingConditions, parseBaseline, parseFailOn } from './gating.js';
import { ReportError } from '../report-error.js';

function expectValid(report: ConformanceReport): void {
  const result = validators.report(report);
  expect(result.ok, result.ok ? '' : formatIssues(result.issues)).toBe(true);
}

/** The fixture without its error rule, so the failed/flaky conditions can be seen alone. */
function withoutErrors(): ConformanceReport {
  const report = sampleReport();
  report.rules = report.rules.filter((rule) => rule.status !== 'error');
  report.verdict = 'failed';
  return report;
}

describe('parseBaseline', () => {
  it('accepts the object form, a plain id list, and bare ids inside rules', () => {
    expect(parseBaseline({ rules: [{ id: 'a.b', reason: 'ticket 1' }, 'c.d'] })).toEqual({
      rules: [{ id: 'a.b', reason: 'ticket 1' }, { id: 'c.d' }],
    });
    expect(parseBaseline(['a.b', ' c.d '], 'base.json')).toEqual({ rules: [{ id: 'a.b' }, { id: 'c.d' }], source: 'base.json' });
  });

  it.each([[{}], [null], ['a.b'], [{ rules: [{ reason: 'no id' }] }], [{ rules: [{ id: 'a.b', reason: 3 }] }], [[42]]])(
    'rejects %j with BASELINE_INVALID',
    (data) => {
      expect(() => parseBaseline(data, 'base.json')).toThrow(expect.objectContaining({ name: 'ReportError', code: 'BASELINE_INVALID' }));
    },
  );
});

describe('parseFailOn', () => {
  it('reads lists, all and none', () => {
    expect(parseFailOn('failed, error')).toEqual(['failed', 'error']);
    expect(parseFailOn('all')).toEqual(['failed', 'flaky', 'error', 'stale-baseline', 'warning', 'drift']);
    expect(DEFAULT_FAIL_ON).toEqual(['failed', 'flaky', 'error', 'stale-baseline']);
    expect(parseFailOn('none')).toEqual([]);
  });

  it('rejects unknown conditions with FAIL_ON_INVALID', () => {
    let error: unknown;
    try {
      parseFailOn('failed,typo');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ReportError);
    expect((error as ReportError).code).toBe('FAIL_ON_INVALID');
    expect((error as ReportError).message).toContain('typo');
    expect(() => parseFailOn('')).toThrow(ReportError);
  });
});

describe('applyBaseline', () => {
  it('marks listed failed rules known, recounts, and keeps the report valid', () => {
    const report = sampleReport();
    const gated = applyBaseline(report, { rules: [{ id: 'jobs.create.location-header', reason: 'ticket 12' }], source: 'baseline.json' });
    const rule = gated.rules.find((r) => r.id === 'jobs.create.location-header');
    expect(rule?.status).toBe('known');
    expect(rule?.baselineReason).toBe('ticket 12');
    expect(rule?.mismatches).toHaveLength(1); // the evidence stays
    expect(gated.summary.known).toBe(1);
    expect(gated.summary.failed).toBe(report.summary.failed - 1);
    expect(gated.baseline).toEqual({
      entries: 1,
      known: [{ id: 'jobs.create.location-header', reason: 'ticket 12' }],
      stale: [],
      source: 'baseline.json',
    });
    expectValid(gated);
    // The input is not changed.
    expect(report.rules[0]?.status).toBe('failed');
  });

  it('turns the verdict to passed when every failure is known', () => {
    const report = withoutErrors();
    const gated = applyBaseline(report, createBaseline(report));
    expect(gated.verdict).toBe('passed');
    expect(gated.summary.failed).toBe(0);
    expect(exitCodeFor(gated)).toBe(0);
  });

  it('keeps an error verdict', () => {
    const report = sampleReport();
    expect(applyBaseline(report, createBaseline(report)).verdict).toBe('error');
  });

  it('reports a listed rule that now passes as stale, and an unknown id in a complete run', () => {
    const gated = applyBaseline(sampleReport(), { rules: [{ id: 'jobs.update.partial', reason: 'was broken' }, { id: 'gone.rule.id' }] });
    expect(gated.baseline?.stale).toEqual([
      { id: 'jobs.update.partial', reason: 'was broken', cause: 'passes' },
      { id: 'gone.rule.id', cause: 'unknown-rule' },
    ]);
    expect(gated.rules.find((r) => r.id === 'jobs.update.partial')?.status).toBe('passed');
    expectValid(gated);
  });

  it('does not stale ids absent from a filtered (--only) run, nor skipped or errored rules', () => {
    const report = sampleReport();
    report.options = { ...report.options, only: 'jobs.create' };
    const gated = applyBaseline(report, {
      rules: [{ id: 'gone.rule.id' }, { id: 'isolation.list.other-employer' }, { id: 'paging.next.repeats-filters' }],
    });
    expect(gated.baseline?.stale).toEqual([]);
    expect(gated.baseline?.known).toEqual([]);
    expect(gated.rules.find((r) => r.id === 'paging.next.repeats-filters')?.status).toBe('error');
  });

  it('is idempotent', () => {
    const baseline = { rules: [{ id: 'jobs.create.location-header' }] };
    const once = applyBaseline(sampleReport(), baseline);
    expect(applyBaseline(once, baseline)).toEqual(once);
  });
});

describe('createBaseline', () => {
  it('lists the failed rules with their first mismatch as the reason', () => {
    expect(createBaseline(sampleReport()).rules.map((r) => r.id)).toEqual([
      'jobs.create.location-header',
      'jobs.roundtrip.get-equals-post',
      'html.description.allow-list',
      'jobs.protocol.non-json-rejected.post',
    ]);
    expect(createBaseline(sampleReport()).rules[0]?.reason).toBe('POST /jobs responded 201 without a Location header');
  });

  it('refreshes a previous baseline: stale entries go, entries the run says nothing about stay, reasons are kept', () => {
    const previous = {
      rules: [
        { id: 'jobs.create.location-header', reason: 'ticket OPS-12' }, // still fails
        { id: 'jobs.update.partial', reason: 'fixed since' }, // passes now: stale
        { id: 'isolation.list.other-employer', reason: 'skipped in this run' },
        { id: 'paging.next.repeats-filters', reason: 'errored in this run' },
        { id: 'gone.rule' }, // no such rule in a complete run: stale
      ],
    };
    const gated = applyBaseline(sampleReport(), previous);
    expect(createBaseline(gated, previous).rules).toEqual([
      { id: 'jobs.create.location-header', reason: 'ticket OPS-12' },
      { id: 'jobs.roundtrip.get-equals-post', reason: expect.any(String) },
      { id: 'html.description.allow-list', reason: expect.any(String) },
      { id: 'jobs.protocol.non-json-rejected.post', reason: expect.any(String) },
      { id: 'isolation.list.other-employer', reason: 'skipped in this run' },
      { id: 'paging.next.repeats-filters', reason: 'errored in this run' },
    ]);
    const filtered = { ...sampleReport(), options: { ...sampleReport().options, only: 'jobs.create' } };
    expect(createBaseline(filtered, previous).rules.map((entry) => entry.id)).toContain('gone.rule'); // a filtered run proves nothing about absent rules
  });
});

describe('exitCodeFor and failingConditions', () => {
  it('fails by default on the fixture (failures, a flaky failure, a suite error)', () => {
    const report = sampleReport();
    expect(exitCodeFor(report)).toBe(1);
    expect(failingConditions(report).map((c) => [c.condition, c.ids])).toEqual([
      ['failed', ['jobs.create.location-header', 'html.description.allow-list']],
      ['flaky', ['jobs.roundtrip.get-equals-post']],
      ['error', ['paging.next.repeats-filters']],
    ]);
  });

  it('honours each condition on its own', () => {
    const report = withoutErrors();
    expect(exitCodeFor(report, ['error'])).toBe(0);
    expect(exitCodeFor(report, ['failed'])).toBe(1);
    expect(exitCodeFor(report, [])).toBe(0);
    // Only the flaky rule left failing:
    const flakyOnly = applyBaseline(report, { rules: [{ id: 'jobs.create.location-header' }, { id: 'html.description.allow-list' }] });
    expect(exitCodeFor(flakyOnly, ['failed', 'error', 'stale-baseline'])).toBe(0);
    expect(exitCodeFor(flakyOnly, ['flaky'])).toBe(1);
  });

  it('fails on a stale baseline unless told otherwise', () => {
    const report = withoutErrors();
    const gated = applyBaseline(report, { rules: [...createBaseline(report).rules, { id: 'jobs.update.partial' }] });
    expect(failingConditions(gated).map((c) => c.condition)).toEqual(['stale-baseline']);
    expect(exitCodeFor(gated)).toBe(1);
    expect(exitCodeFor(gated, ['failed', 'flaky', 'error'])).toBe(0);
  });

  it('counts a warning only under --fail-on warning, all, or a strict report', () => {
    const onlyWarning = applyBaseline(withoutErrors(), {
      rules: createBaseline(withoutErrors()).rules.filter((r) => r.id !== 'jobs.protocol.non-json-rejected.post'),
    });
    expect(onlyWarning.rules.filter((r) => r.status === 'warning').map((r) => r.id)).toEqual(['jobs.protocol.non-json-rejected.post']);
    expect(onlyWarning.verdict).toBe('passed');
    expect(exitCodeFor(onlyWarning)).toBe(0);
    expect(exitCodeFor(onlyWarning, ['warning'])).toBe(1);
    expect(exitCodeFor(onlyWarning, parseFailOn('all'))).toBe(1);
    const strict: ConformanceReport = { ...onlyWarning, options: { ...onlyWarning.options, strict: true } };
    expect(failingConditions(strict).map((c) => [c.condition, c.ids])).toEqual([['warning', ['jobs.protocol.non-json-rejected.post']]]);
    expect(exitCodeFor(strict)).toBe(1);
    expect(exitCodeFor(strict, [])).toBe(1);
    // A baseline accepts a warning like a failure:
    expect(
      applyBaseline(strict, { rules: [{ id: 'jobs.protocol.non-json-rejected.post' }] }).rules.find(
        (r) => r.id === 'jobs.protocol.non-json-rejected.post',
      )?.status,
    ).toBe('known');
  });

  it('treats an interrupted run and a run with no rules as errors', () => {
    const passing: ConformanceReport = { ...sampleReport(), rules: [], verdict: 'passed' };
    expect(failingConditions(passing, ['error']).map((c) => c.message)).toEqual(['no rule ran (check --only)']);
    const interrupted = { ...applyBaseline(withoutErrors(), createBaseline(withoutErrors())), interrupted: true };
    expect(exitCodeFor(interrupted, ['failed'])).toBe(0);
    expect(exitCodeFor(interrupted, ['error'])).toBe(1);
  });
});
