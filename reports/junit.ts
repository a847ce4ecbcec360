/**
 * @module junit.xml for CI test reporters (GitHub Actions reporters, GitLab,
 * Jenkins): one <testsuite> per area, one <testcase> per rule.
 *
 * Status mapping: failed -> <failure> (type `mismatch`, or `flaky-mismatch`
 * when no mismatch reproduced), error -> <error type="suite-error">,
 * skipped / disabled / known -> <skipped> (a known mismatch is an expected
 * failure, as pytest reports xfail), passed -> no child. A stale baseline
 * entry is a <failure type="stale-baseline">: on the passing rule it names,
 * or in a `baseline` testsuite when no such rule ran.
 *
 * Levels: every testcase carries a `level` property (must or should). JUnit
 * has no warning state, so a warning (a failed should rule) is a passing
 * testcase whose <system-out> holds the warning and its mismatches: CI
 * dashboards show it green with the text one click away, as the exit code is
 * 0. Under --strict (report.options.strict) the run fails on it, so it is a
 * <failure type="warning">, counted in `failures`, and red where CI shows it.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { ConformanceReport, Observation, RuleResult } from '../schemas/types.gen.js';
import { visibleControlChars } from './control-chars.js';
import { formatMismatchText } from './format-mismatch.js';
import type { RedactedReport } from './redactor.js';
import { isFlakyOnly } from './status.js';
import { truncate } from './truncate.js';

/** Attribute values are one line; keep them short enough for reporter UIs. */
const MAX_MESSAGE = 500;

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time: number;
}

/**
 * @example
 * await writeFile('junit.xml', renderJunit(report));
 */
export function renderJunit(report: RedactedReport): string {
  const stale = new Map((report.baseline?.stale ?? []).map((entry) => [entry.id, entry]));
  const byArea = groupByArea(report.rules);
  const strict = report.options?.strict === true;
  const root = create({ version: '1.0', encoding: 'UTF-8' }, {}).ele('testsuites', {
    name: xmlText(`${report.tool.name} ${report.tool.version}: Jobs API v${report.specVersion} at ${report.target.baseUrl}`),
  });
  const total: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };

  for (const [area, rules] of byArea) {
    const counts = countRules(rules, stale, strict);
    addCounts(total, counts);
    const suite = root.ele('testsuite', { name: xmlText(area), ...countAttributes(counts), timestamp: report.startedAt });
    addProperties(suite, report);
    for (const rule of rules) addTestcase(suite, rule, stale.get(rule.id), strict);
    const observations = report.observations.filter((o) => rules.some((rule) => rule.id === o.ruleId));
    if (observations.length > 0) suite.ele('system-out').txt(xmlText(observations.map(formatObservation).join('\n')));
  }

  const unknownStale = [...stale.values()].filter((entry) => !report.rules.some((rule) => rule.id === entry.id));
  if (unknownStale.length > 0) {
    const counts: Counts = { tests: unknownStale.length, failures: unknownStale.length, errors: 0, skipped: 0, time: 0 };
    addCounts(total, counts);
    const suite = root.ele('testsuite', { name: 'baseline', ...countAttributes(counts), timestamp: report.startedAt });
    for (const entry of unknownStale) {
      suite
        .ele('testcase', { name: xmlText(entry.id), classname: 'baseline', time: '0' })
        .ele('failure', {
          type: 'stale-baseline',
          message: xmlText(`stale baseline entry: no rule ${entry.id} ran in this unfiltered run; remove it`),
        })
        .txt(xmlText(entry.reason ?? ''));
    }
  }

  root.att({ ...countAttributes(total), timestamp: report.startedAt });
  return `${root.end({ prettyPrint: true })}\n`;
}

function groupByArea(rules: readonly RuleResult[]): Map<string, RuleResult[]> {
  const groups = new Map<string, RuleResult[]>();
  for (const rule of rules) groups.set(rule.area, [...(groups.get(rule.area) ?? []), rule]);
  return groups;
}

function countRules(rules: readonly RuleResult[], stale: ReadonlyMap<string, unknown>, strict: boolean): Counts {
  const counts: Counts = { tests: rules.length, failures: 0, errors: 0, skipped: 0, time: 0 };
  for (const rule of rules) {
    counts.time += rule.durationMs / 1000;
    if (rule.status === 'failed' || (strict && rule.status === 'warning') || (rule.status === 'passed' && stale.has(rule.id)))
      counts.failures += 1;
    else if (rule.status === 'error') counts.errors += 1;
    else if (rule.status === 'skipped' || rule.status === 'disabled' || rule.status === 'known') counts.skipped += 1;
  }
  return counts;
}

