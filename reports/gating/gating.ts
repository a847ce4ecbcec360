/**
 * @module Gating: what makes a run fail CI. Pure functions the suite's CLI
 * calls after the run (`--baseline FILE`, `--fail-on LIST`):
 *
 * - `parseBaseline` reads a baseline (`{ "rules": [{ "id", "reason" }] }` or a
 *   plain array of ids) and `applyBaseline` marks the failed rules it lists as
 *   `known`; a listed rule that now passes is recorded as a stale entry, so the
 *   baseline can only shrink.
 * - `parseFailOn` reads `--fail-on`; `failingConditions` says which conditions
 *   hold and why; `exitCodeFor` turns that into the process exit code, and
 *   `exitCodeOf` is the CLI's exit code for a finished run (also exported by
 *   suites/index.ts, so a program and the CLI always agree).
 *
 * Warnings (failed `should` rules) fail the run only when asked: the
 * condition `warning` is not in the default `--fail-on`, `--fail-on all`
 * includes it, and a report made with `--strict` (report.options.strict)
 * adds it to whatever `--fail-on` says.
 */
import type { ConformanceReport, RuleResult } from '../../schemas/types.gen.js';
import { hasObservationDrift, observationCounts } from '../drift.js';
import { ReportError } from '../report-error.js';
import { countStatuses, isFlakyOnly, verdictFor } from '../status.js';

/** Exit code of an interrupted run (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

/** One accepted known failure: a rule id and why it is accepted. */
export type BaselineEntry = {
  id: string;
  reason?: string;
};

export interface Baseline {
  rules: BaselineEntry[];
  /** Where the baseline came from (a file path), shown in reports. */
  source?: string;
}

/**
 * What can fail a run:
 * - `failed`: a rule failed with a mismatch that reproduced on re-run (or was not re-checked);
 * - `flaky`: a rule failed, but every one of its mismatches was flaky (did not reproduce);
 * - `error`: the suite could not complete a rule, the run was interrupted, or no rule ran;
 * - `stale-baseline`: a baseline entry no longer matches a failure (the rule passes, or no longer exists);
 * - `warning`: a `should` rule failed (good practice the spec does not state);
 * - `drift`: with --compare-with, the target chose differently where the spec leaves room (report.drift).
 */
export type FailCondition = 'failed' | 'flaky' | 'error' | 'stale-baseline' | 'warning' | 'drift';

export const FAIL_CONDITIONS: readonly FailCondition[] = ['failed', 'flaky', 'error', 'stale-baseline', 'warning', 'drift'];

/** Default `--fail-on`: every condition but `warning` and `drift` (what --strict adds). Loosen it explicitly, e.g. `--fail-on failed,error`. */
export const DEFAULT_FAIL_ON: readonly FailCondition[] = ['failed', 'flaky', 'error', 'stale-baseline'];

/**
 * Parses a `--fail-on` value: a comma-separated list of conditions, `all`, or
 * `none` (report only; always exit 0).
 *
 * @example
 * parseFailOn('failed,error') // => ['failed', 'error']
 * parseFailOn('none')         // => []
 */
export function parseFailOn(value: string): FailCondition[] {
  const words = value
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 1 && words[0] === 'none') return [];
  if (words.length === 1 && words[0] === 'all') return [...FAIL_CONDITIONS];
  const unknown = words.filter((word) => !(FAIL_CONDITIONS as readonly string[]).includes(word));
  if (words.length === 0 || unknown.length > 0) {
    throw new ReportError(
      'FAIL_ON_INVALID',
      `--fail-on: unknown condition ${JSON.stringify(unknown.join(',') || value)}; ` +
        `use a comma-separated list of ${FAIL_CONDITIONS.join(', ')}, or all, or none`,
      { context: { value, unknown } },
    );
  }
  return [...new Set(words as FailCondition[])];
}

/**
 * Validates a parsed baseline file: `{ "rules": [{ "id": "...", "reason": "..." }] }`
 * or a plain array of rule ids (`["jobs.create.location-header"]`); entries in
 * the object form may also be bare id strings.
 *
 * @example
 * parseBaseline(JSON.parse(readFileSync('baseline.json', 'utf8')), 'baseline.json')
 */
