/**
 * @module The registry: every rule of the suite, its catalog entry (suites/catalog/, the metadata, in the
 * order the rules run) joined with the code of the rule file that declares it. Both are generated from the
 * rule files by `npm run generate` (suites/catalog/catalog.gen.ts, ./rules.gen.ts): a new rule is one exported
 * rule in a file under suites/checks/. `--only` filters the rules by id prefix or glob; suites/checks/rules.test.ts
 * checks that catalog and code match one to one.
 */
import { catalog, type CatalogEntry } from '../catalog/index.js';
import type { Rule } from '../contract/rule.js';
import type { Implementation } from '../kit/rule-builders.js';
import { exportedRules } from './rules.gen.js';

/** Every rule's code, as the rule files export it. */
export const implementations: readonly Implementation[] = exportedRules;

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
