/**
 * @module Every mutant of the reference mock, by area. Add one whenever a
 * rule is added (a rule no mutant trips is not shown to work): it must break exactly one spec statement
 * and name the rule that flags it.
 *
 * @example
 * import { mutants } from './index.js';
 * for (const mutant of mutants) console.log(mutant.name, '->', primaryRule(mutant));
 */
import { authMutants } from './auth.js';
import { boundaryMutants } from './boundaries.js';
import { concurrencyMutants } from './concurrency.js';
import { createMutants } from './create.js';
import { htmlMutants } from './html.js';
import { isolationMutants } from './isolation.js';
import { lifecycleMutants } from './lifecycle.js';
import { limitsMutants } from './limits.js';
import { listMutants } from './list.js';
import { modelMutants } from './model.js';
import type { Mutant } from './mutant.js';
import { pagingMutants } from './paging.js';
import { protocolMutants } from './protocol.js';
import { referenceMutants } from './reference.js';
import { robustnessMutants } from './robustness.js';
import { roundtripMutants } from './roundtrip.js';
import { schemaNegativeMutants } from './schema-negatives.js';
import { updateMutants } from './update.js';
import { updateValidationMutants } from './update-validation.js';

export { expectedRules, primaryRule, type Mutant, type Transform } from './mutant.js';

export const mutants: readonly Mutant[] = [
  ...referenceMutants,
  ...createMutants,
  ...roundtripMutants,
  ...updateMutants,
  ...updateValidationMutants,
  ...schemaNegativeMutants,
  ...lifecycleMutants,
  ...htmlMutants,
  ...limitsMutants,
  ...boundaryMutants,
  ...modelMutants,
  ...listMutants,
  ...pagingMutants,
  ...protocolMutants,
  ...authMutants,
  ...isolationMutants,
  ...robustnessMutants,
  ...concurrencyMutants,
];
