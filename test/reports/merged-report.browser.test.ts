/**
 * The report.html of a merged run (4 shards of one seed run at the same time against the mock, then
 * mergeReports) opens in headless Chromium with no page error and shows every rule of the run once.
 * Under CI=true a missing Chromium fails html-report.browser.test.ts; here it is skipped.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/index.js';
import { mergeReports } from '../../reports/merge-reports.js';
import { redactReport } from '../../reports/redactor.js';
import { renderHtml } from '../../reports/html/render.js';
import { rules } from '../../suites/checks/rules.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { chromiumAvailable, launchChromium } from '../support/launch-chromium.js';

const SHARDS = 4;

describe.skipIf(!chromiumAvailable())('report.html of a merged run in Chromium', () => {
  it('opens with no page error and lists every rule once', async () => {
    await using mock = await createMockServer({ port: 0 });
    const options = {
      baseUrl: mock.url,
      apiKey: 'demo-key-1',
      secondApiKey: 'demo-key-2',
      seed: 77,
      runs: 2,
      only: 'jobs.create,jobs.update',
    };
    const shards = await Promise.all(
      Array.from({ length: SHARDS }, async (_, i) => ({
        source: `shard ${i + 1}`,
        report: await runConformance({ ...options, shard: `${i + 1}/${SHARDS}` }),
      })),
    );
    const merged = redactReport(
      mergeReports(
        shards,
        rules.map((rule) => rule.id),
      ),
    );
    const dir = await mkdtemp(join(tmpdir(), 'merged-html-'));
    const file = join(dir, 'report.html');
    await writeFile(file, renderHtml(merged));
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const pageErrors: string[] = [];
      const consoleErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.goto(pathToFileURL(file).href);
      expect(await page.getByTestId('verdict').innerText()).toBe('PASSED');
      const ids = await page.locator('details.rule').evaluateAll((els) => els.map((el) => el.id));
      expect(ids).toHaveLength(merged.rules.length);
      expect(new Set(ids).size).toBe(merged.rules.length);
      expect(await page.locator('#filter-count').innerText()).toBe(`${merged.rules.length} of ${merged.rules.length} rules`);
      expect(pageErrors).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      await browser.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
