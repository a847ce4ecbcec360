/**
 * @module Mutants only a sequence of operations reveals (spec 1, 3, 4.3, 4.4):
 * the model-based lifecycle rule must catch them.
 */
import type { CoreRequest, CoreResponse } from '../../mock/index.js';
import type { Mutant, Transform } from './mutant.js';
import { keepsDeletedReferences } from './support/deleted-references.js';
import { inputOf } from './support/job-input.js';
import {
  isJobBody,
  isListBody,
  isObject,
  jsonResponse,
  requestJson,
  responseJson,
  withJsonBody,
  withResponseJson,
  type JsonObject,
} from './support/json.js';
import { otherKey } from './support/keys.js';
import { deletesPrefixedReferences } from './support/prefix-deletes.js';
import {
  effectiveMethod,
  isAnyUpdate,
  isCollection,
  isItem,
  isList,
  isOverride,
  isPost,
  isPut,
  isPutById,
  isPutByReference,
  jobIdOf,
} from './support/routes.js';
import { relist } from './support/relist.js';
import { rewriteRequest } from './support/transforms.js';
import { currentJob, jobByReference, namedJob, sideRequest } from './support/side-requests.js';

const duplicate = (referenceId: unknown): CoreResponse =>
  jsonResponse(409, { status: 409, code: 'duplicate_reference_id', message: `referenceId ${JSON.stringify(referenceId)} is in use` });

const notFound = (referenceId: string): CoreResponse =>
  jsonResponse(404, { status: 404, code: 'not_found', message: `No job with referenceId ${JSON.stringify(referenceId)}` });

/** A PUT on /jobs/{id}, plainly or through X-HTTP-Method-Override. */
const isPutOnItem = (req: CoreRequest): boolean => isItem(req) && effectiveMethod(req) === 'PUT';

/** A request naming its job by the referenceId in its body: PUT /jobs or DELETE /jobs. */
const byReference = (req: CoreRequest): boolean => isCollection(req) && ['PUT', 'DELETE'].includes(effectiveMethod(req));

/** The employer's key and a referenceId, as one key of a mutant's own index. */
const keyed = (req: CoreRequest, referenceId: string): string => `${req.headers['api-key'] ?? ''} ${referenceId}`;

/** The last maxAmount each job answered with, by employer and id: a history the merge wrongly falls back to. */
const restoresClearedMax: Transform = (next) => {
  const lastMax = new Map<string, unknown>();
  return async (req) => {
    let sent = req;
    const body = requestJson(req);
    const salary = body?.salary;
    const named =
      isAnyUpdate(req) && isObject(salary) && !('maxAmount' in salary) ? await namedJob(next, req, jobIdOf(req), body) : undefined;
    if (named !== undefined) {
      const held = lastMax.get(keyed(req, String(named.id)));
      const stored = named.salary as JsonObject | null | undefined;
      if (held !== undefined && (stored?.maxAmount ?? null) === null)
        sent = withJsonBody(req, { ...body, salary: { ...(salary as JsonObject), maxAmount: held } });
    }
    const res = await next(sent);
    const job = responseJson(res);
    const max = isJobBody(job) && isObject(job.salary) ? job.salary.maxAmount : null;
    if (isJobBody(job) && max !== null && max !== undefined) lastMax.set(keyed(req, String(job.id)), Number(max));
    return res;
  };
};

const EMAIL_ROUTING_ID = 1;

/**
 * The last application URL each job was answered with, by employer and id: shown again under email routing once the
 * type has switched twice. The answer's text is edited in place, so its amounts keep their four decimals.
 */
function routingSwitchedBackShowsOldAddress(): Transform {
  const seen = new Map<string, { type?: unknown; switches: number; url?: unknown }>();
  return (next) => async (req) => {
    const res = await next(req);
    const job = res.status >= 200 && res.status < 300 ? responseJson(res) : undefined;
    if (!isJobBody(job)) return res;
    const key = keyed(req, String(job.id));
    const history = seen.get(key) ?? { switches: 0 };
    seen.set(key, history);
    const type = isObject(job.applicantRoutingType) ? job.applicantRoutingType.id : undefined;
    if (history.type !== undefined && history.type !== type) history.switches += 1;
    history.type = type;
    if (typeof job.applicationUrl === 'string') history.url = job.applicationUrl;
    // Only the email type's serializer reads the stale column.
    if (history.switches < 2 || type !== EMAIL_ROUTING_ID || typeof history.url !== 'string' || typeof res.body !== 'string') return res;
    return { ...res, body: res.body.replace('"applicationUrl":null', `"applicationUrl":${JSON.stringify(history.url)}`) };
  };
}

