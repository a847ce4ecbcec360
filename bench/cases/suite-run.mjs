/**
 * @module The suite's CLI against the standalone mock (each in its own
 * process): wall time, requests per second, and the CPU time per request of
 * the suite and of the mock separately.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from '../lib/child.mjs';

/** One run of the CLI's main() against a fresh mock, both on `execPath` when given (another Node line). */
export async function once(label, runs, seed, { execPath } = {}) {
  const mock = await startChild('children/mock-server.mjs', ['{}'], { execPath });
  const reportDir = mkdtempSync(join(tmpdir(), 'jobs-bench-suite-'));
  try {
    const before = (await mock.ask({ type: 'cpu' })).cpu;
    const spawned = performance.now();
    const suite = await startChild('children/suite-run.mjs', [JSON.stringify({ url: mock.info.url, runs, seed, reportDir })], {
      timeoutMs: 900_000,
      execPath,
    });
    const processMs = performance.now() - spawned;
    const after = (await mock.ask({ type: 'cpu' })).cpu;
    const figures = suite.info;
    const mockCpuMs = (after.user - before.user + after.system - before.system) / 1000;
    return {
      label,
      runs: runs ?? 20,
      ...figures,
      processMs,
      rps: figures.requests / (figures.wallMs / 1000),
      suiteCpuMsPerRequest: figures.cpuMs / figures.requests,
      mockCpuMsPerRequest: mockCpuMs / figures.requests,
    };
  } finally {
    await mock.stop();
    rmSync(reportDir, { recursive: true, force: true });
  }
}

export async function suiteRun({ seed = 1, runsFactor = 10 }) {
  const results = [await once('default run', undefined, seed)];
  if (runsFactor > 1) results.push(await once(`--runs ${20 * runsFactor} (x${runsFactor})`, 20 * runsFactor, seed));
  return { seed, results };
}
