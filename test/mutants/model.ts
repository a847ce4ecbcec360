/**
 * @module Mutants only a sequence of operations reveals (spec 3, 4.3): the
 * model-based lifecycle rule must catch them.
 */
import type { Mutant } from './mutant.js';
import { inputOf } from './support/job-input.js';
import { isJobBody, requestJson, responseJson } from './support/json.js';
import { isPut, jobIdOf } from './support/routes.js';
import { namedJob, sideRequest } from './support/side-requests.js';

export const modelMutants: Mutant[] = [
  {
    // spec 4.3: a partial update that answers 200 changes the fields sent
    name: 'model-archived-job-update-lost',
    area: 'model',
    violates: '4.3: a partial update answered 200 changes the fields sent (here, on an archived job, the change is answered but not kept)',
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => async (req) => {
      const input = requestJson(req);
      if (!isPut(req) || input === undefined || 'status' in input) return next(req);
      const before = await namedJob(next, req, jobIdOf(req), input);
      const res = await next(req);
      if (res.status !== 200 || before?.status !== 'archived' || !isJobBody(responseJson(res))) return res;
      // Answer as if updated, then quietly put the job back as it was.
      await sideRequest(next, req, 'PUT', `/jobs/${before.id as number}`, { body: inputOf(before) });
      return res;
    },
  },
];