/** A body in the GET form: a location with more than its description, or a category with more than its id. */
function isGetShaped(body: JsonObject): boolean {
  const more = (list: unknown, key: string): boolean =>
    Array.isArray(list) && list.some((item) => typeof item === 'object' && item !== null && Object.keys(item).some((k) => k !== key));
  return more(body.locations, 'description') || more(body.categories, 'id');
}

/**
 * A referenceId index that a rename by `renames` (a PUT on /jobs/{id}, plain or overridden) does not update: the old
 * referenceId still names the job (a PUT by it updates the job, a DELETE by it deletes it), and the new one names nothing.
 */
const staleReferenceIndex =
  (renames: (req: CoreRequest) => boolean): Transform =>
  (next) => {
    const renamedFrom = new Map<string, number>();
    const renamedTo = new Set<string>();
    return async (req) => {
      const body = requestJson(req);
      const id = jobIdOf(req);
      if (isPutOnItem(req) && renames(req) && id !== undefined && typeof body?.referenceId === 'string') {
        const before = await currentJob(next, req, id);
        const res = await next(req);
        if (res.status === 200 && typeof before?.referenceId === 'string' && before.referenceId !== body.referenceId) {
          renamedFrom.set(keyed(req, before.referenceId), id);
          renamedTo.add(keyed(req, body.referenceId));
        }
        return res;
      }
      const ref = body?.referenceId;
      if (!byReference(req) || typeof ref !== 'string') return next(req);
      if (renamedTo.has(keyed(req, ref))) return notFound(ref);
      const stale = renamedFrom.get(keyed(req, ref));
      if (stale === undefined || (await currentJob(next, req, stale)) === undefined) return next(req);
      if (effectiveMethod(req) === 'DELETE') return sideRequest(next, req, 'DELETE', `/jobs/${stale}`);
      const { referenceId: _named, ...changes } = body!;
      return sideRequest(next, req, 'PUT', `/jobs/${stale}`, { body: changes });
    };
  };

/** A POST refused as a duplicate when its referenceId is one a PUT /jobs/{id} renamed a job away from. */
const renamedReferenceReservedForPost: Transform = (next) => {
  const renamedFrom = new Set<string>();
  return async (req) => {
    const body = requestJson(req);
    const id = jobIdOf(req);
    const ref = body?.referenceId;
    if (isPost(req) && typeof ref === 'string' && renamedFrom.has(keyed(req, ref))) return duplicate(ref);
    if (!isPutOnItem(req) || id === undefined || typeof ref !== 'string') return next(req);
    const before = await currentJob(next, req, id);
    const res = await next(req);
    if (res.status === 200 && typeof before?.referenceId === 'string' && before.referenceId !== ref)
      renamedFrom.add(keyed(req, before.referenceId));
    return res;
  };
};

/** A create (POST, or a PUT /jobs that creates) refused as a duplicate when the other employer holds its referenceId. */
const referenceUniqueAcrossEmployers: Transform = (next) => async (req) => {
  const ref = requestJson(req)?.referenceId;
  const other = otherKey(req.headers['api-key']);
  if (typeof ref !== 'string' || other === undefined || !(isPost(req) || isPutByReference(req))) return next(req);
  if (isPutByReference(req) && (await jobByReference(next, req, ref)) !== undefined) return next(req);
  const theirs = await jobByReference(next, { ...req, headers: { ...req.headers, 'api-key': other } }, ref);
  return theirs === undefined ? next(req) : duplicate(ref);
};

/** A rename (PUT /jobs/{id}, plainly or by override) refused as a duplicate when the other employer holds the referenceId. */
const renameUniqueAcrossEmployers: Transform = (next) => async (req) => {
  const ref = requestJson(req)?.referenceId;
  const other = otherKey(req.headers['api-key']);
  if (!(isItem(req) && effectiveMethod(req) === 'PUT') || typeof ref !== 'string' || ref === '' || other === undefined) return next(req);
  const theirs = await jobByReference(next, { ...req, headers: { ...req.headers, 'api-key': other } }, ref);
  return theirs === undefined ? next(req) : duplicate(ref);
};

/** A rename (PUT /jobs/{id}, plainly or by override) refused as a duplicate when the job itself held the referenceId before. */
const renameBackRefused: Transform = (next) => {
  const formerOf = new Map<number, Set<string>>();
  return async (req) => {
    const id = jobIdOf(req);
    const ref = requestJson(req)?.referenceId;
    if (!isPutOnItem(req) || id === undefined || typeof ref !== 'string') return next(req);
    const before = await currentJob(next, req, id);
    if (before?.referenceId !== ref && formerOf.get(id)?.has(ref)) return duplicate(ref);
    const res = await next(req);
    if (res.status === 200 && typeof before?.referenceId === 'string' && before.referenceId !== ref)
      formerOf.set(id, new Set([...(formerOf.get(id) ?? []), before.referenceId]));
    return res;
  };
};

