/**
 * @module Mutants of isolation between employers (spec 5.3): the second
 * employer reaches the first one's jobs.
 */
import type { CoreRequest, CoreResponse } from '../../mock/index.js';
import type { Mutant, Transform } from './mutant.js';
import { isJobBody, isListBody, requestJson, responseJson, withResponseJson, type JsonObject } from './support/json.js';
import { rewriteResponse } from './support/transforms.js';
import { allHeaders, listViewOf, newestFirst, relist, withOtherEmployersJobs } from './support/relist.js';
import { canonicalBody, replaysAnswers } from './support/replays.js';
import { DEMO_EMPLOYERS } from '../../mock/index.js';
import { otherKey } from './support/keys.js';
import {
  effectiveMethod,
  isAnyUpdate,
  isCollection,
  isItem,
  isList,
  isOverride,
  isPost,
  isPutById,
  isPutByReference,
  jobIdOf,
} from './support/routes.js';
import { currentJob, jobByReference, namesNoReference, sideRequest } from './support/side-requests.js';

/**
 * PUT /jobs finds its job through a lookup cached by referenceId alone: right after one employer's PUT /jobs with a
 * referenceId, another employer's PUT /jobs with it, holding no job of its own by it, updates the cached job.
 */
const putByReferenceHitsCachedLookup: Transform = (next) => {
  let last: { key: string | undefined; referenceId: string; id: number } | undefined;
  return async (req) => {
    const body = requestJson(req);
    const referenceId = body?.referenceId;
    if (!isPutByReference(req) || body === undefined || typeof referenceId !== 'string') return next(req);
    const key = req.headers['api-key'];
    const cached = last?.referenceId === referenceId && last.key !== key ? last : undefined;
    if (cached && (await jobByReference(next, req, referenceId)) === undefined) {
      const { referenceId: _named, ...fields } = body;
      const res = await sideRequest(next, req, 'PUT', `/jobs/${cached.id}`, { body: fields, headers: { 'api-key': cached.key ?? '' } });
      if (res.status === 200) return res;
    }
    const res = await next(req);
    const job = responseJson(res);
    if ((res.status === 200 || res.status === 201) && isJobBody(job)) last = { key, referenceId, id: job.id };
    return res;
  };
};

/** A job that another key than the first demo employer's writes by `writes` is answered (with `status`) as the first employer's. */
function answersAsFirstEmployer(writes: (req: CoreRequest) => boolean, status = 201): Transform {
  const first = DEMO_EMPLOYERS[0]!;
  return rewriteResponse(
    (req) => writes(req) && req.headers['api-key'] !== first.apiKey,
    (res) => {
      const job = responseJson(res);
      return res.status === status && isJobBody(job)
        ? withResponseJson(res, { ...job, employer: { id: first.id, name: first.name } })
        : res;
    },
  );
}

/**
 * List items name the employer a referenceId was first written with, whoever lists them: a cache of the employer
 * shown in list items, keyed by the referenceId alone and shared by the employers.
 */
const listEmployerByReference: Transform = (next) => {
  const employers = new Map<string, unknown>();
  return async (req) => {
    const res = await next(req);
    const body = responseJson(res);
    if (isList(req) && res.status === 200 && isListBody(body)) {
      const data = body.data.map((item) => {
        const known = typeof item.referenceId === 'string' ? employers.get(item.referenceId) : undefined;
        return known === undefined ? item : { ...item, employer: known };
      });
      return withResponseJson(res, { ...body, data });
    }
    const ref = isJobBody(body) && res.status < 300 ? body.referenceId : undefined;
    if (typeof ref === 'string' && !employers.has(ref)) employers.set(ref, body!.employer);
    return res;
  };
};

/** A list with q whose paging.total (and pages) also count the other employer's jobs matching q; the data stays the key's own. */
const totalCountsOtherEmployer: Transform = (next) => async (req) => {
  const res = await next(req);
  const other = otherKey(req.headers['api-key']);
  const body = responseJson(res);
  if (!isList(req) || !req.query.get('q') || other === undefined || res.status !== 200 || !isListBody(body)) return res;
  const theirs = responseJson(
    await sideRequest(next, req, 'GET', '/jobs', {
      query: new URLSearchParams({ q: req.query.get('q')!, pageSize: '1' }),
      headers: { 'api-key': other },
    }),
  );
  const extra = isListBody(theirs) && typeof theirs.paging.total === 'number' ? theirs.paging.total : 0;
  const total = (body.paging.total as number) + extra;
  const pageSize = body.paging.pageSize as number;
  return withResponseJson(res, { ...body, paging: { ...body.paging, total, pages: Math.ceil(total / pageSize) } });
};

/**
 * A search that finds none of the key's employer's jobs falls back to a lookup by referenceId that forgets the
 * employer: the first page of an empty list by q (and status) shows the other employer's job whose referenceId is q.
 */
const emptySearchFilledByOtherEmployersReference: Transform = (next) => async (req) => {
  const res = await next(req);
  const other = otherKey(req.headers['api-key']);
  const body = responseJson(res);
  const q = req.query.get('q');
  if (!isList(req) || !q || other === undefined || res.status !== 200 || !isListBody(body)) return res;
  if (body.paging.total !== 0 || body.paging.page !== 1) return res;
  const query = new URLSearchParams({ q, pageSize: '100', ...(req.query.get('status') ? { status: req.query.get('status')! } : {}) });
  const theirs = responseJson(await sideRequest(next, req, 'GET', '/jobs', { query, headers: { 'api-key': other } }));
  const found = isListBody(theirs) ? theirs.data.find((item) => item.referenceId === q) : undefined;
  if (found === undefined) return res;
  return withResponseJson(res, { ...body, data: [found], paging: { ...body.paging, total: 1, pages: 1 } });
};

