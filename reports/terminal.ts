/**
 * @module The end-of-run summary for the terminal: verdict, counts, each
 * failure and each warning (a failed should rule) with what the spec expects, what the target did and how to
 * reproduce it, stale baseline entries, leftovers and the replay command.
 * Target text passes through visibleControlChars: a hostile server cannot
 * send escape sequences to the user's terminal.
 */
import type { RuleResult } from '../schemas/types.gen.js';
import { visibleControlChars } from './control-chars.js';
import { renderDriftTerminal } from './drift-render.js';
import { mismatchTag } from './format-mismatch.js';
import { networkSummary } from './network-summary.js';
import { proxySummary } from './proxy-summary.js';
import type { RedactedReport } from './redactor.js';
import { causesHeadline, describeCause, failsRules, rootCauses } from './root-causes.js';
import { isFlakyOnly, type RuleStatus } from './status.js';
import { colorsFor, paintStatus, STATUS_SYMBOL } from './terminal-style.js';

export interface TerminalSummaryOptions {
  /** ANSI colours (decide with shouldUseColor(stream)). */
  color: boolean;
  /** Report files written, listed at the end. */
  files?: readonly string[];
  /** Most failures shown in full (default 20); the rest are listed by id. */
  maxDetailed?: number;
}

const COUNT_ORDER: RuleStatus[] = ['passed', 'failed', 'warning', 'error', 'known', 'skipped', 'disabled'];

/**
 * @example
 * process.stdout.write(renderTerminalSummary(report, { color: shouldUseColor(process.stdout) }));
 */
export function renderTerminalSummary(report: RedactedReport, options: TerminalSummaryOptions): string {
  const c = colorsFor(options.color);
  const t = visibleControlChars;
  const out: string[] = [''];
  const verdictText = ` ${report.verdict.toUpperCase()} `;
  const badge =
    report.verdict === 'passed'
      ? c.bgGreen(c.black(verdictText))
      : report.verdict === 'failed'
        ? c.bgRed(c.white(verdictText))
        : c.bgMagenta(c.white(verdictText));
  out.push(`${c.bold(`Jobs API v${report.specVersion} conformance`)} ${options.color ? badge : report.verdict.toUpperCase()}`);
  out.push(
    c.dim(
      `  target ${t(report.target.baseUrl)}  seed ${report.seed}  ${(report.durationMs / 1000).toFixed(1)} s  ${t(report.tool.name)} ${t(report.tool.version)}`,
    ),
  );
  const counts = COUNT_ORDER.filter((status) => report.summary[status] > 0).map((status) =>
    paintStatus(c, status, `${report.summary[status]} ${status}`),
  );
  const mismatches = plural(report.summary.mismatches, 'mismatch', 'mismatches');
  out.push(
    `  ${report.summary.total} rules: ${counts.join(', ') || 'none ran'} · ${mismatches} · ${plural(report.summary.requests, 'request')}`,
  );
  const network = networkSummary(report);
  if (network) out.push(`  ${network}`);
  const proxy = proxySummary(report);
  if (proxy) out.push(`  ${proxy}`);
  if (report.interrupted) out.push(c.yellow('  interrupted: not every rule ran'));

  const causes = rootCauses(report);
  if (causes.length > 0) {
    out.push('', `${c.bold('Root causes')} ${c.dim(`(${causesHeadline(causes)}; each rule is listed below too)`)}`);
    for (const cause of causes) {
      out.push(
        `  ${paintStatus(c, cause.status, STATUS_SYMBOL[cause.status])} ${c.bold(t(describeCause(cause)))} ${c.dim(`(${failsRules(cause)})`)}`,
      );
      out.push(c.dim(`      ${t(listIds(cause.ruleIds, 5))}`));
    }
  }

  const problems = report.rules.filter((rule) => rule.status === 'failed' || rule.status === 'error');
  const maxDetailed = options.maxDetailed ?? 20;
  if (problems.length > 0) {
    out.push('', c.bold('Failures'));
    for (const rule of problems.slice(0, maxDetailed)) out.push(...formatProblem(rule, c, t));
    const rest = problems.slice(maxDetailed);
    if (rest.length > 0) out.push(c.dim(`  …and ${rest.length} more: ${rest.map((rule) => rule.id).join(', ')}`));
  }
  const warnings = report.rules.filter((rule) => rule.status === 'warning');
  if (warnings.length > 0) {
    const effect = report.options?.strict
      ? 'failing the run under --strict'
      : 'good practice the spec does not state; they fail the run only with --strict';
    out.push('', `${c.bold(c.yellow('Warnings'))} ${c.dim(`(should rules: ${effect})`)}`);
    for (const rule of warnings.slice(0, maxDetailed)) out.push(...formatProblem(rule, c, t));
    const rest = warnings.slice(maxDetailed);
    if (rest.length > 0) out.push(c.dim(`  …and ${rest.length} more: ${rest.map((rule) => rule.id).join(', ')}`));
  }
  const known = report.rules.filter((rule) => rule.status === 'known');
  if (known.length > 0) {
    out.push('', c.bold('Known (baseline)'));
    for (const rule of known)
      out.push(`  ${paintStatus(c, 'known', STATUS_SYMBOL.known)} ${rule.id} ${c.dim(t(rule.baselineReason ?? ''))}`);
  }
  const stale = report.baseline?.stale ?? [];
  if (stale.length > 0) {
    out.push('', c.bold(c.yellow('Stale baseline entries (remove them)')));
    for (const entry of stale)
      out.push(`  ${c.yellow('!')} ${t(entry.id)} ${c.dim(entry.cause === 'passes' ? 'passes now' : 'no such rule ran')}`);
  }
  if (report.observations.length > 0) {
    out.push('', c.dim(`${report.observations.length} observations where the spec is silent (see report.html)`));
  }
  if (report.drift) out.push(renderDriftTerminal(report.drift, { color: options.color }).trimEnd());
  const { cleanup } = report;
  const leftNote = cleanup.leftover.length > 0 ? c.yellow(`, ${cleanup.leftover.length} left on the target`) : '';
  out.push(c.dim(`Cleanup: created ${cleanup.created}, deleted ${cleanup.deleted}`) + leftNote);
  for (const job of cleanup.leftover) {
    out.push(c.yellow(`  id ${job.id ?? '?'} referenceId ${t(job.referenceId ?? '?')}: ${t(job.reason)}`));
  }
  out.push('', `Replay: ${c.cyan(t(report.replayCommand))}`);
  if (options.files && options.files.length > 0) out.push(c.dim(`Reports: ${options.files.map(t).join('  ')}`));
  out.push('');
  return out.join('\n');
}

