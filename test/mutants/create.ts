/**
 * @module Mutants of creating jobs: POST /jobs and PUT-create (spec 3, 4.2, 4.3, 7.1).
 */
import { SALARY_PERIOD_MEANINGS } from '../../schemas/id-meanings.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../schemas/time-units.js';
import { DEMO_EMPLOYERS, type CoreRequest, type CoreResponse } from '../../mock/index.js';
import type { Mutant, Transform } from './mutant.js';
import { honoursSent } from './support/honours-sent.js';
import { keepsDeletedReferences } from './support/deleted-references.js';
import {
  isJobBody,
  jsonResponse,
  requestJson,
  responseText,
  responseJson,
  withJsonBody,
  withResponseJson,
  type JsonObject,
} from './support/json.js';
import {
  isAnyUpdate,
  isAnyUpdateByReference,
  isDelete,
  isOverride,
  isCollection,
  isItem,
  isJobsPath,
  isPost,
  isPut,
  isPutById,
  isPutByReference,
  jobIdOf,
} from './support/routes.js';
import { currentJob, jobByReference, namedJob, ownJobCount, sideRequest } from './support/side-requests.js';
import { answerInstead, rewriteJobs, rewriteRequest, rewriteResponse, rewriteResponseText } from './support/transforms.js';

/** The salary periods' meanings in id order (spec 2.5). */
const PERIOD_NAMES = SALARY_PERIOD_MEANINGS.map((period) => period.name);

/** A server whose PUT-create through the method override (POST /jobs, X-HTTP-Method-Override: PUT, a new referenceId) edits the body. */
function overridePutCreate(edit: (body: JsonObject) => JsonObject): Transform {
  return (next) => async (req) => {
    const body = requestJson(req);
    const overridden = isOverride(req, 'PUT') && isCollection(req);
    if (!overridden || typeof body?.referenceId !== 'string' || (await jobByReference(next, req, body.referenceId)) !== undefined)
      return next(req);
    return next(withJsonBody(req, edit(body)));
  };
}

/** The id each referenceId had when its job was deleted by DELETE /jobs/{id}, by employer: the POST that takes it again points there. */
const locationOfRemovedJob: Transform = (next) => {
  const removed = new Map<string, number>();
  return async (req) => {
    const key = (referenceId: unknown): string => `${req.headers['api-key'] ?? ''} ${String(referenceId)}`;
    const id = jobIdOf(req);
    if (req.method === 'DELETE' && id !== undefined) {
      const job = await currentJob(next, req, id);
      const res = await next(req);
      if (res.status === 204 && typeof job?.referenceId === 'string' && job.referenceId !== '') removed.set(key(job.referenceId), id);
      return res;
    }
    const res = await next(req);
    const old = isPost(req) ? removed.get(key(requestJson(req)?.referenceId)) : undefined;
    if (old === undefined || res.status !== 201 || typeof res.headers.location !== 'string') return res;
    return { ...res, headers: { ...res.headers, location: res.headers.location.replace(/\/jobs\/\d+$/, `/jobs/${old}`) } };
  };
};

/** The POST handler keeps the employer of its first answer and writes it into every later POST answer. */
/**
 * A duplicate check that reads who last posted a referenceId: once the other employer has posted the caller's
 * referenceId, the caller's duplicate POST of it is taken as an update of the caller's job (a PUT, answered 201).
 */
const duplicateTakenAfterOtherEmployerPosted: Transform = (next) => {
  const lastPoster = new Map<string, string | undefined>();
  return async (req) => {
    const referenceId = requestJson(req)?.referenceId;
    if (!isPost(req) || typeof referenceId !== 'string') return next(req);
    const key = req.headers['api-key'];
    const poster = lastPoster.get(referenceId);
    lastPoster.set(referenceId, key);
    if (poster === undefined || poster === key || (await jobByReference(next, req, referenceId)) === undefined) return next(req);
    const res = await sideRequest(next, req, 'PUT', '/jobs', { body: requestJson(req) });
    const job = responseJson(res);
    if (res.status !== 200 || !isJobBody(job)) return next(req);
    return { ...res, status: 201, headers: { ...res.headers, location: `${req.baseUrl}/api/v1.1/jobs/${job.id}` } };
  };
};

const postAnswerKeepsFirstEmployer: Transform = (next) => {
  let first: string | undefined;
  return async (req) => {
    const res = await next(req);
    if (!isPost(req) || res.status !== 201 || typeof res.body !== 'string') return res;
    const employer = /"employer":\{[^}]*\}/.exec(res.body)?.[0];
    first ??= employer;
    return first === undefined ? res : { ...res, body: res.body.replace(/"employer":\{[^}]*\}/, first) };
  };
};

/**
 * A server that writes the mask into the job when it is made confidential, and takes it off with the flag only in
 * an update that `unmasks`: after any other that clears the flag, the job still shows its employer as Confidential.
 */
const maskKeptUnlessClearedBy =
  (unmasks: (req: CoreRequest) => boolean): Transform =>
  (next) => {
    const masked = new Set<number>();
    return async (req) => {
      const res = await next(req);
      const job = responseJson(res);
      if (!isJobBody(job) || typeof res.body !== 'string') return res;
      if (job.confidential === true) masked.add(job.id);
      else if (unmasks(req)) masked.delete(job.id);
      if (job.confidential !== false || !masked.has(job.id)) return res;
      const names = DEMO_EMPLOYERS.map((employer) => JSON.stringify(employer.name));
      return { ...res, body: names.reduce((text, name) => text.replace(`"name":${name}`, '"name":"Confidential"'), res.body) };
    };
  };

/**
 * GET /jobs/{id} served from a view whose handler for a job a PUT /jobs created copies the closeDate sent: one sent
 * without a closeDate reads back with none, though the PUT answered the default.
 */
