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
  defaultFalse(
    {
      id: 'jobs.create.default-confidential',
      section: '2.1',
      level: 'must',
      title: 'POST without confidential sets it to false',
      statement: 'true if the employer name is confidential. Default false.',
    },
    'confidential',
  ),
  defaultFalse(
    {
      id: 'jobs.create.default-auto-refresh',
      section: '2.1',
      level: 'must',
      title: 'POST without autoRefresh sets it to false',
      statement: 'true if auto-refresh is on. … Default false.',
    },
    'autoRefresh',
  ),
  defaultFalse(
    {
      id: 'jobs.create.default-plus-commission',
      section: '2.5',
      level: 'must',
      title: 'POST without plusCommission sets it to false',
      statement: 'true if the job earns commission. Default false.',
    },
    'plusCommission',
  ),
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