function addCounts(into: Counts, counts: Counts): void {
  into.tests += counts.tests;
  into.failures += counts.failures;
  into.errors += counts.errors;
  into.skipped += counts.skipped;
  into.time += counts.time;
}

function countAttributes(counts: Counts): Record<string, string> {
  return {
    tests: String(counts.tests),
    failures: String(counts.failures),
    errors: String(counts.errors),
    skipped: String(counts.skipped),
    time: seconds(counts.time * 1000),
  };
}

function addProperties(suite: XMLBuilder, report: ConformanceReport): void {
  const properties = suite.ele('properties');
  const entries: [string, string][] = [
    ['spec-version', report.specVersion],
    ['target', report.target.baseUrl],
    ['seed', String(report.seed)],
    ['runs', String(report.runs)],
    ['replay', report.replayCommand],
  ];
  if (report.baseline?.source) entries.push(['baseline', report.baseline.source]);
  for (const [name, value] of entries) properties.ele('property', { name, value: xmlText(value) });
}

function addTestcase(suite: XMLBuilder, rule: RuleResult, stale: { reason?: string } | undefined, strict: boolean): void {
  const testcase = suite.ele('testcase', {
    name: xmlText(`${rule.id}: ${rule.title}`),
    classname: xmlText(`jobs-conformance.${rule.area}`),
    time: seconds(rule.durationMs),
  });
  const properties = testcase.ele('properties');
  properties.ele('property', { name: 'section', value: xmlText(rule.section) });
  properties.ele('property', { name: 'level', value: rule.level });
  properties.ele('property', { name: 'cases', value: String(rule.cases) });

  if (rule.status === 'failed') {
    const first = rule.mismatches[0];
    const more = rule.mismatches.length > 1 ? ` (+${rule.mismatches.length - 1} more)` : '';
    testcase
      .ele('failure', {
        type: isFlakyOnly(rule) ? 'flaky-mismatch' : 'mismatch',
        message: message(`§${rule.section} ${first ? first.title : 'failed'}${more}`),
      })
      .txt(xmlText(rule.mismatches.map(formatMismatchText).join('\n\n')));
  } else if (rule.status === 'warning') {
    const first = rule.mismatches[0];
    const summary = `warning (should rule: good practice the spec does not state) §${rule.section} ${first ? first.title : ''}`;
    const details = rule.mismatches.map(formatMismatchText).join('\n\n');
    if (strict) testcase.ele('failure', { type: 'warning', message: message(`${summary} (failing under --strict)`) }).txt(xmlText(details));
    else testcase.ele('system-out').txt(xmlText(`${summary}\n\n${details}`));
  } else if (rule.status === 'error') {
    testcase.ele('error', { type: 'suite-error', message: message(rule.errorMessage ?? 'the suite could not complete this rule') });
  } else if (rule.status === 'known') {
    testcase
      .ele('skipped', { message: message(`known mismatch (baseline): ${rule.baselineReason ?? ''}`) })
      .txt(xmlText(rule.mismatches.map(formatMismatchText).join('\n\n')));
  } else if (rule.status === 'skipped' || rule.status === 'disabled') {
    testcase.ele('skipped', { message: message(rule.skipReason ?? rule.status) });
  } else if (stale) {
    testcase.ele('failure', {
      type: 'stale-baseline',
      message: message(
        `stale baseline entry: ${rule.id} passes now; remove it from the baseline${stale.reason ? ` (${stale.reason})` : ''}`,
      ),
    });
  }
}

function formatObservation(o: Observation): string {
  return `observation §${o.section} ${o.topic}${o.ruleId ? ` (${o.ruleId})` : ''}: ${o.observed}${o.note ? ` (${o.note})` : ''}`;
}

/** Text XML 1.0 can hold: invalid characters become visible `\uXXXX` escapes. */
function xmlText(text: string): string {
  return visibleControlChars(text);
}

function message(text: string): string {
  return truncate(xmlText(text).replace(/\s*\n\s*/g, ' '), MAX_MESSAGE);
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}
