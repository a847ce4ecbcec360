/**
 * @module The registry: every rule of the suite, its catalog entry (suites/catalog/, the metadata, in the
 * order the rules run) joined with the implementation bound to its id here. `--only` filters it by id
 * prefix or glob. To add an area, import its implementations and spread them below (one line each);
 * suites/checks/rules.test.ts checks that catalog and implementations match one to one.
 */
import { catalog, type CatalogEntry } from '../catalog/index.js';
import type { Rule } from '../engine/rule.js';
import type { Implementation } from '../kit/rule-builders.js';
import { authRules } from './auth.js';
import { concurrencyRules } from './concurrency.js';
import { createRules } from './create/index.js';
import { htmlRules } from './html.js';
import { isolationRules } from './isolation.js';
import { lifecycleRules } from './lifecycle.js';
import { limitsRules } from './limits/index.js';
import { listRules } from './list.js';
import { modelRules } from './model.js';
import { pagingRules } from './paging.js';
import { protocolRules } from './protocol.js';
import { referenceRules } from './reference.js';
import { robustnessRules } from './robustness.js';
import { roundtripRules } from './roundtrip.js';
import { schemaNegativeRules } from './schema-negatives.js';
import { updateRules } from './update.js';
import { updateIdentityRules } from './update-identity.js';
import { updateValidationRules } from './update-validation.js';

/** Every implementation, each bound to a catalog id. */
export const implementations: readonly Implementation[] = [
  ...referenceRules,
  ...createRules,
  ...roundtripRules,
  ...updateRules,
  ...updateIdentityRules,
  ...updateValidationRules,
  ...schemaNegativeRules,
  ...lifecycleRules,
  ...htmlRules,
  ...limitsRules,
  ...modelRules,
  ...listRules,
  ...pagingRules,
  ...protocolRules,
  ...authRules,
  ...isolationRules,
  ...robustnessRules,
  ...concurrencyRules,
];

/** What differs between the catalog and the implementations: ids without code, code without an id, ids bound twice. */
export function bindingProblems(entries: readonly CatalogEntry[], bound: readonly Implementation[]): string[] {
  const listed = new Set(entries.map((entry) => entry.id));
  const implemented = new Set(bound.map((implementation) => implementation.id));
  const twice = (ids: readonly string[]) => ids.filter((id, index) => ids.indexOf(id) !== index);
  return [
    ...entries.filter((entry) => !implemented.has(entry.id)).map((entry) => `${entry.id}: in the catalog, no implementation`),
    ...bound
      .filter((implementation) => !listed.has(implementation.id))
      .map((implementation) => `${implementation.id}: implemented, not in the catalog`),
    ...twice(entries.map((entry) => entry.id)).map((id) => `${id}: twice in the catalog`),
    ...twice(bound.map((implementation) => implementation.id)).map((id) => `${id}: implemented twice`),
  ];
}

/** Each entry with the run bound to its id, in catalog order; throws when the two do not match one to one. */
export function bindRules(entries: readonly CatalogEntry[], bound: readonly Implementation[]): Rule[] {
  const problems = bindingProblems(entries, bound);
  if (problems.length > 0) throw new Error(`the rule catalog and the implementations differ:\n${problems.join('\n')}`);
  const runOf = new Map(bound.map(({ id, run }) => [id, run]));
  return entries.map((entry) => ({ ...entry, run: runOf.get(entry.id)! }));
}

export const rules: readonly Rule[] = bindRules(catalog, implementations);

/**
 * Some implementations joined with their catalog entries, in the order given (tests run one area's rules this way).
 *
 * @example
 * runConformance({ ...options, rules: rulesOf(pagingRules) });
 */
export function rulesOf(bound: readonly Implementation[]): Rule[] {
  const entryOf = new Map(catalog.map((entry) => [entry.id, entry]));
  return bindRules(
    bound.map((implementation) => entryOf.get(implementation.id)).filter((entry) => entry !== undefined),
    bound,
  );
}
