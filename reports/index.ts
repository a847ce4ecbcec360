/**
 * @module Public entry of the conformance reports. Every format is rendered
 * from one ConformanceReport (schemas/report.schema.json):
 * report.json, junit.xml, report.html, summary.md, plus live terminal progress
 * and a terminal summary; gating (baseline, --fail-on, exit code) is pure.
 *
 * @example
 * import { writeReports, parseReporters, applyBaseline, readBaseline } from './reports/index.js';
 * import { exitCodeFor, parseFailOn, renderTerminalSummary, shouldUseColor } from './reports/index.js';
 * const gated = opts.baseline ? applyBaseline(report, await readBaseline(opts.baseline)) : report;
 * const files = await writeReports(gated, { dir: opts.reportDir, reporters: parseReporters(opts.reporter) });
 * process.stdout.write(renderTerminalSummary(gated, { color: shouldUseColor(process.stdout), files }));
 * process.exitCode = exitCodeFor(gated, parseFailOn(opts.failOn));
 */
export { harOfExchanges, type TimedExchange } from './har/exchanges-har.js';
export { harIssue, isHar, type HarIssue } from './har/validate-har.js';
export type { HarEntry, HarLog } from './har/har.js';
export {
  writeReports,
  parseReporters,
  REPORTERS,
  REPORT_FILES,
  EXCHANGES_HAR,
  type ReporterName,
  type WriteReportsOptions,
} from './write-reports.js';
export { prepareReportDir, DEFAULT_WRITE_TIMEOUT_MS } from './report-dir.js';
export { renderJson } from './json.js';
export { renderJunit } from './junit.js';
export { renderHtml } from './html/render.js';
export { renderMarkdown, type MarkdownOptions } from './markdown.js';
export { renderTerminalSummary, type TerminalSummaryOptions } from './terminal.js';
export { createProgress, type Progress, type ProgressOptions, type ProgressResult, type ProgressRule } from './progress.js';
export { shouldUseColor } from './terminal-style.js';
export { rootCauses, describeCause, type RootCause } from './root-causes.js';
export {
  applyBaseline,
  createBaseline,
  exitCodeFor,
  exitCodeOf,
  EXIT_INTERRUPTED,
  failingConditions,
  parseBaseline,
  parseFailOn,
  DEFAULT_FAIL_ON,
  FAIL_CONDITIONS,
  type Baseline,
  type BaselineEntry,
  type FailCondition,
  type FailingCondition,
} from './gating/gating.js';
export {
  diffReports,
  driftFailures,
  hasObservationDrift,
  isEmptyDrift,
  observationCounts,
  parseDriftFailOn,
  DEFAULT_DRIFT_FAIL_ON,
  DRIFT_CONDITIONS,
  type DriftCondition,
  type DriftFailure,
} from './drift.js';
export { renderDriftMarkdown, renderDriftTerminal } from './drift-render.js';
export { readReportFile } from './report-file.js';
export { checkBaselineWritable, readBaseline, writeBaseline } from './baseline-file.js';
export { redactReport, Redactor, REDACTED, type RedactedReport } from './redactor.js';
export { ReportError, type ReportErrorCode } from './report-error.js';
export { mergeReports, type ShardReport } from './merge-reports.js';
export {
  countStatuses,
  isFlakyOnly,
  mismatchLevel,
  raiseStatus,
  statusOfMismatch,
  summarize,
  verdictFor,
  worstStatus,
  STATUS_ORDER,
  type RuleLevel,
  type RuleStatus,
  type Verdict,
  type VerdictOptions,
} from './status.js';
