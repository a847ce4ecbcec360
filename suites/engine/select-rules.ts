/**
 * @module --only: selects rules by id prefix (`jobs.create`) or glob
 * (`jobs.*.location-header`), several patterns comma-separated (the reading
 * of suites/catalog/rule-patterns.ts, which the proxy's --only and --skip share).
 */
import { idsMatching } from '../catalog/rule-patterns.js';
import { ConfigError } from '../contract/errors.js';
import type { Rule } from '../contract/rule.js';

export { ruleMatches } from '../catalog/rule-patterns.js';

/**
 * The rules matching any pattern (all when `patterns` is null), in registry
 * order. A pattern equal to a rule id selects that rule only, so a replay of
 * `jobs.lifecycle.republish` does not also run `jobs.lifecycle.republish-by-reference`.
 */
export function selectRules(rules: readonly Rule[], patterns: readonly string[] | null): Rule[] {
  if (patterns === null) return [...rules];
  const chosen = idsMatching(
    rules.map((rule) => rule.id),
    patterns,
  );
  const selected = rules.filter((rule) => chosen.has(rule.id));
  if (selected.length === 0) throw new ConfigError('only', `--only ${patterns.join(',')} matches no rule`);
  return selected;
}
