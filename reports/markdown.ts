/**
 * @module summary.md: the verdict, the counts, a capped table of failed,
 * errored and warned (failed should) rules with their level, the root causes that explain several of them,
 * stale baseline entries, leftovers and the replay command;
 * short enough for a pull-request comment or $GITHUB_STEP_SUMMARY.
 */
import type { ConformanceReport, RuleResult } from '../schemas/types.gen.js';
import { renderDriftMarkdown } from './drift-render.js';
import { codeBlock, codeSpan, escapeMarkdownCell } from './markdown-escape.js';
import { networkSummary } from './network-summary.js';
import { proxySummary } from './proxy-summary.js';
import type { RedactedReport } from './redactor.js';
import { causesHeadline, failsRules, rootCauses } from './root-causes.js';
import { isFlakyOnly } from './status.js';

export interface MarkdownOptions {
  /** Most rows in the failures table (default 50); the rest are counted. */
  maxRows?: number;
}

const VERDICT_ICON = { passed: '✅', failed: '❌', error: '💥' } as const;
const STATUS_LABEL: Record<string, string> = { failed: '❌ failed', error: '💥 error', warning: '⚠️ warning' };

/**
 * @example
 * await writeFile('summary.md', renderMarkdown(report));
 */
export function renderMarkdown(report: RedactedReport, options: MarkdownOptions = {}): string {
  const maxRows = options.maxRows ?? 50;
  const { summary } = report;
  const lines: string[] = [];

  lines.push(`## ${VERDICT_ICON[report.verdict]} Jobs API v${report.specVersion} conformance: ${report.verdict}`, '');
  const counts = [
    ['failed', summary.failed],
    ['warning', summary.warning],
    ['error', summary.error],
    ['known', summary.known],
    ['passed', summary.passed],
    ['skipped', summary.skipped],
    ['disabled', summary.disabled],
  ]
    .filter(([, count]) => count !== 0)
    .map(([label, count]) => `${count} ${label}`)
    .join(' · ');
  const mismatches = `${summary.mismatches} ${summary.mismatches === 1 ? 'mismatch' : 'mismatches'}`;
  const requests = `${summary.requests} ${summary.requests === 1 ? 'request' : 'requests'}`;
  const tool = escapeMarkdownCell(`${report.tool.name} ${report.tool.version}`);
  lines.push(
    `**${summary.total} rules**: ${counts || 'none ran'} — ${mismatches}, ${requests} in ${(report.durationMs / 1000).toFixed(1)} s  `,
    `Target ${codeSpan(report.target.baseUrl)} · seed ${codeSpan(String(report.seed))} · ${tool}${networkLine(report)}`,
    '',
  );
  if (report.interrupted) lines.push('> [!WARNING]', '> The run was interrupted before every rule ran.', '');

  const causes = rootCauses(report);
  if (causes.length > 0) {
    lines.push(
      `**Root causes**: ${causesHeadline(causes)} (each rule is in the table too).`,
      '',
      '| Status | Cause | Rules |',
      '|---|---|---|',
    );
    for (const cause of causes) {
      const ids = cause.ruleIds.slice(0, 3).map((id) => codeSpan(id, { table: true }));
      const more = cause.ruleIds.length - ids.length;
      const failure = `${codeSpan(cause.requestLine, { table: true })}: ${escapeMarkdownCell(cause.failure)}`;
      lines.push(
        `| ${STATUS_LABEL[cause.status] ?? cause.status} | ${failure} | ${failsRules(cause)}: ${ids.join(', ')}${more > 0 ? ` …and ${more} more` : ''} |`,
      );
    }
    lines.push('');
  }

  // Failures and errors first, then warnings.
  const problems = [
    ...report.rules.filter((rule) => rule.status === 'failed' || rule.status === 'error'),
    ...report.rules.filter((rule) => rule.status === 'warning'),
  ];
  if (problems.length > 0) {
    lines.push('| Status | Rule | § | Level | What departs from the spec |', '|---|---|---|---|---|');
    for (const rule of problems.slice(0, maxRows)) {
      lines.push(
        `| ${statusLabel(rule)} | ${codeSpan(rule.id, { table: true })} | ${escapeMarkdownCell(rule.section, 20)} | ${rule.level} | ` +
          `${escapeMarkdownCell(problemText(rule))} |`,
      );
    }
    if (problems.length > maxRows) {
      const more = problems.length - maxRows;
      lines.push('', `…and ${more} more failed, errored or warned ${more === 1 ? 'rule' : 'rules'}: see report.html or junit.xml.`);
    }
    lines.push('');
  }
  if (summary.warning > 0) {
    const effect = report.options?.strict ? 'This run used `--strict`: they fail it.' : 'They fail the run only with `--strict`.';
    lines.push(
      `${summary.warning} ${summary.warning === 1 ? 'warning' : 'warnings'}: should rules check good practice the spec does not state. ${effect}`,
      '',
    );
  }

  if (summary.known > 0)
    lines.push(`${summary.known} known ${summary.known === 1 ? 'mismatch is' : 'mismatches are'} accepted by the baseline.`, '');
  const stale = report.baseline?.stale ?? [];
  if (stale.length > 0) {
    lines.push('> [!WARNING]', '> Stale baseline entries (remove them so the baseline only shrinks):');
    for (const entry of stale) {
      lines.push(`> - ${codeSpan(entry.id)}: ${entry.cause === 'passes' ? 'passes now' : 'no such rule ran'}`);
    }
    lines.push('');
  }
  const leftover = report.cleanup.leftover;
  if (leftover.length > 0) {
    lines.push(`> [!CAUTION]`, `> ${leftover.length} ${leftover.length === 1 ? 'job was' : 'jobs were'} left on the target:`);
    for (const job of leftover.slice(0, 10)) {
      lines.push(
        `> - id ${escapeMarkdownCell(String(job.id ?? '?'))}, referenceId ${escapeMarkdownCell(job.referenceId ?? '?', 60)}: ` +
          escapeMarkdownCell(job.reason, 120),
      );
    }
    lines.push('');
  }

  if (report.drift) lines.push(renderDriftMarkdown(report.drift, { heading: '###' }));
  lines.push('Replay this run:', '', codeBlock(report.replayCommand, 'sh'), '');
  lines.push('<sub>Full details: report.html · junit.xml · report.json</sub>', '');
  return lines.join('\n');
}

function statusLabel(rule: RuleResult): string {
  if (isFlakyOnly(rule)) return `${STATUS_LABEL[rule.status]} (flaky)`;
  return STATUS_LABEL[rule.status] ?? rule.status;
}

function problemText(rule: RuleResult): string {
  if (rule.status === 'error') return `suite error: ${rule.errorMessage ?? 'unknown'}`;
  const [first, ...rest] = rule.mismatches;
  if (!first) return rule.title;
  return `${first.title}${rest.length > 0 ? ` (+${rest.length} more)` : ''}`;
}

/**
 * The rate-limit phrase and a proxy session's phrase, each on its own header line (a hard break before it), or nothing.
 * Our own numbers and a validated N/s: no escaping needed.
 */
function networkLine(report: ConformanceReport): string {
  const lines = [networkSummary(report), proxySummary(report)].filter((text): text is string => text !== undefined);
  return lines.map((text) => `  \n${text}`).join('');
}