/**
 * A status change by PUT /jobs that writes back the row the job was created with for its name: a job renamed since
 * gets the referenceId it was created with again, when no other job holds it.
 */
const statusByReferenceRestoresCreatedName: Transform = (next) => {
  const createdAs = new Map<number, string>();
  return async (req) => {
    const body = requestJson(req);
    const ref = body?.referenceId;
    const statusByName = isPutByReference(req) && typeof ref === 'string' && typeof body?.status === 'string';
    const named = statusByName ? await jobByReference(next, req, ref) : undefined;
    const job = named?.status === body?.status ? undefined : named;
    const res = await next(req);
    const answer = responseJson(res);
    if (res.status === 201 && isJobBody(answer) && typeof answer.referenceId === 'string') createdAs.set(answer.id, answer.referenceId);
    const created = job === undefined ? undefined : createdAs.get(job.id as number);
    if (res.status !== 200 || created === undefined || created === ref || (await jobByReference(next, req, created)) !== undefined)
      return res;
    const back = await sideRequest(next, req, 'PUT', `/jobs/${job!.id as number}`, { body: { referenceId: created } });
    return back.status === 200 ? back : res;
  };
};

/**
 * A referenceId index that a rename updates for the job leaving a name only: a name one job left and another took
 * since reads as free, so a POST with it creates a job (answered with that referenceId, stored without one).
 */
const createTakesNameMovedBetweenJobs: Transform = (next) => {
  const leftBy = new Map<string, number>();
  const takenBy = new Map<string, number>();
  return async (req) => {
    const body = requestJson(req);
    const ref = body?.referenceId;
    const id = jobIdOf(req);
    const name = typeof ref === 'string' ? keyed(req, ref) : '';
    const moved = isPost(req) && takenBy.has(name) && leftBy.has(name) && leftBy.get(name) !== takenBy.get(name);
    if (moved && (await jobByReference(next, req, ref as string))?.id === takenBy.get(name)) {
      const { referenceId: _free, ...rest } = body!;
      const res = await next(withJsonBody(req, rest));
      const made = responseJson(res);
      return res.status === 201 && isJobBody(made) ? withResponseJson(res, { ...made, referenceId: ref }) : res;
    }
    const before = isPutOnItem(req) && id !== undefined && typeof ref === 'string' ? await currentJob(next, req, id) : undefined;
    const res = await next(req);
    if (res.status === 200 && typeof before?.referenceId === 'string' && before.referenceId !== ref) {
      leftBy.set(keyed(req, before.referenceId), id!);
      takenBy.set(name, id!);
    }
    return res;
  };
};

/**
 * PUT /jobs/{id} answered from a copy of the job that a create, a read by id and its own answers fill: with no title
 * in the body, the answer carries the copy's title, so a title changed since on another path (PUT /jobs, the override)
 * is missing from it until the job is read again. The store is right.
 */
const putByIdAnswersCopiedTitle: Transform = (next) => {
  const titles = new Map<string, unknown>();
  return async (req) => {
    const res = await next(req);
    const job = responseJson(res);
    if (!isJobBody(job) || res.status >= 300) return res;
    const copy = keyed(req, String(job.id));
    const fills = (isPost(req) && res.status === 201) || (req.method === 'GET' && isItem(req));
    if (!isPutById(req) || typeof res.body !== 'string' || !titles.has(copy) || 'title' in (requestJson(req) ?? {})) {
      if (fills || isPutById(req)) titles.set(copy, job.title);
      return res;
    }
    const answer = res.body.replace(`"title":${JSON.stringify(job.title)}`, `"title":${JSON.stringify(titles.get(copy))}`);
    return { ...res, body: answer };
  };
};

/**
 * A referenceId lookup keyed by the referenceId alone, whose slot a DELETE /jobs by it empties for every employer: the
 * other employer's job with that referenceId is then found by id only. DELETE /jobs with it answers 404, PUT /jobs
 * takes it for a create and refuses it as a duplicate, until a create takes the referenceId again.
 */
const referenceLookupLostToOtherDelete: Transform = (next) => {
  const emptiedBy = new Map<string, string>();
  return async (req) => {
    const ref = requestJson(req)?.referenceId;
    const key = req.headers['api-key'] ?? '';
    const named = byReference(req) && typeof ref === 'string';
    if (named && emptiedBy.has(ref) && emptiedBy.get(ref) !== key)
      return effectiveMethod(req) === 'DELETE' ? notFound(ref) : duplicate(ref);
    const res = await next(req);
    if (named && effectiveMethod(req) === 'DELETE' && res.status === 204) emptiedBy.set(ref, key);
    if (res.status === 201 && typeof ref === 'string') emptiedBy.delete(ref);
    return res;
  };
};

/**
 * A list projection that files jobs by referenceId across employers: DELETE /jobs/{id} drops from the lists every job
 * with the deleted job's referenceId, the other employer's too, which still reads by id.
 */
