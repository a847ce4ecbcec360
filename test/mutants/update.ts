/**
 * @module Mutants of partial updates (spec 4.3, 2.1): only the fields sent
 * change, read-only fields never do, and the answer is the updated job.
 */
import type { Mutant } from './mutant.js';
import { honoursSent } from './support/honours-sent.js';
import { JobOverrides } from './support/job-overrides.js';
import { isJobBody, jsonResponse, requestJson, responseJson } from './support/json.js';
import { isPut, isPutById, isPutByReference } from './support/routes.js';
import { rewriteRequest } from './support/transforms.js';

export const updateMutants: Mutant[] = [
  {
    // spec 4.3: updates are partial, only the fields sent change
    name: 'update-clears-salary-not-sent',
    area: 'update',
    violates: '4.3: only the fields sent change (here a PUT /jobs/{id} without salary sets it to null)',
    expectedRule: ['jobs.update.keeps-other-fields', 'jobs.lifecycle.archive-keeps-fields', 'jobs.lifecycle.republish-keeps-fields', 'jobs.model.lifecycle'],
    transform: rewriteRequest(isPutById, (body) => {
      if (!('salary' in body)) body.salary = null;
    }),
  },
  {
    // spec 2.1: publishDate is read-only, set by the service
    name: 'update-keeps-sent-publish-date',
    area: 'update',
    violates: '2.1, 4.3: publishDate is read-only (here a publishDate sent on PUT is stored)',
    expectedRule: 'jobs.update.read-only-fields',
    transform: honoursSent(isPut, 200, 'publishDate'),
  },
  {
    // spec 2.1 and 4.3 form 2: publishDate is read-only on a PUT /jobs naming its job by referenceId too
    name: 'update-by-reference-keeps-sent-publish-date',
    area: 'update',
    violates: '2.1, 4.3: publishDate is read-only (here a publishDate sent on PUT /jobs by referenceId is stored; PUT /jobs/{id} stays right)',
    expectedRule: 'jobs.update.read-only-fields',
    transform: honoursSent(isPutByReference, 200, 'publishDate'),
  },
  {
    // spec 2.1, 5.3: the employer is the key's; one sent on PUT is never stored
    name: 'update-honours-sent-employer',
    area: 'update',
    violates: "2.1, 4.3: the job's employer is the key's (here an employer sent on PUT is stored)",
    expectedRule: 'jobs.update.read-only-fields',
    transform: honoursSent(isPut, 200, 'employer'),
  },
  {
    // spec 2.1: publishDate is read-only; an update is no re-publish
    name: 'update-moves-publish-date-to-now',
    area: 'update',
    violates: '2.1, 4.3: publishDate is read-only (here every update sets it to the time of the update, the same day)',
    expectedRule: ['jobs.update.read-only-fields', 'jobs.update.keeps-other-fields', 'jobs.update.by-reference', 'jobs.lifecycle.archive-keeps-fields', 'jobs.lifecycle.republish-keeps-fields', 'jobs.model.lifecycle'],
    transform: (next) => {
      const stored = new JobOverrides();
      return async (req) => {
        const res = await next(req);
        const job = responseJson(res);
        if (isPut(req) && res.status === 200 && isJobBody(job)) stored.set(job.id, { publishDate: new Date().toISOString() });
        return stored.apply(res);
      };
    },
  },
  {
    // spec 4.3: a body with only title is valid
    name: 'update-title-only-refused',
    area: 'update',
    violates: '4.3: a PUT body with only title is valid (here it is refused with 400)',
    expectedRule: [
      'jobs.update.minimal-bodies',
      'jobs.update.status-200',
      'jobs.update.changes-field',
      'jobs.update.keeps-other-fields',
      'jobs.update.response-matches-get',
      'jobs.lifecycle.deleted-put-404',
      'jobs.model.lifecycle',
    ],
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutById(req) || body === undefined || Object.keys(body).join() !== 'title') return next(req);
      return jsonResponse(400, { status: 400, code: 'validation_failed', message: 'a PUT needs more than a title' });
    },
  },
];
