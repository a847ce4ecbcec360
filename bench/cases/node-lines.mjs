/**
 * @module The default run on each supported Node line: the CLI's main() against the standalone mock, both in
 * processes of that line, in rounds that take every line in turn (paired, so the machine's load falls on all of
 * them alike). The figure is the whole process as a user waits for it: start-up, the run, cleanup and the reports.
 * The baseline is the bench's own Node, measured in the same rounds.
 */
import { execFileSync } from 'node:child_process';
import { DEFAULT_RUN_TARGET_MS } from '../lib/report.mjs';
import { once } from './suite-run.mjs';

/**
 * The Node binary of `line`: a path as it is, a major version (`24`) from the npm registry's `node` package, as
 * `npx -p node@24` brings it where the machine has another.
 */
export function nodeBinary(line) {
  if (line.includes('/')) return line;
  return execFileSync('npx', ['--yes', '-p', `node@${line}`, 'node', '-p', 'process.execPath'], { encoding: 'utf8' }).trim();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * `rounds` rounds of one default run (seed `seed`) per line; the bench's own Node first, as the baseline.
 *
 * @example
 * const figures = await nodeLines({ lines: ['22', '24', '26'], rounds: 3 });
 */
export async function nodeLines({ lines = ['22', '24', '26'], rounds = 3, seed = 1 } = {}) {
  const binaries = [{ line: 'bench', execPath: process.execPath }, ...lines.map((line) => ({ line, execPath: nodeBinary(line) }))];
  const runs = new Map(binaries.map((binary) => [binary.line, []]));
  for (let round = 0; round < rounds; round++) {
    for (const { line, execPath } of binaries) {
      const result = await once(`node ${line}`, undefined, seed, { execPath });
      if (result.verdict !== 'passed') throw new Error(`the default run on Node ${result.node} did not pass: ${result.verdict}`);
      runs.get(line).push(result);
    }
  }
  const baselineMs = median(runs.get('bench').map((run) => run.processMs));
  return {
    seed,
    rounds,
    targetMs: DEFAULT_RUN_TARGET_MS,
    lines: binaries.map(({ line }) => {
      const results = runs.get(line);
      const processMs = results.map((run) => run.processMs);
      return {
        node: results[0].node,
        baseline: line === 'bench',
        requests: results[0].requests,
        medianMs: median(processMs),
        minMs: Math.min(...processMs),
        maxMs: Math.max(...processMs),
        suiteCpuMsPerRequest: median(results.map((run) => run.suiteCpuMsPerRequest)),
        ratio: median(processMs) / baselineMs,
      };
    }),
  };
}
