import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../schemas/types.gen.js';
import { formatIssues, validators } from '../schemas/index.js';
import { mergeReports, type ShardReport } from './merge-reports.js';
import { renderHtml } from './html/render.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderMarkdown } from './markdown.js';
import { redactReport } from './redactor.js';
import { ReportError } from './report-error.js';
import { sampleReport } from './sample-report.test-support.js';
import { renderTerminalSummary } from './terminal.js';

/** The sample report cut into `count` shards (rule i in shard i mod count), as --shard would write them. */
function shardsOf(report: ConformanceReport, count: number): ShardReport[] {
  return Array.from({ length: count }, (_, i) => {
    const rules = report.rules.filter((_, r) => r % count === i);
    const ids = new Set(rules.map((rule) => rule.id));
    const shard: ConformanceReport = {
      ...report,
      shard: { index: i + 1, count },
      rules,
      observations: report.observations.filter((o) => o.ruleId === undefined || ids.has(o.ruleId)),
      summary: { ...report.summary, requests: 10 },
      cleanup: { created: 3, deleted: 3, leftover: [] },
      options: { ...report.options, referencePrefix: `jcshard${i + 1}` },
      replayCommand: `${report.replayCommand} --shard ${i + 1}/${count}`,
    };
    return { source: `shard-${i + 1}`, report: shard };
  });
}

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ReportError);
    expect((error as ReportError).code).toBe('MERGE_REFUSED');
    return (error as Error).message;
  }
  throw new Error('the merge was not refused');
};

describe('mergeReports', () => {
  const whole = sampleReport();
  const order = whole.rules.map((rule) => rule.id);

  it('gives back the unsharded run: every rule once in registry order, its summary and verdict; the run-level observations once', () => {
    const merged = mergeReports(shardsOf(whole, 3).reverse(), order);
    expect(merged.rules).toEqual(whole.rules);
    expect(merged.verdict).toBe(whole.verdict);
    expect({ ...merged.summary, requests: 0 }).toEqual({ ...whole.summary, requests: 0 });
    expect(merged.summary.requests).toBe(30);
    expect(merged.cleanup).toEqual({ created: 9, deleted: 9, leftover: [] });
    expect(new Set(merged.observations)).toEqual(new Set(whole.observations));
    expect(merged.replayCommand).toBe(whole.replayCommand);
    expect(merged.shard).toBeUndefined();
    expect(merged.shards?.map((s) => [s.index, s.count, s.referencePrefix])).toEqual([
      [1, 3, 'jcshard1'],
      [2, 3, 'jcshard2'],
      [3, 3, 'jcshard3'],
    ]);
  });

  it('passes the report schema and renders in every format', () => {
    const merged = redactReport(mergeReports(shardsOf(whole, 4), order));
    const valid = validators.report(JSON.parse(renderJson(merged)));
    expect(valid.ok, valid.ok ? '' : formatIssues(valid.issues)).toBe(true);
    expect(renderJunit(merged)).toContain('<testsuites');
    expect(renderHtml(merged)).toContain('<html');
    expect(renderMarkdown(merged)).toContain(whole.rules.find((r) => r.status === 'failed')!.id);
    expect(renderTerminalSummary(merged, { color: false })).toContain(`seed ${whole.seed}`);
  });

  it('refuses a mixed seed, a mixed tool version, a missing shard and a duplicate shard, each in one line', () => {
    const shards = shardsOf(whole, 3);
    const otherSeed = { ...shards[1]!, report: { ...shards[1]!.report, seed: whole.seed + 1 } };
    expect(refusal(() => mergeReports([shards[0]!, otherSeed, shards[2]!], order))).toBe(
      `mixed seed: shard-1 has ${whole.seed}, shard-2 has ${whole.seed + 1}`,
    );
    const otherTool = { ...shards[2]!, report: { ...shards[2]!.report, tool: { name: 'jobs-conformance', version: '9.9.9' } } };
    expect(refusal(() => mergeReports([shards[0]!, shards[1]!, otherTool], order))).toMatch(
      /^mixed tool version: shard-1 has .+, shard-3 has 9\.9\.9$/,
    );
    expect(refusal(() => mergeReports([shards[0]!, shards[2]!], order))).toBe('missing shard 2/3: every shard of the run is needed');
    expect(refusal(() => mergeReports([...shards, { ...shards[1]!, source: 'again' }], order))).toBe(
      'shard 2/3 appears twice: shard-2 and again',
    );
    for (const message of [refusal(() => mergeReports([shards[0]!, otherSeed], order))]) expect(message).not.toContain('\n');
  });

  it('refuses a report of no shard, mixed shard counts and a shard already gated by a baseline', () => {
    const [a, b] = shardsOf(whole, 2);
    expect(refusal(() => mergeReports([{ source: 'plain', report: whole }], order))).toBe(
      'plain is not a shard report (it was not run with --shard i/n)',
    );
    const [, , c] = shardsOf(whole, 3);
    expect(refusal(() => mergeReports([a!, b!, c!], order))).toBe('mixed shard count: shard-1 has 2, shard-3 has 3');
    const gated = { ...b!, report: { ...b!.report, baseline: { entries: 0, known: [], stale: [] } } };
    expect(refusal(() => mergeReports([a!, gated], order))).toMatch(/shard-2 was gated by a baseline/);
    expect(refusal(() => mergeReports([], order))).toBe('no shard report to merge');
  });

  it('an interrupted shard makes the merged run interrupted, with the verdict error', () => {
    const shards = shardsOf(whole, 2);
    shards[1]!.report.interrupted = true;
    const merged = mergeReports(shards, order);
    expect(merged.interrupted).toBe(true);
    expect(merged.verdict).toBe('error');
  });
});
