/**
 * @module The default suite run against a slow target (issue 14): the mock
 * behind a loopback proxy that adds a fixed delay to every response (5 ms and
 * 25 ms), each in its own process, and the suite's CLI in a third. The suite
 * runs its rules one after another today, so each figure is the
 * `--concurrency 1` baseline that concurrent rules will be measured against.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from '../lib/child.mjs';

export const LATENCY_DELAYS_MS = [5, 25];

async function once(delayMs, seed) {
  const mock = await startChild('children/mock-server.mjs', ['{}']);
  const proxy = await startChild('children/delay-proxy.mjs', [JSON.stringify({ target: mock.info.url, delayMs })]);
  const reportDir = mkdtempSync(join(tmpdir(), 'jobs-bench-latency-'));
  try {
    const spawned = performance.now();
    const suite = await startChild('children/suite-run.mjs', [JSON.stringify({ url: proxy.info.url, seed, reportDir })], { timeoutMs: 900_000 });
    const processMs = performance.now() - spawned;
    const figures = suite.info;
    // The part of the wall time the added delay explains, were every request sent one after another.
    const delayShareMs = figures.requests * delayMs;
    return { delayMs, concurrency: 1, ...figures, processMs, delayShareMs };
  } finally {
    await proxy.stop();
    await mock.stop();
    rmSync(reportDir, { recursive: true, force: true });
  }
}

export async function latency({ seed = 1, delays = LATENCY_DELAYS_MS } = {}) {
  const results = [];
  for (const delayMs of delays) results.push(await once(delayMs, seed));
  return { seed, results };
}