const putCreatedCloseDateUnsetOnGet: Transform = (next) => {
  const seen = new Set<number>();
  const unset = new Set<number>();
  return async (req) => {
    const sent = requestJson(req);
    const res = await next(req);
    const job = responseJson(res);
    if (isJobBody(job) && res.status < 300) {
      if (isPutByReference(req) && !seen.has(job.id) && typeof sent?.closeDate !== 'string') unset.add(job.id);
      else if (typeof sent?.closeDate === 'string') unset.delete(job.id);
      seen.add(job.id);
      // On the text, so the amounts keep their four decimals (a parse and a write would drop them).
      if (req.method === 'GET' && unset.has(job.id) && res.body !== undefined) {
        const text = responseText(res);
        return { ...res, body: text.replace(/"closeDate":"[^"]*"/, '"closeDate":null') };
      }
    }
    return res;
  };
};

/**
 * A refresh task run at each list read whose plan table gives the standard plan an interval of 0, meant as never and
 * read as due at once: every list read of the standard-plan employer stamps its active auto-refresh jobs' publishDate
 * anew, which their GET then shows.
 */
const standardPlanRefreshedAtEachList: Transform = (next) => {
  const standard = DEMO_EMPLOYERS.find((employer) => employer.plan === 'standard')?.apiKey;
  const due = new Set<number>();
  const stamped = new Map<number, string>();
  return async (req) => {
    const mine = req.headers['api-key'] === standard;
    if (mine && req.method === 'GET' && isCollection(req)) for (const id of due) stamped.set(id, new Date().toISOString());
    const res = await next(req);
    const job = responseJson(res);
    if (!mine || res.status >= 300 || !isJobBody(job)) return res;
    if (job.autoRefresh === true && job.status === 'active') due.add(job.id);
    else due.delete(job.id);
    const date = stamped.get(job.id);
    return date === undefined || typeof res.body !== 'string'
      ? res
      : { ...res, body: res.body.replace(/"publishDate":"[^"]*"/, `"publishDate":"${date}"`) };
  };
};

/**
 * PUT /jobs answers kept by key and body: the very PUT-create sent again once its job is gone (the referenceId names
 * no job) is answered from there, with the deleted job, and creates nothing.
 */
const putCreateAnsweredFromKeptAnswer: Transform = (next) => {
  const kept = new Map<string, CoreResponse>();
  return async (req) => {
    const body = requestJson(req);
    if (!isPutByReference(req) || typeof body?.referenceId !== 'string') return next(req);
    const key = `${req.headers['api-key']} ${JSON.stringify(body)}`;
    const answer = kept.get(key);
    if (answer !== undefined && (await jobByReference(next, req, body.referenceId)) === undefined) return answer;
    const res = await next(req);
    if (res.status === 201) kept.set(key, res);
    return res;
  };
};

/** The employer's first job, made while it holds none, is confidential when the flag is omitted (a branch without the defaults). */
const firstJobConfidential: Transform = (next) => async (req) => {
  const body = requestJson(req);
  if (!isPost(req) || body === undefined || 'confidential' in body) return next(req);
  return next((await ownJobCount(next, req))?.total === 0 ? withJsonBody(req, { ...body, confidential: true }) : req);
};

/**
 * The default closeDate is 60 days after the minute a job was made in, not after its publishDate (a default cached per
 * minute). Where that minute starts within two seconds of now, or on a quarter hour (the start or end of a day in some
 * zone, which a service keeping the date by day may rightly write), the minute before it is taken: the mutant then
 * breaks the spec at every moment a run reaches it.
 */
const defaultCloseDateFromTheMinute = rewriteRequest(isPost, (body) => {
  if (body.closeDate !== undefined) return;
  const now = Date.now();
  let minute = now - (now % MINUTE_MS);
  while (now - minute < 2 * SECOND_MS || minute % (15 * MINUTE_MS) === 0) minute -= MINUTE_MS;
  body.closeDate = new Date(minute + 60 * DAY_MS).toISOString();
});

/**
 * A create that `creates` picks, with the referenceId of a deleted job, revives that job's record: it takes the deleted
 * job's status and confidential where the body leaves them out.
 */
function revivesDeletedRecord(creates: (req: CoreRequest) => boolean): Transform {
  return (next) => {
    const removed = new Map<string, JsonObject>();
    const keyed = (req: CoreRequest, ref: string): string => `${req.headers['api-key'] ?? ''} ${ref}`;
    return async (req) => {
      const body = requestJson(req);
      if (isDelete(req)) {
        const job = await namedJob(next, req, jobIdOf(req), body);
        const res = await next(req);
        if (res.status === 204 && typeof job?.referenceId === 'string')
          removed.set(keyed(req, job.referenceId), { status: job.status, confidential: job.confidential });
        return res;
      }
      const ref = creates(req) ? body?.referenceId : undefined;
      const old = typeof ref === 'string' ? removed.get(keyed(req, ref)) : undefined;
      if (old === undefined || (await jobByReference(next, req, ref as string)) !== undefined) return next(req);
      removed.delete(keyed(req, ref as string));
      return next(withJsonBody(req, { ...old, ...body }));
    };
  };
}

export const createMutants: Mutant[] = [
  {
    // spec 7.1, 4.3: only a referenceId in use is rejected; a refused PUT-create puts none in use
    name: 'create-refused-put-create-reserves-reference',
    area: 'create',
    violates:
      '7.1, 4.3: a POST with a referenceId already in use is rejected (here a PUT /jobs create refused as invalid keeps ' +
      'its referenceId reserved, so a later POST with it is refused as a duplicate)',
    expectedRule: 'jobs.create.rejects-schema-negatives',
    transform: (next) => {
      const reserved = new Set<string>();
      return async (req) => {
        const ref = requestJson(req)?.referenceId;
        if (typeof ref !== 'string' || ref === '') return next(req);
        if (isPost(req) && reserved.has(ref)) return jsonResponse(409, { code: 'duplicate_reference_id', message: 'referenceId in use' });
        const res = await next(req);
        if (isPutByReference(req) && res.status >= 400 && res.status <= 499 && (await jobByReference(next, req, ref)) === undefined)
          reserved.add(ref);
        return res;
      };
    },
  },
  {
    // spec 4.2, 7: POST create answers 201
    name: 'create-answers-200',
    area: 'create',
    violates: '4.2: a created job is answered with 201 (here 200)',
    expectedRule: ['jobs.create.status-201', 'jobs.create.location-header'],
    transform: rewriteResponse(isPost, (res) => (res.status === 201 ? { ...res, status: 200 } : res)),
  },
  {
    // spec 4.2: 201 with a Location header holding the address of the new job
    name: 'create-without-location-header',
    area: 'create',
    violates: '4.2: the 201 carries a Location header with the address of the new job (here none)',
    expectedRule: 'jobs.create.location-header',
    transform: rewriteResponse(isPost, (res) => {
      const { location: _dropped, ...headers } = res.headers;
      return { ...res, headers };
    }),
  },
  {
    // spec 2.1, 4.2: the 201 answers the created Job; one broken setup step that fails every rule creating a job
    name: 'create-answers-non-job-body',
    area: 'create',
    violates: '2.1, 4.2: POST answers 201 with the created Job (here its publishDate is null: the body is not a Job)',
    expectedRule: 'jobs.create.status-201',
    transform: rewriteResponse(isPost, (res) => {
      const job = responseJson(res);
      return res.status === 201 && isJobBody(job) ? withResponseJson(res, { ...job, publishDate: null }) : res;
    }),
  },
  {
    // spec 3, 2.1: status omitted on create -> draft
    name: 'create-default-status-active',
    area: 'create',
    violates: '3: a POST with status omitted creates a draft (here active)',
    expectedRule: ['jobs.create.default-status', 'jobs.model.lifecycle'],
    transform: rewriteRequest(isPost, (body) => {
      if (body.status === undefined) body.status = 'active';
    }),
  },
  {
    // spec 3, 4.2, 8: closeDate defaults to 60 days after publishDate
    name: 'create-default-close-date-30-days',
    area: 'create',
    violates: '3: closeDate defaults to 60 days after publishDate (here 30)',
    expectedRule: 'jobs.create.default-close-date',
    transform: rewriteRequest(isPost, (body) => {
      if (body.closeDate === undefined) body.closeDate = new Date(Date.now() + 30 * DAY_MS).toISOString();
    }),
  },
  {
    // spec 2.1, 4.2: the job has the closeDate sent. A date stored one day late and written at -05:00
    // (2026-12-03T00:00:00-05:00 for 2026-12-02): late under both readings of a day, its written date and its UTC date.
    // (The end of the day sent in a zone west of UTC, 2026-12-02T23:59:59-05:00, keeps it: its written date is the day.)
    name: 'create-close-date-day-late-in-offset',
    area: 'create',
    violates: '2.1, 4.2: the job keeps the closeDate sent (here the next day, written at -05:00: late in its own zone and in UTC)',
    expectedRule: [
      'jobs.create.explicit-values',
      'jobs.model.lifecycle',
      'jobs.put-create.creates',
      'jobs.update.changes-field',
      'jobs.update.by-reference',
      'jobs.roundtrip.put-create',
    ],
    transform: rewriteRequest(
      (req) => isPost(req) || isPut(req),
      (body) => {
        if (typeof body.closeDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(body.closeDate))
          body.closeDate = `${new Date(Date.parse(body.closeDate) + DAY_MS).toISOString().slice(0, 10)}T00:00:00-05:00`;
      },
    ),
  },
  {
    // spec 4.2, 7.1: a POST with a referenceId already in use is rejected
    name: 'create-duplicate-reference-accepted',
    area: 'create',
    violates: '4.2, 7.1: a POST with a referenceId in use is rejected (here it updates that job and answers 201)',
    expectedRule: [
      'jobs.create.duplicate-reference-rejected',
      'jobs.create.duplicate-reference-creates-nothing',
      'jobs.concurrency.post-once',
      'jobs.model.lifecycle',
    ],
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = requestJson(req);
      if (!isPost(req) || res.status !== 409 || body === undefined) return res;
      const updated = await sideRequest(next, req, 'PUT', '/jobs', { body });
      return updated.status === 200 ? { ...updated, status: 201 } : res;
    },
  },
  {
    // spec 2.1, 3: publishDate is read-only, set by the service on create
    name: 'create-honours-sent-publish-date',
    area: 'create',
    violates: '2.1, 3: publishDate is set by the service (here a publishDate sent on POST is stored)',
    expectedRule: ['jobs.create.publish-date-read-only', 'jobs.roundtrip.same-values'],
    transform: honoursSent(isPost, 201, 'publishDate'),
  },
  {
    // spec 2.1, 5.3: the employer is the key's; a sent one is never stored
    name: 'create-honours-sent-employer',
    area: 'create',
    violates: "2.1, 5.3: the job's employer is the key's (here an employer sent on POST is stored)",
    expectedRule: 'jobs.create.publish-date-read-only',
    transform: honoursSent(isPost, 201, 'employer'),
  },
  {
    // spec 2.1: the id is assigned by the service; a sent one is never stored
    name: 'create-honours-sent-id',
    area: 'create',
    violates: "2.1: id is assigned by the service (here an id sent on POST is shown as the job's id)",
    expectedRule: 'jobs.create.publish-date-read-only',
    transform: honoursSent(isPost, 201, 'id'),
  },
  {
    // spec 2.1, 3 and 4.3: a PUT that creates behaves as POST: publishDate is set by the service
    name: 'create-put-create-honours-sent-publish-date',
    area: 'create',
    violates:
      '2.1, 3, 4.3: publishDate is set by the service on a PUT-create too (here one sent on a PUT /jobs that creates is stored; POST stays right)',
    expectedRule: 'jobs.create.publish-date-read-only',
    transform: honoursSent(isPutByReference, 201, 'publishDate'),
  },
  {
    // spec 3: closeDate defaults to 60 days after publishDate, for a PUT-create in whichever form the target honours
    name: 'create-override-put-create-default-close-date-30-days',
    area: 'create',
    violates:
      '3: a PUT-create without closeDate closes 60 days after publishDate (here POST /jobs with X-HTTP-Method-Override: PUT ' +
      'and a new referenceId closes after 30)',
    expectedRule: 'jobs.put-create.defaults',
    transform: overridePutCreate((body) =>
      body.closeDate === undefined ? { ...body, closeDate: new Date(Date.now() + 30 * DAY_MS).toISOString() } : body,
    ),
  },
  {
    // spec 3, 4.3: a PUT that creates with a status gives that status, in whichever form of PUT the target honours
    name: 'create-override-put-create-ignores-status',
    area: 'create',
    violates:
      '3, 4.3: a PUT-create with status given creates the job in that status (here POST /jobs with X-HTTP-Method-Override: PUT ' +
      'and a new referenceId drops the status: the job is a draft)',
    expectedRule: 'jobs.put-create.creates',
    transform: overridePutCreate(({ status: _dropped, ...rest }) => rest),
  },
  {
    // spec 4.2, 7.1: a referenceId in use is one any job of the employer holds, whatever its status
    name: 'create-duplicate-check-ignores-archived',
    area: 'create',
    violates:
      '4.2, 7.1: a POST with a referenceId in use is rejected (here the check looks among active and draft jobs only: a POST with ' +
      'the referenceId of an archived job replaces that job and answers 201)',
    expectedRule: ['jobs.create.duplicate-reference-rejected', 'jobs.model.lifecycle'],
    transform: (next) => async (req) => {
      const referenceId = requestJson(req)?.referenceId;
      if (!isPost(req) || typeof referenceId !== 'string') return next(req);
      const holder = await jobByReference(next, req, referenceId);
      if (holder?.status === 'archived') await sideRequest(next, req, 'DELETE', `/jobs/${holder.id as number}`);
      return next(req);
    },
  },
  {
    // spec 2.5: salary period 1 is Yearly, 2 Monthly, 3 Weekly, 4 Daily, 5 Hourly
    name: 'create-period-names-off-by-one',
    area: 'create',
    violates:
      "2.5: each period id has its meaning (here every answer names a period by the next id's meaning, a table read one off: " +
      '1 Monthly, ..., 5 Yearly)',
    expectedRule: 'jobs.create.explicit-values',
    transform: rewriteResponseText(isJobsPath, (text) =>
      text.replace(/"period":\{"id":([1-5]),"name":"[^"]*"/g, (_all, id: string) => {
        const next = PERIOD_NAMES[Number(id) % PERIOD_NAMES.length]!;
        return `"period":{"id":${id},"name":"${next}"`;
      }),
    ),
  },
  {
    // spec 2.1: salary is null when no salary is defined
    name: 'create-default-salary-zero',
    area: 'create',
    violates: '2.1: salary is null when no salary is defined (here a create without salary gets 0 per year)',
    expectedRule: ['jobs.create.salary-null-by-default', 'jobs.model.lifecycle'],
    transform: rewriteRequest(
      (req) => isPost(req) || isPutByReference(req),
      (body) => {
        // A create body: a PUT /jobs that only names a job (referenceId plus a field or two) is left alone.
        if (body.salary === undefined && body.title !== undefined && body.locations !== undefined)
          body.salary = { amount: 0, period: { id: 1 } };
      },
    ),
  },
  {
    // spec 2.1: confidential, default false
    name: 'create-confidential-default-copied-from-auto-refresh',
    area: 'create',
    violates:
      '2.1: confidential defaults to false (here a POST that leaves it out takes the value of autoRefresh: a line copied ' +
      'from the flag above it)',
    expectedRule: 'jobs.create.default-confidential',
    transform: rewriteRequest(isPost, (body) => {
      if (body.confidential === undefined && body.autoRefresh === true) body.confidential = true;
    }),
  },
  {
    // spec 4.3: a PUT with referenceId that creates a job behaves as POST (2.1: confidential default false)
    name: 'create-put-default-confidential-true',
    area: 'create',
    violates: '4.3, 2.1: PUT-create behaves as POST, confidential defaults to false (here true on PUT-create)',
    expectedRule: ['jobs.put-create.default-flags', 'jobs.model.lifecycle'],
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || body === undefined || body.confidential !== undefined) return next(req);
      const res = await next(req);
      const created = res.status === 201 ? responseJson(res) : undefined;
      if (!isJobBody(created)) return res;
      const flagged = await sideRequest(next, req, 'PUT', `/jobs/${created.id}`, { body: { confidential: true } });
      return flagged.status === 200
        ? { ...flagged, status: 201, headers: { ...flagged.headers, ...(res.headers.location ? { location: res.headers.location } : {}) } }
        : res;
    },
  },
  {
    // spec 3, 4.2: a deleted job is removed, so its referenceId no longer "already exists"
    name: 'create-deleted-reference-refused',
    area: 'create',
    violates:
      '3, 4.2: a deleted job is removed (here a soft delete keeps its referenceId in the unique index: POST or PUT-create with it answers 409)',
    expectedRule: 'jobs.create.deleted-reference-reusable',
    // A PUT /jobs naming a live job with the referenceId is an update, not a reuse.
    transform: keepsDeletedReferences(
      async (next, req, referenceId) =>
        isPost(req) || (isPutByReference(req) && (await jobByReference(next, req, referenceId)) === undefined),
    ),
  },
  {
    // spec 3, 4.2: a deleted job is removed at once, so the next create may take its referenceId
    name: 'create-deleted-reference-refused-until-next-create',
    area: 'create',
    violates:
      '3, 4.2: a deleted job is removed (here the unique check reads a view that catches up with a DELETE /jobs/{id} only ' +
      "at the employer's next create: a POST with the deleted job's referenceId right after the delete answers 409)",
    expectedRule: 'jobs.list.after-writes',
    transform: keepsDeletedReferences(
      async (_next, req) => isPost(req),
      (req) => req.method === 'DELETE' && isItem(req),
      (req, res) =>
        (isPost(req) || isAnyUpdateByReference(req)) && res.status >= 200 && res.status < 300 && res.headers.location !== undefined,
    ),
  },
  {
    // spec 3, 2.1: a deleted job is removed, so its referenceId is free for another live job too
    name: 'create-deleted-reference-refused-on-update',
    area: 'create',
    violates:
      '3: a deleted job is removed (here its referenceId stays reserved against PUT /jobs/{id}: giving it to another job answers 409; creates take it)',
    expectedRule: 'jobs.create.deleted-reference-reusable',
    transform: keepsDeletedReferences(async (_next, req) => isPutById(req)),
  },
  {
    // spec 2.1: only the employer name is confidential; the job is still the key's employer's
    name: 'create-confidential-hides-employer-id',
    area: 'create',
    violates: "2.1: confidential hides the employer name (here a confidential job's employer is written as id 0)",
    expectedRule: 'jobs.create.confidential-employer-id',
    transform: rewriteJobs((job) => {
      if (job.confidential === true) job.employer = { id: 0, name: 'Confidential' };
    }),
  },
  {
    // spec 4.2: the 201 carries a Location header holding the address of the new job
    name: 'create-location-header-missing-without-reference',
    area: 'create',
    violates: "4.2: a 201 carries a Location header with the new job's address (here not for a job created without a referenceId)",
    expectedRule: 'jobs.create.location-header',
    transform: rewriteResponse(isPost, (res, req) => {
      const ref = requestJson(req)?.referenceId;
      if (res.status !== 201 || (typeof ref === 'string' && ref !== '')) return res;
      const { location: _dropped, ...headers } = res.headers;
      return { ...res, headers };
    }),
  },
  {
    // spec 3: a create with a status given is "as above": closeDate defaults to 60 days after publishDate
    name: 'create-archived-default-close-date-30-days',
    area: 'create',
    violates: '3: closeDate defaults to 60 days after publishDate on a create with a status too (here 30 days for an archived job)',
    expectedRule: 'jobs.create.default-close-date',
    transform: rewriteRequest(
      (req) => isPost(req),
      (body) => {
        if (body.status === 'archived' && body.closeDate === undefined) body.closeDate = new Date(Date.now() + 30 * DAY_MS).toISOString();
      },
    ),
  },
  {
    // spec 3: a create with a status given is "as above": closeDate defaults to 60 days after publishDate there too
    name: 'create-override-put-create-with-status-default-close-date-30-days',
    area: 'create',
    violates:
      '3: a PUT-create with a status and without closeDate closes 60 days after publishDate (here POST /jobs with ' +
      'X-HTTP-Method-Override: PUT, a new referenceId and a status closes after 30)',
    expectedRule: 'jobs.put-create.defaults',
    transform: overridePutCreate((body) =>
      body.closeDate === undefined && body.status !== undefined
        ? { ...body, closeDate: new Date(Date.now() + 30 * DAY_MS).toISOString() }
        : body,
    ),
  },
  {
    // spec 4.3, 2.1: a PUT-create behaves as POST: confidential defaults to false whatever the status
    name: 'create-put-create-archived-default-confidential-true',
    area: 'create',
    violates: '4.3, 2.1: PUT-create behaves as POST, confidential defaults to false (here true on a PUT-create of an archived job)',
    expectedRule: 'jobs.put-create.default-flags',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || body?.status !== 'archived' || body.confidential !== undefined || typeof body.referenceId !== 'string')
        return next(req);
      if ((await jobByReference(next, req, body.referenceId)) !== undefined) return next(req);
      return next(withJsonBody(req, { ...body, confidential: true }));
    },
  },
  {
    // spec 4.2, 4.3: the body of a create is the created Job, for a PUT-create through the override too
    name: 'create-override-put-create-answer-blanks-employer-name',
    area: 'create',
    violates:
      '4.2, 4.3: the body of a create is the created Job (here the answer of POST /jobs with X-HTTP-Method-Override: PUT and ' +
      "a new referenceId writes the employer's name empty; GET has it)",
    expectedRule: 'jobs.create.body-matches-get',
    transform: rewriteResponse(
      (req) => isOverride(req, 'PUT') && isCollection(req),
      (res) => {
        const job = res.status === 201 ? responseJson(res) : undefined;
        return isJobBody(job) ? withResponseJson(res, { ...job, employer: { ...(job.employer as JsonObject), name: '' } }) : res;
      },
    ),
  },
  {
    // spec 2.1, 7.1: "" is a referenceId of none; several jobs without one are no duplicates
    name: 'create-empty-reference-id-unique',
    area: 'create',
    violates:
      '2.1, 7.1: a job created with referenceId "" has none, and a POST is rejected only for a referenceId in use (here a ' +
      'second POST with referenceId "" is refused as a duplicate: a unique index takes "" for a value)',
    expectedRule: 'jobs.create.without-reference-id',
    transform: (next) => {
      const employers = new Set<string>();
      return async (req) => {
        if (!isPost(req) || requestJson(req)?.referenceId !== '') return next(req);
        const key = String(req.headers['api-key']);
        if (employers.has(key)) return jsonResponse(409, { code: 'duplicate_reference_id', message: 'referenceId "" already exists' });
        employers.add(key);
        return next(req);
      };
    },
  },
  {
    // spec 2.1, 4.3: the employer is the key's; a PUT that creates behaves as POST
    name: 'create-put-create-shows-sent-employer-name',
    area: 'create',
    violates:
      "2.1, 4.3: the employer of a job is the key's, read-only (here the answer of a PUT-create shows the employer " +
      'name its body sent: the create path echoes the body into the answer)',
    expectedRule: 'jobs.create.publish-date-read-only',
    transform: (next) => async (req) => {
      const sent = isPutByReference(req) ? requestJson(req)?.employer : undefined;
      const res = await next(req);
      const job = responseJson(res);
      if (res.status !== 201 || !isJobBody(job) || typeof sent !== 'object' || sent === null) return res;
      return withResponseJson(res, { ...job, employer: { ...(job.employer as JsonObject), name: (sent as JsonObject).name } });
    },
  },
  {
    // spec 3, 4.2: a deleted job is removed, its referenceId free, however the job was made and deleted
    name: 'create-put-created-reference-reserved-after-delete-by-id',
    area: 'create',
    violates:
      '3, 4.2: DELETE removes the job, so its referenceId may be posted again (here a job made by PUT-create and deleted ' +
      'by id keeps its referenceId reserved for POST: the PUT-create path files it in an index that only DELETE /jobs clears)',
    expectedRule: 'jobs.create.deleted-reference-reusable',
    transform: (next) => {
      const madeByPut = new Map<number, string>();
      const reserved = new Set<string>();
      const keyed = (req: CoreRequest, ref: string): string => `${req.headers['api-key'] ?? ''} ${ref}`;
      return async (req) => {
        const sent = requestJson(req)?.referenceId;
        if (isPost(req) && typeof sent === 'string' && reserved.has(keyed(req, sent)))
          return jsonResponse(409, { code: 'duplicate_reference_id', message: 'referenceId in use' });
        const res = await next(req);
        const job = responseJson(res);
        const id = jobIdOf(req);
        if (isPutByReference(req) && res.status === 201 && typeof job?.id === 'number' && typeof job.referenceId === 'string')
          madeByPut.set(job.id, job.referenceId);
        if (req.method === 'DELETE' && id !== undefined && res.status === 204 && madeByPut.has(id))
          reserved.add(keyed(req, madeByPut.get(id)!));
        if (res.status >= 200 && res.status < 300 && typeof job?.referenceId === 'string') reserved.delete(keyed(req, job.referenceId));
        return res;
      };
    },
  },
  {
    // spec 2.1, 7: autoRefresh is the plan's to take or refuse, for each employer; never a server error
    name: 'create-auto-refresh-crashes-for-second-employer',
    area: 'create',
    violates:
      "2.1, 7: autoRefresh true is taken or refused as the employer's plan decides (here a POST with it by the second employer answers 500)",
    expectedRule: 'jobs.create.auto-refresh-each-employer',
    transform: answerInstead(
      (req) => isPost(req) && req.headers['api-key'] === DEMO_EMPLOYERS[1]!.apiKey && requestJson(req)?.autoRefresh === true,
      () => jsonResponse(500, { message: 'plan lookup failed' }),
    ),
  },
  {
    // spec 3, 4.2, 4.3: PUT-create behaves as POST, so the flags it omits take their defaults, whatever a deleted job held
    name: 'create-put-create-revives-deleted-job-flags',
    area: 'create',
    violates:
      '3, 4.3: a PUT-create without status or confidential creates a draft, not confidential (here a PUT-create with the ' +
      "referenceId of a deleted job revives that job's record and takes its status and confidential)",
    expectedRule: 'jobs.create.deleted-reference-reusable',
    transform: revivesDeletedRecord(isPutByReference),
  },
  {
    // spec 3, 4.2, 4.3: a PUT-create through the override behaves as POST too, whatever a deleted job held
    name: 'create-override-create-revives-deleted-job-flags',
    area: 'create',
    violates:
      '3, 4.3: a PUT-create without status or confidential creates a draft, not confidential (here a PUT-create through ' +
      "the override with the referenceId of a deleted job revives that job's record and takes its status and confidential)",
    expectedRule: 'jobs.create.deleted-reference-reusable',
    transform: revivesDeletedRecord((req) => isOverride(req, 'PUT') && isCollection(req)),
  },
  {
    // spec 3, 8: closeDate defaults to 60 days after publishDate, for every employer (only autoRefresh depends on the plan)
    name: 'create-standard-plan-close-date-30-days',
    area: 'create',
    violates:
      '3, 8: the default job lifetime is 60 days after publishDate (here the second employer, on a standard plan, gets 30: ' +
      'a plan setting read where none applies)',
    expectedRule: 'jobs.create.defaults-each-employer',
    transform: rewriteRequest(
      (req) => isPost(req) && req.headers['api-key'] === DEMO_EMPLOYERS[1]!.apiKey,
      (body) => {
        if (body.closeDate === undefined) body.closeDate = new Date(Date.now() + 30 * DAY_MS).toISOString();
      },
    ),
  },
  {
    // spec 2.1, 7.1: "" is no referenceId, so it is never "already in use"
    name: 'create-second-empty-reference-refused',
    area: 'create',
    violates:
      '2.1, 7.1: referenceId "" is how a job without one is described, not a referenceId in use (here a POST with "" is ' +
      'refused 409 while a job the employer posted with "" is live)',
    expectedRule: 'jobs.create.without-reference-id',
    transform: (next) => {
      const unnamed = new Map<string, number[]>();
      return async (req) => {
        if (!isPost(req) || requestJson(req)?.referenceId !== '') return next(req);
        const key = req.headers['api-key'] ?? '';
        for (const id of unnamed.get(key) ?? [])
          if ((await currentJob(next, req, id)) !== undefined) return jsonResponse(409, { code: 'duplicate_reference_id' });
        const res = await next(req);
        const job = responseJson(res);
        if (res.status === 201 && isJobBody(job)) unnamed.set(key, [...(unnamed.get(key) ?? []), job.id]);
        return res;
      };
    },
  },
  {
    // spec 4.2, 4.3: PUT is idempotent, through the override too (spec 1)
    name: 'create-override-put-create-repeated-files-second-job',
    area: 'create',
    violates:
      '4.2, 4.3: PUT is idempotent (here POST /jobs with X-HTTP-Method-Override: PUT, sent again with the referenceId of the ' +
      'job it made, files a second job instead of updating it; the plain PUT updates)',
    expectedRule: 'jobs.put-create.idempotent',
    transform: (next) => {
      // The body each referenceId was last created with: the same body again is taken for a new job.
      const created = new Map<string, string>();
      return async (req) => {
        const body = isOverride(req, 'PUT') && isCollection(req) ? requestJson(req) : undefined;
        if (typeof body?.referenceId !== 'string') return next(req);
        const key = `${req.headers['api-key']} ${body.referenceId}`;
        if (created.get(key) === JSON.stringify(body)) {
          // Filed under the referenceId with a zero-width space: the mock keeps referenceIds unique.
          return sideRequest(next, req, 'POST', '/jobs', { body: { ...body, referenceId: `${body.referenceId}\u200b` } });
        }
        const res = await next(req);
        if (res.status === 201) created.set(key, JSON.stringify(body));
        return res;
      };
    },
  },
  {
    // spec 4.2: the Location header holds the address of the new job, for every employer
    name: 'create-second-employer-location-from-own-count',
    area: 'create',
    violates:
      "4.2: Location holds {base_url}/api/v1.1/jobs/<job_id> (here the second employer's POST writes a count of its own " +
      'creates there instead of the id; the body holds the right id)',
    expectedRule: 'jobs.create.location-header',
    transform: (next) => {
      let count = 0;
      return async (req) => {
        const res = await next(req);
        if (!isPost(req) || req.headers['api-key'] !== DEMO_EMPLOYERS[1]?.apiKey || res.status !== 201) return res;
        count++;
        const location = res.headers.location;
        return location === undefined
          ? res
          : { ...res, headers: { ...res.headers, location: location.replace(/\/jobs\/\d+$/, `/jobs/${count}`) } };
      };
    },
  },
  {
    // spec 3, 2.1: a create that leaves the status out makes a draft, whatever else it leaves out
    name: 'create-anonymous-post-without-status-is-active',
    area: 'create',
    violates:
      '3: POST with status omitted creates a draft (here a POST without a referenceId and without a status, the quick-post ' +
      'path, creates an active job)',
    expectedRule: 'jobs.create.default-status',
    transform: rewriteRequest(isPost, (body) => {
      if (body.referenceId === undefined && body.status === undefined) body.status = 'active';
    }),
  },
  {
    // spec 4.2: the Location header holds the address of the new job
    name: 'create-location-after-delete-by-id-names-old-job',
    area: 'create',
    violates:
      "4.2: the 201's Location holds the address of the new job (here a POST taking a referenceId that a job deleted by " +
      "DELETE /jobs/{id} held is answered with that removed job's address: the header is built from a referenceId index the delete left)",
    expectedRule: 'jobs.create.location-header',
    transform: locationOfRemovedJob,
  },
  {
    // spec 3: a create with a status given makes that status, the employer's second job too
    name: 'create-second-job-put-create-archived-made-active',
    area: 'create',
    violates:
      "3: PUT-create with status given makes that status (here a PUT /jobs that makes an employer's second job archived " +
      'makes it active: a first-jobs path for new employers publishes them)',
    expectedRule: 'jobs.list.first-and-last-job',
    transform: (next) => async (req) => {
      const body = isPutByReference(req) ? requestJson(req) : undefined;
      if (body?.status !== 'archived' || typeof body.referenceId !== 'string') return next(req);
      if ((await jobByReference(next, req, body.referenceId)) !== undefined) return next(req);
      const head = responseJson(await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams('pageSize=1') }));
      const total = (head?.paging as JsonObject | undefined)?.total;
      return total === 1 ? next(withJsonBody(req, { ...body, status: 'active' })) : next(req);
    },
  },
  {
    // spec 4.3, 4.2: a PUT-create behaves as POST, whose Location holds {base_url}/api/v1.1/jobs/<job_id>
    name: 'create-put-create-location-names-reference-id',
    area: 'create',
    violates:
      "4.3, 4.2: a PUT-create behaves as POST, and a Location it sends holds the new job's address (here the Location of " +
      'PUT /jobs that created a job names its referenceId, the name the request used, instead of its id)',
    expectedRule: 'jobs.create.location-header',
    transform: rewriteResponse(isPutByReference, (res, req) => {
      const referenceId = requestJson(req)?.referenceId;
      if (res.headers.location === undefined || typeof referenceId !== 'string') return res;
      return { ...res, headers: { ...res.headers, location: `${req.baseUrl}/api/v1.1/jobs/${encodeURIComponent(referenceId)}` } };
    }),
  },
  {
    // spec 4.2: the body is the created Job (full), its employer the one whose key created it
    name: 'create-post-answer-keeps-first-employer',
    area: 'create',
    violates:
      "4.2: the POST answer is the created Job (here it carries the employer of the run's first POST: the second " +
      "employer's POST answers with the first employer's id and name, while a GET is right)",
    expectedRule: 'jobs.create.body-matches-get',
    transform: postAnswerKeepsFirstEmployer,
  },
  {
    // spec 4.2, 7.1: posting a referenceId that already exists is rejected from the second time onward
    name: 'create-duplicate-taken-after-other-employer-posted',
    area: 'create',
    violates:
      '4.2: a POST of a referenceId already in use is rejected (here, once the other employer has posted the same ' +
      "referenceId, the caller's duplicate POST updates the caller's job and answers 201)",
    expectedRule: 'jobs.create.duplicate-reference-rejected',
    transform: duplicateTakenAfterOtherEmployerPosted,
  },
  {
    // spec 4.2: the body is the created Job (full), whatever the employer's plan made of autoRefresh
    name: 'create-post-answer-shows-auto-refresh-false',
    area: 'create',
    violates:
      '4.2: the POST answer is the created Job (here it says autoRefresh false where the job took true, as if the plan ' +
      'had declined it, while a GET shows true)',
    expectedRule: 'jobs.update.keeps-auto-refresh',
    transform: rewriteResponseText(isPost, (text) => text.replace('"autoRefresh":true', '"autoRefresh":false')),
  },
  {
    // spec 2.1, 5.3: the employer of a job is the key's; a sent employer is read-only
    name: 'create-post-files-job-under-sent-employer',
    area: 'create',
    violates:
      "2.1, 5.3: a job's employer is the key's (here a POST that carries another employer the service knows, as that " +
      "employer's GET results show it, creates the job under that employer)",
    expectedRule: 'jobs.create.publish-date-read-only',
    transform: (next) => (req) => {
      const sent = requestJson(req)?.employer as { id?: unknown } | null | undefined;
      const owner = DEMO_EMPLOYERS.find((employer) => employer.id === sent?.id);
      if (!isPost(req) || owner === undefined || owner.apiKey === req.headers['api-key']) return next(req);
      return next({ ...req, headers: { ...req.headers, 'api-key': owner.apiKey } });
    },
  },
  {
    // spec 3, 8: closeDate defaults to 60 days after publishDate
    name: 'create-default-close-date-hours-short',
    area: 'create',
    violates:
      '3: closeDate defaults to 60 days after publishDate (here to five hours less, a local wall time written as UTC: ' +
      'the same calendar day most of the day, another time of it)',
    expectedRule: 'jobs.create.default-close-date',
    transform: rewriteRequest(isPost, (body) => {
      if (!('closeDate' in body)) body.closeDate = new Date(Date.now() + 60 * DAY_MS - 5 * HOUR_MS).toISOString();
    }),
  },
  {
    // spec 2.1: confidential is "true if the employer name is confidential"; false, the name is not
    name: 'create-masked-name-kept-after-confidential-cleared',
    area: 'create',
    violates:
      '2.1: the employer name is confidential only while confidential is true (here a server that masks it keeps ' +
      'writing Confidential after an update sets the flag false)',
    expectedRule: 'jobs.create.confidential-employer-id',
    choices: { 'job.confidential-employer': 'masked' },
    transform: maskKeptUnlessClearedBy(() => false),
  },
  {
    // spec 2.1: confidential is "true if the employer name is confidential"; false, the name is not, whatever update cleared it
    name: 'create-masked-name-kept-after-clear-by-reference',
    area: 'create',
    violates:
      '2.1: the employer name is confidential only while confidential is true (here a server that masks it takes the ' +
      'mask off with the flag in an update by id only: cleared by PUT /jobs, the job still shows Confidential)',
    expectedRule: 'jobs.create.confidential-employer-id',
    choices: { 'job.confidential-employer': 'masked' },
    transform: maskKeptUnlessClearedBy((req) => isAnyUpdate(req) && !isAnyUpdateByReference(req)),
  },
  {
    // spec 3: DELETE removes the job; 4.3: a PUT with a referenceId that names no job creates one
    name: 'create-put-create-sent-again-answered-from-kept-answer',
    area: 'create',
    violates:
      '3, 4.3: once a job is removed, a PUT /jobs with its referenceId creates a job (here the very PUT-create that made ' +
      'the deleted job, sent again, is answered as the first time, with the deleted job, and creates nothing)',
    expectedRule: 'jobs.create.deleted-reference-reusable',
    transform: putCreateAnsweredFromKeptAnswer,
  },
  {
    // spec 3: a create without closeDate closes 60 days after publishDate; 4.3: a PUT-create behaves as POST
    name: 'create-put-created-close-date-unset-on-get',
    area: 'create',
    violates:
      '3, 4.3: closeDate defaults to 60 days after publishDate (here GET /jobs/{id} of a job PUT /jobs created without a ' +
      'closeDate shows none: the read view copies the closeDate sent, while the PUT answered the default)',
    expectedRule: 'jobs.put-create.defaults',
    transform: putCreatedCloseDateUnsetOnGet,
  },
  {
    // spec 2.1, 8: auto-refresh applies to unlimited plans only, every 7 days; publishDate is the service's, read-only
    name: 'create-standard-plan-refreshed-at-each-list-read',
    area: 'create',
    violates:
      '2.1, 8: auto-refresh resets the publishDate every 7 days, on unlimited plans only (here each list read of the ' +
      "standard-plan employer stamps its active auto-refresh jobs' publishDate anew)",
    expectedRule: 'jobs.create.auto-refresh-each-employer',
    transform: standardPlanRefreshedAtEachList,
  },
  {
    // spec 2.1: confidential defaults to false, for every job
    name: 'create-employers-first-job-confidential',
    area: 'create',
    violates:
      '2.1: confidential defaults to false (here the job POST makes while the employer holds none is confidential when ' +
      'the flag is omitted)',
    expectedRule: 'jobs.list.first-and-last-job',
    transform: firstJobConfidential,
  },
  {
    // spec 3: closeDate defaults to 60 days after publishDate
    name: 'create-default-close-date-from-the-minute',
    area: 'create',
    violates:
      '3: closeDate defaults to 60 days after publishDate (here 60 days after the start of the minute the job was made in, ' +
      'seconds before its publishDate)',
    expectedRule: 'jobs.create.default-close-date',
    transform: defaultCloseDateFromTheMinute,
  },
  {
    // spec 3, 2.1: closeDate defaults to 60 days after publishDate, the service's (a sent one is read-only)
    name: 'create-close-date-default-from-sent-publish-date',
    area: 'create',
    violates:
      '3: closeDate defaults to 60 days after publishDate (here a POST that carries a publishDate of its own, as a GET ' +
      'result does, and no closeDate closes 60 days after the date it sent)',
    expectedRule: 'jobs.create.default-close-date',
    transform: rewriteRequest(isPost, (body) => {
      const sent = typeof body.publishDate === 'string' ? Date.parse(body.publishDate) : NaN;
      if (!Number.isNaN(sent) && !Object.hasOwn(body, 'closeDate')) body.closeDate = new Date(sent + 60 * DAY_MS).toISOString();
    }),
  },
];
