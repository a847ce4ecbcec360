/**
 * @module Drift between two runs, from two reports: what a server chose where the spec leaves room
 * (observations) changed, which rules newly fail or pass, which rules one run has and the other
 * not. Both releases may conform, yet a client written against the first may depend on a choice
 * the second changed (400 became 422, absolute paging links became relative). Pure: the CLI's
 * `diff` command and `--compare-with` read the files and render the result.
 */
import type {
  ConformanceReport,
  Drift,
  DriftRule,
  DriftRun,
  Observation,
  ObservationChange,
  RuleResult,
  RuleStatusChange,
} from '../schemas/types.gen.js';
import { ReportError } from './report-error.js';
import type { RuleStatus } from './status.js';

/** Statuses that count as failing when telling a newly failing rule from a newly passing one. */
const FAILING: ReadonlySet<RuleStatus> = new Set<RuleStatus>(['failed', 'warning', 'known']);

/**
 * Compares an old report with a new one.
 *
 * @example
 * const drift = diffReports(JSON.parse(await readFile('last/report.json', 'utf8')), report, { oldSource: 'last/report.json' });
 * drift.observations.changed[0] // { topic: 'error-status.invalid-write', qualifier: 'POST /jobs', old: '400', new: '422', ... }
 */
export function diffReports(
  older: ConformanceReport,
  newer: ConformanceReport,
  sources: { oldSource?: string; newSource?: string } = {},
): Drift {
  const oldRules = new Map(older.rules.map((rule) => [rule.id, rule]));
  const newRules = new Map(newer.rules.map((rule) => [rule.id, rule]));
  const added = newer.rules.filter((rule) => !oldRules.has(rule.id));
  const removed = older.rules.filter((rule) => !newRules.has(rule.id));
  // A rule only one run has is reported once, as added or removed, not again through its observations.
  const inOne = new Set([...added, ...removed].map((rule) => rule.id));
  const kept = (observation: Observation) => observation.ruleId === undefined || !inOne.has(observation.ruleId);
  return {
    old: runOf(older, sources.oldSource),
    new: runOf(newer, sources.newSource),
    observations: diffObservations(older.observations.filter(kept), newer.observations.filter(kept)),
    rules: { ...diffStatuses(older.rules, newRules), added: added.map(driftRule), removed: removed.map(driftRule) },
  };
}

/** True when the servers' choices differ: an observation changed, appeared or went. */
export function hasObservationDrift(drift: Drift): boolean {
  const { changed, added, removed } = drift.observations;
  return changed.length + added.length + removed.length > 0;
}

/** True when nothing differs that the diff lists. */
export function isEmptyDrift(drift: Drift): boolean {
  const { rules } = drift;
  return (
    !hasObservationDrift(drift) &&
    rules.newlyFailing.length + rules.newlyPassing.length + rules.statusChanged.length + rules.added.length + rules.removed.length === 0
  );
}

/** What makes `jobs-conformance diff` exit 1: a rule newly failed, newly warned (a should rule), or drift in the observations. */
export type DriftCondition = 'failed' | 'warning' | 'drift';

export const DRIFT_CONDITIONS: readonly DriftCondition[] = ['failed', 'warning', 'drift'];

/** Default of `diff --fail-on`: a rule newly failing fails; a changed choice is a warning (add `drift`, or use --strict). */
export const DEFAULT_DRIFT_FAIL_ON: readonly DriftCondition[] = ['failed'];

/**
 * Parses `diff --fail-on`: a comma-separated list of failed, warning, drift; or all, or none.
 *
 * @example
 * parseDriftFailOn('failed,drift') // => ['failed', 'drift']
 */
export function parseDriftFailOn(value: string): DriftCondition[] {
  const words = value
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 1 && words[0] === 'none') return [];
  if (words.length === 1 && words[0] === 'all') return [...DRIFT_CONDITIONS];
  const unknown = words.filter((word) => !(DRIFT_CONDITIONS as readonly string[]).includes(word));
  if (words.length === 0 || unknown.length > 0) {
    throw new ReportError(
      'FAIL_ON_INVALID',
      `--fail-on: unknown condition ${JSON.stringify(unknown.join(',') || value)}; ` +
        `use a comma-separated list of ${DRIFT_CONDITIONS.join(', ')}, or all, or none`,
      {
        context: { value, unknown },
      },
    );
  }
  return [...new Set(words as DriftCondition[])];
}

/** One condition that holds for a diff, with the one line the CLI prints for it. */
export interface DriftFailure {
  condition: DriftCondition;
  message: string;
}

/**
 * The conditions among `failOn` that hold; `strict` adds warning and drift.
 *
 * @example
 * const code = driftFailures(drift, ['failed', 'drift']).length > 0 ? 1 : 0;
 */
export function driftFailures(drift: Drift, failOn: readonly DriftCondition[] = DEFAULT_DRIFT_FAIL_ON, strict = false): DriftFailure[] {
  const found: DriftFailure[] = [];
  const add = (condition: DriftCondition, message: string) => {
    if (failOn.includes(condition) || (strict && condition !== 'failed')) found.push({ condition, message });
  };
  const failed = drift.rules.newlyFailing.filter((rule) => rule.new === 'failed').map((rule) => rule.id);
  const warned = drift.rules.newlyFailing.filter((rule) => rule.new === 'warning').map((rule) => rule.id);
  if (failed.length > 0) add('failed', `${plural(failed.length, 'rule')} newly failing: ${failed.join(', ')}`);
  if (warned.length > 0) add('warning', `${plural(warned.length, 'should rule')} newly warning: ${warned.join(', ')}`);
  if (hasObservationDrift(drift)) add('drift', `the target's choices drifted: ${observationCounts(drift)}`);
  return found;
}

