/**
 * @module Mutants of the round trip (spec 4.2, 4.3): a GET result without id
 * and referenceId, posted back, must create a job with the same values.
 */
import type { Mutant } from './mutant.js';
import { jsonResponse, requestJson } from './support/json.js';
import { isPost, isPut } from './support/routes.js';

export const roundtripMutants: Mutant[] = [
  {
    // spec 4.2: the request body is symmetrical with the GET result
    name: 'roundtrip-rejects-employer-field',
    area: 'roundtrip',
    violates: '4.2: a GET result without id and referenceId, posted, creates a job (here 400 because it carries employer)',
    expectedRule: ['jobs.roundtrip.post-accepted', 'jobs.roundtrip.same-values', 'jobs.roundtrip.put-create'],
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if ((isPost(req) || isPut(req)) && body !== undefined && 'employer' in body) {
        return jsonResponse(400, {
          status: 400,
          code: 'validation_failed',
          message: 'employer is read-only',
          fieldErrors: [{ path: '/employer', rule: 'readOnly', message: 'must not be sent' }],
        });
      }
      return next(req);
    },
  },
];