export function parseBaseline(data: unknown, source?: string): Baseline {
  const list = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.rules) ? data.rules : undefined;
  const invalid = (why: string, entry?: unknown) =>
    new ReportError(
      'BASELINE_INVALID',
      `baseline${source ? ` ${source}` : ''}: ${why}; expected {"rules":[{"id":"...","reason":"..."}]} or ["rule.id", ...]`,
      {
        context: { source, entry },
      },
    );
  if (!list) throw invalid('no "rules" array');
  const rules: BaselineEntry[] = list.map((entry: unknown) => {
    if (typeof entry === 'string' && entry.trim()) return { id: entry.trim() };
    if (isObject(entry) && typeof entry.id === 'string' && entry.id.trim()) {
      if (entry.reason !== undefined && typeof entry.reason !== 'string') throw invalid('"reason" must be a string', entry);
      return entry.reason === undefined ? { id: entry.id.trim() } : { id: entry.id.trim(), reason: entry.reason };
    }
    throw invalid('every entry needs a rule id', entry);
  });
  return source === undefined ? { rules } : { rules, source };
}

/**
 * Applies a baseline of known failures. Returns a new report in which each
 * failed rule the baseline lists has status `known` (with `baselineReason`),
 * the summary counts and the verdict are recomputed, and `report.baseline`
 * lists the accepted and the stale entries (a redacted report stays a redacted one: only the
 * baseline's own entries are added). An entry is stale when its rule
 * now passes, or when an unfiltered, complete run has no rule with that id.
 * Skipped, disabled and errored rules neither use nor stale an entry.
 *
 * @example
 * const gated = applyBaseline(report, { rules: [{ id: 'jobs.create.location-header', reason: 'ticket 12' }] });
 * gated.rules[0].status // => 'known'
 */
export function applyBaseline<R extends ConformanceReport>(report: R, baseline: Baseline): R {
  const entries = new Map<string, BaselineEntry>();
  for (const entry of baseline.rules) if (!entries.has(entry.id)) entries.set(entry.id, entry);

  const known: BaselineEntry[] = [];
  const stale: { id: string; reason?: string; cause: 'passes' | 'unknown-rule' }[] = [];
  const rules: RuleResult[] = report.rules.map((rule) => {
    const entry = entries.get(rule.id);
    if (!entry) return rule;
    if (rule.status === 'failed' || rule.status === 'warning' || rule.status === 'known') {
      known.push(entry);
      return { ...rule, status: 'known', baselineReason: entry.reason ?? 'listed in the baseline' };
    }
    if (rule.status === 'passed') stale.push(withReason({ id: entry.id, cause: 'passes' as const }, entry.reason));
    return rule;
  });

  const ran = new Set(report.rules.map((rule) => rule.id));
  const complete = !report.options?.only && !report.interrupted;
  if (complete) {
    for (const entry of entries.values()) {
      if (!ran.has(entry.id)) stale.push(withReason({ id: entry.id, cause: 'unknown-rule' as const }, entry.reason));
    }
  }

  const result = {
    ...report,
    rules,
    summary: countStatuses(rules, report.summary),
    verdict: verdictFor(rules, { previous: report.verdict, strict: report.options?.strict === true }),
    baseline: { entries: entries.size, known, stale, ...(baseline.source === undefined ? {} : { source: baseline.source }) },
  } satisfies ConformanceReport;
  return result;
}

/**
 * Lists a baseline that accepts the run's current failures: what to commit
 * as the first baseline (`reason` = the first mismatch's title, or the reason
 * a baseline already gave). With `previous`, it refreshes that baseline: its
 * entries the run proves stale (the rule passes, or no longer exists) go,
 * and those the run says nothing about (a rule filtered out, skipped or
 * errored) stay, so a filtered run never forgets the rest.
 *
 * @example
 * await writeBaseline('baseline.json', createBaseline(report));
 * await writeBaseline('baseline.json', createBaseline(gated, await readBaseline('baseline.json'))); // refresh
 */
export function createBaseline(report: ConformanceReport, previous?: Baseline): Baseline {
  const rules: BaselineEntry[] = report.rules
    .filter((rule) => rule.status === 'failed' || rule.status === 'warning' || rule.status === 'known')
    .map((rule) => withReason({ id: rule.id }, rule.baselineReason ?? rule.mismatches[0]?.title));
  if (previous === undefined) return { rules };
  const listed = new Set(rules.map((entry) => entry.id));
  const stale = new Set((applyBaseline(report, previous).baseline?.stale ?? []).map((entry) => entry.id));
  for (const entry of previous.rules) {
    if (listed.has(entry.id) || stale.has(entry.id)) continue;
    listed.add(entry.id);
    rules.push(entry);
  }
  return { rules };
}

