/**
 * @module Mutants of the schema-negative rules: each lets through ONE class
 * of value the request schemas make invalid, one step beside a value the
 * hand-written lists sent (a status with white space beside an unknown one,
 * a fractional period id beside 0 and 6, a null or empty required value
 * beside an omitted one, a coerced type), as a lenient parser or a partial
 * update that reads null as "not sent" would.
 */
import type { CoreRequest } from '../../mock/index.js';
import type { Mutant } from './mutant.js';
import { jsonResponse, requestJson, withJsonBody, type JsonObject } from './support/json.js';
import { isAnyUpdate, isAnyWrite, isItem, isJobsPath, isOverride, isPost, isPut, isPutByReference } from './support/routes.js';
import { jobByReference, namedJob } from './support/side-requests.js';
import { rewriteRequest } from './support/transforms.js';

/** The override PUT on the job's path and on PUT /jobs's path (an update, or a create with a new referenceId). */
const isOverridePut = (req: CoreRequest): boolean => isOverride(req, 'PUT') && isJobsPath(req);
const object = (value: unknown): JsonObject | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;

/** `value` with every fraction under 100 (an id, a count: not an amount) cut to its integer part, at any depth. */
function truncatedFractions(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) || Math.abs(value) >= 100 ? value : Math.trunc(value);
  if (Array.isArray(value)) return value.map(truncatedFractions);
  const entries = object(value);
  return entries ? Object.fromEntries(Object.entries(entries).map(([key, inner]) => [key, truncatedFractions(inner)])) : value;
}

/** The body without the period of a salary sent without an amount, where that period's id is outside 1 to 5; else undefined. */
function withoutPeriodOutside(body: JsonObject): JsonObject | undefined {
  const salary = object(body.salary);
  const id = object(salary?.period)?.id;
  if (salary === undefined || 'amount' in salary || typeof id !== 'number' || (id >= 1 && id <= 5)) return undefined;
  const { period: _dropped, ...rest } = salary;
  return { ...body, salary: rest };
}

