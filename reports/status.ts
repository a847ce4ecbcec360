/**
 * @module The one owner of rule statuses: their order, how a mismatch's level
 * decides its status, the summary counts and the run's verdict. The runner
 * (suites/) and every report format import these; nothing else defines them.
 *
 * Statuses are ordered and raise-only:
 * disabled < skipped < passed < known < warning < failed < error.
 * A rule that failed never goes back to passed; `warning` is a failed
 * `should` rule (good practice the spec does not state), below `failed` (the
 * target departs from the spec) and `error` (the suite could not complete
 * the rule). A mismatch answered with a 5xx always counts as `must`.
 */
import type { ConformanceReport, Exchange, RuleResult, Summary } from '../schemas/types.gen.js';

export type RuleStatus = RuleResult['status'];
export type RuleLevel = RuleResult['level'];
export type Verdict = ConformanceReport['verdict'];

/** schemas/report.schema.json $defs.status, in order. */
export const STATUS_ORDER: readonly RuleStatus[] = ['disabled', 'skipped', 'passed', 'known', 'warning', 'failed', 'error'];

function rank(status: RuleStatus): number {
  return STATUS_ORDER.indexOf(status);
}

/**
 * The higher of two statuses: a status can only be raised.
 *
 * @example
 * raiseStatus('failed', 'passed') // 'failed'
 */
export function raiseStatus(current: RuleStatus, next: RuleStatus): RuleStatus {
  return rank(next) > rank(current) ? next : current;
}

/**
 * The worst status of a group (`undefined` for an empty group).
 *
 * @example
 * worstStatus(['passed', 'failed', 'skipped']) // => 'failed'
 */
export function worstStatus(statuses: Iterable<RuleStatus>): RuleStatus | undefined {
  let worst: RuleStatus | undefined;
  for (const status of statuses) worst = worst === undefined ? status : raiseStatus(worst, status);
  return worst;
}

/**
 * The level a mismatch counts at: the rule's level, except that a 5xx answer
 * is always a `must` failure (a server error is never good practice).
 *
 * @example
 * mismatchLevel('should', { ...exchange, response: { status: 503, headers: {} } }) // 'must'
 */
export function mismatchLevel(ruleLevel: RuleLevel, failing: Exchange | undefined): RuleLevel {
  const status = failing?.response?.status;
  return status !== undefined && status >= 500 && status <= 599 ? 'must' : ruleLevel;
}

/** The status a mismatch of this level gives its rule. */
export function statusOfMismatch(level: RuleLevel): 'warning' | 'failed' {
  return level === 'should' ? 'warning' : 'failed';
}

/**
 * Counts the rules by status. `mismatches` counts every mismatch of the
 * rules; `requests` is not derivable from rules and is passed in.
 *
 * @example
 * summarize(report.rules, report.summary.requests)
 */
export function summarize(rules: readonly RuleResult[], requests: number): Summary {
  const summary: Summary = {
    total: rules.length,
    passed: 0,
    failed: 0,
    skipped: 0,
    disabled: 0,
    known: 0,
    warning: 0,
    error: 0,
    mismatches: 0,
    requests,
  };
  for (const rule of rules) {
    summary[rule.status] += 1;
    summary.mismatches += rule.mismatches.length;
  }
  return summary;
}

/**
 * Recounts a summary from the rules (after a baseline changed statuses);
 * `mismatches` and `requests` are kept from `previous`.
 *
 * @example
 * const summary = countStatuses(report.rules, report.summary);
 */
export function countStatuses(rules: readonly RuleResult[], previous: Pick<Summary, 'mismatches' | 'requests'>): Summary {
  return { ...summarize(rules, previous.requests), mismatches: previous.mismatches };
}

export interface VerdictOptions {
  /** The run was stopped before every rule ran. */
  interrupted?: boolean;
  /** --strict: a warning fails the run like a failure. */
  strict?: boolean;
  /** The verdict the report had; an `error` verdict stays (a baseline cannot undo it). */
  previous?: Verdict;
}

/**
 * The run's verdict: `error` when a rule errored or the run was interrupted,
 * else `failed` when a rule failed (or, under strict, warned), else `passed`.
 * Known (baselined) rules never fail it.
 *
 * @example
 * verdictFor(report.rules, { strict: true }) // 'failed' when a should rule failed
 */
export function verdictFor(rules: readonly RuleResult[], options: VerdictOptions = {}): Verdict {
  if (options.interrupted || options.previous === 'error' || rules.some((rule) => rule.status === 'error')) return 'error';
  const failing = (rule: RuleResult) => rule.status === 'failed' || (options.strict === true && rule.status === 'warning');
  return rules.some(failing) ? 'failed' : 'passed';
}

/** Whether a failed (or warned) rule failed only with mismatches that did not reproduce on re-run. */
export function isFlakyOnly(rule: RuleResult): boolean {
  return (
    (rule.status === 'failed' || rule.status === 'warning') &&
    rule.mismatches.length > 0 &&
    rule.mismatches.every((m) => m.reproducibility === 'flaky')
  );
}
