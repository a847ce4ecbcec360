/**
 * @module Mutants wrong by one at a limit (spec 2.5, 2.6, 4.2, 8): each
 * takes exactly the nearest invalid value, or refuses (or does not keep) exactly
 * the largest valid one, on every path or on one write form or response only, and nothing else. A random draw from around a limit rarely
 * lands there; the rules send these values first in every run.
 */
import type { CoreRequest } from '../../mock/index.js';
import { codePointLength } from '../../schemas/code-points.js';
import type { Mutant } from './mutant.js';
import { jsonResponse, requestJson, type JsonObject } from './support/json.js';
import { effectiveMethod, isOverride, isCollection, isItem } from './support/routes.js';
import { answerInstead, rewriteJobs, rewriteRequest } from './support/transforms.js';

/** Every write: POST, PUT by id or referenceId, and a PUT or POST sent through the method override. */
const isWrite = (req: CoreRequest): boolean => (isCollection(req) || isItem(req)) && ['POST', 'PUT'].includes(effectiveMethod(req));
const idOf = (value: unknown): unknown => (value as JsonObject | null | undefined)?.id;
const refused = () => jsonResponse(400, { error: 'invalid', message: 'refused by the mutant' });

/** Refuses the writes `match` picks whose `field` holds exactly `length` characters: the largest valid value. */
function refusesTextOfLength(match: (req: CoreRequest) => boolean, field: string, length: number): Mutant['transform'] {
  return answerInstead((req) => {
    const value = match(req) ? requestJson(req)?.[field] : undefined;
    return typeof value === 'string' && codePointLength(value) === length;
  }, refused);
}

/** The rules that send an out-of-range value on each write path. */
const OUT_OF_RANGE_RULES = [
  'jobs.create.rejects-out-of-range',
  'jobs.update.rejects-out-of-range',
  'jobs.put-create.rejects-invalid',
  'jobs.update.override-rejects-invalid',
] as const;

