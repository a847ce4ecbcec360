/**
 * @module The registry: every rule of the suite, in the order they run.
 * `--only` filters it by id prefix or glob. To add an area, import its
 * `Rule[]` and spread it below (one line each).
 */
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
import { updateRules } from './update.js';
import { updateIdentityRules } from './update-identity.js';
import { updateValidationRules } from './update-validation.js';
import type { Rule } from '../engine/rule.js';

export const rules: readonly Rule[] = [
  ...referenceRules,
  ...createRules,
  ...roundtripRules,
  ...updateRules,
  ...updateIdentityRules,
  ...updateValidationRules,
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
