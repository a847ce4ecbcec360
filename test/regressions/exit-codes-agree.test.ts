/**
 * Regression: `exitCodeOf(report)`, the public function of
 * suites/index.ts, returned 2 for a run with an errored rule while the CLI
 * exited 1 (its default --fail-on counts `error`). Both now come from one
 * function in reports/gating/gating.ts; this table pins the exit code of every
 * status combination, for the public function and for the CLI's path.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FAIL_ON, exitCodeFor, verdictFor } from '../../reports/index.js';
import { sampleReport } from '../../reports/sample-report.test-support.js';
import type { ConformanceReport, RuleResult } from '../../schemas/types.gen.js';
import { exitCodeOf } from '../../suites/index.js';

type Status = RuleResult['status'];

function reportWith(statuses: readonly Status[], extra: { interrupted?: boolean; strict?: boolean } = {}): ConformanceReport {
  const base = sampleReport();
  const template = base.rules[0]!;
  const rules = statuses.map((status, i) => ({ ...template, id: `jobs.test.rule-${i}`, status, mismatches: [] }));
  const report = { ...base, rules, baseline: undefined } as ConformanceReport;
  delete report.baseline;
  if (extra.interrupted) report.interrupted = true;
  else delete report.interrupted;
  if (extra.strict !== undefined) report.options = { ...report.options, strict: extra.strict };
  report.verdict = verdictFor(rules, { interrupted: extra.interrupted === true, strict: extra.strict === true });
  return report;
}

/** [statuses, strict, interrupted, exit code] */
const TABLE: Array<[Status[], boolean, boolean, number]> = [
  [['passed'], false, false, 0],
  [['passed', 'skipped', 'disabled'], false, false, 0],
  [['passed', 'known'], false, false, 0],
  [['passed', 'failed'], false, false, 1],
  [['passed', 'error'], false, false, 1],
  [['failed', 'error'], false, false, 1],
  [['known', 'error'], false, false, 1],
  [['skipped'], false, false, 0],
  [[], false, false, 1],
  [['passed'], false, true, 130],
  [['failed'], false, true, 130],
  [['error'], false, true, 130],
  [['passed'], true, false, 0],
  [['failed'], true, false, 1],
  [['error'], true, false, 1],
  [['passed', 'warning'], false, false, 0],
  [['passed', 'warning'], true, false, 1],
  [['known', 'warning'], false, false, 0],
  [['warning', 'failed'], false, false, 1],
  [['warning', 'error'], false, false, 1],
  [['warning'], false, true, 130],
  [['warning'], true, true, 130],
];

describe('exitCodeOf agrees with the CLI on every status combination', () => {
  for (const [statuses, strict, interrupted, code] of TABLE) {
    const label = `${statuses.join('+') || 'no rules'}${strict ? ' --strict' : ''}${interrupted ? ' interrupted' : ''} -> ${code}`;
    it(label, () => {
      const report = reportWith(statuses, { interrupted, strict });
      expect(exitCodeOf(report)).toBe(code);
      // The CLI: 130 for an interrupted run, else its gating with the default --fail-on.
      const cli = report.interrupted ? 130 : exitCodeFor(report, DEFAULT_FAIL_ON);
      expect(cli).toBe(code);
    });
  }
});
