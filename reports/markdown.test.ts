import { describe, expect, it } from 'vitest';
import type { RuleResult } from '../schemas/types.gen.js';
import { PLANTED_KEY, sampleReport } from './sample-report.test-support.js';
import { applyBaseline } from './gating/gating.js';
import { codeBlock, codeSpan, escapeMarkdownCell } from './markdown-escape.js';
import { renderMarkdown } from './markdown.js';
import { redactReport } from './redactor.js';

/** Cells of a GFM table row: split on pipes that are not backslash-escaped. */
function cells(row: string): string[] {
  return row
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((cell) => cell.trim());
}

describe('escapeMarkdownCell', () => {
  it('keeps a cell on one line and shows syntax literally', () => {
    const cell = escapeMarkdownCell('a | b\n`c` <img src=x onerror=y> [l](javascript:x) *e* @octocat');
    expect(cell).not.toMatch(/\n/);
    expect(cells(`| ${cell} |`)).toHaveLength(1);
    expect(cell).toContain('a \\| b');
    expect(cell).toContain('\\`c\\`');
    expect(cell).toContain('&lt;img');
    expect(cell).not.toContain('<');
    expect(cell).toContain('\\[l\\]\\(javascript:x\\)');
    expect(cell).toContain('@\u200boctocat');
  });

  it('truncates long text', () => {
    expect(Array.from(escapeMarkdownCell('x'.repeat(500), 100))).toHaveLength(100);
  });
});

describe('codeSpan and codeBlock', () => {
  it('use a fence longer than any backtick run', () => {
    expect(codeSpan('a`b')).toBe('`` a`b ``');
    expect(codeSpan('a|b', { table: true })).toBe('`a\\|b`');
    expect(codeBlock('echo ```', 'sh')).toBe('````sh\necho ```\n````');
  });
});

describe('renderMarkdown', () => {
  it('shows the verdict, counts, a row per failed, errored or warned rule with its level, and the replay command', () => {
    const report = sampleReport();
    const md = renderMarkdown(redactReport(report));
    expect(md.split('\n')[0]).toBe('## 💥 Jobs API v1.1 conformance: error');
    expect(md).toContain('**13 rules**: 3 failed · 1 warning · 1 error · 5 passed · 2 skipped · 1 disabled');
    const rows = md.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Status'));
    expect(rows.map((row) => cells(row)[1])).toEqual([
      '`jobs.create.location-header`',
      '`jobs.roundtrip.get-equals-post`',
      '`html.description.allow-list`',
      '`paging.next.repeats-filters`',
      '`jobs.protocol.non-json-rejected.post`',
    ]);
    for (const row of rows) expect(cells(row)).toHaveLength(5);
    expect(cells(rows[0]!)).toEqual([
      '❌ failed',
      '`jobs.create.location-header`',
      '4.2',
      'must',
      'POST /jobs responded 201 without a Location header',
    ]);
    expect(cells(rows[1]!)[0]).toBe('❌ failed (flaky)');
    expect(cells(rows[3]!)[4]).toMatch(/^suite error: TypeError: Invalid URL/);
    expect(cells(rows[4]!).slice(0, 4)).toEqual(['⚠️ warning', '`jobs.protocol.non-json-rejected.post`', '1', 'should']);
    expect(md).toContain('1 warning: should rules check good practice the spec does not state. They fail the run only with `--strict`.');
    expect(renderMarkdown(redactReport({ ...report, options: { ...report.options, strict: true } }))).toContain(
      'This run used `--strict`: they fail it.',
    );
    expect(md).toContain(
      "```sh\nnpx jobs-conformance --base-url http://127.0.0.1:4010 --seed 424242 --runs 50 --reference-prefix 'jc7f3a9-'\n```",
    );
    expect(md).toContain('2 jobs were left on the target');
  });

  it('never lets target text out as markup, mentions or control characters', () => {
    const md = renderMarkdown(redactReport(sampleReport()));
    expect(md).not.toMatch(/<(script|img|pwned)/i);
    expect(md).not.toMatch(/@octocat/);
    expect(/[\u0000-\u0008\u000B-\u001F\u007F]/.test(md)).toBe(false);
    expect(md.includes(PLANTED_KEY)).toBe(false);
  });

  it('caps the table and says how many more', () => {
    const report = sampleReport();
    const template = report.rules[0]!;
    const many: RuleResult[] = Array.from({ length: 60 }, (_, i) => ({ ...template, id: `jobs.create.case-${i}` }));
    report.rules = [...many, ...report.rules];
    const md = renderMarkdown(redactReport(report), { maxRows: 50 });
    // Rows of the rules table (five cells); the 61 rules failing alike also make one root-cause row (three cells).
    const rows = md.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Status'));
    expect(rows.filter((row) => cells(row).length === 5)).toHaveLength(50);
    expect(rows.filter((row) => cells(row).length === 3)).toEqual([expect.stringContaining('fails 61 rules')]);
    expect(md).toContain('…and 15 more failed, errored or warned rules');
  });

  it('mentions known mismatches and stale baseline entries', () => {
    const gated = applyBaseline(sampleReport(), { rules: [{ id: 'jobs.create.location-header' }, { id: 'jobs.update.partial' }] });
    const md = renderMarkdown(redactReport(gated));
    expect(md).toContain('1 known mismatch is accepted by the baseline.');
    expect(md).toContain('> - `jobs.update.partial`: passes now');
    expect(md).not.toContain('| ❌ failed | `jobs.create.location-header`');
  });

  it('has no table for a passing run', () => {
    const report = sampleReport();
    report.rules = report.rules.filter((rule) => rule.status === 'passed');
    report.verdict = 'passed';
    const md = renderMarkdown(redactReport(report));
    expect(md.startsWith('## ✅')).toBe(true);
    expect(md).not.toContain('| Status |');
  });
});
