/**
 * @module The rules a mutant runs against. A mutant breaks one statement of
 * its area, so the PR gate runs the rules of that area plus every rule the
 * mutant names (some faults are flagged from another area): a tenth of the
 * registry's requests, the same proof. The nightly tier runs the whole registry.
 */
import type { Rule } from '../../../suites/engine/rule.js';
import { expectedRules, type Mutant } from '../mutant.js';

/** `area`: the mutant's area plus its named rules (the gate); `registry`: every rule (nightly). */
export type MutantRuleScope = 'area' | 'registry';

/**
 * The rules that run against `mutant`, in registry order.
 *
 * @example
 * rulesForMutant(mutantNamed('create-answers-200'), registry, 'area').map((rule) => rule.id);
 */
export function rulesForMutant(mutant: Mutant, registry: readonly Rule[], scope: MutantRuleScope): Rule[] {
  if (scope === 'registry') return [...registry];
  const named = new Set(expectedRules(mutant));
  return registry.filter((rule) => rule.area === mutant.area || named.has(rule.id));
}

/** The rules `mutant` names that are not among `running` (a named rule renamed or removed): must be empty. */
export function namedRulesNotRun(mutant: Mutant, running: readonly Rule[]): string[] {
  const ids = new Set(running.map((rule) => rule.id));
  return expectedRules(mutant).filter((id) => !ids.has(id));
}