const deleteByIdHidesOtherEmployersNamesake: Transform = (next) => {
  const hidden = new Set<unknown>();
  const listed = relist(({ items }) => items.filter((item) => !hidden.has(item.id)))(next);
  return async (req) => {
    if (isList(req)) return hidden.size === 0 ? next(req) : listed(req);
    const id = req.method === 'DELETE' ? jobIdOf(req) : undefined;
    if (id === undefined) return next(req);
    const before = await currentJob(next, req, id);
    const res = await next(req);
    const ref = before?.referenceId;
    const other = otherKey(req.headers['api-key']);
    if (res.status !== 204 || typeof ref !== 'string' || other === undefined) return res;
    const twin = await jobByReference(next, { ...req, headers: { ...req.headers, 'api-key': other } }, ref);
    if (twin !== undefined) hidden.add(twin.id);
    return res;
  };
};

/**
 * A re-publish (a status alone) that restores the job as it was archived (a snapshot taken by the archive): an edit
 * made while the job was archived is undone, its description back to the archived one.
 */
const republishRestoresArchivedSnapshot: Transform = (next) => {
  const archived = new Map<number, unknown>();
  return async (req) => {
    const body = requestJson(req);
    const status = body?.status;
    // A re-publish alone (the status, and the referenceId that names the job on PUT /jobs), on any update path.
    const alone = Object.keys(body ?? {}).every((field) => field === 'status' || field === 'referenceId');
    const update = isPutOnItem(req) || (byReference(req) && effectiveMethod(req) === 'PUT');
    const before = status === 'active' && alone && update ? await namedJob(next, req, jobIdOf(req), body) : undefined;
    const res = await next(req);
    const job = responseJson(res);
    if (res.status !== 200 || !isJobBody(job)) return res;
    if (status === 'archived') archived.set(job.id, job.description);
    const snapshot = archived.get(job.id);
    if (before?.status !== 'archived' || snapshot === undefined || snapshot === job.description) return res;
    const back = await sideRequest(next, req, 'PUT', `/jobs/${job.id}`, { body: { description: snapshot } });
    return back.status === 200 ? back : res;
  };
};

/**
 * A PUT by id that skips a title it set itself before as a repeat: set back by id to that title after another path
 * changed it, the answer shows the title sent while the job keeps the other one.
 */
const titleSetBackByIdSkipped: Transform = (next) => {
  const setById = new Map<number, unknown>();
  return async (req) => {
    const body = requestJson(req);
    const id = jobIdOf(req);
    if (!isPutById(req) || id === undefined || typeof body?.title !== 'string') return next(req);
    if (setById.get(id) !== body.title) {
      setById.set(id, body.title);
      return next(req);
    }
    const held = (await currentJob(next, req, id))?.title;
    if (held === undefined || held === body.title) return next(req);
    const { title: _repeat, ...rest } = body;
    const res = await next(withJsonBody(req, rest));
    return typeof res.body === 'string' && res.status === 200
      ? { ...res, body: res.body.replace(`"title":${JSON.stringify(held)}`, `"title":${JSON.stringify(body.title)}`) }
      : res;
  };
};

/**
 * An ORM's dirty check against the title it first loaded for a job, kept across requests: a PUT by id that sets the
 * title back to that first value, after other writes changed it, compares equal and is not written.
 */
const titleBackToFirstSkipped: Transform = (next) => {
  const first = new Map<number, unknown>();
  return async (req) => {
    const body = requestJson(req);
    const id = jobIdOf(req);
    if (isPutById(req) && id !== undefined && typeof body?.title === 'string' && first.get(id) === body.title) {
      const held = (await currentJob(next, req, id))?.title;
      if (held !== undefined && held !== body.title) {
        const { title: _unchanged, ...rest } = body;
        return next(withJsonBody(req, rest));
      }
    }
    const res = await next(req);
    const job = responseJson(res);
    if (res.status < 300 && isJobBody(job) && !first.has(job.id)) first.set(job.id, job.title);
    return res;
  };
};

/**
 * Salaries kept as rows that an update shares: a job given by an update the very salary another job of its employer
 * holds points at that job's row, and a later salary change of either job changes both.
 */
