/**
 * Root causes: failed rules that share a failing request line and failure are
 * grouped under that cause, worst first; the three human-facing writers show it.
 */
import { describe, expect, it } from 'vitest';
import type { ConformanceReport, RuleResult } from '../schemas/types.gen.js';
import { ruleResult } from './rule-result.test-support.js';
import { sampleReport } from './sample-report.test-support.js';
import { renderHtml } from './html/render.js';
import { renderMarkdown } from './markdown.js';
import { pathTemplate, rootCauses } from './root-causes.js';
import { renderTerminalSummary } from './terminal.js';
import { redactReport } from './redactor.js';

const ROOT = 'http://127.0.0.1:4010/api/v1.1';

/** A rule that failed on `method path` with `title`. */
function failedOn(id: string, method: string, path: string, title: string, status: RuleResult['status'] = 'failed'): RuleResult {
  const rule = ruleResult(status, { id, mismatches: 1 });
  const exchange = {
    request: { method, url: `${ROOT}${path}`, headers: {} },
    response: { status: 201, headers: {}, body: '{}' },
    durationMs: 1,
  };
  rule.mismatches = rule.mismatches.map((m) => ({ ...m, title, exchanges: [exchange] }));
  return rule;
}

const notAJob = (path: string) => `POST /api/v1.1${path}: the 201 body is not a Job (full) (job.schema.json)`;

function reportOf(rules: RuleResult[]): ConformanceReport {
  return { ...sampleReport(), target: { baseUrl: ROOT }, rules };
}

describe('rootCauses', () => {
  it('groups rules failing on the same request line and failure, ids templated, worst and largest first', () => {
    const report = reportOf([
      failedOn('a.one', 'GET', '/jobs/17', 'GET /api/v1.1/jobs/17: the 200 body is not a Job (full) (job.schema.json)'),
      failedOn('a.two', 'GET', '/jobs/42', 'GET /api/v1.1/jobs/42: the 200 body is not a Job (full) (job.schema.json)'),
      failedOn('b.one', 'POST', '/jobs', notAJob('/jobs')),
      failedOn('b.two', 'POST', '/jobs', notAJob('/jobs')),
      failedOn('b.three', 'POST', '/jobs', notAJob('/jobs')),
      failedOn('w.one', 'PUT', '/jobs/1', 'PUT /jobs/{id} ignores X', 'warning'),
      failedOn('w.two', 'PUT', '/jobs/2', 'PUT /jobs/{id} ignores X', 'warning'),
      failedOn('alone', 'DELETE', '/jobs/3', 'DELETE /api/v1.1/jobs/3 answers 500'),
      ruleResult('passed', { id: 'fine' }),
    ]);
    expect(rootCauses(report)).toEqual([
      {
        requestLine: 'POST /jobs',
        failure: 'the 201 body is not a Job (full) (job.schema.json)',
        ruleIds: ['b.one', 'b.two', 'b.three'],
        status: 'failed',
      },
      {
        requestLine: 'GET /jobs/{id}',
        failure: 'the 200 body is not a Job (full) (job.schema.json)',
        ruleIds: ['a.one', 'a.two'],
        status: 'failed',
      },
      { requestLine: 'PUT /jobs/{id}', failure: 'PUT /jobs/{id} ignores X', ruleIds: ['w.one', 'w.two'], status: 'warning' },
    ]);
  });

  it('counts a rule once per cause, however many of its mismatches share it; a lone failure is no cause', () => {
    const twice = failedOn('r.twice', 'POST', '/jobs', notAJob('/jobs'));
    twice.mismatches = [...twice.mismatches, ...twice.mismatches];
    expect(rootCauses(reportOf([twice]))).toEqual([]);
    expect(rootCauses(reportOf([twice, failedOn('r.other', 'POST', '/jobs', notAJob('/jobs'))]))[0]?.ruleIds).toEqual([
      'r.twice',
      'r.other',
    ]);
  });

  it('templates the path under the API root', () => {
    expect(pathTemplate('/api/v1.1/jobs/123', '/api/v1.1')).toBe('/jobs/{id}');
    expect(pathTemplate('/api/v1.1/jobs', '/api/v1.1')).toBe('/jobs');
    expect(pathTemplate('/jobs/abc', '/api/v1.1')).toBe('/jobs/{id}');
  });
});

describe('the writers show the causes above the rules', () => {
  const report = reportOf(['one', 'two', 'three'].map((id) => failedOn(`jobs.${id}`, 'POST', '/jobs', notAJob('/jobs'))));

  it('terminal: one cause line, the rules still listed', () => {
    const text = renderTerminalSummary(redactReport(report), { color: false });
    expect(text).toContain('Root causes (1 cause explains 3 failed rules');
    expect(text).toContain('POST /jobs: the 201 body is not a Job (full) (job.schema.json) (fails 3 rules)');
    expect(text.indexOf('Root causes')).toBeLessThan(text.indexOf('Failures'));
    expect(text).toContain('jobs.three');
  });

  it('summary.md: one cause row, the rules still in the table', () => {
    const md = renderMarkdown(redactReport(report));
    expect(md).toContain('**Root causes**: 1 cause explains 3 failed rules');
    expect(md).toContain(
      '| ❌ failed | `POST /jobs`: the 201 body is not a Job \\(full\\) \\(job.schema.json\\) | fails 3 rules: `jobs.one`, `jobs.two`, `jobs.three` |',
    );
    expect(md).toContain('| ❌ failed | `jobs.three` |');
  });

  it('report.html: a root-causes section linking each rule', () => {
    const page = renderHtml(redactReport(report));
    expect(page).toContain('<section id="root-causes">');
    expect(page.match(/<li class="root-cause /g)).toHaveLength(1);
    expect(page).toContain('href="#rule-jobs.two"');
  });

  it('no section when no cause is shared', () => {
    const single = reportOf([failedOn('jobs.one', 'POST', '/jobs', notAJob('/jobs'))]);
    expect(renderTerminalSummary(redactReport(single), { color: false })).not.toContain('Root causes');
    expect(renderMarkdown(redactReport(single))).not.toContain('Root causes');
    expect(renderHtml(redactReport(single))).not.toContain('id="root-causes"');
  });
});
