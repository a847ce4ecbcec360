/**
 * End to end (a failure in a shared setup step is reported once, as the root cause): the suite runs over real HTTP on
 * loopback against the mutant create-answers-non-job-body (POST /jobs answers
 * 201 with a body that is not a Job). Nearly every rule that creates a job
 * fails on that one setup step; the terminal summary, summary.md and
 * report.html each name it once, as the first root cause, and the rules keep
 * their own entries. The schema failure says what it received.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/testing.js';
import { renderTerminalSummary, rootCauses, writeReports, type RootCause } from '../../reports/index.js';
import type { RedactedReport } from '../../reports/redactor.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { mockOptions, mutantNamed } from '../mutants/kit.js';

const NON_JOB_ON_CREATE = mutantNamed('create-answers-non-job-body');
const CAUSE = 'POST /jobs: the 201 body is not a Job (full) (job.schema.json)';

describe('root causes of a run against a mock whose POST answers a non-Job body', () => {
  let mock: MockServer;
  let dir: string;
  let report: RedactedReport;
  let cause: RootCause;

  beforeAll(async () => {
    mock = await createMockServer(mockOptions(NON_JOB_ON_CREATE));
    dir = await mkdtemp(join(tmpdir(), 'root-cause-reports-'));
    report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-key-1', secondApiKey: 'demo-key-2', seed: 20251125, runs: 5 });
    await writeReports(report, { dir, reporters: ['markdown', 'html'], stepSummary: false });
    cause = rootCauses(report)[0]!;
  }, 300_000);

  afterAll(async () => {
    await mock?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('groups the rules failing on POST /jobs under one cause, first, and says what the body held', () => {
    const failed = report.rules.filter((rule) => rule.status === 'failed');
    expect(`${cause.requestLine}: ${cause.failure}`).toBe(CAUSE);
    expect(cause.ruleIds.length).toBeGreaterThan(10);
    expect(rootCauses(report).filter((c) => c.requestLine === 'POST /jobs' && c.failure === cause.failure)).toHaveLength(1);
    const first = failed
      .find((rule) => rule.id === cause.ruleIds[0])!
      .mismatches.find((m) => m.title.endsWith('is not a Job (full) (job.schema.json)'));
    expect(first?.received).toBe('/publishDate type ("string"): must be string, got null');
  });

  it('terminal: one root-cause line above the failures, which still list each rule', () => {
    const text = renderTerminalSummary(report, { color: false });
    const section = text.slice(text.indexOf('Root causes'), text.indexOf('\nFailures'));
    expect(section.split('\n').filter((line) => line.includes(CAUSE))).toEqual([`  ✗ ${CAUSE} (fails ${cause.ruleIds.length} rules)`]);
    expect(text.slice(text.indexOf('\nFailures'))).toContain(cause.ruleIds[0]);
  });

  it('summary.md: one root-cause row above the rules table', async () => {
    const md = await readFile(join(dir, 'summary.md'), 'utf8');
    const rows = md.split('\n').filter((line) => line.includes('`POST /jobs`: the 201 body is not a Job'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`fails ${cause.ruleIds.length} rules`);
    expect(md.indexOf(rows[0]!)).toBeLessThan(md.indexOf('| Status | Rule |'));
  });

  it('report.html: one root cause, linking to every rule it fails', async () => {
    const document = parseDocument(await readFile(join(dir, 'report.html'), 'utf8'));
    const items = DomUtils.findAll((el) => el.name === 'li' && (el.attribs.class ?? '').startsWith('root-cause '), document.children);
    const matching = items.filter((li) => DomUtils.textContent(li).includes('the 201 body is not a Job'));
    expect(matching).toHaveLength(1);
    expect(items[0]).toBe(matching[0]);
    const links = DomUtils.findAll((el) => el.name === 'a', [matching[0]!]).map((a) => a.attribs.href);
    expect(links).toEqual(cause.ruleIds.map((id) => `#rule-${id}`));
  });
});
