/**
 * @module The registry: every rule of the suite, in the order they run.
 * `--only` filters it by id prefix or glob. To add an area, import its
 * `Rule[]` and spread it below (one line each).
 */
import { authRules } from './checks/auth.js';
import { concurrencyRules } from './checks/concurrency.js';
import { createRules } from './checks/create/index.js';
import { htmlRules } from './checks/html.js';
import { isolationRules } from './checks/isolation.js';
import { lifecycleRules } from './checks/lifecycle.js';
import { limitsRules } from './checks/limits/index.js';
import { listRules } from './checks/list.js';
import { modelRules } from './checks/model.js';
import { pagingRules } from './checks/paging.js';
import { protocolRules } from './checks/protocol.js';
import { referenceRules } from './checks/reference.js';
import { robustnessRules } from './checks/robustness.js';
import { roundtripRules } from './checks/roundtrip.js';
import { updateRules } from './checks/update.js';
import { updateIdentityRules } from './checks/update-identity.js';
import { updateValidationRules } from './checks/update-validation.js';
import type { Rule } from './rule.js';

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
