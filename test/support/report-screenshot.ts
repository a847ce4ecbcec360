/**
 * @module `npm run report:screenshot [-- out-dir]`: renders the fixture report
 * (reports/sample-report.test-support.ts) and photographs report.html in headless
 * Chromium: the top of the page, and the first failure expanded. Look at the
 * PNGs after changing the page's markup or styles.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sampleReport } from '../../reports/sample-report.test-support.js';
import { writeReports } from '../../reports/write-reports.js';
import { launchChromium } from './launch-chromium.js';
import { redactReport } from '../../reports/redactor.js';

async function main(): Promise<void> {
  const outDir = resolve(process.argv[2] ?? 'test-output/report-screenshot');
  await mkdir(outDir, { recursive: true });
  const [htmlFile] = await writeReports(redactReport(sampleReport()), { dir: outDir, reporters: ['html'], stepSummary: false });
  if (!htmlFile) throw new Error('report.html was not written');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    await page.goto(pathToFileURL(htmlFile).href);
    const overview = join(outDir, 'report-overview.png');
    await page.screenshot({ path: overview });
    const failure = page.locator('details.rule.failed').first();
    await failure.locator('summary').click();
    await failure.scrollIntoViewIfNeeded();
    const expanded = join(outDir, 'report-failure.png');
    await failure.screenshot({ path: expanded });
    process.stdout.write(`${htmlFile}\n${overview}\n${expanded}\n`);
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`report:screenshot failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
