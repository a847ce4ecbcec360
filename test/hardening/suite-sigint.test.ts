/**
 * Ctrl-C during a run: the CLI (a child process, against a mock) must stop
 * promptly, delete what it created, write a partial report that says
 * interrupted, and exit 130. The run uses the default --concurrency (8), so
 * several rules are cut off at once.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { MockServer } from '../../mock/index.js';
import { createMockServer } from '../../mock/testing.js';
import { DEFAULT_CONCURRENCY } from '../../suites/engine/config.js';
import { rules as registry } from '../../suites/checks/rules.js';
import { cleanupReportDir, runCli, type CliRun } from './helpers/run-cli.js';
import { runTag, taggedJobIds } from './helpers/tagged-jobs.js';

let mock: MockServer;
let run: CliRun | undefined;
// The exclusive rules run first, one at a time: Ctrl-C must come once the others run side by side.
const exclusive = new Set(registry.filter((rule) => rule.exclusive === true).map((rule) => rule.id));
let sideBySide = false;
beforeEach(async () => {
  sideBySide = false;
  mock = await createMockServer({
    transform: (next) => (req) => {
      const rule = /-(jobs\.[^#]+)#/.exec(req.headers['x-conformance-case-id'] ?? '')?.[1];
      if (rule !== undefined && !exclusive.has(rule)) sideBySide = true;
      return next(req);
    },
  });
});
afterEach(async () => {
  await mock.close();
  if (run) cleanupReportDir(run.reportDir);
  run = undefined;
});

it('SIGINT mid-run: stops the rules it was running, cleans up, writes report.json with interrupted: true, exits 130', async () => {
  let signalledAt = 0;
  run = await runCli(mock.url, {
    args: ['--second-api-key', 'demo-key-2', '--runs', '50', '--reporter', 'json,junit,html,markdown'],
    deadlineMs: 25_000,
    onSpawn: (child) => {
      let output = '';
      child.stderr!.on('data', (chunk: string) => {
        output += chunk;
        // Once rules run side by side (and jobs exist), wait a little longer, then press Ctrl-C.
        if (signalledAt === 0 && /running \d+ rules/.test(output)) {
          signalledAt = -1;
          const waiting = setInterval(() => {
            if (!sideBySide) return;
            clearInterval(waiting);
            setTimeout(() => {
              signalledAt = performance.now();
              child.kill('SIGINT');
            }, 1_500);
          }, 50);
          child.once('exit', () => clearInterval(waiting));
        }
      });
    },
  });
  expect(signalledAt, 'the run reached its rules').toBeGreaterThan(0);
  expect(run.signal, run.stderr).toBeNull();
  expect(run.code, run.stderr).toBe(130);
  expect(run.stderr).toMatch(/interrupted; stopping and cleaning up/);
  expect(run.stderr).not.toMatch(/internal error|\n\s+at [^\n]+:\d+:\d+/);

  const report = run.report!;
  expect(report, 'a partial report.json').toBeDefined();
  expect(report.interrupted).toBe(true);
  expect(report.verdict).toBe('error');
  const ran = report.rules.filter((rule) => rule.status === 'passed' || rule.status === 'failed');
  const notRun = report.rules.filter((rule) => rule.skipReason?.includes('interrupted'));
  expect(ran.length).toBeGreaterThan(0);
  expect(notRun.length).toBeGreaterThan(0);
  // Rules were running side by side when Ctrl-C came: each of them stopped, and the partial report keeps registry order.
  expect(report.options?.concurrency).toBe(DEFAULT_CONCURRENCY);
  expect(report.rules.filter((rule) => rule.skipReason === 'run interrupted while this rule ran').length).toBeGreaterThan(1);
  expect(report.rules.map((rule) => rule.id)).toEqual(registry.map((rule) => rule.id));

  // The run had created jobs, and none of them is left.
  expect(report.cleanup.created).toBeGreaterThan(0);
  expect(report.cleanup.leftover).toEqual([]);
  expect(taggedJobIds(mock, runTag(report))).toEqual([]);
});
