import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../schemas/types.gen.js';
import { sampleReport } from './sample-report.test-support.js';
import { renderHtml } from './html/render.js';
import { renderMarkdown } from './markdown.js';
import { networkSummary } from './network-summary.js';
import { redactReport } from './redactor.js';
import { renderTerminalSummary } from './terminal.js';

function rateLimited(): ConformanceReport {
  const report = sampleReport();
  report.network = { retries: 3, retryWaitMs: 2_500, rateLimitWaitMs: 400 };
  report.options = { ...report.options, rateLimit: '10/s' };
  return report;
}

describe('retries and waits in the human-readable headers', () => {
  it('say nothing when the run neither retried nor ran under --rate-limit', () => {
    const report = sampleReport();
    report.network = { retries: 0, retryWaitMs: 0, rateLimitWaitMs: 0 };
    expect(networkSummary(report)).toBeUndefined();
    expect(renderTerminalSummary(redactReport(report), { color: false })).not.toContain('rate limits');
  });

  it('show retries, time waited and the pacing in the terminal, summary.md and report.html', () => {
    const report = rateLimited();
    const phrase = '3 retries after rate limits (2.5 s waited) · --rate-limit 10/s (0.4 s spacing)';
    expect(networkSummary(report)).toBe(phrase);
    expect(renderTerminalSummary(redactReport(report), { color: false })).toContain(phrase);
    expect(renderMarkdown(redactReport(report))).toContain('3 retries after rate limits (2.5 s waited)');
    expect(renderHtml(redactReport(report))).toMatch(/<dt>Rate limits<\/dt><dd>3 retries after rate limits \(2\.5 s waited\)/);
  });
});

describe('--header values in the report second pass', () => {
  it('masks every header the run added (options.headerNames), wherever it is recorded', () => {
    const report = sampleReport();
    report.options = { ...report.options, headerNames: ['x-gateway-token'] };
    const exchange = report.rules.flatMap((rule) => rule.mismatches).flatMap((m) => m.exchanges)[0]!;
    exchange.request.headers['X-Gateway-Token'] = 'gw-planted-secret';
    exchange.request.body = 'echo gw-planted-secret';
    const safe = JSON.stringify(redactReport(report));
    expect(safe).not.toContain('gw-planted-secret');
    expect(safe).toContain('"X-Gateway-Token":"[redacted]"');
  });
});
