/**
 * @module One run at --runs 200 against a slow target (the mock behind a loopback proxy adding 25 ms to
 * every response), whole and as 4 shards (--shard i/4) run at the same time against the same target: the
 * wall time of the whole run next to that of the slowest shard. Each run is its own CLI process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from '../lib/child.mjs';

export const SHARDS_DELAY_MS = 25;
export const SHARDS_RUNS = 200;
export const SHARD_COUNT = 4;

async function suiteRun(url, seed, shard) {
  const reportDir = mkdtempSync(join(tmpdir(), 'jobs-bench-shards-'));
  try {
    const spawned = performance.now();
    const args = { url, seed, reportDir, runs: SHARDS_RUNS, ...(shard ? { shard } : {}) };
    const suite = await startChild('children/suite-run.mjs', [JSON.stringify(args)], { timeoutMs: 1_800_000 });
    return { shard: shard ?? null, ...suite.info, processMs: performance.now() - spawned };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}

export async function shards({ seed = 1 } = {}) {
  const mock = await startChild('children/mock-server.mjs', ['{}']);
  const proxy = await startChild('children/delay-proxy.mjs', [JSON.stringify({ target: mock.info.url, delayMs: SHARDS_DELAY_MS })]);
  try {
    process.stderr.write(`bench: shards: the whole run at --runs ${SHARDS_RUNS}...\n`);
    const whole = await suiteRun(proxy.info.url, seed);
    process.stderr.write(`bench: shards: ${SHARD_COUNT} shards at once...\n`);
    const parts = await Promise.all(
      Array.from({ length: SHARD_COUNT }, (_, i) => suiteRun(proxy.info.url, seed, `${i + 1}/${SHARD_COUNT}`)),
    );
    return { seed, delayMs: SHARDS_DELAY_MS, runs: SHARDS_RUNS, whole, shards: parts };
  } finally {
    await proxy.stop();
    await mock.stop();
  }
}