/**
 * Pages after the first end with the other employer's newest job matching the same filters, in place of the key's
 * own last item (counts unchanged): a query whose employer filter is lost past the first page, as an offset
 * query built apart from the first one can.
 */
const laterPagesLeakOtherEmployer: Transform = (next) => async (req) => {
  const res = await next(req);
  const other = otherKey(req.headers['api-key']);
  const body = responseJson(res);
  const later = Number(req.query.get('page') ?? '1') > 1;
  if (!isList(req) || !later || other === undefined || res.status !== 200 || !isListBody(body) || body.data.length === 0) return res;
  const query = new URLSearchParams({ pageSize: '1' });
  for (const name of ['q', 'status']) if (req.query.has(name)) query.set(name, req.query.get(name)!);
  const theirs = responseJson(await sideRequest(next, req, 'GET', '/jobs', { query, headers: { 'api-key': other } }));
  if (!isListBody(theirs) || theirs.data[0] === undefined) return res;
  return withResponseJson(res, { ...body, data: [...body.data.slice(0, -1), theirs.data[0]] });
};

/**
 * Pages after the first, without a filter, continue from a cursor (the last job of the page before) through the jobs
 * of every employer: a keyset query that kept the cursor and lost the employer. Only the other employer's jobs older
 * than the cursor show, so a short last page, or a page past the end, fills with them.
 */
const laterPagesContinuePastCursorIntoOtherEmployer: Transform = (next) => async (req) => {
  const res = await next(req);
  const view = listViewOf(req.query);
  const other = otherKey(req.headers['api-key']);
  const body = responseJson(res);
  const unfiltered = view !== undefined && view.q === undefined && view.status === undefined && view.page > 1;
  if (!isList(req) || !unfiltered || other === undefined || res.status !== 200 || !isListBody(body)) return res;
  const [own, theirs] = [await allHeaders(next, req, {}), await allHeaders(next, req, {}, { 'api-key': other })];
  const size = Math.min(view.pageSize, 100);
  const cursor = Array.isArray(own) ? own[(view.page - 1) * size - 1] : undefined;
  if (cursor === undefined || !Array.isArray(own) || !Array.isArray(theirs)) return res;
  const after = [...own, ...theirs].sort(newestFirst).filter((item) => newestFirst(cursor, item) < 0);
  return withResponseJson(res, { ...body, data: after.slice(0, size) });
};

/**
 * A status change by referenceId (PUT /jobs with referenceId and status alone) updates the key's own job, then answers
 * the first job found by that referenceId without the employer: the other employer's older job of it.
 */
const statusByReferenceAnswersOlderTwin: Transform = (next) => async (req) => {
  const body = requestJson(req);
  const referenceId = body?.referenceId;
  const statusAlone = body !== undefined && Object.keys(body).sort().join() === 'referenceId,status';
  if (!isPutByReference(req) || !statusAlone || typeof referenceId !== 'string') return next(req);
  const res = await next(req);
  const own = responseJson(res);
  const other = otherKey(req.headers['api-key']);
  if (res.status !== 200 || !isJobBody(own) || other === undefined) return res;
  const asOther: CoreRequest = { ...req, headers: { ...req.headers, 'api-key': other } };
  const twin = await jobByReference(next, asOther, referenceId);
  const older = twin !== undefined && Number(twin.id) < own.id ? await currentJob(next, asOther, Number(twin.id)) : undefined;
  return older === undefined ? res : withResponseJson(res, older);
};

/** A list whose q holds a character beyond ASCII goes to another search, written without the employer: both employers' matches. */
const nonAsciiSearchWithoutEmployer: Transform = withOtherEmployersJobs((view) => /[^\x00-\x7f]/.test(view.q ?? ''));

/** When `match` and the core answers 404, retries with the other employer's key, and answers that where `shown` holds of it. */
function fallBackToOtherEmployer(match: (req: CoreRequest) => boolean, shown: (res: CoreResponse) => boolean = () => true): Transform {
  return (next) => async (req) => {
    const res = await next(req);
    const other = otherKey(req.headers['api-key']);
    if (!match(req) || res.status !== 404 || other === undefined) return res;
    const theirs = await next({ ...req, headers: { ...req.headers, 'api-key': other } });
    return shown(theirs) ? theirs : res;
  };
}

/** The job the last PUT-create made, by its employer's key: the next unfiltered first page of the other employer shows it. */
const newJobFeed: Transform = (next) => {
  let fresh: { key: string; header: Record<string, unknown> } | undefined;
  return async (req) => {
    const key = req.headers['api-key'] ?? '';
    const res = await next(req);
    const job = responseJson(res);
    if (req.method === 'PUT' && isCollection(req) && res.headers.location !== undefined && isJobBody(job)) {
      const { id, referenceId, employer, title, publishDate, locations, confidential, status } = job;
      fresh = { key, header: { id, referenceId, employer, title, publishDate, locations, confidential, status } };
      return res;
    }
    const list = isList(req) && !req.query.get('q') && !req.query.get('status') ? responseJson(res) : undefined;
    if (fresh === undefined || fresh.key === key || !isListBody(list)) return res;
    const served = fresh.header;
    fresh = undefined;
    return withResponseJson(res, { ...list, data: [served, ...list.data] });
  };
};

