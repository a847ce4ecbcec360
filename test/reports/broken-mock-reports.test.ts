/**
 * End to end: the suite runs against a deliberately broken mock (the mutant
 * create-without-location-header: POST /jobs answers 201 without a Location header) over real HTTP on loopback, and
 * every report format is written and read back: the failing rule is a
 * failure in junit.xml, a row in summary.md and a failed rule in report.html;
 * report.json is valid; the API key of the run appears in no file.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { parseDocument, DomUtils } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/testing.js';
import { createProgress, exitCodeFor, applyBaseline, writeReports } from '../../reports/index.js';
import { formatIssues, validators } from '../../schemas/index.js';
import type { RedactedReport } from '../../reports/redactor.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { mockOptions, mutantNamed, primaryRule } from '../mutants/kit.js';

const API_KEY = 'demo-key-1';
/** The broken variant: POST /jobs loses its Location header. */
const dropLocationOnCreate = mutantNamed('create-without-location-header');
const BROKEN_RULE = primaryRule(dropLocationOnCreate);

describe('reports of a run against a mock without Location headers', () => {
  let mock: MockServer;
  let dir: string;
  let report: RedactedReport;
  let files: string[];
  let progressText = '';

  beforeAll(async () => {
    mock = await createMockServer(mockOptions(dropLocationOnCreate));
    dir = await mkdtemp(join(tmpdir(), 'broken-mock-reports-'));
    const progress = createProgress({ isTTY: false, write: (chunk: string) => ((progressText += chunk), true) }, { color: false });
    report = await runConformance({
      baseUrl: mock.url,
      apiKey: API_KEY,
      seed: 20250301,
      runs: 5,
      only: 'jobs.create',
      onProgress: (event) => {
        if (event.type === 'rule-start') progress.ruleStarted(event.rule);
        if (event.type === 'rule-end') progress.ruleFinished(event.result);
      },
    });
    progress.done();
    files = await writeReports(report, { dir, stepSummary: false });
  }, 120_000);

  afterAll(async () => {
    await mock?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const read = (name: string) => readFile(join(dir, name), 'utf8');

  it('fails the broken rule in the report, and gating fails the run', () => {
    const rule = report.rules.find((r) => r.id === BROKEN_RULE);
    expect(rule?.status).toBe('failed');
    expect(rule?.mismatches[0]?.exchanges.some((e) => e.request.method === 'POST' && e.response?.status === 201)).toBe(true);
    expect(report.verdict).toBe('failed');
    expect(exitCodeFor(report)).toBe(1);
    // Accepting it in a baseline lets the run pass, unless other create rules failed too.
    const others = report.rules.filter((r) => r.status === 'failed' && r.id !== BROKEN_RULE);
    expect(exitCodeFor(applyBaseline(report, { rules: [{ id: BROKEN_RULE }] }), ['failed'])).toBe(others.length > 0 ? 1 : 0);
  });

  it('writes all four files, and report.json is valid', async () => {
    expect((await readdir(dir)).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'summary.md']);
    expect(files).toHaveLength(4);
    const result = validators.report(JSON.parse(await read('report.json')));
    expect(result.ok, result.ok ? '' : formatIssues(result.issues)).toBe(true);
  });

  it('lists the rule as a failure in junit.xml', async () => {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      isArray: (name) => ['testsuite', 'testcase'].includes(name),
    });
    const xml = parser.parse(await read('junit.xml')) as {
      testsuites: {
        '@_failures': string;
        testsuite: { '@_name': string; testcase: { '@_name': string; failure?: { '@_message': string } }[] }[];
      };
    };
    const create = xml.testsuites.testsuite.find((suite) => suite['@_name'] === 'create');
    const testcase = create?.testcase.find((c) => c['@_name'].startsWith(`${BROKEN_RULE}:`));
    expect(testcase?.failure?.['@_message']).toMatch(/^§4\.2 /);
    expect(Number(xml.testsuites['@_failures'])).toBe(report.summary.failed);
  });

  it('has a row for the rule in summary.md', async () => {
    const md = await read('summary.md');
    expect(md).toMatch(/^## ❌ Jobs API v1\.1 conformance: failed/);
    expect(md).toContain(`| ❌ failed | \`${BROKEN_RULE}\` | 4.2 |`);
    expect(md).toContain(report.replayCommand);
  });

  it('shows the rule as failed in report.html, with its exchange', async () => {
    const document = parseDocument(await read('report.html'));
    const details = DomUtils.findOne((el) => el.name === 'details' && el.attribs.id === `rule-${BROKEN_RULE}`, document.children, true);
    expect(details?.attribs['data-status']).toBe('failed');
    expect(DomUtils.textContent(details!)).toContain(`POST ${mock.url}/api/v1.1/jobs → 201`);
  });

  it('printed progress for the create area', () => {
    expect(progressText).toMatch(/^✗ create\s+\d+ /m);
    expect(progressText).toContain(`✗ ${BROKEN_RULE}`);
  });

  it('never writes the API key', async () => {
    for (const name of await readdir(dir)) expect((await read(name)).includes(API_KEY), name).toBe(false);
    expect(progressText.includes(API_KEY)).toBe(false);
  });
});