function formatProblem(rule: RuleResult, c: ReturnType<typeof colorsFor>, oneLine: (s: string) => string): string[] {
  // Multi-line target text keeps the indentation of its block.
  const t = (text: string) => oneLine(text).replace(/\n/g, '\n        ');
  const level = rule.status === 'failed' && rule.level === 'should' ? 'should, failed by a 5xx' : rule.level;
  const head = `  ${paintStatus(c, rule.status, STATUS_SYMBOL[rule.status])} ${c.bold(rule.id)} ${c.dim(`§${t(rule.section)} ${level}`)} ${t(rule.title)}`;
  if (rule.status === 'error') return [head, `      ${c.magenta(`suite error: ${t(rule.errorMessage ?? 'unknown')}`)}`];
  const lines = [head + (isFlakyOnly(rule) ? c.yellow(' (flaky)') : '')];
  for (const mismatch of rule.mismatches) {
    lines.push(`      ${c.red(t(mismatch.title))} ${c.dim(mismatchTag(mismatch))}`);
    lines.push(`      ${c.dim('expected')} ${t(mismatch.expected)}`);
    lines.push(`      ${c.dim('received')} ${t(mismatch.received)}`);
    lines.push(`      ${c.dim('reproduce')} ${t(mismatch.curl)}`);
  }
  return lines;
}

/** The first `shown` ids, then how many more. */
function listIds(ids: readonly string[], shown: number): string {
  const more = ids.length - shown;
  return ids.slice(0, shown).join(', ') + (more > 0 ? `, …and ${more} more` : '');
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