/**
 * A search index keyed by title across employers: the job that last took a title holds it, so once the other
 * employer writes a job of the same title, a q lists the earlier job no more (GET and a list without q still do).
 */
const searchKeyedByTitle: Transform = (next) => {
  const holder = new Map<string, string>();
  const key = (req: CoreRequest): string => req.headers['api-key'] ?? '';
  const list = relist(({ items, view, req }) =>
    view.q === undefined ? items : items.filter((item) => (holder.get(String(item.title)) ?? key(req)) === key(req)),
  );
  return async (req) => {
    if (isList(req)) return list(next)(req);
    const res = await next(req);
    const job = responseJson(res);
    if (res.status < 300 && isJobBody(job) && req.method !== 'GET') holder.set(String(job.title), key(req));
    return res;
  };
};

/**
 * Jobs a PUT /jobs created kept in a table of their own, which GET /jobs/{id} reads without the employer: any key reads
 * them by id.
 */
const putCreatedReadableByAnyKey: Transform = (next) => {
  const owners = new Map<number, string>();
  return async (req) => {
    const existed = isPutByReference(req) ? await jobByReference(next, req, String(requestJson(req)?.referenceId)) : undefined;
    const res = await next(req);
    const job = responseJson(res);
    const key = req.headers['api-key'] ?? '';
    if (isPutByReference(req) && existed === undefined && res.status < 300 && isJobBody(job)) owners.set(job.id, key);
    const id = jobIdOf(req);
    const owner = id === undefined ? undefined : owners.get(id);
    if (req.method !== 'GET' || owner === undefined || owner === key || res.status !== 404) return res;
    return sideRequest(next, req, 'GET', `/jobs/${id}`, { headers: { 'api-key': owner } });
  };
};

/**
 * Serving a page that has a next one, the server reads that page ahead into a cache keyed by the list's address and
 * not the key: another employer asking for that address gets it. The owner's writes drop its entries.
 */
const nextPageReadAheadForAnyKey: Transform = (next) => {
  const ahead = new Map<string, { key: string; data: unknown }>();
  const addressOf = (query: URLSearchParams, page: number): string =>
    JSON.stringify([query.get('q'), query.get('status'), query.get('pageSize'), page]);
  return async (req) => {
    const key = req.headers['api-key'] ?? '';
    const res = await next(req);
    if (!isList(req)) {
      if (req.method !== 'GET' && res.status < 300) for (const [address, entry] of ahead) if (entry.key === key) ahead.delete(address);
      return res;
    }
    const body = responseJson(res);
    if (res.status !== 200 || !isListBody(body)) return res;
    const page = Number(body.paging.page);
    const hit = ahead.get(addressOf(req.query, page));
    if (body.paging.next !== null) {
      const query = new URLSearchParams(req.query);
      query.set('page', String(page + 1));
      const after = responseJson(await sideRequest(next, req, 'GET', '/jobs', { query }));
      if (isListBody(after)) ahead.set(addressOf(req.query, page + 1), { key, data: after.data });
    }
    return hit !== undefined && hit.key !== key ? withResponseJson(res, { ...body, data: hit.data }) : res;
  };
};

/**
 * Jobs loaded by GET /jobs/{id} are kept by id alone, for any key, until the next write: the other employer's read of
 * a job its owner has just read is answered from there instead of refused.
 */
const loadedJobsKeptById: Transform = (next) => {
  const loaded = new Map<number, { key: string | undefined; res: CoreResponse }>();
  return async (req) => {
    const res = await next(req);
    const id = jobIdOf(req);
    if (req.method !== 'GET') {
      loaded.clear();
      return res;
    }
    if (id === undefined) return res;
    const key = req.headers['api-key'];
    if (res.status === 200) loaded.set(id, { key, res });
    const kept = loaded.get(id);
    return res.status === 404 && kept !== undefined && kept.key !== key ? kept.res : res;
  };
};

/**
 * The lists come from an index that files each job by its referenceId alone, without the employer: one employer's
 * write (`drops`, given the request, its answer and the job it named before) with referenceId R takes the other
 * employer's job with R out of its lists filtered `where` (by status, or by q), until that job is next answered to its
 * own employer (a read by id files it again).
 */
function twinDroppedFromIndex(
  drops: (req: CoreRequest, res: CoreResponse, before: JsonObject | undefined) => string | undefined,
  where: 'status' | 'q',
): Transform {
  return (next) => {
    const dropped = new Map<string, Set<number>>();
    const list = relist(({ items, view, req }) => {
      const gone = dropped.get(req.headers['api-key'] ?? '');
      const filtered = where === 'status' ? view.status !== undefined : view.q !== undefined;
      return gone === undefined || !filtered ? items : items.filter((item) => !gone.has(item.id as number));
    })(next);
    return async (req) => {
      if (isList(req)) return list(req);
      const key = req.headers['api-key'] ?? '';
      const id = jobIdOf(req);
      const before = id !== undefined && effectiveMethod(req) === 'DELETE' ? await currentJob(next, req, id) : undefined;
      const res = await next(req);
      const job = responseJson(res);
      if (res.status < 300 && isJobBody(job)) dropped.get(key)?.delete(job.id);
      const referenceId = drops(req, res, before);
      const other = otherKey(key);
      if (referenceId === undefined || other === undefined) return res;
      const twin = await jobByReference(next, { ...req, headers: { ...req.headers, 'api-key': other } }, referenceId);
      if (twin !== undefined) dropped.set(other, (dropped.get(other) ?? new Set()).add(twin.id as number));
      return res;
    };
  };
}

