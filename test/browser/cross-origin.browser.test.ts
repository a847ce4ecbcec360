/**
 * CORS in real headless Chromium (Debian's /usr/bin/chromium via
 * playwright-core): a page on another loopback origin (another port) calls the
 * standalone mock. The API works cross-origin (preflight, and Location is
 * readable after a POST); the control API does not: a cross-origin reset,
 * with or without CORS mode, leaves the jobs in place, unless the page's
 * origin is given as controlCors (the positive control that shows the test
 * can see a reset). Under CI=true a missing Chromium fails; elsewhere it is skipped.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, CHROMIUM_PATH, launchChromium } from '../support/launch-chromium.js';
import { createMockServer } from '../../mock/index.js';
import { validJob } from '../mock/helpers.js';

const inCi = process.env.CI === 'true';
const available = chromiumAvailable();

if (!available && !inCi) {
  console.warn(
    `[browser] skipping the cross-origin test: ${CHROMIUM_PATH} is missing (apt-get install -y chromium); it fails instead under CI=true`,
  );
}

describe('Chromium is present under CI', () => {
  it.runIf(inCi)(`finds ${CHROMIUM_PATH}`, () => {
    expect(available, `${CHROMIUM_PATH} is missing: install Debian's chromium before npm test`).toBe(true);
  });
});

/** What the page reports of one fetch: its status and Location, or the error the browser gave the script. */
interface Outcome {
  status?: number;
  location?: string | null;
  error?: string;
}

async function pageFetch(
  page: Page,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; mode?: 'cors' | 'no-cors' },
): Promise<Outcome> {
  return page.evaluate(
    async ([u, i]) => {
      try {
        const res = await fetch(u, i);
        return { status: res.status, location: res.headers.get('location') };
      } catch (error) {
        return { error: String(error) };
      }
    },
    [url, init] as const,
  );
}

describe.skipIf(!available)('the mock seen from a page on another origin (Chromium)', () => {
  let browser: Browser;
  let site: Server;
  let siteOrigin: string;

  beforeAll(async () => {
    site = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>other origin</title>'),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (site ? site.close(resolve) : resolve(undefined)));
  });

  async function withPage(run: (page: Page) => Promise<void>): Promise<void> {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${siteOrigin}/`);
      await run(page);
    } finally {
      await context.close();
    }
  }

  it('creates a job through a preflight and reads Location; cannot reset the mock', async () => {
    await using mock = await createMockServer();
    mock.core.seedJobs(101, [validJob()]);
    await withPage(async (page) => {
      const created = await pageFetch(page, `${mock.url}/api/v1.1/jobs`, {
        method: 'POST',
        headers: { 'API-Key': 'demo-key-1', 'Content-Type': 'application/json' },
        body: JSON.stringify(validJob()),
      });
      expect(created.status).toBe(201);
      expect(created.location).toMatch(/\/api\/v1\.1\/jobs\/2$/);
      expect(mock.core.requests({ method: 'OPTIONS' })).toHaveLength(1);

      // A simple POST goes out without a preflight: the browser blocks the answer, the mock refuses the reset.
      const reset = await pageFetch(page, `${mock.url}/__control/reset`, { method: 'POST' });
      expect(reset.error).toMatch(/Failed to fetch/);
      const blind = await pageFetch(page, `${mock.url}/__control/reset`, { method: 'POST', mode: 'no-cors' });
      expect(blind.status).toBe(0); // opaque
      const faults = await pageFetch(page, `${mock.url}/__control/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"status":500,"count":"unlimited"}',
      });
      expect(faults.error).toMatch(/Failed to fetch/);
    });
    expect(mock.core.snapshot().jobs).toHaveLength(2);
    expect(mock.core.snapshot().faults).toEqual([]);
  });

  it('with controlCors set to the page origin, the same page can reset it', async () => {
    await using mock = await createMockServer({ controlCors: siteOrigin });
    mock.core.seedJobs(101, [validJob()]);
    await withPage(async (page) => {
      expect((await pageFetch(page, `${mock.url}/__control/reset`, { method: 'POST' })).status).toBe(204);
    });
    expect(mock.core.snapshot().jobs).toEqual([]);
  });
});
