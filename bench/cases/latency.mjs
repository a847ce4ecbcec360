/**
 * @module The default suite run against a slow target: the mock
 * behind a loopback proxy that adds a fixed delay to every response (25 ms and
 * 100 ms), each in its own process, and the suite's CLI in a third. Each delay
 * is measured at `--concurrency 8` (the number fixed: the baseline) and without
 * --concurrency (8, raised against a distant target), in the same bench run;
 * the ratio of the two walls is the speed-up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from '../lib/child.mjs';

export const LATENCY_DELAYS_MS = [25, 100];
/** `default` runs the CLI without --concurrency (its default, reported back by the run). */
export const LATENCY_CONCURRENCIES = [8, 'default'];

async function once(delayMs, concurrency, seed) {
  const mock = await startChild('children/mock-server.mjs', ['{}']);
  const proxy = await startChild('children/delay-proxy.mjs', [JSON.stringify({ target: mock.info.url, delayMs })]);
  const reportDir = mkdtempSync(join(tmpdir(), 'jobs-bench-latency-'));
  try {
    const spawned = performance.now();
    const args = { url: proxy.info.url, seed, reportDir, ...(concurrency === 'default' ? {} : { concurrency }) };
    const suite = await startChild('children/suite-run.mjs', [JSON.stringify(args)], { timeoutMs: 900_000 });
    const processMs = performance.now() - spawned;
    const figures = suite.info;
    // The part of the wall time the added delay explains, were every request sent one after another.
    const delayShareMs = figures.requests * delayMs;
    return { delayMs, isDefault: concurrency === 'default', ...figures, processMs, delayShareMs };
  } finally {
    await proxy.stop();
    await mock.stop();
    rmSync(reportDir, { recursive: true, force: true });
  }
}

export async function latency({ seed = 1, delays = LATENCY_DELAYS_MS, concurrencies = LATENCY_CONCURRENCIES } = {}) {
  const results = [];
  for (const delayMs of delays) {
    for (const concurrency of concurrencies) {
      process.stderr.write(`bench: latency ${delayMs} ms, concurrency ${concurrency}...\n`);
      results.push(await once(delayMs, concurrency, seed));
    }
  }
  return { seed, results };
}