const equalSalariesShareARow: Transform = (next) => {
  const rows = new Map<number, string>();
  const groups = new Map<number, Set<number>>();
  const key = (req: CoreRequest): string => req.headers['api-key'] ?? '';
  return async (req) => {
    const sentSalary = req.method !== 'GET' && isObject(requestJson(req)?.salary);
    const res = await next(req);
    const job = responseJson(res);
    if (req.method === 'GET' || res.status >= 300 || !isJobBody(job)) return res;
    const salary = job.salary as { amount: number; maxAmount: unknown; period: { id: number }; plusCommission: unknown } | null;
    const row = `${key(req)} ${JSON.stringify(salary)}`;
    const group = groups.get(job.id);
    if (sentSalary && salary !== null && group !== undefined) {
      const input = {
        amount: salary.amount,
        maxAmount: salary.maxAmount,
        period: { id: salary.period.id },
        plusCommission: salary.plusCommission,
      };
      for (const other of group) if (other !== job.id) await sideRequest(next, req, 'PUT', `/jobs/${other}`, { body: { salary: input } });
    } else if (sentSalary && salary !== null && res.status === 200) {
      const twin = [...rows].find(([id, held]) => id !== job.id && held === row)?.[0];
      if (twin !== undefined) {
        const shared = groups.get(twin) ?? new Set([twin]);
        groups.set(twin, shared.add(job.id)).set(job.id, shared);
      }
    }
    rows.set(job.id, row);
    return res;
  };
};

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
  {
    // spec 2.1, 4.3: referenceId is unique among the employer's jobs; the job's own is no other job's
    name: 'model-put-own-reference-refused',
    area: 'model',
    violates:
      "2.1, 4.3: a PUT body is symmetrical with the GET result (here PUT /jobs/{id} carrying the job's own referenceId answers 409: " +
      'the duplicate check forgets to leave the job itself out)',
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => async (req) => {
      const ref = requestJson(req)?.referenceId;
      const id = jobIdOf(req);
      if (!isPutOnItem(req) || id === undefined || typeof ref !== 'string') return next(req);
      const job = await currentJob(next, req, id);
      return job?.referenceId === ref ? duplicate(ref) : next(req);
    },
  },
  {
    // spec 4.3: a PUT body is symmetrical with the GET result, on an update too
    name: 'model-update-refuses-get-shaped-body',
    area: 'model',
    violates:
      '4.3: a PUT body is symmetrical with the GET result (here an update of an existing job, by id, by referenceId or by override, ' +
      'refuses locations and categories in their GET form with 400; PUT-create takes them)',
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const updates = isPutOnItem(req) || (isPutByReference(req) && typeof body?.referenceId === 'string');
      if (!updates || body === undefined || !isGetShaped(body)) return next(req);
      const existing = await namedJob(next, req, jobIdOf(req), body);
      if (existing === undefined) return next(req);
      return jsonResponse(400, { status: 400, code: 'invalid_body', message: 'locations take only a description, categories only an id' });
    },
  },
  {
    // spec 1, 4.3, 4.4: a job is identified by the employer's referenceId, the one it holds now
    name: 'model-stale-reference-index',
    area: 'model',
    violates:
      '1, 4.3, 4.4: a job is identified by its referenceId (here a referenceId changed by PUT /jobs/{id} leaves a stale index: ' +
      'the old one still names the job, the new one names nothing)',
    expectedRule: 'jobs.model.lifecycle',
    transform: staleReferenceIndex(() => true),
  },
  {
    // spec 1, 4.3, 4.4: a referenceId names the job that holds it now, whichever form of PUT renamed it
    name: 'model-override-rename-leaves-stale-index',
    area: 'model',
    violates:
      '1, 4.3, 4.4: a job is identified by its referenceId (here only a rename through X-HTTP-Method-Override: PUT leaves a stale ' +
      'index: the old referenceId still names the job, the new one names nothing)',
    expectedRule: 'jobs.model.lifecycle',
    transform: staleReferenceIndex((req) => req.method === 'POST'),
  },
  {
    // spec 3, 4.2: a deleted job is removed, whichever way it was named
    name: 'model-reference-reserved-after-delete-by-reference',
    area: 'model',
    violates:
      '3, 4.2: a deleted job is removed (here only a DELETE /jobs by referenceId keeps the referenceId reserved: ' +
      'a create with it answers 409; deletes by id free it)',
    expectedRule: 'jobs.model.lifecycle',
    transform: keepsDeletedReferences(
      async (next, req, referenceId) =>
        isPost(req) || (isPutByReference(req) && (await jobByReference(next, req, referenceId)) === undefined),
      (req) => isCollection(req),
    ),
  },
  {
    // spec 3, 4.7: a delete through the override removes the job as DELETE does; its own handler may only mark it
    name: 'model-reference-reserved-after-delete-by-override',
    area: 'model',
    violates:
      '3, 4.7: the override acts as a DELETE of the resource (here a job deleted through it keeps its referenceId ' +
      'reserved: a create with it answers 409; the plain deletes free it)',
    expectedRule: 'jobs.model.lifecycle',
    transform: keepsDeletedReferences(
      async (next, req, referenceId) =>
        isPost(req) || (isPutByReference(req) && (await jobByReference(next, req, referenceId)) === undefined),
      (req) => req.method === 'POST',
    ),
  },
  {
    // spec 1, 4.2: a referenceId is the employer's own; another employer's does not exist for it
    name: 'model-reference-unique-across-employers',
    area: 'model',
    violates:
      "1, 4.2: a referenceId is the employer's own (here a create with a referenceId another employer holds answers 409, as if it already existed)",
    expectedRule: 'jobs.model.lifecycle',
    transform: referenceUniqueAcrossEmployers,
  },
  {
    // spec 1, 4.3: a referenceId is the employer's own; renaming a job to one only another employer holds is a field change
    name: 'model-rename-onto-other-employer-reference-refused',
    area: 'model',
    violates:
      "1, 4.3: a referenceId is the employer's own (here a PUT /jobs/{id} renaming a job to a referenceId another employer holds " +
      'answers 409, as if it already existed)',
    expectedRule: 'jobs.model.lifecycle',
    transform: renameUniqueAcrossEmployers,
  },
  {
    // spec 4.4: DELETE /jobs removes the job with that referenceId, no other
    name: 'model-delete-by-reference-prefix',
    area: 'model',
    violates: '4.4: DELETE /jobs removes the job identified by the referenceId (here also every job whose referenceId starts with it)',
    expectedRule: 'jobs.model.lifecycle',
    transform: deletesPrefixedReferences(isCollection),
  },
  {
    // spec 2.1, 4.3: salary is "Object or null"; only the fields sent change, to the values sent
    name: 'model-salary-null-ignored',
    area: 'model',
    violates: '2.1, 4.3: the fields sent change (here a PUT with salary null answers 200 and keeps the salary)',
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!(isPutOnItem(req) || isPutByReference(req)) || body?.salary !== null) return next(req);
      const { salary: _dropped, ...rest } = body;
      return next(withJsonBody(req, rest));
    },
  },
  {
    // spec 4.2: only a referenceId that already exists is refused; one its job was renamed away from does not
    name: 'model-renamed-reference-reserved-for-post',
    area: 'model',
    violates:
      '4.2: a POST is refused only for a referenceId that already exists (here one a PUT /jobs/{id} renamed away from stays reserved ' +
      'for POST: 409; PUT /jobs with it creates)',
    expectedRule: 'jobs.model.lifecycle',
    transform: renamedReferenceReservedForPost,
  },
  {
    // spec 2.7, 4.3: a list item shows the job's fields, with the same meaning; an update changes them
    name: 'model-list-header-keeps-created-confidential',
    area: 'model',
    violates: '2.7, 4.3: a job header has the fields of the job (here the list shows confidential as created; GET shows the update)',
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => {
      const created = new Map<number, unknown>();
      return async (req) => {
        const res = await next(req);
        const body = responseJson(res);
        if (isPost(req) && res.status === 201 && isJobBody(body)) created.set(body.id, body.confidential);
        if (res.status !== 200 || !isListBody(body)) return res;
        for (const item of body.data) if (created.has(item.id as number)) item.confidential = created.get(item.id as number);
        return withResponseJson(res, body);
      };
    },
  },
  {
    // spec 3: active -> archived keeps the other fields as they are, updates included
    name: 'model-archive-restores-created-title',
    area: 'model',
    violates:
      '3: active -> archived, other fields unchanged (here an archive puts back the title the job was created with, as a server ' +
      'that archives from a snapshot of the create would)',
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => {
      const createdTitles = new Map<number, unknown>();
      return async (req) => {
        const body = requestJson(req);
        const archives = (isPutOnItem(req) || isPutByReference(req)) && body?.status === 'archived';
        const job = archives ? await namedJob(next, req, jobIdOf(req), body) : undefined;
        const res = await next(req);
        const answer = responseJson(res);
        if (isPost(req) && res.status === 201 && isJobBody(answer)) createdTitles.set(answer.id, answer.title);
        const title = job === undefined ? undefined : createdTitles.get(job.id as number);
        if (res.status !== 200 || title === undefined || title === job?.title) return res;
        await sideRequest(next, req, 'PUT', `/jobs/${job!.id as number}`, { body: { title } });
        return withResponseJson(res, { ...answer, title });
      };
    },
  },
  {
    // spec 4.3: the fields sent change, status among them
    name: 'model-status-change-drops-other-fields',
    area: 'model',
    violates: '3, 4.3: a PUT with a status and other fields changes them all (here PUT /jobs/{id} with a status applies only the status)',
    expectedRule: 'jobs.model.lifecycle',
    transform: rewriteRequest(
      (req) => isPut(req) && isItem(req),
      (body) => (body.status === undefined ? body : { status: body.status }),
    ),
  },
  {
    // spec 2.8: total is the number of matching jobs; a count cached per query and only ever raised keeps counting a deleted job
    name: 'model-list-total-kept-after-delete',
    area: 'model',
    violates: '2.8: paging.total is the number of matching jobs (here a count kept per query that a delete never lowers)',
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => {
      const highest = new Map<string, number>();
      return async (req) => {
        const res = await next(req);
        const body = isList(req) && res.status === 200 ? responseJson(res) : undefined;
        if (!isListBody(body)) return res;
        const query = `${req.headers['api-key'] ?? ''} ${req.query.get('q') ?? ''} ${req.query.get('status') ?? ''}`;
        const total = Math.max(highest.get(query) ?? 0, body.paging.total as number);
        highest.set(query, total);
        return withResponseJson(res, { ...body, paging: { ...body.paging, total } });
      };
    },
  },
  {
    // spec 4.3, 4.4: a renamed job answers to its new referenceId on every path that names a job by one
    name: 'model-override-rename-unknown-to-delete-by-reference',
    area: 'model',
    violates:
      '4.3, 4.4: a job is identified by its referenceId (here a referenceId given through the override PUT is indexed for ' +
      'reads and PUT /jobs, but DELETE /jobs answers 404 for it)',
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => {
      const renamed = new Set<string>();
      return async (req) => {
        const body = requestJson(req);
        const id = jobIdOf(req);
        if (req.method === 'POST' && effectiveMethod(req) === 'PUT' && id !== undefined && typeof body?.referenceId === 'string') {
          const before = await currentJob(next, req, id);
          const res = await next(req);
          if (res.status === 200 && before?.referenceId !== body.referenceId) renamed.add(body.referenceId);
          return res;
        }
        const byReference = effectiveMethod(req) === 'DELETE' && isCollection(req) && typeof body?.referenceId === 'string';
        return byReference && renamed.has(body.referenceId as string) ? notFound(body.referenceId as string) : next(req);
      };
    },
  },
  {
    // spec 1, 4.4: a referenceId is the employer's own; a DELETE by it removes the caller's job only
    name: 'model-delete-by-shared-reference-takes-oldest-holder',
    area: 'model',
    violates:
      "1, 4.4: a job is named by the employer's own referenceId (here DELETE /jobs removes the oldest job holding it, " +
      "whichever employer's it is)",
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const other = otherKey(req.headers['api-key']);
      const byReference = effectiveMethod(req) === 'DELETE' && isCollection(req) && typeof body?.referenceId === 'string';
      if (!byReference || other === undefined) return next(req);
      const asOther: CoreRequest = { ...req, headers: { ...req.headers, 'api-key': other } };
      const mine = await jobByReference(next, req, body.referenceId as string);
      const theirs = await jobByReference(next, asOther, body.referenceId as string);
      return mine && theirs && (theirs.id as number) < (mine.id as number) ? next(asOther) : next(req);
    },
  },
  {
    // spec 4.3, 2.1: the fields sent change, salary null among them, in every update form
    name: 'model-collection-override-ignores-salary-null',
    area: 'model',
    violates:
      '4.3: only the fields sent change, and they do (here POST /jobs with X-HTTP-Method-Override: PUT and a referenceId ' +
      'answers 200 to salary null and keeps the salary: that path reads null as "not sent")',
    expectedRule: 'jobs.model.lifecycle',
    transform: rewriteRequest(
      (req) => isOverride(req, 'PUT') && isCollection(req) && requestJson(req)?.salary === null,
      ({ salary: _ignored, ...rest }) => rest,
    ),
  },
  {
    // spec 4.3: a PUT /jobs/{id} carrying the job's own referenceId is a valid update: its other fields change
    name: 'model-own-reference-by-id-drops-title',
    area: 'model',
    violates:
      "4.3: only the fields sent change, and they do (here PUT /jobs/{id} with the job's own referenceId drops the title " +
      'sent with it: the path takes the body for a rename that changes nothing)',
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const id = jobIdOf(req);
      if (!isPut(req) || id === undefined || typeof body?.referenceId !== 'string' || body.title === undefined) return next(req);
      if ((await currentJob(next, req, id))?.referenceId !== body.referenceId) return next(req);
      const { title: _dropped, ...rest } = body;
      return next(withJsonBody(req, rest));
    },
  },
  {
    // spec 4.3: a referenceId no live job holds is free, to the job that held it too
    name: 'model-rename-back-refused',
    area: 'model',
    violates:
      '4.3: a PUT /jobs/{id} with only a referenceId changes it (here a rename back to a referenceId the job held before ' +
      "is refused as in use: the server keeps a job's former referenceIds as its own)",
    expectedRule: 'jobs.model.lifecycle',
    transform: renameBackRefused,
  },
  {
    // spec 4.3: only the fields sent change; a salary sent without maxAmount leaves the one the job holds now
    name: 'model-salary-without-max-restores-cleared-max',
    area: 'model',
    violates:
      '4.3: only the fields sent change (here an update whose salary leaves maxAmount out, to a job whose maxAmount was ' +
      'cleared, gets back the last maxAmount the job had: the merge falls back to a history column)',
    expectedRule: 'jobs.model.lifecycle',
    transform: restoresClearedMax,
  },
  {
    // spec 2.1: the address of the routing type not in effect is null in responses
    name: 'model-routing-switched-back-shows-old-address',
    area: 'model',
    violates:
      '2.1: applicationUrl is null in responses when not applicable (here a job whose routing type has switched twice ' +
      'shows its last URL under email routing, on every read)',
    expectedRule: 'jobs.model.lifecycle',
    transform: routingSwitchedBackShowsOldAddress(),
  },
  {
    // spec 3: active -> archived and back, other fields unchanged; 4.3: only the fields sent change
    name: 'model-status-change-by-reference-restores-created-name',
    area: 'model',
    violates:
      '3, 4.3: a status change leaves the other fields as they are (here a PUT /jobs that changes the status of a renamed ' +
      'job by its new referenceId gives it back the referenceId it was created with)',
    expectedRule: 'jobs.model.lifecycle',
    transform: statusByReferenceRestoresCreatedName,
  },
  {
    // spec 4.2, 7.1: a POST with a referenceId already in use is rejected
    name: 'model-create-takes-name-moved-between-jobs',
    area: 'model',
    violates:
      '4.2: posting a referenceId that already exists is rejected (here a name one job was renamed away from and another ' +
      'renamed onto reads as free: POST with it creates a job)',
    expectedRule: 'jobs.model.lifecycle',
    transform: createTakesNameMovedBetweenJobs,
  },
  {
    // spec 4.3: the update response is the full Job, as it now is
    name: 'model-put-by-id-answers-copied-title',
    area: 'model',
    violates:
      '4.3: a PUT answers 200 with the full job (here PUT /jobs/{id} without a title answers the title of a copy that a ' +
      'create or a read filled: one changed since by PUT /jobs is missing from the answer until the job is read again)',
    expectedRule: 'jobs.model.lifecycle',
    transform: putByIdAnswersCopiedTitle,
  },
  {
    // spec 1, 4.3, 5.3: an employer's own referenceId names its job, whatever another employer does with the same one
    name: 'model-reference-lookup-lost-to-other-employers-delete',
    area: 'model',
    violates:
      "4.3, 5.3: PUT /jobs names the employer's own job by referenceId (here, once the other employer deleted its job " +
      'with the same referenceId, PUT /jobs and DELETE /jobs with it no longer find the job: 409 and 404)',
    expectedRule: 'jobs.model.lifecycle',
    transform: referenceLookupLostToOtherDelete,
  },
  {
    // spec 1, 4.5, 5.3: the list returns the employer's jobs; a delete removes the job it names, and no other
    name: 'model-delete-by-id-hides-other-employers-namesake',
    area: 'model',
    violates:
      "4.5, 5.3: the list returns the employer's jobs (here DELETE /jobs/{id} also drops the other employer's job with the " +
      "same referenceId from that employer's list and total; it still reads by id)",
    expectedRule: 'jobs.model.lifecycle',
    transform: deleteByIdHidesOtherEmployersNamesake,
  },
  {
    // spec 3: archived -> active, other fields unchanged (an edit made while archived among them)
    name: 'model-republish-restores-archived-snapshot',
    area: 'model',
    violates:
      '3: a re-publish changes the status alone (here it restores the job as it was archived: a description edited while ' +
      'the job was archived goes back)',
    expectedRule: 'jobs.model.lifecycle',
    transform: republishRestoresArchivedSnapshot,
  },
  {
    // spec 4.3: the fields sent change, a value the field held before among them
    name: 'model-title-set-back-by-id-skipped',
    area: 'model',
    violates:
      '4.3: the fields sent change (here a PUT /jobs/{id} that sets back a title it set before, after another path changed ' +
      'it, is skipped as a repeat: the answer shows the title sent, the job keeps the other one)',
    expectedRule: 'jobs.model.lifecycle',
    transform: titleSetBackByIdSkipped,
  },
  {
    // spec 4.3: only the fields sent change, on the job the write names
    name: 'model-equal-salaries-share-a-row',
    area: 'model',
    violates:
      "4.3: only the fields sent change (here an update that gives a job another job's very salary shares that job's " +
      'row: a later salary change of either job changes the other too)',
    expectedRule: 'jobs.model.lifecycle',
    transform: equalSalariesShareARow,
  },
  {
    // spec 4.3: the fields sent change, whatever values the job held before
    name: 'model-title-set-back-to-first-value-skipped',
    area: 'model',
    violates:
      '4.3: the fields sent change (here a PUT /jobs/{id} that sets the title back to the one the job was created with, ' +
      'after other writes changed it, is not written: a dirty check compares it with the first value loaded)',
    expectedRule: 'jobs.model.lifecycle',
    transform: titleBackToFirstSkipped,
  },
];
