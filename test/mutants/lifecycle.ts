/**
 * @module Mutants of states and deletion (spec 3, 4.4, 4.7).
 */
import type { CoreRequest } from '../../mock/index.js';
import type { Mutant, Transform } from './mutant.js';
import { jsonResponse, requestJson, responseJson, serverError, withJsonBody, type JsonObject } from './support/json.js';
import {
  isAnyUpdateById,
  isOverride,
  isCollection,
  isDelete,
  isItem,
  isList,
  isPut,
  isPutById,
  isPutByReference,
  jobIdOf,
} from './support/routes.js';
import { DEMO_KEYS, forSecondEmployer } from './support/keys.js';
import { deletesPrefixedReferences } from './support/prefix-deletes.js';
import { answerInstead, reshapeRequest, rewriteRequest } from './support/transforms.js';
import {
  currentJob,
  jobByReference,
  jobsWithoutReference,
  namedJob,
  namesNoReference,
  ownJobCount,
  sideRequest,
} from './support/side-requests.js';
import { relist } from './support/relist.js';
import { staleIndex } from './support/stale-index.js';
import { FreshJobs, madeByOverrideCreate } from './support/fresh-jobs.js';

const SECOND_KEY = DEMO_KEYS[1];

/** The referenceId of each archived job deleted by DELETE /jobs, by employer and old id: a later DELETE of that id follows it. */
const oldIdAliasesReference: Transform = (next) => {
  const aliases = new Map<string, string>();
  return async (req) => {
    const keyed = (id: unknown): string => `${req.headers['api-key'] ?? ''} ${String(id)}`;
    const referenceId = requestJson(req)?.referenceId;
    if (isDelete(req) && isCollection(req) && typeof referenceId === 'string') {
      const job = await jobByReference(next, req, referenceId);
      const res = await next(req);
      if (res.status === 204 && job?.status === 'archived') aliases.set(keyed(job.id), referenceId);
      return res;
    }
    const id = jobIdOf(req);
    const alias = req.method === 'DELETE' && id !== undefined ? aliases.get(keyed(id)) : undefined;
    const successor = alias === undefined ? undefined : await jobByReference(next, req, alias);
    if (successor === undefined) return next(req);
    return next({ ...req, path: req.path.replace(/[^/]+$/, String(successor.id)) });
  };
};

/**
 * A PUT /jobs (or, with `names`, another request naming a job by referenceId) with the referenceId a job had before
 * PUT /jobs/{id} renamed it updates that job, not the job of that name.
 */
const oldReferenceNamesRenamedIn =
  (names: (req: CoreRequest) => boolean): Transform =>
  (next) => {
    const renamed = new Map<string, number>();
    return async (req) => {
      const body = requestJson(req);
      const keyed = (referenceId: unknown): string => `${req.headers['api-key'] ?? ''} ${String(referenceId)}`;
      const id = jobIdOf(req);
      if (isPutById(req) && id !== undefined && typeof body?.referenceId === 'string') {
        const before = await currentJob(next, req, id);
        const res = await next(req);
        const after = responseJson(res);
        if (res.status === 200 && typeof before?.referenceId === 'string' && after?.referenceId !== before.referenceId)
          renamed.set(keyed(before.referenceId), id);
        return res;
      }
      const renamedJob = names(req) ? renamed.get(keyed(body?.referenceId)) : undefined;
      if (renamedJob === undefined) return next(req);
      const { referenceId: _old, ...fields } = body!;
      const res = await sideRequest(next, req, 'PUT', `/jobs/${renamedJob}`, { body: fields });
      return res.status === 404 ? next(req) : res;
    };
  };

const oldReferenceNamesRenamed = oldReferenceNamesRenamedIn(isPutByReference);

/** A re-publish by PUT /jobs/{id} of an archived job whose closeDate lies before its publishDate is refused. */
const republishByIdRefusedWhenExpired: Transform = (next) => async (req) => {
  const id = jobIdOf(req);
  if (!isPutById(req) || id === undefined || requestJson(req)?.status !== 'active') return next(req);
  const job = await currentJob(next, req, id);
  const expired = Date.parse(String(job?.closeDate)) < Date.parse(String(job?.publishDate));
  if (job?.status !== 'archived' || !expired) return next(req);
  return jsonResponse(400, { code: 'invalid_transition', message: 'a job past its closeDate cannot be re-published' });
};

