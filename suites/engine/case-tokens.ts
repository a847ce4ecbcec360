/**
 * @module Case tokens: the part of a case tag after the run tag
 * (`jcx4yaca` + `2c` `k` `15x`). A token names the
 * rule by its place in the full rule list and counts that rule's cases, so it
 * does not depend on which rules ran before or beside it: the same seed
 * gives a rule the same case tags at any --concurrency and under --only.
 */
import type { Rule } from '../contract/rule.js';
import { counterWord } from '../contract/scope-words.js';

/**
 * A token source for `rules` (the full list the run selects from): `<rule key>k<case number>x`, the
 * rule key base36 padded to one width and the case number a counterWord, so no token starts
 * another (a q of case 1 never finds the jobs of case 10).
 *
 * @example
 * const next = caseTokens(rules);
 * next('jobs.create.status-201'); // '05k0x', then '05k1x', ...
 */
export function caseTokens(rules: readonly Rule[]): (ruleId: string) => string {
  const width = Math.max(1, Math.max(0, rules.length - 1).toString(36).length);
  const keys = new Map(rules.map((rule, index) => [rule.id, index.toString(36).padStart(width, '0')]));
  const counters = new Map<string, number>();
  return (ruleId) => {
    const key = keys.get(ruleId);
    if (key === undefined) throw new Error(`case token for ${ruleId}: the rule is not in the run's rule list`);
    const n = counters.get(ruleId) ?? 0;
    counters.set(ruleId, n + 1);
    return `${key}k${counterWord(n)}`;
  };
}