export const boundaryMutants: Mutant[] = [
  {
    // spec 2.5 and 4.2: salary.period.id is 1 to 5
    name: 'limits-accepts-period-id-6',
    area: 'limits',
    violates:
      '2.5, 4.2: salary.period.id is 1 to 5 (here exactly 6, one past the last, is accepted as 5 on every write; 0 and 7 are refused)',
    expectedRule: OUT_OF_RANGE_RULES,
    transform: rewriteRequest(isWrite, (body) => {
      const period = (body.salary as JsonObject | null | undefined)?.period as JsonObject | undefined;
      if (period && period.id === 6) period.id = 5;
    }),
  },
  {
    // spec 2.6 and 4.2: applicantRoutingType.id is 1 or 2
    name: 'limits-accepts-routing-id-3',
    area: 'limits',
    violates: '2.6, 4.2: applicantRoutingType.id is 1 or 2 (here exactly 3 is accepted as 1 on every write)',
    expectedRule: OUT_OF_RANGE_RULES,
    transform: rewriteRequest(isWrite, (body) => {
      const routing = body.applicantRoutingType as JsonObject | undefined;
      if (routing && routing.id === 3 && typeof body.applicationEmail === 'string') routing.id = 1;
    }),
  },
  {
    // spec 4.2: applicationUrl includes http:// or https://
    name: 'limits-accepts-any-url-scheme',
    area: 'limits',
    violates: '4.2: applicationUrl includes http:// or https:// (here any `scheme://` is accepted on every write, stored as https://)',
    expectedRule: [
      'jobs.limits.routing-url-scheme',
      'jobs.update.rejects-url-without-scheme',
      'jobs.put-create.rejects-invalid',
      'jobs.update.override-rejects-invalid',
    ],
    transform: rewriteRequest(isWrite, (body) => {
      const url = body.applicationUrl;
      if (typeof url === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(url) && !/^https?:\/\//i.test(url))
        body.applicationUrl = url.replace(/^[^:]+:\/\//, 'https://');
    }),
  },
  {
    // spec 8: title max 256 characters, so 256 is valid
    name: 'limits-refuses-title-of-256',
    area: 'limits',
    violates: '8: title max 256 characters (here a title of exactly 256 is refused)',
    expectedRule: 'jobs.limits.title-length',
    transform: refusesTextOfLength(isWrite, 'title', 256),
  },
  {
    // spec 8: referenceId max 50 characters, so 50 is valid
    name: 'limits-refuses-reference-id-of-50',
    area: 'limits',
    violates: '8: referenceId max 50 characters (here a referenceId of exactly 50 is refused)',
    expectedRule: 'jobs.limits.reference-id-length',
    transform: refusesTextOfLength(isWrite, 'referenceId', 50),
  },
  {
    // spec 8 and 4.3 (a PUT body is a POST body): title max 256 characters, so 256 is valid in an update too
    name: 'limits-refuses-title-of-256-on-put-by-id',
    area: 'limits',
    violates: '8, 4.3: title max 256 characters (here PUT /jobs/{id} refuses a title of exactly 256; POST and the other forms take it)',
    expectedRule: 'jobs.limits.title-length',
    transform: refusesTextOfLength((req) => req.method === 'PUT' && isItem(req), 'title', 256),
  },
  {
    // spec 8 and 4.3: 3 locations per job are valid in a PUT /jobs too
    name: 'limits-refuses-three-locations-on-put-by-reference',
    area: 'limits',
    violates: '8, 4.3: 1 to 3 locations per job (here PUT /jobs, by referenceId or creating, refuses 3; POST and PUT /jobs/{id} take them)',
    expectedRule: 'jobs.limits.locations-count',
    transform: answerInstead((req) => {
      const locations = req.method === 'PUT' && isCollection(req) ? requestJson(req)?.locations : undefined;
      return Array.isArray(locations) && locations.length === 3;
    }, refused),
  },
  {
    // spec 8 and section 1: a method-override PUT the target honours is a PUT, and 3 locations are valid there
    name: 'limits-refuses-three-locations-by-override',
    area: 'limits',
    violates:
      '8: 1 to 3 locations per job (here POST /jobs/{id} with X-HTTP-Method-Override: PUT refuses 3, though it takes other ' +
      'updates; PUT and POST take them)',
    expectedRule: 'jobs.limits.locations-count',
    transform: answerInstead((req) => {
      const overridden = isOverride(req, 'PUT') && isItem(req);
      const locations = overridden ? requestJson(req)?.locations : undefined;
      return Array.isArray(locations) && locations.length === 3;
    }, refused),
  },
  {
    // spec 8 and section 1: a method-override PUT is a PUT, and 3 categories are valid there
    name: 'limits-drops-third-category-by-override',
    area: 'limits',
    violates: '8: 1 to 3 categories per job (here a PUT sent by X-HTTP-Method-Override keeps only the first 2 of 3, answering 200)',
    expectedRule: 'jobs.limits.categories-count',
    transform: rewriteRequest(
      (req) => isOverride(req, 'PUT') && isItem(req),
      (body) => {
        if (Array.isArray(body.categories) && body.categories.length === 3) body.categories = body.categories.slice(0, 2);
      },
    ),
  },
  {
    // spec 8 and 4.3: the update answer is the full job, applicationEmail as stored
    name: 'limits-cuts-email-of-50-in-put-answers',
    area: 'limits',
    violates: '8: applicationEmail max 50 characters, kept as sent (here PUT answers show one of exactly 50 cut to 49; it is stored whole)',
    expectedRule: 'jobs.limits.application-email-length',
    transform: rewriteJobs((job, header, req) => {
      if (!header && req.method === 'PUT' && typeof job.applicationEmail === 'string' && job.applicationEmail.length === 50)
        job.applicationEmail = job.applicationEmail.slice(0, 49);
    }),
  },
  {
    // spec 4.1 and 8: GET shows the job as stored, a title of 256 whole
    name: 'limits-cuts-title-of-256-on-get',
    area: 'limits',
    violates:
      '8: title max 256 characters, kept as sent (here GET /jobs/{id} shows one of exactly 256 cut to 255; write answers show it whole)',
    expectedRule: 'jobs.limits.title-length',
    transform: rewriteJobs((job, header, req) => {
      if (!header && req.method === 'GET' && typeof job.title === 'string' && codePointLength(job.title) === 256)
        job.title = Array.from(job.title).slice(0, 255).join('');
    }),
  },
  {
    // spec 2.7: a list item carries the job's referenceId with the same meaning
    name: 'limits-cuts-reference-id-of-50-in-list-items',
    area: 'limits',
    violates: '2.7, 8: referenceId max 50 characters, kept as sent (here list items show one of exactly 50 cut to 49)',
    expectedRule: 'jobs.limits.reference-id-length',
    transform: rewriteJobs((job, header) => {
      if (header && typeof job.referenceId === 'string' && job.referenceId.length === 50) job.referenceId = job.referenceId.slice(0, 49);
    }),
  },
  {
    // spec 2.5 and 4.2: salary.period.id is 1 to 5, so 5 is valid
    name: 'create-refuses-period-id-5',
    area: 'create',
    violates: '2.5, 4.2: salary.period.id is 1 to 5 (here a POST with period 5, the last, is refused)',
    expectedRule: 'jobs.create.explicit-values',
    transform: answerInstead((req) => {
      const salary = req.method === 'POST' && isCollection(req) ? (requestJson(req)?.salary as JsonObject | null | undefined) : undefined;
      return idOf(salary?.period) === 5;
    }, refused),
  },
];