/** A re-publish by id of a job past its closeDate gives it a fresh lifetime: closeDate 60 days from now. */
const republishExtendsExpired: Transform = (next) => async (req) => {
  const id = jobIdOf(req);
  if (!isPutById(req) || id === undefined || requestJson(req)?.status !== 'active') return next(req);
  const before = await currentJob(next, req, id);
  const res = await next(req);
  const closeDate = typeof before?.closeDate === 'string' ? Date.parse(before.closeDate) : Number.NaN;
  if (res.status !== 200 || before?.status !== 'archived' || !(closeDate < Date.now())) return res;
  return next(withJsonBody(req, { closeDate: new Date(Date.now() + 60 * 86_400_000).toISOString() }));
};

/**
 * A store that deletes by a flag and clears it on a status update: after DELETE /jobs/{id}, a PUT /jobs/{id} whose body
 * is a status alone brings the job back, and GET /jobs/{id} reads it again.
 */
const statusUpdateRevivesDeleted: Transform = (next) => {
  const deleted = new Map<number, JsonObject>();
  const revived = new Map<number, JsonObject>();
  return async (req) => {
    const id = jobIdOf(req);
    if (id !== undefined && req.method === 'DELETE') {
      const job = await currentJob(next, req, id);
      const res = await next(req);
      if (res.status === 204 && job !== undefined) deleted.set(id, job);
      return res;
    }
    const body = requestJson(req);
    const statusAlone = body !== undefined && Object.keys(body).length === 1 && typeof body.status === 'string';
    if (id !== undefined && isPutById(req) && statusAlone && deleted.has(id)) {
      revived.set(id, { ...deleted.get(id)!, status: body.status });
      return jsonResponse(200, revived.get(id));
    }
    if (id !== undefined && req.method === 'GET' && revived.has(id)) return jsonResponse(200, revived.get(id));
    return next(req);
  };
};

/**
 * A referenceId index filled at create only: a referenceId a job without one is given later by PUT /jobs/{id} is not
 * in it, so what `reads` the index misses the job: DELETE /jobs with it answers 404 and leaves the job (by id it still
 * goes), or q with it lists the job only where its title matches q too.
 */
function referenceGivenLaterUnindexed(reads: 'delete' | 'search'): Transform {
  return (next) => {
    const given = new Set<string>();
    const slot = (req: CoreRequest, ref: string): string => `${req.headers['api-key'] ?? ''} ${ref}`;
    const unindexed = (req: CoreRequest, item: JsonObject): boolean =>
      typeof item.referenceId === 'string' && given.has(slot(req, item.referenceId));
    const search = relist(({ items, view, req }) => {
      const q = view.q?.toLowerCase();
      if (q === undefined || q === '') return items;
      return items.filter((item) => !unindexed(req, item) || String(item.title).toLowerCase().includes(q));
    })(next);
    return async (req) => {
      const ref = requestJson(req)?.referenceId;
      if (reads === 'search' && isList(req)) return search(req);
      if (reads === 'delete' && isDelete(req) && isCollection(req) && typeof ref === 'string' && given.has(slot(req, ref)))
        return jsonResponse(404, { status: 404, code: 'not_found', message: `No job with referenceId ${JSON.stringify(ref)}` });
      const id = jobIdOf(req);
      const before =
        isPutById(req) && id !== undefined && typeof ref === 'string' && ref !== '' ? await currentJob(next, req, id) : undefined;
      const res = await next(req);
      if (res.status === 200 && before !== undefined && namesNoReference(before)) given.add(slot(req, ref as string));
      return res;
    };
  };
}

/** DELETE /jobs/{id} of the employer's only job answers 204 and keeps it (a guard meant for the last row of a table). */
const deleteKeepsOnlyJob: Transform = (next) => async (req) => {
  if (!(req.method === 'DELETE' && isItem(req))) return next(req);
  const own = await ownJobCount(next, req);
  return own?.total === 1 && own.newest === jobIdOf(req) ? { status: 204, headers: {} } : next(req);
};

/**
 * DELETE through the override on a job's path answers 204 and removes nothing while the job, made by PUT-create
 * through the override, has not been written since (its row is only completed on the first update). The owner's
 * delete only: another employer's is refused as before.
 */
const overrideDeleteSkipsFreshOverrideCreate: Transform = (next) => {
  const fresh = new FreshJobs(madeByOverrideCreate);
  return async (req) => {
    const id = jobIdOf(req);
    const skipped = isOverride(req, 'DELETE') && fresh.has(id) && (await currentJob(next, req, id!)) !== undefined;
    const res = skipped ? { status: 204, headers: {} } : await next(req);
    if (!skipped) fresh.observe(req, res);
    return res;
  };
};

