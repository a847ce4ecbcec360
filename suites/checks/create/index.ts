/**
 * @module Creating jobs: POST /jobs (spec 4.2, 3) and PUT /jobs with a new
 * referenceId (4.3), one file per family of rules (`jobs.create.default-*` in
 * defaults.ts, `jobs.put-create.*` in put-create.ts, ...). Bodies are generated
 * valid by construction; every job gets a fresh referenceId from the case.
 */
import type { Implementation } from '../../kit/rule-builders.js';
import { defaultStatus, defaultCloseDate, defaultFalse, publishDateByService, salaryNullByDefault } from './defaults.js';
import { deletedReferenceReusable } from './deleted-reference.js';
import { duplicateRejected, duplicateCreatesNothing } from './duplicate-reference.js';
import { explicitValues, explicitStatus } from './explicit-values.js';
import { putCreates, putCreateDefaults, putIdempotent, putCreateDefaultFlags } from './put-create.js';
import { confidentialEmployer, publishDateReadOnly, withoutReferenceId } from './read-only.js';
import { status201, locationHeader, bodyMatchesGet } from './response.js';

export const createRules: Implementation[] = [
  status201,
  locationHeader,
  bodyMatchesGet,
  explicitValues,
  explicitStatus,
  defaultStatus,
  defaultCloseDate,
  defaultFalse('jobs.create.default-confidential', 'confidential'),
  defaultFalse('jobs.create.default-auto-refresh', 'autoRefresh'),
  defaultFalse('jobs.create.default-plus-commission', 'plusCommission'),
  salaryNullByDefault,
  publishDateByService,
  publishDateReadOnly,
  withoutReferenceId,
  confidentialEmployer,
  duplicateRejected,
  duplicateCreatesNothing,
  deletedReferenceReusable,
  putCreates,
  putCreateDefaults,
  putCreateDefaultFlags,
  putIdempotent,
];
