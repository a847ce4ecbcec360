/**
 * @module The proxy's findings as the suite's report object
 * (schemas/report.schema.json): one rule result per rule the proxy applied,
 * its findings as mismatches (with their side), and `proxy` saying what was
 * judged and where the model stayed silent. Statuses, summary and verdict
 * come from reports/status.ts through buildReport, like the suite's.
 */
import { buildReport } from '../reports/build-report.js';
import { mismatchLevel, raiseStatus, statusOfMismatch } from '../reports/status.js';
import type { ConformanceReport, Mismatch, RuleResult } from '../schemas/types.gen.js';
import { curlFor, shellQuote } from '../reports/curl.js';
import { toolInfo } from '../reports/tool-info.js';
import type { Finding } from './checks/findings.js';
import type { Inspector } from './judge/inspector.js';
import { ruleInfo } from './checks/proxy-rules.js';
import { API_PREFIX } from '../vocabulary/index.js';

export interface ProxyReportInput {
  target: string;
  startedAt: Date;
  finishedAt: Date;
  /** What a mismatch says replays it (default: the proxy's command for the target). */
  command?: string;
}

/** A command that starts the same proxy, with the same checks (the findings come from live traffic: replaying means sending it again). */
export function proxyCommand(target: string, selectionFlags: readonly string[] = []): string {
  return ['npx jobs-conformance proxy --target', ...[target, ...selectionFlags].map(shellQuote)].join(' ');
}

function ruleResult(id: string, status: 'passed' | 'skipped', cases: number): RuleResult {
  const { section, area, title, level } = ruleInfo(id);
  return { id, section, area, title, level, status, durationMs: 0, cases, mismatches: [] };
}

function mismatchOf(finding: Finding, command: string): Mismatch {
  const rule = ruleInfo(finding.ruleId);
  const last = finding.exchanges.at(-1);
  return {
    ruleId: rule.id,
    section: rule.section,
    level: mismatchLevel(rule.level, finding.side === 'server' ? last : undefined),
    title: finding.title,
    expected: finding.expected,
    received: finding.received,
    exchanges: finding.exchanges,
    curl: last ? curlFor(last) : '',
    replay: { command, seed: 0 },
    reproducibility: 'unchecked',
    side: finding.side,
  };
}

/**
 * @example
 * const report = buildProxyReport(inspector, { target, startedAt, finishedAt: new Date(), interrupted: false });
 */
export function buildProxyReport(inspector: Inspector, input: ProxyReportInput): ConformanceReport {
  const command = input.command ?? proxyCommand(input.target, inspector.selection.flags);
  const results = new Map<string, RuleResult>();
  for (const [id, cases] of inspector.findings.applied) results.set(id, ruleResult(id, 'passed', cases));
  for (const finding of inspector.findings.list) {
    const result = results.get(finding.ruleId)!;
    const mismatch = mismatchOf(finding, command);
    result.mismatches.push(mismatch);
    result.status = raiseStatus(result.status, statusOfMismatch(mismatch.level));
  }
  // Rules the selection dropped are listed as not run, with the flag that dropped them.
  for (const [id, skipReason] of inspector.selection.dropped) results.set(id, { ...ruleResult(id, 'skipped', 0), skipReason });
  const rules = [...results.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const report = buildReport({
    tool: toolInfo,
    apiRoot: `${input.target}${API_PREFIX}`,
    seed: 0,
    runs: 1,
    options: {},
    startedAt: input.startedAt,
    finishedAt: input.finishedAt,
    // Stopping the proxy (Ctrl-C) is how a session ends, not an interruption: the report is complete for the traffic seen.
    interrupted: false,
    rules,
    observations: [],
    cleanup: { created: 0, deleted: 0, leftover: [] },
    requests: inspector.counts.exchanges,
    replayCommand: command,
  });
  const sides = { client: 0, server: 0 };
  for (const finding of inspector.findings.list) sides[finding.side] += 1;
  report.proxy = {
    exchanges: inspector.counts.exchanges,
    employers: inspector.model.employers,
    failedExchanges: inspector.counts.failed,
    uncheckedBodies: inspector.counts.unchecked,
    findings: sides,
    silences: { ...inspector.model.silences },
  };
  return report;
}