/**
 * DELETE /jobs looks referenceIds up in an index that a rename by PUT /jobs/{id} does not update (one given to a job
 * without a referenceId is filed): the new referenceId of a renamed job finds nothing (404), and the job stays.
 */
const deleteByReferenceMissesRenameById: Transform = (next) => {
  const renamed = new Map<number, unknown>();
  return async (req) => {
    const ref = requestJson(req)?.referenceId;
    if (isPutById(req)) {
      const before = await currentJob(next, req, jobIdOf(req)!);
      const res = await next(req);
      const old = before?.referenceId;
      if (res.status === 200 && typeof ref === 'string' && typeof old === 'string' && old !== '' && old !== ref)
        renamed.set(jobIdOf(req)!, ref);
      return res;
    }
    if (req.method !== 'DELETE' || !isCollection(req) || typeof ref !== 'string') return next(req);
    const holder = await jobByReference(next, req, ref);
    if (holder === undefined || renamed.get(holder.id as number) !== ref) return next(req);
    return jsonResponse(404, { status: 404, code: 'not_found', message: `No job with referenceId ${JSON.stringify(ref)}` });
  };
};

/**
 * The DELETE override on DELETE /jobs's path, honoured for every job but an archived one, which it refuses (409): a
 * handler that reuses the update path's check that an archived job takes only a status change.
 */
const overrideDeleteByReferenceRefusesArchived: Transform = (next) => async (req) => {
  const ref = requestJson(req)?.referenceId;
  if (!(isOverride(req, 'DELETE') && isCollection(req)) || typeof ref !== 'string') return next(req);
  const job = await jobByReference(next, req, ref);
  if (job?.status !== 'archived') return next(req);
  return jsonResponse(409, { status: 409, code: 'conflict', message: 'an archived job takes a status change only' });
};

/**
 * Rows removed by DELETE /jobs (by referenceId) kept in a copy per key, and an update by id of such a row answered 200
 * from it, with the fields sent, where the store answered a client error.
 */
const removedRowsAnswerUpdates: Transform = (next) => {
  const removed = new Map<string, JsonObject>();
  const slot = (req: CoreRequest, id: unknown): string => `${req.headers['api-key'] ?? ''} ${String(id)}`;
  return async (req) => {
    if (isDelete(req) && isCollection(req)) {
      const job = await namedJob(next, req, undefined, requestJson(req));
      const res = await next(req);
      if (res.status === 204 && job !== undefined) removed.set(slot(req, job.id), job);
      return res;
    }
    const res = await next(req);
    const row = isAnyUpdateById(req) && res.status >= 400 ? removed.get(slot(req, jobIdOf(req))) : undefined;
    return row === undefined ? res : jsonResponse(200, { ...row, ...requestJson(req) });
  };
};

