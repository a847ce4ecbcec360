/**
 * @module Gating a finished report, shared by a run and merge-reports: --baseline applied, and
 * --write-baseline written first and then applied.
 */
import { writeBaseline } from '../baseline-file.js';
import type { RedactedReport } from '../redactor.js';
import { applyBaseline, createBaseline, type Baseline } from './gating.js';
import type { Gating } from './gating-options.js';

/**
 * Gates a finished run: against --baseline, and with --write-baseline, against a new baseline
 * of what fails now, written first (a refresh of --baseline when both are given: see createBaseline).
 * The report is already redacted, so the baseline's reasons (mismatch titles) are too.
 */
export async function gateReport(report: RedactedReport, gating: Gating, say: (line: string) => void): Promise<RedactedReport> {
  const gated = gating.baseline ? applyBaseline(report, gating.baseline) : report;
  if (gating.writeBaseline === undefined) return gated;
  if (report.interrupted) {
    say(`baseline not written: the run was interrupted, so ${gating.writeBaseline} would miss the rules that did not run`);
    return gated;
  }
  const baseline: Baseline = { ...createBaseline(gated, gating.baseline), source: gating.writeBaseline };
  await writeBaseline(gating.writeBaseline, baseline);
  say(`wrote baseline ${gating.writeBaseline}: ${baseline.rules.length} ${baseline.rules.length === 1 ? 'rule' : 'rules'} accepted`);
  return applyBaseline(report, baseline);
}
