/**
 * The MSW handlers under setupWorker in real headless Chromium (Debian's
 * /usr/bin/chromium via playwright-core): worker-entry.ts is bundled with
 * esbuild for the browser (so a Node-only import on the handler path fails the
 * build), served with MSW's mockServiceWorker.js from 127.0.0.1 (a secure
 * context), and the page creates a job with POST and reads it back with GET.
 * It also runs examples/msw-browser.ts, the example docs/mock.md shows, as written
 * (its `jobs-conformance/mock/browser` import resolves through the package's exports to dist/).
 * Under CI=true a missing Chromium fails the test; elsewhere it is skipped.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, CHROMIUM_PATH, launchChromium } from '../support/launch-chromium.js';
import type { DemoResult } from './worker-entry.js';

const inCi = process.env.CI === 'true';
const available = chromiumAvailable();

if (!available && !inCi) {
  console.warn(
    `[browser] skipping the setupWorker test: ${CHROMIUM_PATH} is missing (apt-get install -y chromium); it fails instead under CI=true`,
  );
}

describe('Chromium is present under CI', () => {
  it.runIf(inCi)(`finds ${CHROMIUM_PATH}`, () => {
    expect(available, `${CHROMIUM_PATH} is missing: install Debian's chromium before npm test`).toBe(true);
  });
});

const pageLoading = (script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>msw worker</title><script type="module" src="${script}"></script></head><body></body></html>`;

/** The browser bundle of an entry; esbuild fails on any node: import it reaches. */
async function bundle(entry: URL): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (file === undefined) throw new Error('esbuild wrote nothing');
  return file.text;
}

describe.skipIf(!available)('createHandlers under setupWorker in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    const require = createRequire(import.meta.url);
    const files: Record<string, [string, string]> = {
      '/': ['text/html; charset=utf-8', pageLoading('/bundle.js')],
      '/bundle.js': ['text/javascript; charset=utf-8', await bundle(new URL('./worker-entry.ts', import.meta.url))],
      '/example.html': ['text/html; charset=utf-8', pageLoading('/example.js')],
      '/example.js': ['text/javascript; charset=utf-8', await bundle(new URL('../../examples/msw-browser.ts', import.meta.url))],
      '/mockServiceWorker.js': ['text/javascript; charset=utf-8', await readFile(require.resolve('msw/mockServiceWorker.js'), 'utf8')],
    };
    server = createServer((req, res) => {
      const file = files[new URL(req.url ?? '/', 'http://x').pathname];
      if (file === undefined) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-store' }).end(file[1]);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  /** Runs `test` on a fresh page of its own browser context, collecting the page's errors; closes the context after. */
  async function onNewPage(test: (page: Page, pageErrors: string[]) => Promise<void>): Promise<void> {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await test(page, pageErrors);
    } finally {
      await context.close();
    }
  }

  it('creates a job with POST /api/v1.1/jobs and reads it back with GET, all answered by the service worker', async () => {
    await onNewPage(async (page, pageErrors) => {
      // Any /api request reaching the static server would be a 404: the worker must answer them all.
      const leaked: string[] = [];
      server.on('request', (req) => {
        if (req.url?.startsWith('/api/')) leaked.push(req.url);
      });
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => typeof window.runDemo === 'function');
      const job = {
        referenceId: 'browser-1',
        title: 'Browser test job',
        locations: [{ description: 'Halifax, NS' }],
        categories: [{ id: 1 }],
        positionType: { id: 1 },
        description: '<p>Made in a service worker</p>',
        applicantRoutingType: { id: 2 },
        applicationUrl: 'https://careers.example.test/apply',
      };
      await page.evaluate((body) => {
        window.demoJob = body;
      }, job);
      const result: DemoResult = await page.evaluate(() => window.runDemo());

      expect(pageErrors).toEqual([]);
      expect(result.servedBy).toBe(`${origin}/mockServiceWorker.js`);
      expect(result.created.status, JSON.stringify(result.created.body)).toBe(201);
      const created = result.created.body as Record<string, unknown>;
      expect(created).toMatchObject({ referenceId: 'browser-1', title: 'Browser test job', status: 'draft' });
      expect(typeof created.id).toBe('number');
      expect(result.read.status).toBe(200);
      expect(result.read.body).toEqual(created);
      expect(leaked).toEqual([]);
    });
  });

  it('runs examples/msw-browser.ts as written: the worker answers the page', async () => {
    await onNewPage(async (page, pageErrors) => {
      const logged = new Promise<string>((resolve) =>
        page.on('console', (message) => message.text().startsWith('200 ') && resolve(message.text())),
      );
      await page.goto(`${origin}/example.html`);
      expect(await logged).toBe('200 Full-time, Part-time, Contract, Temporary, Internship, Seasonal, Casual');
      expect(pageErrors).toEqual([]);
    });
  });
});
