/**
 * @module Rule statuses and the ConformanceReport. Statuses are ordered and
 * raise-only (disabled < skipped < passed < known < failed < error): a rule
 * that failed never goes back to passed, and `error` (the suite could not
 * complete the rule) outranks `failed` (the target departs from the spec).
 * The object built here IS report.json (schemas/report.schema.json).
 */
import type { ConformanceReport, Observation, RuleResult, Summary, Cleanup } from '../schemas/types.gen.js';
import type { Rule } from './rule.js';

export type RuleStatus = RuleResult['status'];

export const STATUS_ORDER: readonly RuleStatus[] = ['disabled', 'skipped', 'passed', 'known', 'failed', 'error'];

/**
 * The higher of two statuses: a status can only be raised.
 *
 * @example
 * raiseStatus('failed', 'passed') // 'failed'
 */
export function raiseStatus(current: RuleStatus, next: RuleStatus): RuleStatus {
  return STATUS_ORDER.indexOf(next) > STATUS_ORDER.indexOf(current) ? next : current;
}

/** A fresh result; `disabled` until the runner raises it. */
export function newRuleResult(rule: Rule): RuleResult {
  return { id: rule.id, section: rule.section, area: rule.area, title: rule.title, status: 'disabled', durationMs: 0, cases: 0, mismatches: [] };
}

export function summarize(rules: readonly RuleResult[], requests: number): Summary {
  const summary: Summary = { total: rules.length, passed: 0, failed: 0, skipped: 0, disabled: 0, known: 0, error: 0, mismatches: 0, requests };
  for (const rule of rules) {
    summary[rule.status] += 1;
    summary.mismatches += rule.mismatches.length;
  }
  return summary;
}

/** error if any rule errored or the run was interrupted, else failed if any failed, else passed. */
export function verdictOf(rules: readonly RuleResult[], interrupted: boolean): ConformanceReport['verdict'] {
  if (interrupted || rules.some((rule) => rule.status === 'error')) return 'error';
  return rules.some((rule) => rule.status === 'failed') ? 'failed' : 'passed';
}

export interface ReportInput {
  tool: { name: string; version: string };
  apiRoot: string;
  seed: number;
  runs: number;
  options: NonNullable<ConformanceReport['options']>;
  startedAt: Date;
  finishedAt: Date;
  interrupted: boolean;
  rules: RuleResult[];
  observations: Observation[];
  cleanup: Cleanup;
  requests: number;
  replayCommand: string;
}

/** Assembles the report (the report.json shape). */
export function buildReport(input: ReportInput): ConformanceReport {
  const report: ConformanceReport = {
    tool: input.tool,
    specVersion: '1.1',
    target: { baseUrl: input.apiRoot },
    seed: input.seed,
    runs: input.runs,
    options: input.options,
    startedAt: input.startedAt.toISOString(),
    finishedAt: input.finishedAt.toISOString(),
    durationMs: Math.max(0, input.finishedAt.getTime() - input.startedAt.getTime()),
    verdict: verdictOf(input.rules, input.interrupted),
    summary: summarize(input.rules, input.requests),
    rules: input.rules,
    observations: input.observations,
    cleanup: input.cleanup,
    replayCommand: input.replayCommand,
  };
  if (input.interrupted) report.interrupted = true;
  return report;
}

/**
 * Exit code of the CLI for a finished run: 1 when a rule failed (a mismatch
 * not accepted as known), 2 when a rule could not run, else 0.
 */
export function exitCodeOf(report: ConformanceReport): 0 | 1 | 2 {
  if (report.rules.some((rule) => rule.status === 'failed')) return 1;
  if (report.verdict === 'error') return 2;
  return 0;
}
