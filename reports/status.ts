/**
 * @module Rule statuses in their report order and the helpers every format
 * shares: the worst of several statuses, per-status counts, the verdict.
 */
import type { ConformanceReport, RuleResult, Summary } from '../schemas/types.gen.js';

export type RuleStatus = RuleResult['status'];
export type Verdict = ConformanceReport['verdict'];

/** Ordered, raise-only (schemas/report.schema.json $defs.status): a group takes its worst member. */
export const STATUS_ORDER: readonly RuleStatus[] = ['disabled', 'skipped', 'passed', 'known', 'failed', 'error'];

/**
 * The worst status of a group (`undefined` for an empty group).
 *
 * @example
 * worstStatus(['passed', 'failed', 'skipped']) // => 'failed'
 */
export function worstStatus(statuses: Iterable<RuleStatus>): RuleStatus | undefined {
  let worst: RuleStatus | undefined;
  for (const status of statuses) {
    if (worst === undefined || STATUS_ORDER.indexOf(status) > STATUS_ORDER.indexOf(worst)) worst = status;
  }
  return worst;
}

/**
 * Recounts the per-status fields of a summary from the rules; `mismatches`
 * and `requests` are kept from `previous` (they are not derivable from statuses).
 *
 * @example
 * const summary = countStatuses(report.rules, report.summary);
 */
export function countStatuses(rules: readonly RuleResult[], previous: Pick<Summary, 'mismatches' | 'requests'>): Summary {
  const summary: Summary = {
    total: rules.length,
    passed: 0,
    failed: 0,
    skipped: 0,
    disabled: 0,
    known: 0,
    error: 0,
    mismatches: previous.mismatches,
    requests: previous.requests,
  };
  for (const rule of rules) summary[rule.status] += 1;
  return summary;
}

/**
 * The run's verdict from its rules: `error` when the suite could not complete
 * a rule (or the run already had that verdict), else `failed` when a rule
 * failed, else `passed`. Known (baselined) mismatches do not fail the verdict.
 *
 * @example
 * verdictFor(report.rules, report.verdict)
 */
export function verdictFor(rules: readonly RuleResult[], previous?: Verdict): Verdict {
  if (previous === 'error' || rules.some((rule) => rule.status === 'error')) return 'error';
  return rules.some((rule) => rule.status === 'failed') ? 'failed' : 'passed';
}

/** Whether a failed rule failed only with mismatches that did not reproduce on re-run. */
export function isFlakyOnly(rule: RuleResult): boolean {
  return rule.status === 'failed' && rule.mismatches.length > 0 && rule.mismatches.every((m) => m.reproducibility === 'flaky');
}
