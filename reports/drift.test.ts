import { describe, expect, it } from 'vitest';
import { formatIssues, validators } from '../schemas/index.js';
import type { ConformanceReport, Observation, RuleResult } from '../schemas/types.gen.js';
import { diffReports, driftFailures, isEmptyDrift, parseDriftFailOn } from './drift.js';
import { renderDriftMarkdown, renderDriftTerminal } from './drift-render.js';
import { failingConditions } from './gating/gating.js';
import { renderMarkdown } from './markdown.js';
import { redactReport } from './redactor.js';
import { ruleResult } from './rule-result.test-support.js';
import { sampleReport } from './sample-report.test-support.js';
import { renderTerminalSummary } from './terminal.js';

/** A report of these rules and observations (the rest from the sample report). */
function reportOf(rules: RuleResult[], observations: Observation[], seed = 7): ConformanceReport {
  const { baseline: _unused, ...rest } = sampleReport();
  return { ...rest, seed, rules, observations, verdict: 'passed', interrupted: false };
}

const rule = (id: string, status: RuleResult['status'], level?: RuleResult['level']) =>
  ruleResult(status, { id, ...(level ? { level } : {}) });
const seen = (ruleId: string | undefined, topic: string, observed: string): Observation => ({
  topic,
  section: '7.2',
  observed,
  ...(ruleId ? { ruleId } : {}),
});

describe('diffReports: observations', () => {
  it('lists nothing for two equal reports', () => {
    const report = reportOf(
      [rule('jobs.a.one', 'passed')],
      [seen('jobs.a.one', 'error-status.invalid-write', 'POST /jobs: 400'), seen(undefined, 'q.match', 'substring')],
    );
    const drift = diffReports(report, structuredClone(report));
    expect(isEmptyDrift(drift)).toBe(true);
    expect(driftFailures(drift, ['failed', 'warning', 'drift'])).toEqual([]);
  });

  it('pairs a rule’s one value per topic as a change, whatever its text', () => {
    const older = reportOf(
      [rule('jobs.a.one', 'passed')],
      [seen('jobs.a.one', 'page-past-end', '200 with 0 items'), seen(undefined, 'q.match', 'substring')],
    );
    const newer = reportOf(
      [rule('jobs.a.one', 'passed')],
      [seen('jobs.a.one', 'page-past-end', 'refused with 404'), seen(undefined, 'q.match', 'prefix only')],
    );
    expect(diffReports(older, newer).observations).toEqual({
      changed: [
        { topic: 'page-past-end', section: '7.2', ruleId: 'jobs.a.one', old: '200 with 0 items', new: 'refused with 404' },
        { topic: 'q.match', section: '7.2', old: 'substring', new: 'prefix only' },
      ],
      added: [],
      removed: [],
    });
  });

  it('pairs several values of one topic by their qualifier (the text before the last ": ")', () => {
    const form = (observed: string) => seen('jobs.a.one', 'error-status.invalid-write', observed);
    const older = reportOf(
      [rule('jobs.a.one', 'passed')],
      [form('PUT /jobs/{id}: 400'), form('POST /jobs/{id} (X-HTTP-Method-Override: PUT): 400'), form('POST /jobs: 400')],
    );
    const newer = reportOf(
      [rule('jobs.a.one', 'passed')],
      [form('PUT /jobs/{id}: 422'), form('POST /jobs/{id} (X-HTTP-Method-Override: PUT): 400'), form('POST /jobs: 422')],
    );
    const { observations } = diffReports(older, newer);
    expect(observations.changed.map((change) => [change.qualifier, change.old, change.new])).toEqual([
      ['PUT /jobs/{id}', '400', '422'],
      ['POST /jobs', '400', '422'],
    ]);
    expect(observations.added).toEqual([]);
    expect(observations.removed).toEqual([]);
  });

  it('lists observations only one run made, as added or removed', () => {
    const older = reportOf(
      [rule('jobs.a.one', 'passed'), rule('jobs.a.two', 'passed')],
      [seen('jobs.a.one', 'salary.max-amount-form', 'four places'), seen('jobs.a.two', 'date-form', 'date')],
    );
    const newer = reportOf(
      [rule('jobs.a.one', 'passed'), rule('jobs.a.two', 'passed')],
      [
        seen('jobs.a.one', 'salary.max-amount-form', 'four places'),
        seen('jobs.a.one', 'salary.max-amount-form', 'another decimal form'),
        seen('jobs.a.one', 'header.extra-fields', 'closeDate'),
      ],
    );
    const { observations } = diffReports(older, newer);
    expect(observations.changed).toEqual([]);
    expect(observations.added.map((o) => `${o.topic}: ${o.observed}`)).toEqual([
      'salary.max-amount-form: another decimal form',
      'header.extra-fields: closeDate',
    ]);
    expect(observations.removed.map((o) => `${o.topic}: ${o.observed}`)).toEqual(['date-form: date']);
  });

  it('keeps two values of one qualifier on a side as added and removed rather than guess a pair', () => {
    const form = (observed: string) => seen('jobs.a.one', 'status.repeated-delete', observed);
    const older = reportOf([rule('jobs.a.one', 'passed')], [form('id: 404'), form('id: 410')]);
    const newer = reportOf([rule('jobs.a.one', 'passed')], [form('id: 204'), form('id: 410')]);
    const { observations } = diffReports(older, newer);
    expect(observations.changed).toEqual([
      { topic: 'status.repeated-delete', section: '7.2', ruleId: 'jobs.a.one', qualifier: 'id', old: '404', new: '204' },
    ]);
    const twice = reportOf([rule('jobs.a.one', 'passed')], [form('id: 204'), form('id: 222'), form('id: 410')]);
    const paired = diffReports(older, twice).observations;
    expect(paired.changed).toEqual([]);
    expect(paired.removed.map((o) => o.observed)).toEqual(['id: 404']);
    expect(paired.added.map((o) => o.observed)).toEqual(['id: 204', 'id: 222']);
  });
});

