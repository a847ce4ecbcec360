/**
 * @module Mutants of the request conventions (spec 1): the Content-Type of a
 * request with a body must start with application/json.
 */
import type { Mutant } from './mutant.js';
import { jsonResponse } from './support/json.js';
import { isJobsPath } from './support/routes.js';
import { reshapeRequest } from './support/transforms.js';

export const protocolMutants: Mutant[] = [
  {
    // spec 1: a Content-Type starting with application/json, e.g. with a charset suffix, is accepted
    name: 'protocol-rejects-charset',
    area: 'protocol',
    violates: '1: the Content-Type must start with application/json, a charset suffix is fine (here it gets 415)',
    expectedRule: 'jobs.protocol.json-charset-accepted',
    transform: (next) => async (req) => {
      const type = req.headers['content-type'] ?? '';
      if (isJobsPath(req) && req.body && /^application\/json\s*;/i.test(type)) {
        return jsonResponse(415, { status: 415, code: 'unsupported_media_type', message: 'Content-Type must be exactly application/json' });
      }
      return next(req);
    },
  },
  {
    // spec 1: a body's Content-Type must start with application/json; it binds the client, so refusing others is a should rule (a warning)
    name: 'protocol-accepts-text-plain',
    area: 'protocol',
    violates: '1 (should): clients send application/json; a server refuses other types as good practice (here text/plain is read as JSON)',
    expectedRule: ['jobs.protocol.non-json-rejected.post', 'jobs.protocol.non-json-rejected.put'],
    transform: reshapeRequest(
      (req) => /^text\/plain\b/i.test(req.headers['content-type'] ?? ''),
      (req) => ({ ...req, headers: { ...req.headers, 'content-type': 'application/json' } }),
    ),
  },
];