/**
 * A DELETE by id (plainly or through the override) takes the job out of the status index before it finds that the job
 * is not the caller's, and a refusal (404) does not put it back: the owner's lists filtered by status miss it until
 * its owner's next write of it.
 */
const refusedForeignDeleteUnlists: Transform = (next) => {
  const dropped = new Map<string, Set<number>>();
  const list = relist(({ items, view, req }) => {
    const gone = dropped.get(req.headers['api-key'] ?? '');
    return gone === undefined || view.status === undefined ? items : items.filter((item) => !gone.has(item.id as number));
  })(next);
  return async (req) => {
    if (isList(req)) return list(req);
    const key = req.headers['api-key'] ?? '';
    const res = await next(req);
    const job = responseJson(res);
    if (res.status < 300 && isJobBody(job) && req.method !== 'GET') dropped.get(key)?.delete(job.id);
    const id = jobIdOf(req);
    const owner = otherKey(key);
    if (effectiveMethod(req) !== 'DELETE' || id === undefined || res.status !== 404 || owner === undefined) return res;
    if (await currentJob(next, { ...req, headers: { ...req.headers, 'api-key': owner } }, id))
      dropped.set(owner, (dropped.get(owner) ?? new Set()).add(id));
    return res;
  };
};

/**
 * Renames by PUT /jobs/{id} kept in a table keyed by referenceId alone: a DELETE /jobs with a referenceId the caller
 * holds no job by, which another employer's job took by such a rename, deletes that job.
 */
const foreignRenameDeletedByReference: Transform = (next) => {
  const renamed = new Map<string, { key: string; id: number }>();
  return async (req) => {
    const key = req.headers['api-key'] ?? '';
    const referenceId = requestJson(req)?.referenceId;
    if (typeof referenceId !== 'string' || referenceId === '') return next(req);
    if (isPutById(req)) {
      const res = await next(req);
      const job = responseJson(res);
      if (res.status === 200 && isJobBody(job)) renamed.set(referenceId, { key, id: job.id });
      return res;
    }
    const holder = renamed.get(referenceId);
    if (effectiveMethod(req) !== 'DELETE' || !isCollection(req) || holder === undefined || holder.key === key) return next(req);
    if ((await jobByReference(next, req, referenceId)) !== undefined) return next(req);
    const held = await currentJob(next, { ...req, headers: { ...req.headers, 'api-key': holder.key } }, holder.id);
    if (held?.referenceId !== referenceId) return next(req);
    return sideRequest(next, req, 'DELETE', `/jobs/${holder.id}`, { headers: { 'api-key': holder.key } });
  };
};

/** The referenceId of a job a plain DELETE /jobs/{id} removed. */
const deletedById = (req: CoreRequest, res: CoreResponse, before: JsonObject | undefined): string | undefined =>
  req.method === 'DELETE' && isItem(req) && res.status === 204 && typeof before?.referenceId === 'string' ? before.referenceId : undefined;

/** The referenceId of a job a PUT /jobs created (its answer carries a Location). */
function createdByPut(req: CoreRequest, res: CoreResponse): string | undefined {
  const job = responseJson(res);
  return isPutByReference(req) && res.headers.location !== undefined && isJobBody(job) && typeof job.referenceId === 'string'
    ? job.referenceId
    : undefined;
}

/** A PUT by id (plainly or through the override) that finds its job under the employer its body names, when that is a known one. */
const bodyEmployerDecidesOwner: Transform = (next) => async (req) => {
  const named = requestJson(req)?.employer as JsonObject | undefined;
  const owner = DEMO_EMPLOYERS.find((employer) => employer.id === named?.id);
  if (!(isAnyUpdate(req) && isItem(req)) || owner === undefined || owner.apiKey === req.headers['api-key']) return next(req);
  return next({ ...req, headers: { ...req.headers, 'api-key': owner.apiKey } });
};

/**
 * The list items of the jobs the second employer made by PUT-create name the first employer: a header cache filled
 * with the employer of the request before (the create itself answers right, and so does a GET).
 */
const putCreatedListedUnderFirstEmployer: Transform = (next) => {
  const [first, second] = [DEMO_EMPLOYERS[0]!, DEMO_EMPLOYERS[1]!];
  const made = new Set<number>();
  return async (req) => {
    const known = isPutByReference(req) && typeof requestJson(req)?.referenceId === 'string';
    const before = known ? await jobByReference(next, req, requestJson(req)!.referenceId as string) : undefined;
    const res = await next(req);
    if (req.headers['api-key'] !== second.apiKey) return res;
    const body = responseJson(res);
    if (known && before === undefined && res.status < 300 && isJobBody(body)) made.add(body.id);
    if (!isList(req) || !isListBody(body) || !body.data.some((item) => made.has(item.id as number))) return res;
    const data = body.data.map((item) => (made.has(item.id as number) ? { ...item, employer: { id: first.id, name: first.name } } : item));
    return withResponseJson(res, { ...body, data });
  };
};

/**
 * A title changed by id is written through by referenceId (UPDATE ... SET title WHERE reference_id = ?), so the other
 * employer's job with the same referenceId takes the title too.
 */
