/**
 * @module Mutants of the invalid-write rules (spec 4.3: a PUT body obeys the
 * POST rules; out-of-range values on every write): each lets ONE kind of
 * invalid input through in ONE write form only, as a server that validates
 * only on POST (or only on PUT) would, by mending the body before the core
 * validates it. POST stays strict, so only the new rules can see them.
 */
import type { CoreRequest } from '../../mock/index.js';
import type { Mutant } from './mutant.js';
import { requestJson, responseText, withJsonBody, type JsonObject } from './support/json.js';
import { isAnyUpdateById, isOverride, isItem, isPost, isPut, isPutByReference, jobIdOf } from './support/routes.js';
import { jobByReference, namedJob, sideRequest } from './support/side-requests.js';
import { clipsText, rewriteRequest } from './support/transforms.js';

const SCRIPT = /<\/?script\b[^>]*>/gi;
const STATUSES = ['active', 'archived', 'draft'];
const idOf = (value: unknown): unknown => (value as JsonObject | null | undefined)?.id;
const isOverridePut = (req: CoreRequest): boolean => isOverride(req, 'PUT') && isItem(req);

/** A PUT /jobs whose referenceId names no job yet: a PUT-create (spec 4.3). */
const putCreate =
  (edit: (body: JsonObject) => void): Mutant['transform'] =>
  (next) =>
  async (req) => {
    const body = isPutByReference(req) ? requestJson(req) : undefined;
    if (typeof body?.referenceId !== 'string' || (await jobByReference(next, req, body.referenceId))) return next(req);
    edit(body);
    return next(withJsonBody(req, body));
  };

/** The ids of a reference list (a bare array or {data}), asked with the caller's key. */
async function listedIds(next: Parameters<Mutant['transform']>[0], req: CoreRequest, path: string): Promise<number[]> {
  const res = await sideRequest(next, req, 'GET', path);
  const text = responseText(res);
  const json: unknown = text ? JSON.parse(text) : undefined;
  const items = Array.isArray(json) ? json : ((json as { data?: unknown[] } | undefined)?.data ?? []);
  return items.map((item) => idOf(item)).filter((id): id is number => typeof id === 'number');
}

/** Rewrites matching bodies with the ids of a reference list at hand. */
const withListedIds =
  (match: (req: CoreRequest) => boolean, path: string, edit: (body: JsonObject, ids: number[]) => void): Mutant['transform'] =>
  (next) =>
  async (req) => {
    const body = match(req) ? requestJson(req) : undefined;
    if (!body) return next(req);
    edit(body, await listedIds(next, req, path));
    return next(withJsonBody(req, body));
  };