/** `3 changed, 1 new, 0 gone` style counts of the observation drift. */
export function observationCounts(drift: Drift): string {
  const { changed, added, removed } = drift.observations;
  return `${plural(changed.length, 'observation')} changed, ${added.length} only in the new run, ${removed.length} only in the old run`;
}

function runOf(report: ConformanceReport, source: string | undefined): DriftRun {
  const run: DriftRun = {
    baseUrl: report.target.baseUrl,
    seed: report.seed,
    toolVersion: report.tool.version,
    startedAt: report.startedAt,
    verdict: report.verdict,
  };
  return source === undefined ? run : { source, ...run };
}

function driftRule(rule: RuleResult): DriftRule {
  return { id: rule.id, title: rule.title, level: rule.level, status: rule.status };
}

function diffStatuses(
  older: readonly RuleResult[],
  newRules: ReadonlyMap<string, RuleResult>,
): Pick<Drift['rules'], 'newlyFailing' | 'newlyPassing' | 'statusChanged'> {
  const out = { newlyFailing: [] as RuleStatusChange[], newlyPassing: [] as RuleStatusChange[], statusChanged: [] as RuleStatusChange[] };
  for (const before of older) {
    const after = newRules.get(before.id);
    if (!after || after.status === before.status) continue;
    const change: RuleStatusChange = { id: after.id, title: after.title, level: after.level, old: before.status, new: after.status };
    const wasFailing = FAILING.has(before.status);
    if (FAILING.has(after.status) && !wasFailing) out.newlyFailing.push(change);
    else if (after.status === 'passed' && wasFailing) out.newlyPassing.push(change);
    else out.statusChanged.push(change);
  }
  return out;
}

/**
 * Observations are compared per rule and topic. The values both runs saw drop out; what is left pairs up as a
 * change when each side has one value of the same qualifier (the text before the last ': ', as in
 * 'PUT /jobs/{id}: 400'), or when the rule recorded exactly one value for the topic in each run.
 */
function diffObservations(older: readonly Observation[], newer: readonly Observation[]): Drift['observations'] {
  const oldGroups = groupByRuleAndTopic(older);
  const newGroups = groupByRuleAndTopic(newer);
  const result: Drift['observations'] = { changed: [], added: [], removed: [] };
  for (const key of new Set([...oldGroups.keys(), ...newGroups.keys()])) {
    const before = oldGroups.get(key) ?? [];
    const after = newGroups.get(key) ?? [];
    const seenAfter = new Set(after.map((o) => o.observed));
    const seenBefore = new Set(before.map((o) => o.observed));
    const gone = before.filter((o) => !seenAfter.has(o.observed));
    const fresh = after.filter((o) => !seenBefore.has(o.observed));
    if (before.length === 1 && after.length === 1 && gone.length === 1 && fresh.length === 1) {
      const qualifier = qualifierOf(gone[0]!.observed);
      result.changed.push(changeOf(gone[0]!, fresh[0]!, qualifier === qualifierOf(fresh[0]!.observed) ? qualifier : undefined));
      continue;
    }
    const goneByQualifier = byQualifier(gone);
    const freshByQualifier = byQualifier(fresh);
    for (const o of gone) {
      const qualifier = qualifierOf(o.observed);
      const pair = freshByQualifier.get(qualifier ?? '');
      if (qualifier !== undefined && goneByQualifier.get(qualifier)?.length === 1 && pair?.length === 1)
        result.changed.push(changeOf(o, pair[0]!, qualifier));
      else result.removed.push(o);
    }
    for (const o of fresh) {
      const qualifier = qualifierOf(o.observed);
      const paired =
        qualifier !== undefined && goneByQualifier.get(qualifier)?.length === 1 && freshByQualifier.get(qualifier)?.length === 1;
      if (!paired) result.added.push(o);
    }
  }
  return result;
}

function groupByRuleAndTopic(observations: readonly Observation[]): Map<string, Observation[]> {
  const groups = new Map<string, Observation[]>();
  for (const observation of observations) {
    const key = `${observation.ruleId ?? ''}\u0000${observation.topic}`;
    const group = groups.get(key);
    if (group) {
      if (!group.some((o) => o.observed === observation.observed)) group.push(observation);
    } else groups.set(key, [observation]);
  }
  return groups;
}

function byQualifier(observations: readonly Observation[]): Map<string, Observation[]> {
  const out = new Map<string, Observation[]>();
  for (const observation of observations) {
    const qualifier = qualifierOf(observation.observed);
    if (qualifier === undefined) continue;
    out.set(qualifier, [...(out.get(qualifier) ?? []), observation]);
  }
  return out;
}

/** 'PUT /jobs/{id}: 400' -> 'PUT /jobs/{id}'; text without ': ' has none. */
function qualifierOf(observed: string): string | undefined {
  const at = observed.lastIndexOf(': ');
  return at > 0 ? observed.slice(0, at) : undefined;
}

function changeOf(before: Observation, after: Observation, qualifier: string | undefined): ObservationChange {
  const strip = (text: string) => (qualifier === undefined ? text : text.slice(qualifier.length + 2));
  const change: ObservationChange = { topic: after.topic, section: after.section, old: strip(before.observed), new: strip(after.observed) };
  if (after.ruleId !== undefined) change.ruleId = after.ruleId;
  if (qualifier !== undefined) change.qualifier = qualifier;
  return change;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