describe('diffReports: rules', () => {
  const older = reportOf(
    [
      rule('jobs.a.fails', 'passed'),
      rule('jobs.a.warns', 'passed', 'should'),
      rule('jobs.a.heals', 'failed'),
      rule('jobs.a.skips', 'passed'),
      rule('jobs.a.gone', 'passed'),
      rule('jobs.a.same', 'failed'),
    ],
    [seen('jobs.a.gone', 'date-form', 'date')],
  );
  const newer = reportOf(
    [
      rule('jobs.a.fails', 'failed'),
      rule('jobs.a.warns', 'warning', 'should'),
      rule('jobs.a.heals', 'passed'),
      rule('jobs.a.skips', 'skipped'),
      rule('jobs.a.same', 'failed'),
      rule('jobs.a.new', 'passed'),
    ],
    [seen('jobs.a.new', 'date-form', 'date-time')],
  );
  const drift = diffReports(older, newer, { oldSource: 'last/report.json' });

  it('lists rules newly failing (failed or warning), newly passing, and other status changes', () => {
    expect(drift.rules.newlyFailing.map((change) => [change.id, change.old, change.new])).toEqual([
      ['jobs.a.fails', 'passed', 'failed'],
      ['jobs.a.warns', 'passed', 'warning'],
    ]);
    expect(drift.rules.newlyPassing.map((change) => [change.id, change.old, change.new])).toEqual([['jobs.a.heals', 'failed', 'passed']]);
    expect(drift.rules.statusChanged.map((change) => [change.id, change.old, change.new])).toEqual([['jobs.a.skips', 'passed', 'skipped']]);
  });

  it('lists rules added and removed, and not again through their observations', () => {
    expect(drift.rules.added.map((r) => r.id)).toEqual(['jobs.a.new']);
    expect(drift.rules.removed.map((r) => r.id)).toEqual(['jobs.a.gone']);
    expect(drift.observations).toEqual({ changed: [], added: [], removed: [] });
    expect(drift.old.source).toBe('last/report.json');
  });

  it('fails on a rule newly failing by default; a newly warning rule and drift only when asked or under strict', () => {
    expect(driftFailures(drift).map((f) => f.condition)).toEqual(['failed']);
    expect(driftFailures(drift, ['warning']).map((f) => f.condition)).toEqual(['warning']);
    expect(driftFailures(drift, [], true).map((f) => f.condition)).toEqual(['warning']);
    expect(driftFailures(drift, ['failed'])[0]!.message).toBe('1 rule newly failing: jobs.a.fails');
  });
});

describe('drift gating and rendering', () => {
  const older = reportOf([rule('jobs.a.one', 'passed')], [seen('jobs.a.one', 'auth-status.missing-key', '401')]);
  const newer = reportOf([rule('jobs.a.one', 'passed')], [seen('jobs.a.one', 'auth-status.missing-key', '403')]);
  const drift = diffReports(older, newer, { oldSource: 'last/report.json' });

  it('a changed observation is a warning: it fails only with --fail-on drift or --strict', () => {
    expect(driftFailures(drift)).toEqual([]);
    expect(driftFailures(drift, ['drift']).map((f) => f.condition)).toEqual(['drift']);
    expect(driftFailures(drift, [], true).map((f) => f.condition)).toEqual(['drift']);
    const run = redactReport({ ...newer, drift }, []);
    expect(failingConditions(run).map((c) => c.condition)).toEqual([]);
    expect(failingConditions(run, ['drift']).map((c) => c.condition)).toEqual(['drift']);
    expect(failingConditions({ ...run, options: { ...run.options, strict: true } }, []).map((c) => c.condition)).toEqual(['drift']);
  });

  it('parses diff --fail-on', () => {
    expect(parseDriftFailOn('drift, failed')).toEqual(['drift', 'failed']);
    expect(parseDriftFailOn('all')).toEqual(['failed', 'warning', 'drift']);
    expect(parseDriftFailOn('none')).toEqual([]);
    expect(() => parseDriftFailOn('flaky')).toThrow(expect.objectContaining({ code: 'FAIL_ON_INVALID' }));
  });

  it('renders the change in the terminal and Markdown, and the run report with a drift section stays valid', () => {
    expect(renderDriftTerminal(drift, { color: false })).toContain('auth-status.missing-key: 401 -> 403  (jobs.a.one)');
    expect(renderDriftMarkdown(drift)).toContain('| `auth-status.missing-key`: `401` → `403` | jobs.a.one |');
    const run = redactReport({ ...newer, drift }, []);
    const result = validators.report(run);
    expect(result.ok, result.ok ? '' : formatIssues(result.issues)).toBe(true);
    expect(renderTerminalSummary(run, { color: false })).toContain('Drift since last/report.json');
    expect(renderMarkdown(run)).toContain('### Drift since last/report.json');
  });
});
