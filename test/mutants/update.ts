/**
 * @module Mutants of partial updates (spec 4.3, 2.1): only the fields sent
 * change, read-only fields never do, and the answer is the updated job.
 */
import type { Mutant } from './mutant.js';
import { honoursSent } from './support/honours-sent.js';
import { JobOverrides } from './support/job-overrides.js';
import { isJobBody, jsonResponse, requestJson, responseJson, withJsonBody } from './support/json.js';
import { effectiveMethod, isJobsPath, isPut, isPutById } from './support/routes.js';
import { rewriteRequest } from './support/transforms.js';

const isAnyPut = (req: Parameters<typeof isPut>[0]): boolean => effectiveMethod(req) === 'PUT' && isJobsPath(req);

export const updateMutants: Mutant[] = [
  {
    // spec 4.2 lists each salary field as its own request field; 4.3: only the fields sent change
    name: 'update-salary-replaced-whole',
    area: 'update',
    violates: '4.2, 4.3: only the fields sent change (here a partial salary replaces the stored one whole: maxAmount null, plusCommission false, 400 without an amount)',
    expectedRule: ['jobs.update.salary-merge', 'jobs.model.lifecycle'],
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const salary = body?.salary;
      if (!isAnyPut(req) || body === undefined || salary === null || typeof salary !== 'object' || Array.isArray(salary)) return next(req);
      if (!('amount' in salary)) return jsonResponse(400, { status: 400, code: 'validation_failed', message: 'a salary needs an amount' });
      return next(withJsonBody(req, { ...body, salary: { maxAmount: null, plusCommission: false, ...salary } }));
    },
  },
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
