/**
 * @module The rules a mutant runs against. The PR gate runs only the mutant's
 * primary rule, the one the test requires to fail: each rule draws its inputs
 * from a seed derived from the run's seed and its own id, so it sends alone the
 * very requests it sends beside its area, and the proof is the same at a
 * fraction of the requests. `named` adds the rules the mutant names beside it
 * (those the same fault may trip too), `area` the rules of the mutant's area (a
 * fault one rule misses is still caught by its neighbours); the nightly tier
 * runs the whole registry.
 */
import type { Rule } from '../../../suites/contract/rule.js';
import { expectedRules, primaryRule, type Mutant } from '../mutant.js';

/**
 * `primary`: the rule the mutant must trip (the gate); `named`: every rule it names; `area`: its area plus those;
 * `registry`: every rule (nightly).
 */
export type MutantRuleScope = 'primary' | 'named' | 'area' | 'registry';

export const MUTANT_RULE_SCOPES: readonly MutantRuleScope[] = ['primary', 'named', 'area', 'registry'];

/**
 * The rules that run against `mutant`, in registry order.
 *
 * @example
 * rulesForMutant(mutantNamed('create-answers-200'), registry, 'area').map((rule) => rule.id);
 */
export function rulesForMutant(mutant: Mutant, registry: readonly Rule[], scope: MutantRuleScope): Rule[] {
  if (scope === 'registry') return [...registry];
  if (scope === 'primary') return registry.filter((rule) => rule.id === primaryRule(mutant));
  const named = new Set(expectedRules(mutant));
  if (scope === 'named') return registry.filter((rule) => named.has(rule.id));
  return registry.filter((rule) => rule.area === mutant.area || named.has(rule.id));
}

/** The rules `mutant` names that are not among `running` (a named rule renamed or removed): must be empty. */
export function namedRulesNotRun(mutant: Mutant, running: readonly Rule[]): string[] {
  const ids = new Set(running.map((rule) => rule.id));
  return expectedRules(mutant).filter((id) => !ids.has(id));
}