export const updateValidationMutants: Mutant[] = [
  {
    // spec 4.3: a refused update changes nothing
    name: 'update-refused-by-id-keeps-salary-sent-beside',
    area: 'update',
    violates: '4.3: a refused update is no update (here a PUT /jobs/{id} refused for another field has already saved the salary it sent)',
    expectedRule: ['jobs.update.rejects-schema-negatives', 'jobs.update.rejects-out-of-range', 'jobs.update.rejects-over-long'],
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = requestJson(req);
      const id = jobIdOf(req);
      if (!isAnyUpdateById(req) || res.status < 400 || res.status >= 500 || body === undefined || !('salary' in body)) return res;
      await sideRequest(next, req, 'PUT', `/jobs/${id}`, { body: { salary: body.salary } });
      return res;
    },
  },
  {
    // spec 2.1 rule 1 and 4.3: a PUT description obeys the allow-list (an XSS hole otherwise)
    name: 'update-put-accepts-script',
    area: 'update',
    violates: '2.1 rule 1, 4.3: only the allowed tags, on PUT too (here <script> in a PUT body is accepted, stripped)',
    expectedRule: ['jobs.update.rejects-invalid-html', 'jobs.put-create.rejects-invalid'],
    transform: rewriteRequest(isPut, (body) => {
      if (typeof body.description === 'string') body.description = body.description.replace(SCRIPT, '');
    }),
  },
  {
    // spec 8 and 4.3: title max 256 characters, on PUT too
    name: 'update-put-truncates-over-long-title',
    area: 'update',
    violates: '8, 4.3: title max 256 characters, on PUT too (here a longer title in a PUT body is cut to 256)',
    expectedRule: ['jobs.update.rejects-over-long', 'jobs.put-create.rejects-invalid'],
    transform: clipsText(isPut, 'title', 256),
  },
  {
    // spec 8 and 4.3: 1 to 3 locations, on PUT too
    name: 'update-put-accepts-zero-locations',
    area: 'update',
    violates: '8, 4.3: 1 to 3 locations, on PUT too (here an empty list in a PUT body is taken as not sent)',
    expectedRule: 'jobs.update.rejects-list-count',
    transform: rewriteRequest(isPut, (body) => {
      if (Array.isArray(body.locations) && body.locations.length === 0) delete body.locations;
    }),
  },
  {
    // spec 4.2 and 4.3: applicationUrl is required with routing type 2, also after a partial switch
    name: 'update-put-accepts-routing-switch-without-url',
    area: 'update',
    violates:
      '4.2, 4.3: applicationUrl is required with routing type 2 (here a PUT switching to type 2 without one gets a default address)',
    expectedRule: ['jobs.update.rejects-routing-without-address', 'jobs.put-create.rejects-invalid'],
    transform: rewriteRequest(isPut, (body) => {
      if (idOf(body.applicantRoutingType) === 2 && typeof body.applicationUrl !== 'string')
        body.applicationUrl = 'https://employer.example/apply';
    }),
  },
  {
    // spec 4.2 and 4.3: applicationUrl includes http:// or https://, on PUT too
    name: 'update-put-adds-missing-url-scheme',
    area: 'update',
    violates: '4.2, 4.3: applicationUrl includes http(s)://, on PUT too (here a PUT URL without one is given https://)',
    expectedRule: ['jobs.update.rejects-url-without-scheme', 'jobs.put-create.rejects-invalid'],
    transform: rewriteRequest(isPut, (body) => {
      if (typeof body.applicationUrl === 'string' && !/^https?:\/\//i.test(body.applicationUrl))
        body.applicationUrl = `https://${body.applicationUrl}`;
    }),
  },
  {
    // spec 4.2 and 4.3: applicationUrl includes http:// or https://, also in the update that switches to routing type 2
    name: 'update-url-scheme-unchecked-on-switch-by-reference',
    area: 'update',
    violates:
      '4.2, 4.3: applicationUrl includes http(s)://, on PUT too (here PUT /jobs checks it by the routing type the job held: ' +
      'switching a job routed by email to type 2, a URL without one is given https://)',
    expectedRule: 'jobs.update.rejects-url-without-scheme',
    transform: (next) => async (req) => {
      const body = isPutByReference(req) ? requestJson(req) : undefined;
      const url = body?.applicationUrl;
      if (idOf(body?.applicantRoutingType) !== 2 || typeof url !== 'string' || /^https?:\/\//i.test(url)) return next(req);
      const held = await namedJob(next, req, undefined, body);
      if (idOf(held?.applicantRoutingType) !== 1) return next(req);
      return next(withJsonBody(req, { ...body, applicationUrl: `https://${url}` }));
    },
  },
  {
    // spec 2.5 and 4.3: salary.period.id is required with salary.amount, on PUT too
    name: 'update-put-accepts-amount-without-period',
    area: 'update',
    violates: '2.5, 4.3: salary.period.id is required with salary.amount, on PUT too (here a PUT salary without one becomes yearly)',
    expectedRule: ['jobs.update.rejects-salary-without-period', 'jobs.put-create.rejects-invalid'],
    transform: rewriteRequest(isPut, (body) => {
      const salary = body.salary as JsonObject | null | undefined;
      if (salary && typeof salary === 'object' && salary.amount !== undefined && idOf(salary.period) === undefined)
        salary.period = { id: 1 };
    }),
  },
  {
    // spec 3 and 4.3: status is active, archived or draft, on PUT too
    name: 'update-put-ignores-unknown-status',
    area: 'update',
    violates: '3, 4.2, 4.3: status is active, archived or draft, on PUT too (here an unknown status in a PUT body is ignored)',
    expectedRule: ['jobs.update.rejects-schema-negatives', 'jobs.create.rejects-schema-negatives'],
    transform: rewriteRequest(isPut, (body) => {
      if (body.status !== undefined && !STATUSES.includes(body.status as string)) delete body.status;
    }),
  },
  {
    // spec 1 and 4.3: a PUT sent through the method override obeys the same rules
    name: 'update-override-accepts-script',
    area: 'update',
    violates:
      '1, 2.1 rule 1, 4.3: a PUT sent as POST with X-HTTP-Method-Override obeys the allow-list (here <script> is accepted, stripped)',
    expectedRule: 'jobs.update.override-rejects-invalid',
    transform: rewriteRequest(isOverridePut, (body) => {
      if (typeof body.description === 'string') body.description = body.description.replace(SCRIPT, '');
    }),
  },
  {
    // spec 1, 8 and 4.3: title max 256 characters, on a PUT sent through the method override too
    name: 'update-override-truncates-over-long-title',
    area: 'update',
    violates:
      '1, 8, 4.3: title max 256 characters on a PUT sent as POST with X-HTTP-Method-Override (here a longer title is cut to 256; PUT stays strict)',
    expectedRule: ['jobs.update.rejects-over-long', 'jobs.update.override-rejects-invalid'],
    transform: clipsText(isOverridePut, 'title', 256),
  },
  {
    // spec 1, 2.6 and 4.3: applicantRoutingType.id is 1 or 2, on a PUT sent through the method override too
    name: 'update-override-accepts-routing-3',
    area: 'update',
    violates:
      '1, 2.6, 4.3: applicantRoutingType.id is 1 or 2 on a PUT sent as POST with X-HTTP-Method-Override (here another id becomes 1; PUT stays strict)',
    expectedRule: 'jobs.update.rejects-out-of-range',
    transform: rewriteRequest(isOverridePut, (body) => {
      const routing = body.applicantRoutingType as JsonObject | undefined;
      if (routing && typeof routing.id === 'number' && routing.id !== 1 && routing.id !== 2) routing.id = 1;
    }),
  },
  {
    // spec 4.3: a PUT that creates behaves as POST (spec 8: 1 to 3 locations)
    name: 'create-put-create-accepts-four-locations',
    area: 'create',
    violates: '4.3, 8: a PUT-create obeys the POST rules (here a 4th location of a PUT-create is dropped; updates stay strict)',
    expectedRule: 'jobs.put-create.rejects-invalid',
    transform: putCreate((body) => {
      if (Array.isArray(body.locations)) body.locations = body.locations.slice(0, 3);
    }),
  },
  {
    // spec 2.5 and 4.2: salary.period.id is 1 to 5
    name: 'create-accepts-period-6',
    area: 'create',
    violates: '2.5, 4.2: salary.period.id is 1 to 5 (here a POST with another id gets period 5)',
    expectedRule: 'jobs.create.rejects-out-of-range',
    transform: rewriteRequest(isPost, (body) => {
      const period = (body.salary as JsonObject | null | undefined)?.period as JsonObject | undefined;
      if (period && typeof period.id === 'number' && (period.id < 1 || period.id > 5)) period.id = 5;
    }),
  },
  {
    // spec 2.6 and 4.2: applicantRoutingType.id is 1 or 2
    name: 'create-accepts-routing-3',
    area: 'create',
    violates: '2.6, 4.2: applicantRoutingType.id is 1 or 2 (here a POST with another id gets type 1)',
    expectedRule: 'jobs.create.rejects-out-of-range',
    transform: rewriteRequest(isPost, (body) => {
      const routing = body.applicantRoutingType as JsonObject | undefined;
      if (routing && typeof routing.id === 'number' && routing.id !== 1 && routing.id !== 2) routing.id = 1;
    }),
  },
  {
    // spec 2.4, 4.2 and 4.3: the position type id comes from the position type list, on PUT too
    name: 'update-put-accepts-unknown-position-type',
    area: 'update',
    violates: '2.4, 4.3: the position type is one of the list, on PUT too (here an unknown id in a PUT body becomes the first listed)',
    expectedRule: ['jobs.update.rejects-out-of-range', 'jobs.put-create.rejects-invalid'],
    transform: withListedIds(isPut, '/positiontypes', (body, ids) => {
      const id = idOf(body.positionType);
      if (typeof id === 'number' && ids.length > 0 && !ids.includes(id)) body.positionType = { id: ids[0] };
    }),
  },
  {
    // spec 2.3 and 4.2: category ids come from the category list
    name: 'create-accepts-unknown-category',
    area: 'create',
    violates: '2.3, 4.2: categories are ids of the list (here an unknown id in a POST becomes a listed one)',
    expectedRule: 'jobs.create.rejects-out-of-range',
    transform: withListedIds(isPost, '/categories', (body, ids) => {
      if (!Array.isArray(body.categories)) return;
      const sent = body.categories.map(idOf);
      const spare = ids.filter((id) => !sent.includes(id));
      body.categories = sent.map((id) => ({ id: typeof id === 'number' && !ids.includes(id) ? (spare.shift() ?? ids[0]) : id }));
    }),
  },
  {
    // spec 4.3: a refused update changes nothing; a server that writes the fields of a body one by one keeps those before the bad one
    name: 'update-refused-put-keeps-title',
    area: 'update',
    violates: '4.3: a PUT body obeys the rules of POST, and a refused PUT changes nothing (here its title is written before the refusal)',
    expectedRule: 'jobs.update.rejects-schema-negatives',
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = isPut(req) || isOverridePut(req) ? requestJson(req) : undefined;
      if (res.status !== 400 || typeof body?.title !== 'string' || body.title.length > 256 || body.title.trim() === '') return res;
      const job = await namedJob(next, req, jobIdOf(req), body);
      if (job) await sideRequest(next, req, 'PUT', `/jobs/${String(job.id)}`, { body: { title: body.title } });
      return res;
    },
  },
  {
    // spec 4.3, 1: a refused update changes nothing, through the override as plainly
    name: 'update-refused-override-renames-first',
    area: 'update',
    violates:
      '4.3: a refused PUT changes nothing (here the override PUT by id renames the job to the referenceId it carries ' +
      'before it validates the rest of the body)',
    expectedRule: ['jobs.update.rejects-schema-negatives', 'jobs.update.rejects-over-long'],
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = isOverridePut(req) ? requestJson(req) : undefined;
      const id = jobIdOf(req);
      if (res.status !== 400 || typeof body?.referenceId !== 'string' || body.referenceId === '' || id === undefined) return res;
      await sideRequest(next, req, 'PUT', `/jobs/${id}`, { body: { referenceId: body.referenceId } });
      return res;
    },
  },
  {
    // spec 3, 4.3: a refused update changes nothing, then or later; a status change changes only the status
    name: 'update-refused-fields-saved-by-next-status-change',
    area: 'update',
    violates:
      '3, 4.3: an archive or re-publish leaves the other fields unchanged (here a refused PUT by id leaves its title on the ' +
      'job entity, unsaved, and the next status change alone saves it)',
    expectedRule: 'jobs.update.rejects-schema-negatives',
    transform: (next) => {
      const pending = new Map<number, string>();
      return async (req) => {
        const body = isPut(req) ? requestJson(req) : undefined;
        const id = jobIdOf(req);
        const res = await next(req);
        if (id === undefined || body === undefined) return res;
        if (res.status === 400 && typeof body.title === 'string' && body.title.trim() !== '' && body.title.length <= 256)
          pending.set(id, body.title);
        const title = pending.get(id);
        if (res.status !== 200 || title === undefined) return res;
        pending.delete(id);
        if (Object.keys(body).join() !== 'status') return res;
        return sideRequest(next, req, 'PUT', `/jobs/${id}`, { body: { title, status: body.status } });
      };
    },
  },
];