/** One condition that holds, with the rule ids (or baseline ids) behind it. */
export interface FailingCondition {
  condition: FailCondition;
  ids: string[];
  message: string;
}

/**
 * The conditions among `failOn` that hold for a report, each with a one-line
 * explanation (for the CLI's last line). A report made with --strict
 * (`options.strict`) fails on `warning` and `drift` too.
 *
 * @example
 * for (const c of failingConditions(report, ['failed'])) console.error(c.message);
 */
export function failingConditions(report: ConformanceReport, failOn: readonly FailCondition[] = DEFAULT_FAIL_ON): FailingCondition[] {
  const found: FailingCondition[] = [];
  const strict = report.options?.strict === true;
  const add = (condition: FailCondition, ids: string[], message: string) => {
    if (failOn.includes(condition) || (strict && (condition === 'warning' || condition === 'drift')))
      found.push({ condition, ids, message });
  };
  const failed = report.rules.filter((rule) => rule.status === 'failed');
  const reproducible = failed.filter((rule) => !isFlakyOnly(rule)).map((rule) => rule.id);
  const flaky = failed.filter(isFlakyOnly).map((rule) => rule.id);
  const errored = report.rules.filter((rule) => rule.status === 'error').map((rule) => rule.id);
  const stale = (report.baseline?.stale ?? []).map((entry) => entry.id);
  const warned = report.rules.filter((rule) => rule.status === 'warning').map((rule) => rule.id);

  if (reproducible.length > 0) add('failed', reproducible, `${plural(reproducible.length, 'rule')} failed: ${reproducible.join(', ')}`);
  if (flaky.length > 0) add('flaky', flaky, `${plural(flaky.length, 'rule')} failed with flaky mismatches only: ${flaky.join(', ')}`);
  if (errored.length > 0) add('error', errored, `the suite could not complete ${plural(errored.length, 'rule')}: ${errored.join(', ')}`);
  else if (report.verdict === 'error') add('error', [], 'the run ended with an error');
  if (report.interrupted) add('error', [], 'the run was interrupted before every rule ran');
  if (report.rules.length === 0) add('error', [], 'no rule ran (check --only)');
  if (warned.length > 0)
    add(
      'warning',
      warned,
      `${plural(warned.length, 'should rule')} failed (warnings${strict ? ', failing the run under --strict' : ''}): ${warned.join(', ')}`,
    );
  if (report.drift && hasObservationDrift(report.drift))
    add(
      'drift',
      [],
      `the target's choices drifted since ${report.drift.old.source ?? 'the earlier run'}: ${observationCounts(report.drift)}`,
    );
  if (stale.length > 0)
    add(
      'stale-baseline',
      stale,
      `stale baseline ${stale.length === 1 ? 'entry' : 'entries'} (remove ${stale.length === 1 ? 'it' : 'them'}): ${stale.join(', ')}`,
    );
  return found;
}

/**
 * The process exit code for a report: 1 when any condition of `failOn` holds, else 0.
 *
 * @example
 * process.exitCode = exitCodeFor(applyBaseline(report, baseline), parseFailOn(opts.failOn ?? 'all'));
 */
export function exitCodeFor(report: ConformanceReport, failOn: readonly FailCondition[] = DEFAULT_FAIL_ON): 0 | 1 {
  return failingConditions(report, failOn).length > 0 ? 1 : 0;
}

/**
 * The CLI's exit code for a finished run: 130 when it was interrupted, else
 * 1 when a condition of `failOn` holds (warnings only with --strict or
 * `--fail-on warning`), else 0. (2, could not run, never has a report.)
 *
 * @example
 * process.exitCode = exitCodeOf(await runConformance({ baseUrl, apiKey, strict: true }));
 */
export function exitCodeOf(report: ConformanceReport, failOn: readonly FailCondition[] = DEFAULT_FAIL_ON): 0 | 1 | typeof EXIT_INTERRUPTED {
  if (report.interrupted) return EXIT_INTERRUPTED;
  return exitCodeFor(report, failOn);
}

function withReason<T extends { id: string }>(entry: T, reason: string | undefined): T & { reason?: string } {
  return reason === undefined ? entry : { ...entry, reason };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
