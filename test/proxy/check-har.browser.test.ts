/**
 * check-har on HAR files from real producers, and the suite's own exchanges.har read by real consumers:
 * - Playwright's recordHar, driving headless Chromium against the mock (and against a mutant of it);
 * - chrome-har (sitespeed.io's HAR builder from DevTools protocol events), fed by the same Chromium;
 * - the suite's exchanges.har: valid against the HAR 1.2 schema, judged by check-har with no server finding, and
 *   replayed by Playwright's routeFromHAR with the mock gone.
 * Under CI=true a missing Chromium fails html-report.browser.test.ts; here it is skipped.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { harFromMessages } from 'chrome-har';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/conformance-command.js';
import { createMockServer, type MockServer } from '../../mock/testing.js';
import { harIssue } from '../../reports/har/validate-har.js';
import type { HarLog } from '../../reports/har/har.js';
import { exampleJobCreate } from '../../schemas/index.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { chromiumAvailable, launchChromium } from '../support/launch-chromium.js';
import { mockOptions, mutantNamed } from '../mutants/kit.js';

const KEY = 'demo-key-1';

/** What an integrator's page does: create, read, update, list and delete a job, with fetch. */
async function clientTraffic(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/api/v1.1/positiontypes`);
  await page.evaluate(
    async ({ key, body }) => {
      const headers = { 'API-Key': key, 'Content-Type': 'application/json' };
      const created = await fetch('/api/v1.1/jobs', { method: 'POST', headers, body: JSON.stringify(body) });
      const { id } = (await created.json()) as { id: number };
      await fetch(`/api/v1.1/jobs/${id}`, { headers });
      await fetch(`/api/v1.1/jobs/${id}`, { method: 'PUT', headers, body: JSON.stringify({ title: 'Line cook, nights' }) });
      await fetch('/api/v1.1/jobs?pageSize=5', { headers });
      await fetch(`/api/v1.1/jobs/${id}`, { method: 'DELETE', headers });
      await fetch('/status.txt'); // a request outside the API, to be ignored
    },
    { key: KEY, body: { ...exampleJobCreate, referenceId: 'har-test-1' } },
  );
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main({
    argv: ['node', 'jobs-conformance', ...args],
    env: {},
    stdout: { write: (chunk: string) => ((stdout += chunk), true) } as never,
    stderr: { write: (chunk: string) => ((stderr += chunk), true) } as never,
  });
  return { code, stdout, stderr };
}

async function reportIn(dir: string): Promise<ConformanceReport> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as ConformanceReport;
}

const serverFindings = (report: ConformanceReport) => report.rules.flatMap((rule) => rule.mismatches).filter((m) => m.side === 'server');

describe.skipIf(!chromiumAvailable())('check-har on HAR files of real producers', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'check-har-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function recordWithPlaywright(mock: MockServer, file: string): Promise<void> {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ recordHar: { path: file, content: 'embed' } });
      await clientTraffic(await context.newPage(), mock.url);
      await context.close(); // writes the HAR
    } finally {
      await browser.close();
    }
  }

  it("judges Playwright's recordHar of a conformant server: exit 0, the page's other requests ignored and counted", async () => {
    const file = join(dir, 'playwright.har');
    {
      await using mock = await createMockServer({ port: 0 });
      await recordWithPlaywright(mock, file);
    }
    const out = join(dir, 'playwright-report');
    const run = await cli(['check-har', file, '--report-dir', out]);
    expect(run.stderr).toMatch(/judged 6 exchanges of .*playwright\.har under http:\/\/127\.0\.0\.1:\d+\/api\/v1\.1; ignored 1 outside it/);
    expect(run, 'the exit code, with what check-har printed').toMatchObject({ code: 0 });
    const report = await reportIn(out);
    expect(report.proxy?.exchanges).toBe(6);
    expect(report.rules.flatMap((rule) => rule.mismatches)).toEqual([]);
    expect(await readFile(join(out, 'report.json'), 'utf8')).not.toContain(KEY);
  });

  it('flags what a broken server answered in the recording: exit 1, the rule named', async () => {
    const file = join(dir, 'playwright-mutant.har');
    {
      await using mock = await createMockServer(mockOptions(mutantNamed('create-answers-200')));
      await recordWithPlaywright(mock, file);
    }
    const out = join(dir, 'mutant-report');
    const run = await cli(['check-har', file, '--report-dir', out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/server jobs\.create\.status-201/);
    const failed = (await reportIn(out)).rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id);
    expect(failed).toContain('jobs.create.status-201');
  });

  it("judges chrome-har's HAR, built from Chromium's DevTools protocol events", async () => {
    const file = join(dir, 'chrome-har.har');
    {
      await using mock = await createMockServer({ port: 0 });
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const cdp = await page.context().newCDPSession(page);
        const events: Array<{ method: string; params: Record<string, unknown> }> = [];
        const responses = new Map<string, { response: Record<string, unknown> }>();
        const bodies: Array<Promise<void>> = [];
        await cdp.send('Page.enable');
        await cdp.send('Network.enable');
        for (const method of [
          'Page.frameStartedLoading',
          'Page.loadEventFired',
          'Page.domContentEventFired',
          'Network.requestWillBeSent',
          'Network.requestServedFromCache',
          'Network.dataReceived',
          'Network.responseReceived',
          'Network.resourceChangedPriority',
          'Network.loadingFinished',
          'Network.loadingFailed',
        ] as const) {
          cdp.on(method, (params: Record<string, unknown>) => {
            events.push({ method, params });
            if (method === 'Network.responseReceived') responses.set(params.requestId as string, params as never);
            if (method === 'Network.loadingFinished') {
              // chrome-har writes the bodies its caller put on the response objects.
              const received = responses.get(params.requestId as string);
              bodies.push(
                cdp
                  .send('Network.getResponseBody', { requestId: params.requestId as string })
                  .then(({ body }) => void (received && (received.response.body = body)))
                  .catch(() => undefined),
              );
            }
          });
        }
        await clientTraffic(page, mock.url);
        await Promise.all(bodies);
        await writeFile(file, JSON.stringify(harFromMessages(events, { includeTextFromResponseBody: true })));
      } finally {
        await browser.close();
      }
    }
    const out = join(dir, 'chrome-har-report');
    const run = await cli(['check-har', file, '--report-dir', out]);
    expect(run.stderr).toMatch(/judged 6 exchanges/);
    const report = await reportIn(out);
    expect(report.proxy?.exchanges).toBe(6);
    // What chrome-har records of a body depends on when DevTools hands it over: a body it missed is left unchecked,
    // so the rules that read bodies may judge fewer exchanges here; none errs.
    expect(report.rules.filter((rule) => rule.status === 'error')).toEqual([]);
  });

  it("writes the suite's exchanges.har: HAR 1.2, every entry tagged, no key; check-har finds no server fault; routeFromHAR replays it", async () => {
    const out = join(dir, 'suite-report');
    let apiRoot: string;
    {
      await using mock = await createMockServer({ port: 0 });
      apiRoot = `${mock.url}/api/v1.1`;
      const run = await cli([
        '--base-url',
        mock.url,
        '--api-key',
        KEY,
        '--only',
        'jobs.create.status-201,jobs.update.status-200',
        '--runs',
        '2',
        '--seed',
        '5',
        '--report-dir',
        out,
      ]);
      expect(run.code).toBe(0);
    }
    const text = await readFile(join(out, 'exchanges.har'), 'utf8');
    expect(text).not.toContain(KEY);
    const har = JSON.parse(text) as HarLog;
    expect(harIssue(har)).toBeUndefined();
    const report = await reportIn(out);
    expect(har.log.entries).toHaveLength(report.summary.requests);
    const ruled = new Set(har.log.entries.map((entry) => entry._ruleId).filter(Boolean));
    expect([...ruled].sort()).toEqual(['jobs.create.status-201', 'jobs.update.status-200']);

    const judged = join(dir, 'suite-har-report');
    await cli(['check-har', join(out, 'exchanges.har'), '--report-dir', judged]);
    expect(serverFindings(await reportIn(judged))).toEqual([]);

    // Replayed with the mock gone: every answer comes from the file.
    const read = har.log.entries.find((entry) => entry.request.method === 'GET' && entry.response.status === 200)!;
    const browser = await launchChromium();
    try {
      const context = await browser.newContext();
      await context.routeFromHAR(join(out, 'exchanges.har'), { url: `${apiRoot}/**`, notFound: 'abort' });
      const page = await context.newPage();
      const response = await page.goto(read.request.url);
      expect(response?.status()).toBe(200);
      expect(await response?.text()).toBe(read.response.content.text);
    } finally {
      await browser.close();
    }
  });
});
