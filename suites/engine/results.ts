/**
 * @module The runner's rule results; the ConformanceReport (report.json) is
 * assembled from them by reports/build-report.ts, which the proxy uses too.
 */
import type { RuleResult } from '../../schemas/types.gen.js';
import type { Rule } from '../contract/rule.js';

/** A fresh result; `disabled` until the runner raises it. Carries the rule's level (default must). */
export function newRuleResult(rule: Rule): RuleResult {
  return {
    id: rule.id,
    section: rule.section,
    area: rule.area,
    title: rule.title,
    level: rule.level ?? 'must',
    status: 'disabled',
    durationMs: 0,
    cases: 0,
    mismatches: [],
  };
}

// The report object is assembled where every report is (the proxy's too).
export { buildReport, type ReportInput } from '../../reports/build-report.js';