const titleByIdWrittenByReference: Transform = (next) => async (req) => {
  const title = requestJson(req)?.title;
  const res = await next(req);
  const job = responseJson(res);
  const other = otherKey(req.headers['api-key']);
  if (!isPutById(req) || res.status !== 200 || typeof title !== 'string' || !isJobBody(job) || other === undefined) return res;
  if (typeof job.referenceId !== 'string' || job.referenceId === '') return res;
  const twin = await jobByReference(next, { ...req, headers: { ...req.headers, 'api-key': other } }, job.referenceId);
  if (twin !== undefined)
    await sideRequest(next, req, 'PUT', `/jobs/${twin.id as number}`, { body: { title }, headers: { 'api-key': other } });
  return res;
};

export const isolationMutants: Mutant[] = [
  {
    // spec 5.3: the job list returns only data of the key's employer, on every page
    name: 'isolation-later-pages-leak-other-employer',
    area: 'isolation',
    violates: "5.3: the list returns only the key's employer's data (here a page after the first ends with the other employer's job)",
    expectedRule: 'jobs.isolation.list',
    transform: laterPagesLeakOtherEmployer,
  },
  {
    // spec 5.3: the job list returns only data of the key's employer, on every page
    name: 'isolation-later-pages-continue-past-cursor-into-other-employer',
    area: 'isolation',
    violates:
      "5.3: the list returns only the key's employer's data (here a page after the first, without a filter, continues from " +
      "the last job of the page before through both employers' jobs)",
    expectedRule: 'jobs.isolation.list',
    transform: laterPagesContinuePastCursorIntoOtherEmployer,
  },
  {
    // spec 5.3: single-job reads return only data of the key's employer, however the id is spelled
    name: 'isolation-encoded-id-read-skips-employer',
    area: 'isolation',
    violates:
      "5.3: a read returns only the key's employer's data (here GET /jobs/%32, decoded by a route of its own, reads job 2 of any employer)",
    expectedRule: 'jobs.isolation.get-by-id',
    transform: (next) => async (req) => {
      const res = await next(req);
      const encoded = /\/jobs\/((?:%[0-9A-Fa-f]{2})+)$/.exec(req.path)?.[1];
      const other = otherKey(req.headers['api-key']);
      if (req.method !== 'GET' || encoded === undefined || res.status === 200 || other === undefined) return res;
      const theirs = await sideRequest(next, req, 'GET', `/jobs/${decodeURIComponent(encoded)}`, { headers: { 'api-key': other } });
      return theirs.status === 200 ? theirs : res;
    },
  },
  {
    // spec 5.3: an employer reaches only its own jobs, whatever fields an update sends
    name: 'isolation-flag-alone-updates-other-employer-job',
    area: 'isolation',
    violates:
      "5.3: only the key's employer's data (here a PUT /jobs/{id} whose body holds only confidential reaches the other " +
      "employer's job and answers it)",
    expectedRule: 'jobs.isolation.update-by-id',
    transform: fallBackToOtherEmployer((req) => {
      const body = requestJson(req);
      return isPutById(req) && body !== undefined && Object.keys(body).join() === 'confidential';
    }),
  },
  {
    // spec 5.3: the job list returns only data of the key's employer, whatever characters q holds
    name: 'isolation-non-ascii-q-lists-other-employer',
    area: 'isolation',
    violates:
      "5.3: the list returns only the key's employer's data (here a q with a character beyond ASCII also lists the other employer's matches)",
    expectedRule: 'jobs.isolation.list',
    transform: nonAsciiSearchWithoutEmployer,
  },
  {
    // spec 4.3, 5.3: a status change answers the key's own job, with the new status
    name: 'isolation-status-by-reference-answers-older-twin',
    area: 'isolation',
    violates:
      "4.3, 5.3: a status change answers the full Job with the new status, the key's employer's only (here PUT /jobs with " +
      "referenceId and status answers the other employer's older job of that referenceId)",
    expectedRule: 'jobs.isolation.same-reference',
    transform: statusByReferenceAnswersOlderTwin,
  },
  {
    // spec 5.3: the job list returns only data of the key's employer, its counts too
    name: 'isolation-list-total-counts-other-employer',
    area: 'isolation',
    violates:
      "5.3: the list returns only the key's employer's data (here paging.total and pages also count the other employer's jobs matching q)",
    expectedRule: 'jobs.isolation.list',
    transform: totalCountsOtherEmployer,
  },
  {
    // spec 5.3: the job list returns only data of the key's employer, where it has no match too
    name: 'isolation-empty-search-filled-by-other-employers-reference',
    area: 'isolation',
    violates:
      "5.3: the list returns only the key's employer's data (here a first page by q that holds none of its jobs shows the " +
      "other employer's job whose referenceId is q)",
    expectedRule: 'jobs.isolation.list',
    transform: emptySearchFilledByOtherEmployersReference,
  },
  {
    // spec 5.3: single-job reads return only data of the key's employer
    name: 'isolation-reads-other-employer-job',
    area: 'isolation',
    violates: "5.3: a read returns only the key's employer's data (here GET /jobs/{id} finds the other employer's job)",
    expectedRule: 'jobs.isolation.get-by-id',
    transform: fallBackToOtherEmployer((req) => req.method === 'GET' && isItem(req)),
  },
  {
    // spec 5.3 states reads only: refusing another employer's delete is a should rule (a warning)
    name: 'isolation-deletes-other-employer-job',
    area: 'isolation',
    violates: "5.3 (should): an employer reaches only its own jobs (here DELETE /jobs/{id} deletes the other employer's job)",
    expectedRule: ['jobs.isolation.delete-by-id', 'jobs.isolation.delete-by-override'],
    transform: fallBackToOtherEmployer((req) => effectiveMethod(req) === 'DELETE' && isItem(req)),
  },
  {
    // spec 1, 5.1, 5.3: a referenceId is the employer's own, so it never names another employer's job
    name: 'isolation-deletes-other-employer-job-by-reference',
    area: 'isolation',
    violates:
      "1, 5.3: a referenceId is the employer's own (here DELETE /jobs with a referenceId the key's employer does not hold " +
      "deletes the other employer's job with it)",
    expectedRule: ['jobs.isolation.delete-by-reference', 'jobs.model.lifecycle'],
    transform: fallBackToOtherEmployer((req) => effectiveMethod(req) === 'DELETE' && isCollection(req)),
  },
  {
    // spec 5.3: single-job reads return only data of the key's employer, whatever the job's status
    name: 'isolation-reads-other-employer-active-job',
    area: 'isolation',
    violates:
      "5.3: a read returns only the key's employer's data (here GET /jobs/{id} finds the other employer's job when it is active: a posting read as public)",
    expectedRule: 'jobs.isolation.get-by-id',
    transform: fallBackToOtherEmployer(
      (req) => req.method === 'GET' && isItem(req),
      (theirs) => responseJson(theirs)?.status === 'active',
    ),
  },
  {
    // spec 5.3: a successful update answers the full job, a read; the override (spec 1) is a PUT by id too
    name: 'isolation-override-updates-other-employer-job',
    area: 'isolation',
    violates:
      "5.3: a read returns only the key's employer's data (here POST /jobs/{id} overridden to PUT changes the other employer's job " +
      'and answers it; PUT /jobs/{id} is guarded)',
    expectedRule: 'jobs.isolation.update-by-id',
    transform: fallBackToOtherEmployer((req) => isOverride(req, 'PUT') && isItem(req)),
  },
  {
    // spec 1, 5.3: a referenceId is the employer's own, on the override of DELETE /jobs's path too
    name: 'isolation-override-deletes-other-employer-job-by-reference',
    area: 'isolation',
    violates:
      "1, 5.3: a referenceId is the employer's own (here POST /jobs overridden to DELETE, with a referenceId the key's employer does " +
      "not hold, deletes the other employer's job with it; DELETE /jobs is guarded)",
    expectedRule: 'jobs.isolation.delete-by-reference',
    transform: fallBackToOtherEmployer((req) => isOverride(req, 'DELETE') && isCollection(req)),
  },
  {
    // spec 5.3: a referenceId names a job of the key's own employer only, on every path that takes one
    name: 'isolation-collection-override-updates-other-employers-job',
    area: 'isolation',
    violates:
      "5.3: the key's employer's data only (here POST /jobs with X-HTTP-Method-Override: PUT and a referenceId only the other " +
      "employer holds updates that employer's job)",
    expectedRule: 'jobs.isolation.update-by-reference',
    transform: (next) => async (req) => {
      if (!(isOverride(req, 'PUT') && isCollection(req))) return next(req);
      const referenceId = requestJson(req)?.referenceId;
      const other = otherKey(req.headers['api-key']);
      if (typeof referenceId !== 'string' || !other || (await jobByReference(next, req, referenceId))) return next(req);
      const asOther = { ...req, headers: { ...req.headers, 'api-key': other } };
      return (await jobByReference(next, asOther, referenceId)) ? next(asOther) : next(req);
    },
  },
  {
    // spec 5.3 and 2.1: a job the second employer creates by PUT /jobs is its own, with a referenceId the first holds too
    name: 'isolation-put-create-answers-first-employer',
    area: 'isolation',
    violates:
      "5.3: the key's employer's data only (here a job the second employer creates by PUT /jobs is answered as the first " +
      "employer's: a create that looked the employer up by the referenceId it was sent)",
    expectedRule: 'jobs.isolation.update-by-reference',
    transform: answersAsFirstEmployer((req) => effectiveMethod(req) === 'PUT' && isCollection(req)),
  },
  {
    // spec 5.3: a job the second employer creates through the override on PUT /jobs's path is its own too
    name: 'isolation-override-put-create-answers-first-employer',
    area: 'isolation',
    violates:
      "5.3: the key's employer's data only (here a job the second employer creates by POST /jobs with " +
      "X-HTTP-Method-Override: PUT is answered as the first employer's)",
    expectedRule: 'jobs.isolation.update-by-reference',
    transform: answersAsFirstEmployer((req) => isOverride(req, 'PUT') && isCollection(req)),
  },
  {
    // spec 5.3: the job list returns only data of the employer the key belongs to, its counts too
    name: 'isolation-second-employer-unscoped-total-counts-first',
    area: 'isolation',
    violates:
      "5.3: the list counts only the key's employer's jobs (here the second employer's list without q counts the first employer's jobs in its total)",
    expectedRule: 'jobs.isolation.list',
    transform: (next) => async (req) => {
      const res = await next(req);
      const other = otherKey(req.headers['api-key']);
      if (
        !isList(req) ||
        req.headers['api-key'] !== DEMO_EMPLOYERS[1]!.apiKey ||
        other === undefined ||
        res.status !== 200 ||
        req.query.get('q')
      )
        return res;
      const query = new URLSearchParams(req.query);
      const theirs = responseJson(await sideRequest(next, req, 'GET', '/jobs', { query, headers: { 'api-key': other } }));
      const body = responseJson(res);
      if (!isListBody(body) || !isListBody(theirs)) return res;
      body.paging.total = (body.paging.total as number) + (theirs.paging.total as number);
      return withResponseJson(res, body);
    },
  },
  {
    // spec 1, 5.3: a referenceId is the employer's own; a write by it reaches that employer's job only
    name: 'isolation-status-by-reference-reaches-other-employer',
    area: 'isolation',
    violates:
      "1, 5.3: a write by referenceId reaches the key's employer's job only " +
      "(here a PUT /jobs with referenceId and status alone also moves the other employer's job with that referenceId)",
    expectedRule: 'jobs.isolation.same-reference',
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = isCollection(req) && (req.method === 'PUT' || isOverride(req, 'PUT')) ? requestJson(req) : undefined;
      const other = otherKey(req.headers['api-key']);
      if (res.status !== 200 || !body || typeof body.status !== 'string' || Object.keys(body).length !== 2 || other === undefined)
        return res;
      await sideRequest(next, req, 'PUT', '/jobs', { body, headers: { 'api-key': other } });
      return res;
    },
  },
  {
    // spec 5.3, 4.3: a status alone is a valid update, and another employer's job is out of reach all the same
    name: 'isolation-status-alone-reaches-other-employer',
    area: 'isolation',
    violates:
      "5.3: an employer cannot change another employer's job (here PUT /jobs/{id} with a status alone, the archive and " +
      're-publish body, is applied to the job whichever employer holds it: the ownership check sits on the full update only)',
    expectedRule: 'jobs.isolation.update-by-id',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const id = jobIdOf(req);
      const other = otherKey(req.headers['api-key']);
      if (!isPutById(req) || id === undefined || other === undefined || body === undefined || Object.keys(body).join() !== 'status')
        return next(req);
      const res = await next(req);
      if (res.status !== 404) return res;
      return sideRequest(next, req, 'PUT', `/jobs/${id}`, { body, headers: { 'api-key': other } });
    },
  },
  {
    // spec 5.3: the list returns only the key's employer's jobs, right after the other employer creates too
    name: 'isolation-put-create-shown-to-other-employer-next-list',
    area: 'isolation',
    violates:
      "5.3: the job list returns only the key's employer's jobs (here the job a PUT /jobs creates goes into a feed of " +
      "new jobs that the next list without q serves, whoever's key reads it)",
    expectedRule: 'jobs.model.lifecycle',
    transform: newJobFeed,
  },
  {
    // spec 5.3: the job list returns only data of the key's employer
    name: 'isolation-list-employer-by-shared-reference',
    area: 'isolation',
    violates:
      "5.3: the list returns only the key's employer's data (here list items name the employer that first wrote their " +
      "referenceId: where two employers share one, the second one's items name the first)",
    expectedRule: 'jobs.isolation.list',
    transform: listEmployerByReference,
  },
  {
    // spec 5.3: only the key's employer's data, for jobs made in every create form
    name: 'isolation-put-created-jobs-listed-under-first-employer',
    area: 'isolation',
    violates:
      "5.3, 2.7: the list returns only the key's employer's data (here the second employer's list items of the jobs it " +
      'made by PUT-create name the first employer; the create and a GET are right)',
    expectedRule: 'jobs.isolation.list',
    transform: putCreatedListedUnderFirstEmployer,
  },
  {
    // spec 5.3: single-job reads return only the key's employer's data, on any path
    name: 'isolation-trailing-slash-read-skips-employer',
    area: 'isolation',
    violates:
      "5.3: single-job reads return only the key's employer's data (here GET /jobs/{id}/, with a trailing slash, goes to " +
      "a route that reads the job without the employer's scope)",
    expectedRule: 'jobs.isolation.get-by-id',
    transform: (next) => async (req) => {
      if (req.method !== 'GET' || !/\/jobs\/\d+\/$/.test(req.path)) return next(req);
      const path = req.path.slice(0, -1);
      const id = Number(path.slice(path.lastIndexOf('/') + 1));
      for (const key of [req.headers['api-key'], otherKey(req.headers['api-key'])]) {
        const res = await next({ ...req, path, headers: { ...req.headers, 'api-key': key ?? '' } });
        if (res.status === 200 && responseJson(res)?.id === id) return res;
      }
      return next(req);
    },
  },
  {
    // spec 5.3, 4.3: a write changes the key's employer's job only, in every update form
    name: 'isolation-title-by-id-renames-other-employers-twin',
    area: 'isolation',
    violates:
      "5.3, 4.3: only the fields sent change, of the key's employer's job (here a title changed by PUT /jobs/{id} is " +
      "written through by referenceId, so the other employer's job with that referenceId takes it too)",
    expectedRule: 'jobs.isolation.same-reference',
    transform: titleByIdWrittenByReference,
  },
  {
    // spec 4.3: update response 200 with the full Job; 2.1: the employer is the key's
    name: 'isolation-second-employer-update-answer-names-first',
    area: 'isolation',
    violates:
      '4.3: an update answers the full Job (here an update by the second employer answers its job with the first employer ' +
      'in it; the job itself and a GET are right)',
    expectedRule: 'jobs.lifecycle.second-employer-forms',
    transform: answersAsFirstEmployer(isAnyUpdate, 200),
  },
  {
    // spec 5.3: only the key's employer's data; 4.3: a PUT /jobs with a referenceId the employer does not hold creates
    name: 'isolation-put-by-reference-hits-cached-lookup',
    area: 'isolation',
    violates:
      "5.3: a referenceId names a job of the key's own employer only (here, right after one employer's PUT /jobs with " +
      "a referenceId, the other employer's PUT /jobs with it updates and answers the first employer's job)",
    expectedRule: 'jobs.isolation.update-by-reference',
    transform: putByReferenceHitsCachedLookup,
  },
  {
    // spec 4.5, 5.3: q matches the employer's own jobs by title, whatever titles another employer gives its jobs
    name: 'isolation-search-keyed-by-title',
    area: 'isolation',
    violates:
      '4.5: q matches job title (here a search index keyed by title across employers: once the other employer writes a ' +
      'job of the same title, q no longer lists the earlier one)',
    expectedRule: 'jobs.model.lifecycle',
    transform: searchKeyedByTitle,
  },
  {
    // spec 5.3: single-job reads return only the key's employer's data, however the job was made
    name: 'isolation-put-created-job-readable-by-other-employer',
    area: 'isolation',
    violates:
      "5.3: single-job reads return only data for the key's employer (here a job PUT /jobs created is read by id with the " +
      "other employer's key: such jobs sit in a table the read does not filter by employer)",
    expectedRule: 'jobs.isolation.get-by-id',
    transform: putCreatedReadableByAnyKey,
  },
  {
    // spec 5.3: the job list returns only the key's employer's data, whoever asked for the same page before
    name: 'isolation-next-page-read-ahead-for-any-key',
    area: 'isolation',
    violates:
      "5.3: the job list returns only data for the key's employer (here the page after a page served is read ahead into a " +
      "cache keyed by the address alone: the other employer asking for it gets the first employer's jobs)",
    expectedRule: 'jobs.isolation.list',
    transform: nextPageReadAheadForAnyKey,
  },
  {
    // spec 5.3: single-job reads return only data for the employer that the key belongs to
    name: 'isolation-job-just-read-served-to-other-key',
    area: 'isolation',
    violates:
      "5.3: single-job reads return only the key's employer's data (here a job read by GET /jobs/{id} is kept by id " +
      "alone until the next write, and the other employer's GET /jobs/{id} of it is answered from there)",
    expectedRule: 'jobs.isolation.list',
    transform: loadedJobsKeptById,
  },
  {
    // spec 4.5, 5.3: an employer's list holds its own jobs, whatever another employer asked
    name: 'isolation-refused-foreign-delete-unlists-job',
    area: 'isolation',
    violates:
      "4.5, 5.3: each employer's list holds its own jobs (here another employer's DELETE /jobs/{id}, refused with 404, " +
      "takes the job out of its owner's lists filtered by status)",
    expectedRule: 'jobs.isolation.same-reference',
    transform: refusedForeignDeleteUnlists,
  },
  {
    // spec 5.3: the job list returns only data for the employer that the key belongs to, all of it
    name: 'isolation-delete-by-id-drops-twin-from-status-lists',
    area: 'isolation',
    violates:
      "5.3: each employer's list holds its own jobs (here a status index filed by referenceId alone: one employer's " +
      "DELETE /jobs/{id} takes the other employer's job with that referenceId out of its lists filtered by status)",
    expectedRule: 'jobs.isolation.same-reference',
    transform: twinDroppedFromIndex(deletedById, 'status'),
  },
  {
    // spec 5.3: the job list returns only data for the employer that the key belongs to, all of it
    name: 'isolation-put-create-drops-twin-from-search',
    area: 'isolation',
    violates:
      "5.3: each employer's list holds its own jobs (here a search row keyed by referenceId alone: one employer's PUT /jobs " +
      "that creates a job takes the other employer's job with that referenceId out of every list with q)",
    expectedRule: 'jobs.isolation.same-reference',
    transform: twinDroppedFromIndex(createdByPut, 'q'),
  },
  {
    // spec 2.1, 5.3: a referenceId is the employer's own, however its job came to hold it
    name: 'isolation-delete-by-reference-reaches-foreign-renamed-job',
    area: 'isolation',
    violates:
      "2.1, 5.3: a referenceId names only its employer's job (here a DELETE /jobs with a referenceId that another " +
      "employer's job took by a rename through PUT /jobs/{id} deletes that job)",
    expectedRule: 'jobs.isolation.delete-by-reference',
    transform: foreignRenameDeletedByReference,
  },
  {
    // spec 5.3: a key reaches its own employer's jobs only, whatever the body says of the employer
    name: 'isolation-body-employer-decides-owner',
    area: 'isolation',
    violates:
      "5.3: only the key's employer's data (here a PUT /jobs/{id} finds its job under the employer its body names, so " +
      "the other employer, sending the job's own employer as its GET shows it, changes the job)",
    expectedRule: 'jobs.isolation.update-by-id',
    transform: bodyEmployerDecidesOwner,
  },

  {
    // spec 4.2, 5.3: POST creates a job of the key's employer, whatever another employer posted
    name: 'isolation-identical-post-replays-other-employers-job',
    area: 'isolation',
    violates:
      "4.2, 5.3: POST creates a job of the key's employer (here a POST without a referenceId, byte for byte one the other " +
      "employer posted, is taken for its retry: the other employer's job is answered and none is created)",
    expectedRule: 'jobs.isolation.same-reference',
    transform: replaysAnswers({
      keyOf: (req) => (isPost(req) && namesNoReference(requestJson(req)) ? canonicalBody(req) : undefined),
      keeps: (_req, res) => res.status === 201,
      replays: (req, earlier) => req.headers['api-key'] !== earlier.req.headers['api-key'],
    }),
  },
];