export const lifecycleMutants: Mutant[] = [
  {
    // spec 3: DELETE applies to a job in any state; 4.7: the override acts as a DELETE
    name: 'lifecycle-override-delete-by-reference-refuses-archived',
    area: 'lifecycle',
    violates:
      "3, 4.7 (should): a delete removes a job in any state (here the DELETE override on DELETE /jobs's path, honoured " +
      'for active and draft jobs, refuses an archived one with 409)',
    expectedRule: 'jobs.lifecycle.delete-by-reference-override',
    transform: overrideDeleteByReferenceRefusesArchived,
  },
  {
    // spec 4.4: the job is identified by referenceId, a String; a refused request changes nothing
    name: 'lifecycle-refused-numeric-delete-by-reference-removes',
    area: 'lifecycle',
    violates:
      '4.4, 2.1: DELETE /jobs names its job by referenceId, a String (here {referenceId: 123} is refused with a 400, ' +
      'but the job holding "123" is deleted all the same: the refusal came after the delete)',
    expectedRule: 'jobs.lifecycle.delete-by-reference-needs-one',
    transform: (next) => async (req) => {
      const ref = isCollection(req) && isDelete(req) ? requestJson(req)?.referenceId : undefined;
      const res = await next(req);
      if (typeof ref !== 'number' || res.status < 400 || res.status > 499) return res;
      const held = await jobByReference(next, req, String(ref));
      if (held !== undefined) await sideRequest(next, req, 'DELETE', `/jobs/${held.id as number}`);
      return res;
    },
  },
  {
    // spec 4.4: DELETE /jobs identifies its job by the referenceId in the body; none names no job
    name: 'lifecycle-delete-without-reference-deletes-unnamed-jobs',
    area: 'lifecycle',
    violates: '4.4: DELETE /jobs names its job by referenceId (here a body without one deletes every job created without one)',
    expectedRule: 'jobs.lifecycle.delete-by-reference-needs-one',
    transform: (next) => async (req) => {
      if (!isDelete(req) || !isCollection(req) || !namesNoReference(requestJson(req))) return next(req);
      // What `DELETE ... WHERE reference_id IS ?` does when the parameter is null.
      const unnamed = await jobsWithoutReference(next, req);
      for (const job of unnamed) await sideRequest(next, req, 'DELETE', `/jobs/${job.id as number}`);
      return unnamed.length === 0 ? next(req) : { status: 204, headers: {} };
    },
  },
  {
    // spec 3: active -> archived by PUT with status archived
    name: 'lifecycle-archive-ignored',
    area: 'lifecycle',
    violates: '3: PUT with status archived archives the job (here 200 and the status stays)',
    expectedRule: ['jobs.lifecycle.archive', 'jobs.lifecycle.archive-by-reference', 'jobs.update.minimal-bodies', 'jobs.model.lifecycle'],
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPut(req) || body?.status !== 'archived') return next(req);
      // Only updates: a PUT-create with status archived is another statement (spec 3, first rows).
      if ((await namedJob(next, req, jobIdOf(req), body)) === undefined) return next(req);
      const { status: _ignored, ...rest } = body;
      return next(withJsonBody(req, rest));
    },
  },
  {
    // spec 4.4: DELETE answers 204 with no body
    name: 'lifecycle-delete-answers-200-with-job',
    area: 'lifecycle',
    violates: '4.4: a DELETE answers 204 with no body (here 200 with the deleted job)',
    expectedRule: [
      'jobs.lifecycle.delete-by-id',
      'jobs.lifecycle.delete-by-reference',
      'jobs.lifecycle.delete-by-override',
      'jobs.lifecycle.deleted-get-404',
    ],
    transform: (next) => async (req) => {
      if (!isDelete(req)) return next(req);
      const job = await namedJob(next, req, jobIdOf(req), requestJson(req));
      const res = await next(req);
      return res.status === 204 && job !== undefined ? jsonResponse(200, job) : res;
    },
  },
  {
    // spec 4.4: DELETE /jobs with {referenceId} removes that job
    name: 'lifecycle-delete-by-reference-ignored',
    area: 'lifecycle',
    violates: '4.4: DELETE /jobs with referenceId in the body removes the job (here 204 and nothing removed)',
    expectedRule: ['jobs.lifecycle.delete-by-reference', 'jobs.model.lifecycle'],
    transform: (next) => async (req) => {
      const referenceId = requestJson(req)?.referenceId;
      if (!isDelete(req) || !isCollection(req) || typeof referenceId !== 'string') return next(req);
      // Everything else (key, Content-Type, unknown referenceId) is answered by the core as usual.
      const job = await jobByReference(next, req, referenceId);
      return job === undefined ? next(req) : { status: 204, headers: {} };
    },
  },
  {
    // spec 4.7: POST with X-HTTP-Method-Override: DELETE acts as DELETE
    name: 'lifecycle-method-override-ignored',
    area: 'lifecycle',
    violates: '4.7: POST on a resource path with X-HTTP-Method-Override: DELETE deletes it (here the header is ignored: 405)',
    expectedRule: ['jobs.lifecycle.delete-by-override', 'jobs.model.lifecycle'],
    transform: (next) => async (req) => {
      if (req.method !== 'POST' || !req.headers['x-http-method-override']) return next(req);
      const { 'x-http-method-override': _ignored, ...headers } = req.headers;
      return next({ ...req, headers });
    },
  },
  {
    // spec 3: archiving a job identified by referenceId leaves the other fields unchanged
    name: 'lifecycle-archive-by-reference-clears-salary',
    area: 'lifecycle',
    violates:
      '3: active -> archived, job identified by referenceId: other fields unchanged ' +
      '(here PUT /jobs with referenceId and status archived also clears the salary)',
    expectedRule: ['jobs.lifecycle.archive-keeps-fields', 'jobs.model.lifecycle'],
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPut(req) || !isCollection(req) || body?.status !== 'archived' || Object.keys(body).length !== 2) return next(req);
      return next(withJsonBody(req, { ...body, salary: null }));
    },
  },
  {
    // spec 3: archiving changes only the status, by whichever form of PUT the target honours (the override of spec 1 too)
    name: 'lifecycle-archive-by-override-closes-now',
    area: 'lifecycle',
    violates:
      '3: active -> archived, other fields unchanged (here POST /jobs/{id} with X-HTTP-Method-Override: PUT and status archived ' +
      'also sets closeDate to today; PUT itself keeps it)',
    expectedRule: 'jobs.lifecycle.archive-keeps-fields',
    transform: rewriteRequest(
      (req) => isOverride(req, 'PUT') && isItem(req),
      (body) => {
        if (body.status === 'archived') body.closeDate = new Date().toISOString().slice(0, 10);
      },
    ),
  },
  {
    // spec 4.7 (should): the override on the path DELETE /jobs takes; 4.4 names the job by the referenceId in the body
    name: 'lifecycle-delete-by-reference-override-ignored',
    area: 'lifecycle',
    violates:
      '4.7 (should): POST with X-HTTP-Method-Override: DELETE acts as the DELETE of its path (here POST /jobs with a referenceId ' +
      'answers 204 and deletes nothing)',
    expectedRule: 'jobs.lifecycle.delete-by-reference-override',
    transform: answerInstead(
      (req) => isOverride(req, 'DELETE') && isCollection(req),
      () => ({ status: 204, headers: {}, body: undefined }),
    ),
  },
  {
    // spec 4.4, 4.7: the override on the path DELETE /jobs removes the job its referenceId names, no other
    name: 'lifecycle-override-delete-by-reference-removes-prefixed',
    area: 'lifecycle',
    violates:
      '4.4, 4.7 (should): POST /jobs with a referenceId and X-HTTP-Method-Override: DELETE removes the job it names (here also ' +
      'every job whose referenceId starts with it)',
    expectedRule: 'jobs.lifecycle.delete-by-reference-override',
    transform: deletesPrefixedReferences((req) => req.method === 'POST' && isCollection(req)),
  },
  {
    // spec 4.4: DELETE /jobs names its job by referenceId in a JSON body; one without a body names none
    name: 'lifecycle-delete-by-reference-without-body-crashes',
    area: 'lifecycle',
    violates: '4.4, 7: a request is answered, never with a 5xx (here DELETE /jobs without a body fails on the server)',
    expectedRule: 'jobs.lifecycle.delete-by-reference-needs-one',
    transform: answerInstead((req) => req.method === 'DELETE' && isCollection(req) && requestJson(req) === undefined, serverError),
  },
  {
    // spec 1, 4.4: a job is identified by its id; one without a referenceId is deleted like any other
    name: 'lifecycle-delete-of-job-without-reference-fails',
    area: 'lifecycle',
    violates:
      '1, 4.4: a job is identified by its numeric id (here a DELETE of a job without referenceId answers 500: the delete is keyed by it)',
    expectedRule: 'jobs.lifecycle.without-reference-id',
    transform: (next) => async (req) => {
      const id = jobIdOf(req);
      if (!isDelete(req) || id === undefined) return next(req);
      const job = responseJson(await sideRequest(next, req, 'GET', `/jobs/${id}`));
      return job !== undefined && (job.referenceId === null || job.referenceId === '') ? serverError() : next(req);
    },
  },
  {
    // spec 2.1, 4.2: "" describes no referenceId; only a referenceId that already exists is a duplicate
    name: 'lifecycle-cleared-reference-refused-as-duplicate-on-put-by-id',
    area: 'lifecycle',
    violates:
      '2.1, 4.2: "" is how a job without referenceId is described, and no duplicate (here PUT /jobs/{id} with referenceId "" ' +
      'is refused 409 while another job of the employer has none: the unique check compares the empty string too)',
    expectedRule: 'jobs.lifecycle.without-reference-id',
    transform: (next) => async (req) => {
      const id = jobIdOf(req);
      if (!isPutById(req) || id === undefined || requestJson(req)?.referenceId !== '') return next(req);
      const others = (await jobsWithoutReference(next, req)).filter((job) => job.id !== id);
      if (others.length === 0) return next(req);
      return jsonResponse(409, { code: 'duplicate_reference_id', message: 'referenceId "" already exists' });
    },
  },
  {
    // spec 3: a re-publish changes the status and nothing else, in every form that names the job
    name: 'lifecycle-collection-override-republish-keeps-first-category',
    area: 'lifecycle',
    violates:
      '3: archived -> active, other fields unchanged (here a re-publish by POST /jobs with X-HTTP-Method-Override: PUT ' +
      'and the referenceId keeps only the first category)',
    expectedRule: 'jobs.lifecycle.republish-keeps-fields',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!(isOverride(req, 'PUT') && isCollection(req)) || body?.status !== 'active' || body.categories !== undefined) return next(req);
      const job = await namedJob(next, req, undefined, body);
      const categories = job?.categories as Array<{ id: number }> | undefined;
      if (job?.status !== 'archived' || !categories || categories.length < 2) return next(req);
      return next(withJsonBody(req, { ...body, categories: [{ id: categories[0]!.id }] }));
    },
  },
  {
    // spec 4.4, 7: a DELETE /jobs whose referenceId is no string names no job; it is answered, never with a 5xx
    name: 'lifecycle-delete-by-reference-crashes-on-number',
    area: 'lifecycle',
    violates: '4.4, 7: a request is answered, never with a 5xx (here DELETE /jobs with a number for referenceId fails on the server)',
    expectedRule: 'jobs.lifecycle.delete-by-reference-needs-one',
    transform: answerInstead((req) => isDelete(req) && isCollection(req) && typeof requestJson(req)?.referenceId === 'number', serverError),
  },
  {
    // spec 3, 7: a transition the spec does not show is accepted or refused, on every path, never with a 5xx
    name: 'lifecycle-rearchive-by-override-crashes',
    area: 'lifecycle',
    violates:
      '3, 7: a request is answered, never with a 5xx (here archiving an archived job through the method override fails on ' +
      'the server: the override path moves the job between status tables and finds none to move from)',
    expectedRule: 'jobs.lifecycle.draft-transitions',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isOverride(req, 'PUT') || body?.status !== 'archived') return next(req);
      const job = await namedJob(next, req, jobIdOf(req), body);
      return job?.status === 'archived' ? serverError() : next(req);
    },
  },
  {
    // spec 4.3: the fields sent change, whatever a transition 3 does not show does to the status
    name: 'lifecycle-rearchive-drops-other-fields',
    area: 'lifecycle',
    violates:
      '4.3: only the fields sent change, and they do (here archiving an archived job answers 200 and drops the other ' +
      'fields sent with the status: the path returns early when the status is already the one sent)',
    expectedRule: 'jobs.lifecycle.draft-transitions',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const id = jobIdOf(req);
      if (!isPut(req) || id === undefined || body?.status !== 'archived') return next(req);
      if (responseJson(await sideRequest(next, req, 'GET', `/jobs/${id}`))?.status !== 'archived') return next(req);
      return next(withJsonBody(req, { status: 'archived' }));
    },
  },
  {
    // spec 4.3: only the fields sent change, and a body may hold status beside them (3: archive and re-publish)
    name: 'lifecycle-status-change-by-reference-drops-locations',
    area: 'lifecycle',
    violates:
      '3, 4.3: the fields sent beside a status change take the values sent (here PUT /jobs with status and locations, and no title, keeps the old locations)',
    expectedRule: 'jobs.lifecycle.status-with-each-field',
    transform: rewriteRequest(
      (req) => isPutByReference(req) || (isOverride(req, 'PUT') && isCollection(req)),
      (body) => {
        if (typeof body.status === 'string' && Array.isArray(body.locations) && !('title' in body)) delete body.locations;
      },
    ),
  },
  {
    // spec 3, 1: archiving through the override is an archive, for every employer
    name: 'lifecycle-second-employer-override-archive-ignored',
    area: 'lifecycle',
    violates:
      "3: active to archived by PUT (here the second employer's POST /jobs/{id} with X-HTTP-Method-Override: PUT and " +
      'status archived answers 200 and leaves the status: a tenant handler that drops it)',
    expectedRule: 'jobs.lifecycle.second-employer-forms',
    transform: rewriteRequest(
      (req) => isOverride(req, 'PUT') && isItem(req) && req.headers['api-key'] === SECOND_KEY,
      (body) => {
        if (body.status === 'archived') delete body.status;
      },
    ),
  },
  {
    // spec 8, 4.3: a referenceId of 50 characters is valid on PUT /jobs, for every employer
    name: 'lifecycle-second-employer-reference-of-50-refused-by-put',
    area: 'lifecycle',
    violates:
      "8: referenceId max 50 characters (here the second employer's PUT /jobs refuses one of exactly 50: an off-by-one in a " +
      'tenant setting)',
    expectedRule: 'jobs.lifecycle.second-employer-forms',
    transform: answerInstead(
      (req) => {
        const ref = isPutByReference(req) && req.headers['api-key'] === SECOND_KEY ? requestJson(req)?.referenceId : undefined;
        return typeof ref === 'string' && [...ref].length === 50;
      },
      () => jsonResponse(400, { code: 'validation_failed', field: 'referenceId' }),
    ),
  },
  {
    // spec 4.5: page selects the page, with q too, for every employer
    name: 'lifecycle-second-employer-q-list-ignores-page',
    area: 'lifecycle',
    violates: "4.5: page selects the page (here the second employer's list with q and page always serves page 1)",
    expectedRule: 'jobs.lifecycle.second-employer-forms',
    transform: reshapeRequest(
      (req) => isList(req) && req.headers['api-key'] === SECOND_KEY && req.query.has('q') && req.query.has('page'),
      (req) => {
        const query = new URLSearchParams(req.query);
        query.set('page', '1');
        return { ...req, query };
      },
    ),
  },
  {
    // spec 3, 4.4: a delete removes the job it identifies; the id of a removed job reaches nothing
    name: 'lifecycle-old-id-of-archived-job-reaches-its-successor',
    area: 'lifecycle',
    violates:
      '3, 4.4: DELETE /jobs/{id} removes the job with that id (here, once an archived job is deleted by referenceId, a ' +
      'DELETE of its old id removes the job that took its referenceId since: the id is kept as an alias of the referenceId)',
    expectedRule: 'jobs.lifecycle.after-delete',
    transform: oldIdAliasesReference,
  },
  {
    // spec 4.7: POST on a resource path with X-HTTP-Method-Override: DELETE acts as a DELETE of that resource
    name: 'lifecycle-override-delete-with-body-updates',
    area: 'lifecycle',
    violates:
      '4.7: the DELETE override acts as a DELETE (here one that carries a JSON body, even {}, is routed as an update: ' +
      '200 with the job, which stays)',
    expectedRule: 'jobs.lifecycle.delete-by-override',
    transform: reshapeRequest(
      (req) => isItem(req) && isOverride(req, 'DELETE') && requestJson(req) !== undefined,
      (req) => ({ ...req, headers: { ...req.headers, 'x-http-method-override': 'PUT' } }),
    ),
  },
  {
    // spec 3: archived -> active, other fields unchanged; what closing on closeDate does is not shown, a re-publish is
    name: 'lifecycle-republish-extends-expired-close-date',
    area: 'lifecycle',
    violates:
      '3: a re-publish changes the status alone (here PUT /jobs/{id} re-publishing a job past its closeDate moves the ' +
      'closeDate 60 days from now, as a fresh lifetime)',
    expectedRule: 'jobs.lifecycle.republish-keeps-fields',
    transform: republishExtendsExpired,
  },
  {
    // spec 3: archived -> active for the job identified by id or referenceId: one transition whichever form names it
    name: 'lifecycle-republish-by-id-refused-when-expired',
    area: 'lifecycle',
    violates:
      '3: archived -> active, job identified by id or referenceId (here PUT /jobs/{id} refuses to re-publish a job past ' +
      'its closeDate, which PUT /jobs and the override re-publish)',
    expectedRule: 'jobs.lifecycle.republish-keeps-fields',
    transform: republishByIdRefusedWhenExpired,
  },
  {
    // spec 3: any -> DELETE -> (job removed); 4.3 names a body of a status alone valid, never a way back
    name: 'lifecycle-status-update-revives-deleted-job',
    area: 'lifecycle',
    violates: '3: a deleted job is removed (here a PUT /jobs/{id} whose body is a status alone brings it back, and GET reads it)',
    expectedRule: 'jobs.lifecycle.deleted-put-404',
    transform: statusUpdateRevivesDeleted,
  },
  {
    // spec 1, 4.4: a job is identified by its referenceId, however it came by it
    name: 'lifecycle-reference-given-later-unknown-to-delete',
    area: 'lifecycle',
    violates:
      '4.4: DELETE /jobs identifies the job by the referenceId in its body (here one that a job created without a ' +
      'referenceId was given later by PUT /jobs/{id} is not found: 404, and the job stays)',
    expectedRule: 'jobs.lifecycle.without-reference-id',
    transform: referenceGivenLaterUnindexed('delete'),
  },
  {
    // spec 4.5: q matches the referenceId, however the job came by it
    name: 'lifecycle-reference-given-later-not-searched',
    area: 'lifecycle',
    violates:
      '4.5: q matches job title and referenceId (here a referenceId that a job created without one was given later by ' +
      'PUT /jobs/{id} is not searched: q with it lists the job only where its title matches too)',
    expectedRule: 'jobs.lifecycle.without-reference-id',
    transform: referenceGivenLaterUnindexed('search'),
  },
  {
    // spec 4.5: q matches the job title as it is, for every employer
    name: 'lifecycle-second-employer-retitle-by-reference-stale-q',
    area: 'lifecycle',
    violates:
      "4.5: q matches job title and referenceId (here the search keeps a job's old title after the second employer's " +
      'PUT /jobs by referenceId retitles it: q finds it by the old title, not by the new one)',
    expectedRule: 'jobs.lifecycle.second-employer-forms',
    transform: staleIndex((req) => isPutByReference(req) && req.headers['api-key'] === SECOND_KEY),
  },
  {
    // spec 3, 4.4: DELETE removes the job: 204
    name: 'lifecycle-delete-keeps-employers-only-job',
    area: 'lifecycle',
    violates:
      "3, 4.4: DELETE removes the job it names, 204 (here DELETE /jobs/{id} of the employer's only job answers 204 and " + 'keeps it)',
    expectedRule: 'jobs.list.first-and-last-job',
    transform: deleteKeepsOnlyJob,
  },
  {
    // spec 4.7, 3: the DELETE override acts as a DELETE; the job is removed
    name: 'lifecycle-override-delete-keeps-fresh-override-created-job',
    area: 'lifecycle',
    violates:
      '4.7, 3: POST on a job path with the DELETE override removes the job (here it answers 204 and keeps a job made by ' +
      'PUT-create through the override that no write has touched since)',
    expectedRule: 'jobs.create.deleted-reference-reusable',
    transform: overrideDeleteSkipsFreshOverrideCreate,
  },
  {
    // spec 4.4, 3: DELETE /jobs removes the job its referenceId names
    name: 'lifecycle-delete-by-reference-misses-rename-by-id',
    area: 'lifecycle',
    violates:
      '4.4, 3: DELETE /jobs removes the job the referenceId names (here a referenceId a job took by PUT /jobs/{id} is ' +
      'not found by DELETE /jobs, and the job stays)',
    expectedRule: 'jobs.lifecycle.made-every-way',
    transform: deleteByReferenceMissesRenameById,
  },
  {
    // spec 4.3, 3: a PUT /jobs names its job by referenceId, for every employer
    name: 'lifecycle-second-employer-old-reference-names-renamed-job',
    area: 'lifecycle',
    violates:
      "4.3: PUT /jobs updates the job with that referenceId, or creates one (here the second employer's PUT /jobs with the " +
      'referenceId a job had before PUT /jobs/{id} renamed it updates that job: a reference cache keyed by the old name)',
    expectedRule: 'jobs.lifecycle.made-every-way',
    transform: forSecondEmployer(oldReferenceNamesRenamed),
  },
  {
    // spec 4.3, 1: PUT /jobs through the override names its job by the referenceId in its body
    name: 'lifecycle-override-put-create-old-reference-names-renamed-job',
    area: 'lifecycle',
    violates:
      '4.3: a PUT /jobs with a referenceId no job holds creates a job, through the override too (here POST /jobs with ' +
      'X-HTTP-Method-Override: PUT and the referenceId a job had before PUT /jobs/{id} renamed it updates that job)',
    expectedRule: ['jobs.lifecycle.made-every-way', 'jobs.model.lifecycle'],
    transform: oldReferenceNamesRenamedIn((req) => isOverride(req, 'PUT') && isCollection(req)),
  },
  {
    // spec 3: any -> removed by DELETE, the job identified by id or referenceId
    name: 'lifecycle-update-by-id-answers-job-deleted-by-reference',
    area: 'lifecycle',
    violates:
      '3: a deleted job is removed (here a job deleted by referenceId stays in a copy of removed rows, and an update by ' +
      'its id answers 200 from that copy with the fields sent, while a GET answers 404)',
    expectedRule: 'jobs.lifecycle.after-delete',
    transform: removedRowsAnswerUpdates,
  },
];
