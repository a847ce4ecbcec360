import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatIssues, validators } from '../schemas/index.js';
import { PLANTED_KEY, sampleReport } from './sample-report.test-support.js';
import { ReportError } from './report-error.js';
import { parseReporters, writeReports } from './write-reports.js';
import { redactReport } from './redactor.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reports-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeReports', () => {
  it('writes every format into a new directory and returns the paths', async () => {
    const out = join(dir, 'nested', 'conformance-report');
    const files = await writeReports(redactReport(sampleReport()), { dir: out, stepSummary: false });
    expect(files).toEqual(['report.json', 'junit.xml', 'report.html', 'summary.md'].map((name) => join(out, name)));
    expect((await readdir(out)).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'summary.md']);
    const json: unknown = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    const result = validators.report(json);
    expect(result.ok, result.ok ? '' : formatIssues(result.issues)).toBe(true);
    expect(await readFile(join(out, 'junit.xml'), 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites /);
    expect(await readFile(join(out, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect(await readFile(join(out, 'summary.md'), 'utf8')).toMatch(/^## 💥 Jobs API v1.1 conformance: error/);
  });

  it('keeps planted and caller-given secrets out of every file', async () => {
    const report = sampleReport();
    report.observations.push({ topic: 'echo', section: '5', observed: 'server echoed key run-key-0001 in a header' });
    await writeReports(redactReport(report), { dir, stepSummary: false, secrets: ['run-key-0001'] });
    for (const name of await readdir(dir)) {
      const text = await readFile(join(dir, name), 'utf8');
      expect(text.includes(PLANTED_KEY), name).toBe(false);
      expect(text.includes('run-key-0001'), name).toBe(false);
    }
  });

  it('writes only the chosen reporters', async () => {
    const files = await writeReports(redactReport(sampleReport()), { dir, reporters: ['markdown', 'junit'], stepSummary: false });
    expect(files).toEqual([join(dir, 'junit.xml'), join(dir, 'summary.md')]);
    expect((await readdir(dir)).sort()).toEqual(['junit.xml', 'summary.md']);
  });

  it('appends the summary to $GITHUB_STEP_SUMMARY (or the given file)', async () => {
    const summaryFile = join(dir, 'step-summary.md');
    await writeFile(summaryFile, '# Earlier step\n');
    const previous = process.env.GITHUB_STEP_SUMMARY;
    process.env.GITHUB_STEP_SUMMARY = summaryFile;
    try {
      await writeReports(redactReport(sampleReport()), { dir: join(dir, 'out') });
    } finally {
      if (previous === undefined) delete process.env.GITHUB_STEP_SUMMARY;
      else process.env.GITHUB_STEP_SUMMARY = previous;
    }
    const text = await readFile(summaryFile, 'utf8');
    expect(text.startsWith('# Earlier step\n## 💥 Jobs API v1.1 conformance: error')).toBe(true);
    expect(text).toBe(`# Earlier step\n${await readFile(join(dir, 'out', 'summary.md'), 'utf8')}\n`);

    await writeReports(redactReport(sampleReport()), { dir: join(dir, 'out2'), reporters: ['json'], stepSummary: summaryFile });
    expect(await readFile(summaryFile, 'utf8')).toBe(text); // no markdown reporter, no append
  });

  it('fails with REPORT_WRITE_FAILED when the directory cannot be created', async () => {
    const blocker = join(dir, 'file');
    await writeFile(blocker, 'x');
    await expect(writeReports(redactReport(sampleReport()), { dir: join(blocker, 'sub'), stepSummary: false })).rejects.toMatchObject({
      name: 'ReportError',
      code: 'REPORT_WRITE_FAILED',
      context: { dir: join(blocker, 'sub') },
    });
  });
});

describe('parseReporters', () => {
  it('reads lists, aliases and all', () => {
    expect(parseReporters('junit, md')).toEqual(['junit', 'markdown']);
    expect(parseReporters('all')).toEqual(['json', 'junit', 'html', 'markdown']);
  });
  it('rejects unknown names', () => {
    expect(() => parseReporters('json,pdf')).toThrow(ReportError);
    expect(() => parseReporters('json,pdf')).toThrow(/pdf/);
  });
});