export const schemaNegativeMutants: Mutant[] = [
  {
    // spec 4.2: applicantRoutingType.id is an Int32, 1 or 2 (4294967297 is neither)
    name: 'update-routing-id-past-int32-wraps',
    area: 'update',
    violates: '4.2, 4.3: applicantRoutingType.id is an Int32, 1 or 2 (here an update reads it into 32 bits: 4294967297 wraps to 1)',
    expectedRule: 'jobs.update.rejects-schema-negatives',
    transform: rewriteRequest(isAnyUpdate, (body) => {
      const routing = object(body.applicantRoutingType);
      if (routing && typeof routing.id === 'number' && Number.isSafeInteger(routing.id)) routing.id = routing.id | 0;
    }),
  },
  {
    // spec 3 and 4.3: status is one of active, archived, draft (" active" is none of them; good practice refuses it)
    name: 'update-put-trims-status',
    area: 'update',
    violates: '3, 4.3: status is active, archived or draft (here a PUT status with white space around it is trimmed and taken)',
    expectedRule: ['jobs.update.rejects-lenient-values', 'jobs.create.rejects-lenient-values'],
    transform: rewriteRequest(isAnyUpdate, (body) => {
      if (typeof body.status === 'string') body.status = body.status.trim();
    }),
  },
  {
    // spec 2.5: salary.period.id is an Int32 of 1 to 5 (1.5 is no Int32)
    name: 'create-truncates-fractional-period-id',
    area: 'create',
    violates: '2.5, 4.2: salary.period.id is an Int32, 1 to 5 (here a fraction is cut to its integer part, on every write)',
    expectedRule: ['jobs.create.rejects-schema-negatives', 'jobs.update.rejects-schema-negatives'],
    transform: rewriteRequest(isAnyWrite, (body) => {
      const period = object(object(body.salary)?.period);
      if (period && typeof period.id === 'number') period.id = Math.trunc(period.id);
    }),
  },
  {
    // spec 2.4, 4.3: positionType.id is an Int32; a PUT that creates takes what POST takes
    name: 'create-put-create-truncates-fractional-position-type',
    area: 'create',
    violates:
      '2.4, 4.3: positionType.id is an Int32 (here a PUT /jobs that creates a job reads a fraction as its integer part; ' +
      'POST and the updates refuse it)',
    expectedRule: 'jobs.create.rejects-schema-negatives',
    transform: (next) => async (req) => {
      const body = isPutByReference(req) ? requestJson(req) : undefined;
      const type = object(body?.positionType);
      const ref = body?.referenceId;
      if (!body || !type || typeof type.id !== 'number' || Number.isInteger(type.id) || typeof ref !== 'string') return next(req);
      if ((await jobByReference(next, req, ref)) !== undefined) return next(req);
      return next(withJsonBody(req, { ...body, positionType: { ...type, id: Math.trunc(type.id) } }));
    },
  },
  {
    // spec 2.5: salary.period.id is required when salary.amount is given ({} has none)
    name: 'create-fills-empty-salary-period',
    area: 'create',
    violates: '2.5, 4.2: salary.period.id is required when salary.amount is given (here a period sent as {} becomes yearly)',
    expectedRule: ['jobs.create.rejects-schema-negatives', 'jobs.update.rejects-schema-negatives'],
    transform: rewriteRequest(isAnyWrite, (body) => {
      const salary = object(body.salary);
      const period = object(salary?.period);
      if (salary && period && Object.keys(period).length === 0) salary.period = { id: 1 };
    }),
  },
  {
    // spec 4.2: locations, at least 1, at most 3 (null is no array of places)
    name: 'create-post-null-locations-defaulted',
    area: 'create',
    violates: '2.1, 4.2: a job has 1 to 3 locations (here a POST with locations null is taken, the job given a default place)',
    expectedRule: 'jobs.create.rejects-schema-negatives',
    transform: rewriteRequest(isPost, (body) => {
      if (body.locations === null) body.locations = [{ description: 'Toronto, ON' }];
    }),
  },
  {
    // spec 4.2: applicationEmail is required when applicantRoutingType.id is 1 (null is no address)
    name: 'create-fills-null-application-email',
    area: 'create',
    violates:
      '4.2: applicationEmail is required with routing type 1 (here a POST or PUT-create with applicationEmail null gets a default address)',
    expectedRule: ['jobs.create.rejects-schema-negatives', 'jobs.update.rejects-lenient-values'],
    transform: rewriteRequest(
      (req) => isPost(req) || isPut(req),
      (body) => {
        if (object(body.applicantRoutingType)?.id === 1 && body.applicationEmail === null) body.applicationEmail = 'apply@example.com';
      },
    ),
  },
  {
    // spec 2.1 and 4.2: title is a String
    name: 'create-coerces-numeric-title',
    area: 'create',
    violates: '2.1, 4: title is a String (here a number is taken as its decimal text, on every write)',
    expectedRule: ['jobs.create.rejects-lenient-values', 'jobs.update.rejects-lenient-values'],
    transform: rewriteRequest(isAnyWrite, (body) => {
      if (typeof body.title === 'number') body.title = String(body.title);
    }),
  },
  {
    // spec 2.3 and 4.2: a category is {id} with an Int32 id
    name: 'create-coerces-string-category-id',
    area: 'create',
    violates: '2.3, 4.2: categories are {id} with an Int32 (here an id written as a JSON string is read as its number, on every write)',
    expectedRule: ['jobs.create.rejects-lenient-values', 'jobs.update.rejects-lenient-values'],
    transform: rewriteRequest(isAnyWrite, (body) => {
      if (!Array.isArray(body.categories)) return;
      for (const category of body.categories) {
        const entry = object(category);
        if (entry && typeof entry.id === 'string' && /^\d+$/.test(entry.id)) entry.id = Number(entry.id);
      }
    }),
  },
  {
    // spec 2.1 and 4.3: locations is an Array of 1 to 3 entries (null is none)
    name: 'update-put-reads-null-locations-as-not-sent',
    area: 'update',
    violates: '2.1, 8, 4.3: locations is an array of 1 to 3 (here a PUT with locations null is taken as not sending them)',
    expectedRule: 'jobs.update.rejects-lenient-values',
    transform: rewriteRequest(isAnyUpdate, (body) => {
      if (body.locations === null) delete body.locations;
    }),
  },
  {
    // spec 2.2 and 4.2: a location is {description} naming a place; an entry that names none is invalid, not ignorable
    name: 'create-drops-blank-location-entries',
    area: 'create',
    violates:
      '2.2, 4.2: locations are {description} in one of two forms (here, on every write, an entry whose description is not a ' +
      'non-empty string is dropped when a valid entry remains, as a sanitizer would: the job keeps the others)',
    expectedRule: [
      'jobs.create.rejects-schema-negatives',
      'jobs.update.rejects-schema-negatives',
      'jobs.create.rejects-lenient-values',
      'jobs.update.rejects-lenient-values',
    ],
    transform: rewriteRequest(isAnyWrite, (body) => {
      if (!Array.isArray(body.locations)) return;
      const named = body.locations.filter((location) => {
        const description = object(location)?.description;
        return typeof description === 'string' && description.trim() !== '';
      });
      if (named.length > 0) body.locations = named;
    }),
  },
  {
    // spec 2.1, 2.3-2.6 and 4.3: ids are Int32; a fraction is no Int32, whichever path carries it
    name: 'update-override-truncates-fractions',
    area: 'update',
    violates:
      '2.3-2.6, 4.3: ids are Int32 (here POST /jobs/{id} with X-HTTP-Method-Override: PUT reads every fraction under 100 as its ' +
      'integer part, as a handler with its own number parsing would; the other paths refuse them)',
    expectedRule: 'jobs.update.rejects-schema-negatives',
    transform: rewriteRequest(isOverridePut, (body) => truncatedFractions(body) as JsonObject),
  },
  {
    // spec 2.1: closeDate is a Date, ISO 8601; no reading makes the 30th of February a day
    name: 'create-close-date-rolls-past-month-end',
    area: 'create',
    violates:
      "2.1: closeDate is an ISO 8601 date (here, on every write, a day past its month is rolled over, as JavaScript's Date does: " +
      '2099-02-30 is stored as 2099-03-02)',
    expectedRule: ['jobs.create.rejects-lenient-values', 'jobs.update.rejects-lenient-values'],
    transform: rewriteRequest(isAnyWrite, (body) => {
      if (typeof body.closeDate !== 'string') return;
      const day = /^(\d{4})-(\d\d)-(\d\d)/.exec(body.closeDate);
      if (day === null) return;
      const rolled = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))).toISOString().slice(0, 10);
      body.closeDate = rolled + body.closeDate.slice(10);
    }),
  },
  {
    // spec 7.1: only a referenceId already in use is rejected; a refused create puts none in use
    name: 'create-refused-post-reserves-reference-id',
    area: 'create',
    violates:
      '7.1, 8: a POST with a referenceId in use is rejected (here a POST refused for 4 locations files its referenceId first, ' +
      'so the next valid POST with it is rejected as a duplicate)',
    expectedRule: 'jobs.create.rejects-schema-negatives',
    transform: (next) => {
      const reserved = new Set<string>();
      return async (req) => {
        const body = isPost(req) ? requestJson(req) : undefined;
        const ref = typeof body?.referenceId === 'string' && body.referenceId !== '' ? `${req.headers['api-key']} ${body.referenceId}` : '';
        if (ref === '') return next(req);
        if (reserved.has(ref)) return jsonResponse(409, { code: 'duplicate_reference_id' });
        const res = await next(req);
        if (res.status >= 400 && res.status < 500 && Array.isArray(body?.locations) && body.locations.length > 3) reserved.add(ref);
        return res;
      };
    },
  },
  {
    // spec 4.3: updates are partial, only the fields sent change; a refused update changes nothing, later either
    name: 'update-refused-by-reference-applied-by-next-put',
    area: 'update',
    violates:
      '4.3, 8: only the fields sent change (here PUT /jobs refused for an applicationEmail over 50 characters keeps its ' +
      'other fields, and the next PUT /jobs naming the same job applies them too)',
    expectedRule: 'jobs.update.rejects-schema-negatives',
    transform: (next) => {
      const pending = new Map<string, JsonObject>();
      return async (req) => {
        const body = isPutByReference(req) ? requestJson(req) : undefined;
        if (typeof body?.referenceId !== 'string') return next(req);
        const key = `${req.headers['api-key']} ${body.referenceId}`;
        const { referenceId: _ref, applicationEmail, ...rest } = body;
        if (typeof applicationEmail === 'string' && [...applicationEmail].length > 50) {
          const existed = await jobByReference(next, req, body.referenceId);
          const res = await next(req);
          if (existed && res.status >= 400 && Object.keys(rest).length > 0) pending.set(key, rest);
          return res;
        }
        const left = pending.get(key);
        pending.delete(key);
        return next(left ? withJsonBody(req, { ...left, ...body }) : req);
      };
    },
  },
  {
    // spec 4.2, 4.3: applicationUrl is required with routing type 2, and a refused update changes nothing
    name: 'update-refused-routing-switch-applies-the-rest-by-reference',
    area: 'update',
    violates:
      '4.2, 4.3: applicationUrl is required with routing type 2 (here PUT /jobs switching to type 2 without one is refused, ' +
      'but the other fields it sent are written: a handler that saves field by field and fails on the address)',
    expectedRule: 'jobs.update.rejects-routing-without-address',
    transform: (next) => async (req) => {
      const body = isPutByReference(req) ? requestJson(req) : undefined;
      const routing = object(body?.applicantRoutingType)?.id;
      if (!body || routing !== 2 || (typeof body.applicationUrl === 'string' && body.applicationUrl !== '')) return next(req);
      const res = await next(req);
      const { applicantRoutingType: _routing, applicationUrl: _url, ...rest } = body;
      if (res.status >= 400 && res.status < 500 && Object.keys(rest).length > 1) await next(withJsonBody(req, rest));
      return res;
    },
  },
  {
    // spec 4.3, 7.2: a refused update changes nothing, the valid status sent beside the invalid field included
    name: 'update-refused-override-by-id-applies-status',
    area: 'update',
    violates:
      '4.3, 7.2: a refused update changes nothing (here POST /jobs/{id} with X-HTTP-Method-Override: PUT, a valid status ' +
      'and an invalid field is refused, but the status change was made first: the transition runs before validation)',
    expectedRule: 'jobs.update.rejects-schema-negatives',
    transform: (next) => async (req) => {
      const body = isOverride(req, 'PUT') && isItem(req) ? requestJson(req) : undefined;
      if (typeof body?.status !== 'string' || Object.keys(body).length < 2) return next(req);
      const res = await next(req);
      if (res.status >= 400 && res.status < 500) await next(withJsonBody(req, { status: body.status }));
      return res;
    },
  },
  {
    // spec 4.2: salary.period.id 1 to 5; 4.3: a PUT body obeys the rules of POST, a partial salary too
    name: 'update-partial-salary-period-outside-dropped',
    area: 'update',
    violates:
      '4.2: salary.period.id is 1 to 5 (here an update whose salary has no amount, merged into the stored one, drops a ' +
      'period id outside 1 to 5 and answers 200, the stored period kept)',
    expectedRule: 'jobs.update.rejects-schema-negatives',
    transform: rewriteRequest(isAnyUpdate, (body) => withoutPeriodOutside(body)),
  },
  {
    // spec 4.2: salary.period.id 1 to 5; 4.3: a partial salary merges into the stored one
    name: 'update-partial-salary-period-outside-dropped-on-held-salary',
    area: 'update',
    violates:
      '4.2: salary.period.id is 1 to 5 (here PUT /jobs, on a job that holds a salary, drops a period id outside 1 to 5 from ' +
      'a salary sent without an amount and answers 200, the stored period kept)',
    expectedRule: 'jobs.update.rejects-schema-negatives',
    transform: (next) => async (req) => {
      const body = isPutByReference(req) ? requestJson(req) : undefined;
      const mended = body && withoutPeriodOutside(body);
      if (mended === undefined) return next(req);
      const held = await namedJob(next, req, undefined, body);
      return next(held === undefined || held.salary === null ? req : withJsonBody(req, mended));
    },
  },
];
