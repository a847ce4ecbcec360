/**
 * @module Mutants of partial updates (spec 4.3, 2.1): only the fields sent
 * change, read-only fields never do, and the answer is the updated job.
 */
import type { CoreHandler, CoreRequest, CoreResponse } from '../../mock/index.js';
import { SALARY_PERIOD_MEANINGS } from '../../schemas/id-meanings.js';
import { DAY_MS } from '../../schemas/time-units.js';
import type { Mutant, Transform } from './mutant.js';
import { honoursSent } from './support/honours-sent.js';
import { inputOf } from './support/job-input.js';
import { JobOverrides } from './support/job-overrides.js';
import {
  isJobBody,
  isListBody,
  isObject,
  jsonResponse,
  requestJson,
  responseText,
  responseJson,
  withJsonBody,
  withResponseJson,
  type JsonObject,
} from './support/json.js';
import {
  effectiveMethod,
  isAnyUpdate,
  isCollection,
  isDelete,
  isItem,
  isJobsPath,
  isList,
  isOverride,
  isPost,
  isPut,
  isPutById,
  isPutByReference,
  jobIdOf,
} from './support/routes.js';
import { forSecondEmployer } from './support/keys.js';
import { allHeaders, relist } from './support/relist.js';
import { canonicalBody, replaysAnswers, type Kept } from './support/replays.js';
import { currentJob, jobByReference, jobsWithoutReference, namedJob, namesNoReference, sideRequest } from './support/side-requests.js';
import { answerInstead, reshapeRequest, rewriteJobs, rewriteRequest, rewriteResponseText } from './support/transforms.js';

/**
 * A partial salary update without the amount merges the stored amount back as a plain number: from then on the job's
 * answers and reads write it unformatted (52000, not 52000.0000).
 */
const amountUnformattedAfterPartialSalary: Transform = (next) => {
  const plain = new Set<unknown>();
  return async (req) => {
    const sent = requestJson(req);
    const res = await next(req);
    const job = responseJson(res);
    if (!isJobBody(job) || res.body === undefined) return res;
    if (isAnyUpdate(req) && res.status === 200 && isObject(sent?.salary)) {
      if ('amount' in sent.salary) plain.delete(job.id);
      else plain.add(job.id);
    }
    if (!plain.has(job.id)) return res;
    const text = responseText(res);
    return { ...res, body: text.replace(/"amount":(-?\d+\.\d{4})/, (_match, amount: string) => `"amount":${Number(amount)}`) };
  };
};

/**
 * A server that stores a job under the id a client names: a PUT /jobs/{id} the core answers 404 creates the
 * job (by a side POST) and from then on that id stands for it, in paths and in every body that shows it.
 */
function createsUnderClientIds(next: CoreHandler): CoreHandler {
  const toService = new Map<string, number>();
  const toClient = new Map<string, number>();
  const keyed = (req: CoreRequest, id: unknown): string => `${req.headers['api-key'] ?? ''} ${String(id)}`;
  const showClientIds = (req: CoreRequest, res: CoreResponse): CoreResponse => {
    const body = responseJson(res);
    const jobs = isJobBody(body) ? [body] : isListBody(body) ? body.data : [];
    const mapped = jobs.filter((job) => toClient.has(keyed(req, job.id)));
    for (const job of mapped) job.id = toClient.get(keyed(req, job.id));
    return mapped.length === 0 ? res : withResponseJson(res, body);
  };
  return async (req) => {
    const id = jobIdOf(req);
    const service = id === undefined ? undefined : toService.get(keyed(req, id));
    if (service !== undefined)
      return showClientIds(req, await next({ ...req, path: req.path.replace(/\/jobs\/\d+/i, `/jobs/${service}`) }));
    const res = await next(req);
    const body = requestJson(req);
    if (!isPutById(req) || id === undefined || res.status !== 404 || body === undefined) return showClientIds(req, res);
    const made = await sideRequest(next, req, 'POST', '/jobs', { body });
    const job = responseJson(made);
    if (made.status !== 201 || !isJobBody(job)) return res;
    toService.set(keyed(req, id), job.id);
    toClient.set(keyed(req, job.id), id);
    return withResponseJson(made, { ...job, id });
  };
}

/**
 * A write that `match`es and sends `field` writes the new entries into the job's old rows by position: each keeps the
 * name of the entry that held its place before (an entry beyond the old count shows its own), from then on.
 */
function keepsOldNamesByPosition(match: (req: CoreRequest) => boolean, field: 'locations' | 'categories'): Transform {
  return (next) => {
    const overrides = new JobOverrides();
    return async (req) => {
      const body = requestJson(req);
      if (!match(req) || !Array.isArray(body?.[field])) return overrides.apply(await next(req));
      const before = await namedJob(next, req, jobIdOf(req), body);
      const res = await next(req);
      const names = (before?.[field] as JsonObject[] | undefined)?.map((entry) => entry.name);
      const shown = responseJson(res)?.[field] as JsonObject[] | undefined;
      if (res.status === 200 && names && shown)
        overrides.set(responseJson(res)!.id as number, { [field]: shown.map((entry, i) => ({ ...entry, name: names[i] ?? entry.name })) });
      return overrides.apply(res);
    };
  };
}

/**
 * PUT /jobs that sends as many places as the job holds, some of them the same at the same position, rewrites each
 * changed row's description alone: it keeps the old place's id and name, from then on.
 */
const placesReplacedInPartKeepOldRows: Transform = (next) => {
  const overrides = new JobOverrides();
  return async (req) => {
    const body = requestJson(req);
    const places = body?.locations;
    const sent = isPutByReference(req) && Array.isArray(places) && places.every(isObject) ? places : undefined;
    const held = sent ? ((await namedJob(next, req, undefined, body))?.locations as JsonObject[] | undefined) : undefined;
    const changed = sent?.map((place, i) => place.description !== held?.[i]?.description) ?? [];
    const res = await next(req);
    const job = responseJson(res);
    const inPart = held?.length === sent?.length && changed.includes(true) && changed.includes(false);
    if (inPart && res.status === 200 && isJobBody(job)) {
      const shown = (job.locations as JsonObject[]).map((place, i) =>
        changed[i] ? { ...place, id: held![i]!.id, name: held![i]!.name } : place,
      );
      overrides.set(job.id, { locations: shown });
    }
    return overrides.apply(res);
  };
};

/** A date written within the last 30 days: a job's own publishDate, never the suite's foreign one (2001). */
const isRecent = (date: unknown): boolean => typeof date === 'string' && Date.now() - Date.parse(date) < 30 * 86_400_000;

const isAnyPut = (req: Parameters<typeof isPut>[0]): boolean => effectiveMethod(req) === 'PUT' && isJobsPath(req);

/** A partial salary on the updates `match` picks replaces the stored one whole (maxAmount null, plusCommission false; 400 without an amount). */
function replacesSalaryWhole(match: (req: CoreRequest) => boolean): Mutant['transform'] {
  return (next) => async (req) => {
    const body = requestJson(req);
    const salary = body?.salary;
    if (!match(req) || body === undefined || salary === null || typeof salary !== 'object' || Array.isArray(salary)) return next(req);
    if (!('amount' in salary)) return jsonResponse(400, { status: 400, code: 'validation_failed', message: 'a salary needs an amount' });
    return next(withJsonBody(req, { ...body, salary: { maxAmount: null, plusCommission: false, ...salary } }));
  };
}

/**
 * The unique check forgotten on updates that `match` picks, of the jobs `targets` picks (all by default): the rest is
 * applied, the answer shows the referenceId as set.
 */
function acceptsDuplicateReference(
  match: (req: CoreRequest) => boolean,
  targets?: (job: JsonObject | undefined) => boolean,
): Mutant['transform'] {
  return (next) => async (req) => {
    const body = requestJson(req);
    const id = jobIdOf(req);
    if (!match(req) || id === undefined || typeof body?.referenceId !== 'string') return next(req);
    const holder = await jobByReference(next, req, body.referenceId);
    if (holder === undefined || holder.id === id) return next(req);
    if (targets !== undefined && !targets(await currentJob(next, req, id))) return next(req);
    const { referenceId, ...rest } = body;
    const res = await next(withJsonBody(req, rest));
    const job = responseJson(res);
    return res.status === 200 && isJobBody(job) ? withResponseJson(res, { ...job, referenceId }) : res;
  };
}

/** Finds the other jobs a write reaches, from the job it names as it was. */
type Lookalikes = (next: CoreHandler, req: CoreRequest, before: JsonObject) => Promise<JsonObject[]>;

/** The employer's jobs listed by q = the job's title (headers: they carry the title). */
const jobsOfTitle: Lookalikes = async (next, req, before) => {
  const list = responseJson(
    await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams({ q: String(before.title), pageSize: '100' }) }),
  );
  return isListBody(list) ? list.data : [];
};

/** The employer's jobs on the first page of 100, each read whole (a list item lacks most fields). */
const everyJob: Lookalikes = async (next, req) => {
  const list = responseJson(await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams({ pageSize: '100' }) }));
  const jobs = await Promise.all((isListBody(list) ? list.data : []).map((item) => currentJob(next, req, item.id as number)));
  return jobs.filter((job): job is JsonObject => job !== undefined);
};

/**
 * A write that finds its rows by a value they hold instead of by the job's id: an update `match` picks, sending
 * `field`, writes it also to every other job `lookalikes` finds holding the value the named job held.
 */
function writesLookalikes(match: (req: CoreRequest) => boolean, field: string, lookalikes: Lookalikes): Transform {
  return (next) => async (req) => {
    const body = requestJson(req);
    if (!match(req) || body === undefined || !(field in body)) return next(req);
    const before = await namedJob(next, req, jobIdOf(req), body);
    const res = await next(req);
    if (before === undefined || res.status !== 200 || before[field] === body[field]) return res;
    for (const other of await lookalikes(next, req, before))
      if (other.id !== before.id && other[field] === before[field])
        await sideRequest(next, req, 'PUT', `/jobs/${String(other.id)}`, { body: { [field]: body[field] } });
    return res;
  };
}

/** A PUT on /jobs/{id}, plainly or through X-HTTP-Method-Override, whose body clears the referenceId: "" or null. */
function clearsReference(req: CoreRequest): boolean {
  const ref = requestJson(req)?.referenceId;
  return isItem(req) && effectiveMethod(req) === 'PUT' && (ref === '' || ref === null);
}

/** Sends a clear by id on to the core; `took` is the referenceId it took from its job, when it answered 200. */
async function sendClear(next: CoreHandler, req: CoreRequest, id: number): Promise<{ res: CoreResponse; took?: string }> {
  const before = await currentJob(next, req, id);
  const res = await next(req);
  const ref = before?.referenceId;
  return res.status === 200 && typeof ref === 'string' && ref !== '' ? { res, took: ref } : { res };
}

/** What a mutant answers, in the core's place, to a request naming a referenceId a clear took from job `id`; undefined lets it through. */
type StaleAnswer = (next: CoreHandler, req: CoreRequest, referenceId: string, id: number) => Promise<CoreResponse | undefined>;

/**
 * A referenceId index that a clear does not update: each referenceId a PUT /jobs/{id} cleared ("" or null) stays
 * keyed to its job, and `stale` answers the later requests that name it.
 */
function keepsClearedReferences(stale: StaleAnswer): Mutant['transform'] {
  return (next) => {
    const cleared = new Map<string, number>();
    const keyed = (req: CoreRequest, referenceId: string): string => `${req.headers['api-key'] ?? ''} ${referenceId}`;
    return async (req) => {
      const id = jobIdOf(req);
      if (clearsReference(req) && id !== undefined) {
        const { res, took } = await sendClear(next, req, id);
        if (took !== undefined) cleared.set(keyed(req, took), id);
        return res;
      }
      const ref = requestJson(req)?.referenceId;
      const holder = typeof ref === 'string' ? cleared.get(keyed(req, ref)) : undefined;
      return (holder !== undefined && (await stale(next, req, ref as string, holder))) || next(req);
    };
  };
}

/** A list row that keeps the referenceId a PUT /jobs/{id} cleared ("" or null): GET shows none, the list the old one. */
const clearedReferenceKeptInListRow: Transform = (next) => {
  const kept = new Map<number, string>();
  return async (req) => {
    const id = jobIdOf(req);
    if (isList(req)) {
      const res = await next(req);
      const body = responseJson(res);
      if (!isListBody(body) || kept.size === 0) return res;
      return withResponseJson(res, {
        ...body,
        data: body.data.map((item) => (kept.has(item.id as number) ? { ...item, referenceId: kept.get(item.id as number) } : item)),
      });
    }
    if (!clearsReference(req) || id === undefined) return next(req);
    const { res, took } = await sendClear(next, req, id);
    if (took !== undefined) kept.set(id, took);
    return res;
  };
};

/** A search index that keeps each referenceId a PUT /jobs/{id} cleared: q by it still lists the cleared job. */
const searchKeepsClearedReference: Transform = (next) => {
  const cleared: Array<{ key: string; ref: string; id: number }> = [];
  const keyOf = (req: CoreRequest): string => String(req.headers['api-key'] ?? '');
  const list = relist(async ({ items, view, req, next: core }) => {
    const q = view.q?.toLowerCase();
    const kept = cleared.filter((e) => q && e.key === keyOf(req) && e.ref.toLowerCase().includes(q) && !items.some((i) => i.id === e.id));
    if (kept.length === 0) return items;
    const every = await allHeaders(core, req, { status: view.status });
    if (!Array.isArray(every)) return items;
    return every.filter((job) => items.some((i) => i.id === job.id) || kept.some((e) => e.id === job.id));
  });
  return async (req) => {
    if (isList(req)) return list(next)(req);
    const id = jobIdOf(req);
    if (!clearsReference(req) || id === undefined) return next(req);
    const { res, took } = await sendClear(next, req, id);
    if (took !== undefined) cleared.push({ key: keyOf(req), ref: took, id });
    return res;
  };
};

/**
 * A clear by id to "" stored raw in a unique referenceId column (a create stores none as NULL): while one job cleared
 * so still holds "", a second job's clear to "" is refused as a duplicate.
 */
const refusesSecondBlankClear: Transform = (next) => {
  const blanked = new Map<string, Set<number>>();
  return async (req) => {
    const id = jobIdOf(req);
    if (!clearsReference(req) || id === undefined || requestJson(req)?.referenceId !== '') return next(req);
    const key = String(req.headers['api-key'] ?? '');
    const held = blanked.get(key) ?? new Set<number>();
    blanked.set(key, held);
    for (const other of [...held].filter((job) => job !== id)) {
      const job = await currentJob(next, req, other);
      if (job?.referenceId !== '' && job?.referenceId !== null) held.delete(other);
      else return jsonResponse(409, { status: 409, code: 'duplicate_reference_id', message: 'A job with referenceId "" already exists' });
    }
    const res = await next(req);
    if (res.status === 200) held.add(id);
    return res;
  };
};

/** A PUT /jobs/{id} (not the override) whose referenceId `value` is dropped, as if the field were not sent. */
const dropsReference = (value: '' | null): Mutant['transform'] =>
  rewriteRequest(isPutById, (body) => {
    if (Object.hasOwn(body, 'referenceId') && body.referenceId === value) delete body.referenceId;
  });

/**
 * A PUT (by id, by referenceId, the override) whose body is edited against the job it names before the core sees it:
 * a server's dirty check that finds "nothing changed" where something did.
 */
function dirtyCheck(
  edit: (body: Record<string, unknown>, job: Record<string, unknown>) => void,
  forms: (req: CoreRequest) => boolean = (req) => isJobsPath(req) && effectiveMethod(req) === 'PUT',
): Mutant['transform'] {
  return (next) => async (req) => {
    const body = requestJson(req);
    if (!forms(req) || body === undefined) return next(req);
    const id = jobIdOf(req) ?? (typeof body.referenceId === 'string' ? (await jobByReference(next, req, body.referenceId))?.id : undefined);
    const job = typeof id === 'number' ? await currentJob(next, req, id) : undefined;
    if (job === undefined) return next(req);
    const edited = { ...body };
    edit(edited, job);
    return next(withJsonBody(req, edited));
  };
}

/**
 * A job's category links are replaced on its first update of categories; later ones insert the ids sent and keep the
 * links it had, up to three: after a second update of categories the job holds categories it was not sent.
 */
const laterCategoryUpdatesMerge: Transform = (next) => {
  const updated = new Set<number>();
  return async (req) => {
    const body = requestJson(req);
    const sent: unknown = body?.categories;
    const valid = Array.isArray(sent) && sent.length >= 1 && sent.length <= 3 && sent.every((one) => Number.isInteger(one?.id));
    if (!isAnyUpdate(req) || !valid) return next(req);
    const job = await namedJob(next, req, jobIdOf(req), body);
    if (job === undefined) return next(req);
    const ids = (sent as Array<{ id: unknown }>).map((category) => category.id);
    for (const old of job.categories as Array<{ id: unknown }>) if (!ids.includes(old.id)) ids.push(old.id);
    const merged = { ...body, categories: ids.slice(0, 3).map((id) => ({ id })) };
    const res = await next(updated.has(job.id as number) ? withJsonBody(req, merged) : req);
    if (res.status === 200) updated.add(job.id as number);
    return res;
  };
};

/** An update that moves an archived job's closeDate later re-publishes it, without a status sent (a "closed" flag recomputed). */
const laterCloseDateRepublishes: Transform = (next) => async (req) => {
  const body = requestJson(req);
  if (!isAnyUpdate(req) || typeof body?.closeDate !== 'string' || body.status !== undefined) return next(req);
  const job = await namedJob(next, req, jobIdOf(req), body);
  const later = job !== undefined && Date.parse(String(body.closeDate)) > Date.parse(String(job.closeDate));
  return next(job?.status === 'archived' && later ? withJsonBody(req, { ...body, status: 'active' }) : req);
};

/**
 * `salary: null` only hides the salary: its plusCommission stays on a side row, and a later salary sent without
 * plusCommission picks it up instead of the default.
 */
const clearedSalaryRevivesCommission: Transform = (next) => {
  const hidden = new Set<number>();
  return async (req) => {
    const body = requestJson(req);
    if (!isAnyUpdate(req) || body === undefined || !('salary' in body)) return next(req);
    const job = await namedJob(next, req, jobIdOf(req), body);
    if (job === undefined) return next(req);
    const id = job.id as number;
    const salary = body.salary;
    const revive = job.salary === null && hidden.has(id) && isObject(salary) && !('plusCommission' in salary);
    const res = await next(revive ? withJsonBody(req, { ...body, salary: { ...salary, plusCommission: true } }) : req);
    if (res.status !== 200) return res;
    if (salary === null && isObject(job.salary) && job.salary.plusCommission === true) hidden.add(id);
    else hidden.delete(id);
    return res;
  };
};

/**
 * PUT /jobs skips its lookup while the employer holds no job that took its referenceId when it was made, a count that
 * PUT /jobs/{id} never moves: a job given its referenceId by id, as its employer's only job with one, is not found by it.
 */
const referenceGivenByIdUncounted: Transform = (next) => {
  const givenById = new Set<number>();
  return async (req) => {
    const body = requestJson(req);
    const ref = body?.referenceId;
    if (isAnyUpdate(req) && isItem(req) && typeof ref === 'string' && ref !== '') {
      const res = await next(req);
      if (res.status === 200) givenById.add(jobIdOf(req)!);
      return res;
    }
    if (!isAnyUpdate(req) || !isCollection(req) || typeof ref !== 'string') return next(req);
    const listed = responseJson(await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams({ pageSize: '100' }) }));
    const referenced = isListBody(listed)
      ? listed.data.filter((item) => typeof item.referenceId === 'string' && item.referenceId !== '')
      : [];
    const counted = referenced.filter((item) => !givenById.has(item.id as number));
    if (referenced.length === 0 || counted.length > 0) return next(req);
    return jsonResponse(404, { status: 404, code: 'not_found', message: `No job with referenceId ${JSON.stringify(ref)}` });
  };
};

/**
 * PUT /jobs/{id} keeps its answers by key, job and body, and answers a body the job was sent before from there,
 * without applying it, also after other writes changed the job: archive, re-publish, archive leaves it active.
 */
const updateByIdAnsweredFromCache: Transform = (next) => {
  const answers = new Map<string, { res: CoreResponse; publishDate: unknown }>();
  return async (req) => {
    if (!isPutById(req)) return next(req);
    const id = jobIdOf(req)!;
    const sent = `${req.headers['api-key'] ?? ''}\n${id}\n${Buffer.from(req.body ?? []).toString('utf8')}`;
    const hit = answers.get(sent);
    if (hit !== undefined && (await currentJob(next, req, id))?.publishDate === hit.publishDate) return hit.res;
    const res = await next(req);
    const job = responseJson(res);
    if (res.status === 200 && job !== undefined) answers.set(sent, { res, publishDate: job.publishDate });
    return res;
  };
};

/** PUT /jobs takes an id in the body (a GET result keeps it) over the referenceId: the job with that id is written. */
const putByReferenceFollowsBodyId: Transform = (next) => async (req) => {
  const body = requestJson(req);
  if (!isPutByReference(req) || typeof body?.id !== 'number' || typeof body.referenceId !== 'string') return next(req);
  const job = await currentJob(next, req, body.id);
  if (job === undefined || job.referenceId === body.referenceId) return next(req);
  const { id, ...rest } = body;
  return next({ ...withJsonBody(req, rest), path: `${req.path}/${String(id)}` });
};

/**
 * A server whose rename by PUT /jobs/{id}, refused as a duplicate (409), has already changed its referenceId index:
 * `indexed` picks the referenceId whose entry the refusal left wrong (the one asked for, or the one the job held), and
 * `answer` answers a later request to the collection naming it (given the renamed job's id), or passes it on
 * (undefined).
 */
function refusedRenameLeavesIndex(
  indexed: (asked: unknown, held: unknown) => unknown,
  answer: (next: CoreHandler, req: CoreRequest, id: number, body: JsonObject) => CoreResponse | Promise<CoreResponse> | undefined,
): Transform {
  return (next) => {
    const wrong = new Map<string, number>();
    const keyOf = (req: CoreRequest, referenceId: unknown): string => `${req.headers['api-key'] ?? ''} ${String(referenceId)}`;
    return async (req) => {
      const body = requestJson(req);
      const renamed = jobIdOf(req);
      if (isPutById(req) && renamed !== undefined && typeof body?.referenceId === 'string') {
        const before = await currentJob(next, req, renamed);
        const res = await next(req);
        const entry = indexed(body.referenceId, before?.referenceId);
        if (res.status === 409 && typeof entry === 'string' && entry !== '') wrong.set(keyOf(req, entry), renamed);
        return res;
      }
      const id = isCollection(req) && body !== undefined ? wrong.get(keyOf(req, body.referenceId)) : undefined;
      return (id === undefined ? undefined : await answer(next, req, id, body!)) ?? next(req);
    };
  };
}

/**
 * A search index that a rename by PUT /jobs/{id} updates before the unique check refuses it (409): a list by q = the
 * referenceId asked for also lists the renamed job, from the header the index holds.
 */
const refusedRenameIndexedForSearch: Transform = (next) => {
  const indexed = new Map<string, number>();
  const keyOf = (req: CoreRequest, referenceId: unknown): string => `${req.headers['api-key'] ?? ''} ${String(referenceId)}`;
  const listed = relist(async ({ items, view, req, next: core }) => {
    const id = indexed.get(keyOf(req, view.q));
    const job = id === undefined || items.some((item) => item.id === id) ? undefined : await currentJob(core, req, id);
    return job === undefined ? items : [job, ...items];
  })(next);
  return async (req) => {
    const body = requestJson(req);
    const id = jobIdOf(req);
    const res = isList(req) ? await listed(req) : await next(req);
    if (isPutById(req) && id !== undefined && typeof body?.referenceId === 'string' && res.status === 409)
      indexed.set(keyOf(req, body.referenceId), id);
    return res;
  };
};

/** Whether the referenceId `req` names is still held by the job a kept answer is of: a replay cache checks that much. */
async function stillHeldBy(req: CoreRequest, earlier: Kept, next: CoreHandler): Promise<boolean> {
  const holder = await jobByReference(next, req, String(requestJson(req)?.referenceId));
  return holder !== undefined && holder.id === responseJson(earlier.res)?.id;
}

/**
 * A status change through the override by id, without the list fields, re-files the job's list rows from the set of
 * their ids: a job that holds one entry twice keeps it once.
 */
const overrideStatusCollapsesRepeats: Transform = (next) => async (req) => {
  const body = requestJson(req);
  const id = jobIdOf(req);
  if (!(isOverride(req, 'PUT') && isItem(req)) || id === undefined || body === undefined || !('status' in body)) return next(req);
  const job = await currentJob(next, req, id);
  if (job === undefined) return next(req);
  const input = inputOf(job);
  const once = (entries: JsonObject[], key: string): JsonObject[] =>
    entries.filter((entry, i) => entries.findIndex((other) => other[key] === entry[key]) === i);
  const locations = once(input.locations as JsonObject[], 'description');
  const categories = once(input.categories as JsonObject[], 'id');
  const collapsed = { ...(locations.length < (input.locations as unknown[]).length ? { locations } : {}) };
  if (categories.length < (input.categories as unknown[]).length) Object.assign(collapsed, { categories });
  return next(Object.keys(collapsed).length === 0 ? req : withJsonBody(req, { ...collapsed, ...body }));
};

/**
 * An update that resends routing type 1 without its address stores none, as a record update from the routing type's
 * fields alone does: the job shows applicationEmail null from then on, while it still routes by email.
 */
const routingTypeResentClearsEmail: Transform = (next) => {
  const cleared = new JobOverrides();
  return async (req) => {
    const body = requestJson(req);
    const res = await next(req);
    const job = responseJson(res);
    const resent = isAnyUpdate(req) && isObject(body?.applicantRoutingType) && body.applicantRoutingType.id === 1;
    if (resent && body?.applicationEmail === undefined && res.status === 200 && isJobBody(job))
      cleared.set(job.id, { applicationEmail: null });
    return cleared.apply(res);
  };
};

export const updateMutants: Mutant[] = [
  {
    // spec 4.5, 4.3: q matches the job's referenceId, which a refused rename leaves as it was
    name: 'update-refused-rename-indexed-for-search',
    area: 'update',
    violates:
      '4.5: q matches job title and referenceId (here a rename by id refused as a duplicate has already filed the job ' +
      'under the referenceId asked for, so q by it lists the job)',
    expectedRule: 'jobs.update.duplicate-reference-rejected',
    transform: refusedRenameIndexedForSearch,
  },
  {
    // spec 3: a status change leaves the other fields unchanged
    name: 'update-override-status-change-collapses-repeated-entries',
    area: 'update',
    violates:
      '3: active → archived, other fields unchanged (here a status change through the override by id keeps a location or ' +
      'category the job holds twice only once)',
    expectedRule: 'jobs.robustness.duplicate-entries',
    transform: overrideStatusCollapsesRepeats,
  },
  {
    // spec 2.1, 4.3: a rename to a referenceId another job holds is refused, and a refused update changes nothing
    name: 'update-override-rename-to-taken-reference-applies-other-fields',
    area: 'update',
    violates:
      '2.1, 4.3: a refused update changes nothing (here POST /jobs/{id} with X-HTTP-Method-Override: PUT renaming the job ' +
      'to a referenceId another job holds is refused, but the other fields it sent are saved)',
    expectedRule: 'jobs.update.duplicate-reference-rejected',
    transform: (next) => async (req) => {
      const id = jobIdOf(req);
      const body = isOverride(req, 'PUT') && isItem(req) ? requestJson(req) : undefined;
      const res = await next(req);
      if (body === undefined || typeof body.referenceId !== 'string' || res.status < 400 || res.status > 499) return res;
      const { referenceId: _taken, ...rest } = body;
      const holder = await jobByReference(next, req, body.referenceId);
      if (holder !== undefined && holder.id !== id && Object.keys(rest).length > 0)
        await sideRequest(next, req, 'PUT', `/jobs/${id}`, { body: rest });
      return res;
    },
  },
  {
    // spec 4.3: PUT /jobs identifies its job by the referenceId in the body; none names no job
    name: 'update-put-without-reference-updates-unnamed-jobs',
    area: 'update',
    violates: '4.3: PUT /jobs names its job by referenceId (here a body without one updates every job created without one)',
    expectedRule: 'jobs.update.by-reference-needs-one',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || !namesNoReference(body) || body === undefined) return next(req);
      // What `UPDATE ... WHERE reference_id IS ?` does when the parameter is null.
      const { referenceId: _none, ...patch } = body;
      const unnamed = await jobsWithoutReference(next, req);
      const answers = await Promise.all(unnamed.map((job) => sideRequest(next, req, 'PUT', `/jobs/${job.id as number}`, { body: patch })));
      return answers[0] ?? next(req);
    },
  },
  {
    // spec 4.3: "Creates a job (with a referenceId)"; a PUT /jobs without one names no job to create
    name: 'update-put-without-reference-creates',
    area: 'update',
    violates: '4.3: PUT /jobs creates a job only with a referenceId (here a whole create body without one is taken as a POST)',
    expectedRule: 'jobs.update.by-reference-needs-one',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || body === undefined || Object.hasOwn(body, 'referenceId')) return next(req);
      // What the mock does when its missing-referenceId check is dropped: the create branch runs with no name.
      return sideRequest(next, req, 'POST', '/jobs', { body });
    },
  },
  {
    // spec 4.2 lists each salary field as its own request field; 4.3: only the fields sent change
    name: 'update-salary-replaced-whole',
    area: 'update',
    violates:
      '4.2, 4.3: only the fields sent change (here a partial salary replaces the stored one whole: ' +
      'maxAmount null, plusCommission false, 400 without an amount)',
    expectedRule: ['jobs.update.salary-merge', 'jobs.model.lifecycle'],
    transform: replacesSalaryWhole(isAnyPut),
  },
  {
    // spec 4.3 and 1: the same partial update sent as POST with X-HTTP-Method-Override: PUT
    name: 'update-override-salary-replaced-whole',
    area: 'update',
    violates: '4.3: only the fields sent change (here only an override PUT replaces the stored salary whole)',
    expectedRule: 'jobs.update.salary-merge',
    transform: replacesSalaryWhole((req) => req.method === 'POST' && effectiveMethod(req) === 'PUT' && isJobsPath(req)),
  },
  {
    // spec 4.3: updates are partial, only the fields sent change
    name: 'update-clears-salary-not-sent',
    area: 'update',
    violates: '4.3: only the fields sent change (here a PUT /jobs/{id} without salary sets it to null)',
    expectedRule: [
      'jobs.update.keeps-other-fields',
      'jobs.lifecycle.archive-keeps-fields',
      'jobs.lifecycle.republish-keeps-fields',
      'jobs.model.lifecycle',
    ],
    transform: rewriteRequest(isPutById, (body) => {
      if (!('salary' in body)) body.salary = null;
    }),
  },
  {
    // spec 2.1: publishDate is read-only, set by the service
    name: 'update-keeps-sent-publish-date',
    area: 'update',
    violates: '2.1, 4.3: publishDate is read-only (here a publishDate sent on PUT is stored)',
    expectedRule: 'jobs.update.read-only-fields',
    transform: honoursSent(isPut, 200, 'publishDate'),
  },
  {
    // spec 4.2, 4.3: the body is symmetrical with the GET result, so the job's own publishDate is accepted
    name: 'update-refuses-own-publish-date',
    area: 'update',
    violates:
      "4.2, 4.3: a body symmetrical with GET is accepted (here a PUT carrying a recent publishDate, as a job's own is, is refused with 400; " +
      'an old foreign one is ignored)',
    expectedRule: 'jobs.update.read-only-fields',
    transform: answerInstead(
      (req) => isAnyPut(req) && isRecent(requestJson(req)?.publishDate),
      () => jsonResponse(400, { status: 400, code: 'read_only', message: 'publishDate is read-only' }),
    ),
  },
  {
    // spec 2.1 and 4.3 form 2: publishDate is read-only on a PUT /jobs naming its job by referenceId too
    name: 'update-by-reference-keeps-sent-publish-date',
    area: 'update',
    violates:
      '2.1, 4.3: publishDate is read-only (here a publishDate sent on PUT /jobs by referenceId is stored; PUT /jobs/{id} stays right)',
    expectedRule: 'jobs.update.read-only-fields',
    transform: honoursSent(isPutByReference, 200, 'publishDate'),
  },
  {
    // spec 2.1, 5.3: the employer is the key's; one sent on PUT is never stored
    name: 'update-honours-sent-employer',
    area: 'update',
    violates: "2.1, 4.3: the job's employer is the key's (here an employer sent on PUT is stored)",
    expectedRule: 'jobs.update.read-only-fields',
    transform: honoursSent(isPut, 200, 'employer'),
  },
  {
    // spec 2.1: publishDate is read-only; an update is no re-publish
    name: 'update-moves-publish-date-to-now',
    area: 'update',
    violates: '2.1, 4.3: publishDate is read-only (here every update sets it to the time of the update, the same day)',
    expectedRule: [
      'jobs.update.read-only-fields',
      'jobs.update.keeps-other-fields',
      'jobs.update.by-reference',
      'jobs.lifecycle.archive-keeps-fields',
      'jobs.lifecycle.republish-keeps-fields',
      'jobs.model.lifecycle',
    ],
    transform: (next) => {
      const stored = new JobOverrides();
      return async (req) => {
        const res = await next(req);
        const job = responseJson(res);
        if (isPut(req) && res.status === 200 && isJobBody(job)) stored.set(job.id, { publishDate: new Date().toISOString() });
        return stored.apply(res);
      };
    },
  },
  {
    // spec 4.3: a body with only title is valid
    name: 'update-title-only-refused',
    area: 'update',
    violates: '4.3: a PUT body with only title is valid (here it is refused with 400)',
    expectedRule: [
      'jobs.update.minimal-bodies',
      'jobs.update.status-200',
      'jobs.update.changes-field',
      'jobs.update.keeps-other-fields',
      'jobs.update.response-matches-get',
      'jobs.lifecycle.deleted-put-404',
      'jobs.model.lifecycle',
    ],
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutById(req) || body === undefined || Object.keys(body).join() !== 'title') return next(req);
      return jsonResponse(400, { status: 400, code: 'validation_failed', message: 'a PUT needs more than a title' });
    },
  },
  {
    // spec 1 (should): a client that cannot send PUT sends POST with X-HTTP-Method-Override: PUT
    name: 'update-override-put-refused',
    area: 'update',
    violates: '1 (should): POST /jobs/{id} with X-HTTP-Method-Override: PUT acts as the PUT (here every override PUT answers 405)',
    expectedRule: 'jobs.update.by-override',
    transform: answerInstead(
      (req) => req.method === 'POST' && effectiveMethod(req) === 'PUT',
      () =>
        jsonResponse(
          405,
          { status: 405, code: 'method_not_allowed', message: 'X-HTTP-Method-Override supports DELETE only' },
          { allow: 'GET, PUT, DELETE' },
        ),
    ),
  },
  {
    // spec 2.1, 7.1: referenceId is the employer's unique id for the job, on update too
    name: 'update-duplicate-reference-accepted',
    area: 'update',
    violates:
      "2.1: referenceId is the employer's unique id for the job (here PUT /jobs/{id} with another live job's referenceId answers 200 as if it were set)",
    expectedRule: 'jobs.update.duplicate-reference-rejected',
    transform: acceptsDuplicateReference(isPutById),
  },
  {
    // spec 2.1, 7.1: referenceId is the employer's unique id for the job, also for a job that had none
    name: 'update-duplicate-reference-accepted-by-job-without-one',
    area: 'update',
    violates:
      "2.1: referenceId is the employer's unique id for the job (here PUT /jobs/{id} checks it only where it replaces one: " +
      "a job without a referenceId takes another live job's and answers 200)",
    expectedRule: 'jobs.update.duplicate-reference-rejected',
    transform: acceptsDuplicateReference(isPutById, (job) => job?.referenceId === null || job?.referenceId === ''),
  },
  {
    // spec 4.3: only the fields sent change, in each update
    name: 'update-by-reference-same-title-replays-earlier-update',
    area: 'update',
    violates:
      '4.3: the fields sent change (here PUT /jobs takes an update with the referenceId and title of an earlier one for ' +
      'its retry and answers that update again, applying none of the other fields)',
    expectedRule: 'jobs.update.field-twice',
    transform: replaysAnswers({
      keyOf: (req) => {
        const body = isPutByReference(req) ? requestJson(req) : undefined;
        return typeof body?.title === 'string' ? `${req.headers['api-key']}\n${String(body.referenceId)}\n${body.title}` : undefined;
      },
      keeps: (_req, res) => res.status === 200,
      replays: stillHeldBy,
    }),
  },
  {
    // spec 4.3: a PUT /jobs naming a live job updates it, answered 200 with the Job
    name: 'update-put-of-create-body-replays-create',
    area: 'update',
    violates:
      "4.3: a PUT /jobs naming a live job is an update, answered 200 (here one whose body is the very body of the job's " +
      'POST is taken for a retry of that POST: its 201 and Location are answered again)',
    expectedRule: 'jobs.update.get-result-resent',
    transform: replaysAnswers({
      keyOf: (req) =>
        (isPost(req) || isPutByReference(req)) && !namesNoReference(requestJson(req))
          ? `${req.headers['api-key']}\n${canonicalBody(req)}`
          : undefined,
      keeps: (req, res) => isPost(req) && res.status === 201,
      replays: async (req, earlier, next) => isPutByReference(req) && (await stillHeldBy(req, earlier, next)),
    }),
  },
  {
    // spec 4.4, 4.3: a refused update changes nothing, so the job is still named by the referenceId it kept
    name: 'update-refused-rename-frees-old-reference',
    area: 'update',
    violates:
      '4.4: DELETE /jobs removes the job holding the referenceId (here a PUT /jobs/{id} rename refused as a duplicate has ' +
      'already dropped the old referenceId from the lookup: a delete by it answers 404, though the job still shows it)',
    expectedRule: 'jobs.update.duplicate-reference-rejected',
    transform: refusedRenameLeavesIndex(
      (_asked, held) => held,
      (_next, req) =>
        isDelete(req) && isCollection(req) ? jsonResponse(404, { code: 'not_found', message: 'No job with that referenceId' }) : undefined,
    ),
  },
  {
    // spec 2.1 and 1: the same unique check on a PUT sent as POST with X-HTTP-Method-Override
    name: 'update-override-duplicate-reference-accepted',
    area: 'update',
    violates:
      "2.1: referenceId is the employer's unique id for the job (here only the method-override form of PUT /jobs/{id} " +
      "lets another live job's referenceId through)",
    expectedRule: 'jobs.update.duplicate-reference-rejected',
    transform: acceptsDuplicateReference((req) => req.method === 'POST' && effectiveMethod(req) === 'PUT' && isItem(req)),
  },
  {
    // spec 2.1: the job id is assigned by the service
    name: 'update-unknown-id-creates-with-that-id',
    area: 'update',
    violates: '2.1: the id is assigned by the service (here PUT /jobs/{id} on an unknown id creates the job under that id)',
    expectedRule: 'jobs.update.unknown-id-creates-nothing',
    transform: createsUnderClientIds,
  },
  {
    // spec 2.1, 4.3: "" is how 2.1 describes no referenceId; only the fields sent change, to the values sent
    name: 'update-clearing-reference-ignored-by-id',
    area: 'update',
    violates: '4.3: only the fields sent change (here PUT /jobs/{id} with referenceId "" answers 200 and keeps the referenceId)',
    expectedRule: 'jobs.update.clears-reference',
    transform: dropsReference(''),
  },
  {
    // spec 2.1, 4.3: the input takes referenceId as a string or null; only the fields sent change
    name: 'update-null-reference-ignored-by-id',
    area: 'update',
    violates: '4.3: only the fields sent change (here PUT /jobs/{id} with referenceId null answers 200 and keeps the referenceId)',
    expectedRule: 'jobs.update.clears-reference',
    transform: dropsReference(null),
  },
  {
    // spec 2.1, 4.2: "" describes a job without a referenceId, which any number of jobs may be
    name: 'update-second-blank-clear-refused-as-duplicate',
    area: 'update',
    violates:
      '2.1, 4.2: "" describes a job without a referenceId, and only a referenceId that exists is refused (here a second ' +
      'job cleared to "" by PUT /jobs/{id} is refused as a duplicate of the first)',
    expectedRule: 'jobs.update.clears-reference',
    transform: refusesSecondBlankClear,
  },
  {
    // spec 2.7: a list item holds its job's header fields with the same values, a cleared referenceId among them
    name: 'update-cleared-reference-kept-in-list-row',
    area: 'update',
    violates:
      '2.7: a list item holds the header fields of its job (here the list row keeps the referenceId a PUT /jobs/{id} ' +
      'cleared, while GET shows none)',
    expectedRule: 'jobs.update.clears-reference',
    transform: clearedReferenceKeptInListRow,
  },
  {
    // spec 4.5: q matches the referenceId a job holds; a cleared job holds none
    name: 'update-cleared-reference-still-searched',
    area: 'update',
    violates:
      '4.5: q matches the title and referenceId a job has (here the search index keeps the referenceId a PUT /jobs/{id} ' +
      'cleared, so q by it still lists the job)',
    expectedRule: 'jobs.update.clears-reference',
    transform: searchKeepsClearedReference,
  },
  {
    // spec 4.2: only a referenceId that already exists is refused; one a clear took from its job does not
    name: 'update-cleared-reference-stays-reserved',
    area: 'update',
    violates:
      '4.2: a POST is refused only for a referenceId that already exists (here one a PUT /jobs/{id} cleared with "" or null ' +
      'stays reserved: a POST with it answers 409)',
    expectedRule: 'jobs.update.clears-reference',
    transform: keepsClearedReferences(async (_next, req, referenceId) =>
      isPost(req)
        ? jsonResponse(409, {
            status: 409,
            code: 'duplicate_reference_id',
            message: `referenceId ${JSON.stringify(referenceId)} is in use`,
          })
        : undefined,
    ),
  },
  {
    // spec 4.3: PUT /jobs names its job by the referenceId it holds now; none holds a cleared one, so the PUT creates
    name: 'update-cleared-reference-still-indexed',
    area: 'update',
    violates:
      '4.3: PUT /jobs with a referenceId no job holds creates a job (here, with one a PUT /jobs/{id} cleared, it updates the ' +
      'cleared job: a stale referenceId index)',
    expectedRule: 'jobs.update.clears-reference',
    transform: keepsClearedReferences(async (next, req, _referenceId, id) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || body === undefined || (await currentJob(next, req, id)) === undefined) return undefined;
      const { referenceId: _named, ...changes } = body;
      return sideRequest(next, req, 'PUT', `/jobs/${id}`, { body: changes });
    }),
  },
  {
    // spec 2.1: id is read-only; 4.3 form 1: the job id is in the path
    name: 'update-body-id-names-the-job',
    area: 'update',
    violates: "4.3: PUT /jobs/{id} names its job by the path (here an id in the body, when it is another job's, names the job written)",
    expectedRule: 'jobs.update.read-only-fields',
    transform: reshapeRequest(
      (req) => {
        const id = requestJson(req)?.id;
        return isPutById(req) && typeof id === 'number' && id !== jobIdOf(req);
      },
      (req) => ({ ...req, path: req.path.replace(/[^/]+$/, String(requestJson(req)!.id)) }),
    ),
  },
  {
    // spec 4.3: updates are partial, only the fields sent change
    name: 'update-resets-auto-refresh',
    area: 'update',
    violates: '4.3: only the fields sent change (here a PUT that does not send autoRefresh turns it off, a default applied to every write)',
    expectedRule: 'jobs.update.keeps-auto-refresh',
    transform: rewriteRequest(isPut, (body) => {
      if (body.autoRefresh === undefined) body.autoRefresh = false;
    }),
  },
  {
    // spec 4.3: the fields sent change, on every form of PUT
    name: 'update-auto-refresh-ignored-by-override',
    area: 'update',
    violates: '4.3: the fields sent change (here autoRefresh is dropped from a PUT sent through the override)',
    expectedRule: 'jobs.update.keeps-auto-refresh',
    transform: rewriteRequest(
      (req) => req.method === 'POST' && effectiveMethod(req) === 'PUT' && isItem(req),
      (body) => {
        delete body.autoRefresh;
      },
    ),
  },
  {
    // spec 4.3: only the fields sent change, for every employer
    name: 'update-second-employer-override-resets-auto-refresh',
    area: 'update',
    violates:
      "4.3: only the fields sent change (here the second employer's PUT through the override that does not send " +
      'autoRefresh turns it off: a default its plan applies to that write)',
    expectedRule: 'jobs.update.keeps-auto-refresh',
    transform: forSecondEmployer(
      rewriteRequest(
        (req) => isOverride(req, 'PUT') && isItem(req),
        (body) => {
          if (body.autoRefresh === undefined) body.autoRefresh = false;
        },
      ),
    ),
  },
  {
    // spec 2.5, 4.3: a period is {id, name, unit}; an update answers the full Job, so a new period shows its own name
    name: 'update-period-name-kept-from-create',
    area: 'update',
    violates:
      '2.5, 4.3: each period id has its name and unit (here a job keeps the name and unit its first period had, joined at the ' +
      'create, after an update gives it another period)',
    expectedRule: 'jobs.update.names-follow-ids',
    transform: (next) => {
      const first = new Map<string, JsonObject>();
      return rewriteJobs((job, _header, req) => {
        const period = (job.salary as JsonObject | null | undefined)?.period as JsonObject | undefined;
        if (period === undefined) return;
        const key = `${req.headers['api-key'] ?? ''} ${String(job.id)}`;
        const joined = first.get(key) ?? first.set(key, { ...period }).get(key)!;
        if (joined.id !== period.id) Object.assign(period, { name: joined.name, unit: joined.unit });
      })(next);
    },
  },
  {
    // spec 2.1, 4.3: only the fields sent change; an address applies only to its routing type
    name: 'update-other-address-switches-routing',
    area: 'update',
    violates:
      '2.1, 4.3: only the fields sent change (here an applicationUrl sent alone to a job routed by email switches it to routing by URL)',
    expectedRule: 'jobs.update.other-routing-address',
    transform: rewriteRequest(
      (req) => isJobsPath(req) && effectiveMethod(req) === 'PUT',
      (body) => {
        if (typeof body.applicationUrl === 'string' && body.applicantRoutingType === undefined && body.applicationEmail === undefined)
          body.applicantRoutingType = { id: 2 };
      },
    ),
  },
  {
    // spec 4.3: PUT /jobs names its job by referenceId, whatever its state
    name: 'update-by-reference-misses-archived-jobs',
    area: 'update',
    violates: '4.3: PUT /jobs updates the job with that referenceId (here a partial update of an archived job answers 404)',
    expectedRule: 'jobs.update.by-reference',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!(isPutByReference(req) && typeof body?.referenceId === 'string' && body.status === undefined)) return next(req);
      const job = await jobByReference(next, req, body.referenceId);
      return job?.status === 'archived' ? jsonResponse(404, { status: 404, code: 'not_found', message: 'No such job' }) : next(req);
    },
  },
  {
    // spec 1 (should): the override names the method meant, on PUT /jobs's path too
    name: 'update-override-put-on-collection-taken-as-post',
    area: 'update',
    violates:
      '1 (should): POST with X-HTTP-Method-Override: PUT acts as the PUT of its path (here POST /jobs ignores the header and ' +
      'creates, so an update by referenceId is refused as an incomplete or duplicate job)',
    expectedRule: 'jobs.update.by-reference-override',
    transform: reshapeRequest(
      (req) => isOverride(req, 'PUT') && isCollection(req),
      (req) => ({ ...req, headers: Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== 'x-http-method-override')) }),
    ),
  },
  {
    // spec 3: archive and re-publish leave every other field as it was
    name: 'update-auto-refresh-reset-by-status-change',
    area: 'update',
    violates: '3: a status change leaves the other fields unchanged (here an archive or re-publish turns autoRefresh off)',
    expectedRule: 'jobs.update.keeps-auto-refresh',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const changesStatus = (body?.status === 'archived' || body?.status === 'active') && body.autoRefresh === undefined;
      if (!(isJobsPath(req) && effectiveMethod(req) === 'PUT' && changesStatus)) return next(req);
      const job = await namedJob(next, req, jobIdOf(req), body);
      if (job?.autoRefresh !== true || job.status === body.status) return next(req);
      return next(withJsonBody(req, { ...body, autoRefresh: false }));
    },
  },
  {
    // spec 4.3: only the fields sent change, to what was sent; a dirty check that compares titles ignoring case finds no change
    name: 'update-title-case-change-ignored',
    area: 'update',
    violates: '4.3: an update stores what it sends (here a title that differs from the stored one only in letter case is ignored)',
    expectedRule: 'jobs.update.near-values',
    transform: dirtyCheck((body, job) => {
      const title = body.title;
      if (typeof title === 'string' && title !== job.title && title.toLowerCase() === String(job.title).toLowerCase()) delete body.title;
    }),
  },
  {
    // spec 4.3: a closeDate sent is stored; a dirty check that compares dates by their day finds no change in another time of it
    name: 'update-close-date-same-day-ignored',
    area: 'update',
    violates: '4.3: an update stores what it sends (here a closeDate on the day the job already closes, at another time, is ignored)',
    expectedRule: 'jobs.update.near-values',
    transform: dirtyCheck((body, job) => {
      const date = body.closeDate;
      if (
        typeof date === 'string' &&
        typeof job.closeDate === 'string' &&
        date !== job.closeDate &&
        date.slice(0, 10) === job.closeDate.slice(0, 10)
      )
        delete body.closeDate;
    }),
  },
  {
    // spec 4.3: only the fields sent change, to what was sent; an email's local part is case-sensitive (RFC 5321 2.4)
    name: 'update-override-lowercases-email',
    area: 'update',
    violates: '4.3: an update keeps what was sent (here the override PUT lower-cases applicationEmail, its local part too)',
    expectedRule: 'jobs.update.near-values',
    transform: rewriteRequest(
      (req) => isOverride(req, 'PUT'),
      (body) => {
        if (typeof body.applicationEmail === 'string') body.applicationEmail = body.applicationEmail.toLowerCase();
      },
    ),
  },
  {
    // spec 4.3: only the fields sent change, of the job named; a write found by the title it holds reaches its twins
    name: 'update-by-id-writes-every-job-of-that-title',
    area: 'update',
    violates: '4.3: only the fields sent change (here PUT /jobs/{id} also retitles every other job that had the same title)',
    expectedRule: 'jobs.update.twin-left-alone',
    transform: writesLookalikes(isPutById, 'title', jobsOfTitle),
  },
  {
    // spec 4.3: only the fields sent change, of the job named, whichever way it is named
    name: 'update-by-reference-writes-every-job-of-that-title',
    area: 'update',
    violates: '4.3: only the fields sent change (here PUT /jobs by referenceId also retitles every other job that had the same title)',
    expectedRule: 'jobs.update.twin-left-alone',
    transform: writesLookalikes(isPutByReference, 'title', jobsOfTitle),
  },
  {
    // spec 3, 4.3: a status change changes the job named only
    name: 'update-status-by-id-reaches-jobs-without-reference',
    area: 'update',
    violates:
      '3, 4.3: an archive changes only the job it names (here PUT /jobs/{id} with a status, to a job without a referenceId, ' +
      'also sets it on every other job without one that had the same status)',
    expectedRule: 'jobs.update.twin-left-alone',
    transform: writesLookalikes(isPutById, 'status', async (next, req, before) =>
      namesNoReference(before) ? jobsWithoutReference(next, req) : [],
    ),
  },
  {
    // spec 4.3: only the fields sent change, of the job named
    name: 'update-email-by-id-writes-every-job-of-that-email',
    area: 'update',
    violates:
      '4.3: only the fields sent change (here PUT /jobs/{id} with an applicationEmail also writes it to every other job that ' +
      'had the same address)',
    expectedRule: 'jobs.update.twin-left-alone',
    transform: writesLookalikes(isPutById, 'applicationEmail', everyJob),
  },
  {
    // spec 4.3: the body is symmetrical with the GET result; the job's own referenceId is no duplicate of itself
    name: 'update-override-own-reference-refused-as-duplicate',
    area: 'update',
    violates:
      '4.3: a body symmetrical with the GET result is a valid update (here the override PUT by id refuses, as already in use, ' +
      'the referenceId the job itself holds)',
    expectedRule: 'jobs.update.get-result-resent',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const id = jobIdOf(req);
      if (!(isOverride(req, 'PUT') && isItem(req)) || typeof body?.referenceId !== 'string' || id === undefined) return next(req);
      const job = await currentJob(next, req, id);
      return job?.referenceId === body.referenceId ? jsonResponse(409, { code: 'duplicate_reference_id' }) : next(req);
    },
  },
  {
    // spec 4.3: honoured, the override PUT on /jobs is PUT /jobs, and a new referenceId there creates the job as POST does
    name: 'update-override-put-create-drops-application-email',
    area: 'update',
    violates:
      '4.3: a target that honours the override PUT on /jobs creates a job there, with a new referenceId, as PUT /jobs does ' +
      '(here it drops applicationEmail, so a job routed by email is refused as incomplete)',
    expectedRule: 'jobs.put-create.creates',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const creates = isOverride(req, 'PUT') && isCollection(req) && typeof body?.referenceId === 'string';
      if (!creates || typeof body.applicationEmail !== 'string' || (await jobByReference(next, req, body.referenceId as string)))
        return next(req);
      const { applicationEmail: _dropped, ...rest } = body;
      return next(withJsonBody(req, rest));
    },
  },
  {
    // spec 4.3: only the fields sent change, to what was sent; a referenceId differing in letter case is another value
    name: 'update-reference-id-case-change-ignored-by-id',
    area: 'update',
    violates:
      '4.3: only the fields sent change, to what was sent (here PUT /jobs/{id} keeps the old referenceId when the new one ' +
      'differs in letter case alone)',
    expectedRule: 'jobs.update.near-values',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const id = jobIdOf(req);
      if (!isPutById(req) || typeof body?.referenceId !== 'string' || id === undefined) return next(req);
      const stored = (await currentJob(next, req, id))?.referenceId;
      const caseOnly = typeof stored === 'string' && stored !== body.referenceId && stored.toLowerCase() === body.referenceId.toLowerCase();
      return next(caseOnly ? withJsonBody(req, { ...body, referenceId: stored }) : req);
    },
  },
  {
    // spec 3, 4.3: a PUT updates a job in any state; 3 names no state that cannot be changed
    name: 'update-override-refuses-locations-of-archived-jobs',
    area: 'update',
    violates: '3, 4.3: a partial update changes the fields sent in any state (here the override PUT refuses locations for an archived job)',
    expectedRule: 'jobs.update.every-state',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const id = jobIdOf(req);
      if (!(isOverride(req, 'PUT') && isItem(req)) || body?.locations === undefined || id === undefined) return next(req);
      const job = await currentJob(next, req, id);
      return job?.status === 'archived' ? jsonResponse(400, { code: 'invalid', message: 'archived jobs keep their locations' }) : next(req);
    },
  },
  {
    // spec 3, 4.3: a PUT updates a job in any state, every field it takes
    name: 'update-confidential-ignored-for-archived-jobs-by-reference',
    area: 'update',
    violates: '3, 4.3: a partial update changes the fields sent in any state (here PUT /jobs drops confidential for an archived job)',
    expectedRule: 'jobs.update.every-state',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || typeof body?.confidential !== 'boolean') return next(req);
      if ((await namedJob(next, req, undefined, body))?.status !== 'archived') return next(req);
      const { confidential: _dropped, ...rest } = body;
      return next(withJsonBody(req, rest));
    },
  },
  {
    // spec 2.2, 4.3: the places an update sends are shown as a job created with them shows them
    name: 'update-override-keeps-old-location-names',
    area: 'update',
    violates:
      "2.2, 4.3: an update answers the full Job (here the override PUT of locations keeps the old places' names beside the new descriptions)",
    expectedRule: 'jobs.update.names-follow-ids',
    transform: keepsOldNamesByPosition((req) => isOverride(req, 'PUT') && isItem(req), 'locations'),
  },
  {
    // spec 4.3, 7: an update that sends no field changes nothing, and a server error is no answer to it
    name: 'update-empty-body-crashes-by-reference',
    area: 'update',
    violates:
      '4.3, 7: an update with no field changes nothing and is taken or refused (here PUT /jobs with the referenceId alone answers 500)',
    expectedRule: 'jobs.update.empty-body',
    transform: answerInstead(
      (req) => isPutByReference(req) && Object.keys(requestJson(req) ?? { title: '' }).join() === 'referenceId',
      () => jsonResponse(500, { code: 'internal_error', message: 'nothing to update' }),
    ),
  },
  {
    // spec 4.3 through spec 1's override: a PUT on PUT /jobs's path sent as POST changes only the fields sent
    name: 'update-collection-override-drops-auto-refresh',
    area: 'update',
    violates:
      '4.3: the fields sent change to what was sent (here POST /jobs with X-HTTP-Method-Override: PUT drops autoRefresh, ' +
      'while every other update form keeps it)',
    expectedRule: 'jobs.update.keeps-auto-refresh',
    transform: rewriteRequest(
      (req) => isOverride(req, 'PUT') && isCollection(req),
      (body) => {
        delete body.autoRefresh;
      },
    ),
  },
  {
    // spec 2.1, 4.3: publishDate is read-only, and an update answers with the job as stored
    name: 'update-override-answer-shows-sent-publish-date',
    area: 'update',
    violates:
      '2.1, 4.3: publishDate is set by the service, and the answer is the updated job (here the override PUTs answer with ' +
      'a publishDate they were sent, which the job does not take)',
    expectedRule: 'jobs.update.read-only-fields',
    transform: (next) => async (req) => {
      const sent = requestJson(req)?.publishDate;
      const res = await next(req);
      const job = responseJson(res);
      if (!isOverride(req, 'PUT') || typeof sent !== 'string' || res.status !== 200 || !isJobBody(job)) return res;
      return withResponseJson(res, { ...job, publishDate: sent });
    },
  },
  {
    // spec 2.1, 4.4: id is read-only; DELETE /jobs names its job by the referenceId in the body
    name: 'update-delete-by-reference-honours-body-id',
    area: 'update',
    violates:
      '2.1, 4.4: DELETE /jobs names its job by referenceId, and id is read-only (here an id beside the referenceId in ' +
      'the body deletes that job instead)',
    expectedRule: 'jobs.update.read-only-fields',
    transform: (next) => async (req) => {
      const id = requestJson(req)?.id;
      if (!isDelete(req) || jobIdOf(req) !== undefined || typeof id !== 'number') return next(req);
      return next({ ...req, path: req.path.replace(/\/jobs\/?$/i, `/jobs/${id}`) });
    },
  },
  {
    // spec 4.4: DELETE /jobs/{id} names its job by the path; a body on it names nothing
    name: 'update-delete-by-id-honours-body-reference',
    area: 'update',
    violates:
      '4.4: DELETE /jobs/{id} names its job by the id in the path (here a referenceId in a body on it deletes the job with ' +
      'that referenceId instead: one handler serves both paths and looks at the body first)',
    expectedRule: 'jobs.update.read-only-fields',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isDelete(req) || jobIdOf(req) === undefined || typeof body?.referenceId !== 'string') return next(req);
      return next({ ...req, path: req.path.replace(/\/jobs\/[^/]+$/i, '/jobs') });
    },
  },
  {
    // spec 4.3, 2.1: only the fields sent change; a rename leaves autoRefresh as it was
    name: 'update-rename-resets-auto-refresh',
    area: 'update',
    violates:
      '4.3: only the fields sent change (here a PUT /jobs/{id} that changes the referenceId resets autoRefresh to false: ' +
      'the rename rewrites the row from its defaults)',
    expectedRule: 'jobs.update.keeps-auto-refresh',
    transform: rewriteRequest(
      (req) => isPutById(req) && typeof requestJson(req)?.referenceId === 'string' && requestJson(req)?.autoRefresh === undefined,
      (body) => ({ ...body, autoRefresh: false }),
    ),
  },
  {
    // spec 4.3: updates are partial; a routing type sent alone, the job's own, leaves the address the job holds
    name: 'update-routing-type-alone-refused',
    area: 'update',
    violates:
      '4.3: updates are partial, and a body symmetrical with the GET result is valid (here a PUT that sends ' +
      'applicantRoutingType without the address its type needs is refused, though the job holds that address)',
    expectedRule: 'jobs.update.get-result-resent',
    transform: answerInstead(
      (req) => {
        const body = isAnyUpdate(req) ? requestJson(req) : undefined;
        const type = (body?.applicantRoutingType as JsonObject | undefined)?.id;
        return (type === 1 && !('applicationEmail' in body!)) || (type === 2 && !('applicationUrl' in body!));
      },
      () => jsonResponse(400, { status: 400, code: 'validation_failed', message: 'the routing type needs its address' }),
    ),
  },
  {
    // spec 2.1, 7: the largest Int32 is a valid id; a request naming it is answered, never with a 5xx
    name: 'update-largest-int32-id-fails',
    area: 'update',
    violates: '2.1, 7: id is Int32 (here any request naming job 2147483647 fails with a 500: the server adds one to it in 32 bits)',
    expectedRule: 'jobs.update.unknown-id-creates-nothing',
    transform: answerInstead(
      (req) => jobIdOf(req) === 2_147_483_647,
      () => jsonResponse(500, { status: 500, code: 'internal_error', message: 'integer overflow' }),
    ),
  },
  {
    // spec 2.3, 4.3: each category id names one category; a job with two shows each one's own name
    name: 'update-every-category-named-as-the-first',
    area: 'update',
    violates:
      "2.3: a category is {id, name} (here a job with more than one category shows the first one's name beside every " +
      'id: the join keeps one name per job)',
    expectedRule: 'jobs.update.names-follow-ids',
    // On the text, so the amounts keep their four decimals (a parse and a write would drop them).
    transform: rewriteResponseText(isJobsPath, (text) =>
      text.replace(/"categories":\[([^\]]*)\]/g, (whole, inner: string) => {
        const first = /"name":("(?:[^"\\]|\\.)*")/.exec(inner)?.[1];
        return first === undefined ? whole : whole.replace(/"name":"(?:[^"\\]|\\.)*"/g, `"name":${first}`);
      }),
    ),
  },
  {
    // spec 2.3: each category id names one category, in whatever order a job holds them
    name: 'update-category-names-zipped-in-id-order',
    area: 'update',
    violates:
      '2.3: a category is {id, name} (here the names are read in id order, as a query by the ids returns them, and paired ' +
      "with the job's categories by position: a job whose categories are not in ascending id order shows names swapped)",
    expectedRule: 'jobs.update.names-follow-ids',
    // On the text, so the amounts keep their four decimals (a parse and a write would drop them).
    transform: rewriteResponseText(isJobsPath, (text) =>
      text.replace(/"categories":(\[[^\]]*\])/g, (whole, list: string) => {
        const categories = JSON.parse(list) as Array<{ id: number; name: string }>;
        const names = [...categories].sort((a, b) => a.id - b.id).map((category) => category.name);
        return `"categories":${JSON.stringify(categories.map((category, i) => ({ ...category, name: names[i] })))}`;
      }),
    ),
  },
  {
    // spec 2.3, 4.3: a category id sent by an update names its own category, at whatever position it is sent
    name: 'update-by-reference-keeps-category-names-by-position',
    area: 'update',
    violates:
      "2.3, 4.3: a category is {id, name} (here PUT /jobs writes the new category ids into the job's old category rows, " +
      'each keeping the name of the category that held its position before)',
    expectedRule: 'jobs.update.names-follow-ids',
    transform: keepsOldNamesByPosition(isPutByReference, 'categories'),
  },
  {
    // spec 2.2, 4.2, 4.3: the places an update sends are shown as a job created with them shows them
    name: 'update-by-reference-places-replaced-in-part-keep-old-rows',
    area: 'update',
    violates:
      '2.2, 4.3: an update answers the full Job (here PUT /jobs that replaces some of the places and keeps the others ' +
      "where they were shows each replaced one with the old place's id and name beside the new description)",
    expectedRule: 'jobs.update.names-follow-ids',
    transform: placesReplacedInPartKeepOldRows,
  },
  {
    // spec 4.3 form 2: PUT /jobs updates the job its referenceId names; a refused rename names none
    name: 'update-refused-rename-redirects-by-reference',
    area: 'update',
    violates:
      '4.3: PUT /jobs updates the job the referenceId in its body names (here a rename by id refused as a duplicate leaves ' +
      'its index row: a later PUT /jobs with that referenceId updates the job whose rename was refused)',
    expectedRule: 'jobs.update.duplicate-reference-rejected',
    transform: refusedRenameLeavesIndex(
      (asked) => asked,
      (next, req, id, body) => {
        if (!isPutByReference(req)) return undefined;
        const { referenceId: _named, ...rest } = body;
        return sideRequest(next, req, 'PUT', `/jobs/${id}`, { body: rest });
      },
    ),
  },
  {
    // spec 4.3: only the fields sent change, whichever form wrote the job before
    name: 'update-by-reference-writes-back-stale-copy',
    area: 'update',
    violates:
      '4.3: only the fields sent change (here PUT /jobs writes the body over the copy of the job its own last answer held, ' +
      'undoing what a PUT by id changed since)',
    expectedRule: ['jobs.lifecycle.status-with-each-field', 'jobs.concurrency.disjoint-updates'],
    transform: (next) => {
      const copies = new Map<string, JsonObject>();
      return async (req) => {
        const body = requestJson(req);
        const key = `${req.headers['api-key'] ?? ''} ${String(body?.referenceId)}`;
        const copy = isPutByReference(req) ? copies.get(key) : undefined;
        const res = await next(copy && body ? withJsonBody(req, { ...inputOf(copy), ...body }) : req);
        const job = responseJson(res);
        if ((isPutByReference(req) || isPost(req)) && res.status < 300 && isJobBody(job) && typeof job.referenceId === 'string') {
          copies.set(`${req.headers['api-key'] ?? ''} ${job.referenceId}`, job);
        }
        return res;
      };
    },
  },
  {
    // spec 2.1, 4.3: salary is "Object or null", and a partial update changes the fields sent, to what was sent
    name: 'update-salary-null-ignored-on-reference-update',
    area: 'update',
    violates:
      '2.1, 4.3: salary null means no salary (here a PUT /jobs that updates a job reads salary null as "not sent" and keeps ' +
      'the stored salary; PUT /jobs/{id} clears it)',
    expectedRule: 'jobs.update.nulls-taken',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const ref = body?.referenceId;
      if (!isPutByReference(req) || body?.salary !== null || typeof ref !== 'string' || !(await jobByReference(next, req, ref)))
        return next(req);
      const { salary: _ignored, ...rest } = body;
      return next(withJsonBody(req, rest));
    },
  },
  {
    // spec 4.3: the fields sent change, to what was sent, both ways on every path
    name: 'update-auto-refresh-false-ignored-by-reference',
    area: 'update',
    violates:
      '4.3: only the fields sent change, to what was sent (here PUT /jobs ignores autoRefresh false: auto-refresh can be ' +
      'turned on by referenceId but never off)',
    expectedRule: 'jobs.update.keeps-auto-refresh',
    transform: rewriteRequest(isPutByReference, (body) => {
      if (body.autoRefresh === false) delete body.autoRefresh;
    }),
  },
  {
    // spec 4.2, 3: PUT is idempotent; an archive of an archived job leaves it archived
    name: 'update-archive-sent-twice-republishes',
    area: 'update',
    violates:
      '4.2, 3: PUT is idempotent (here PUT /jobs/{id} with status archived toggles: sent to a job already archived, it ' +
      're-publishes it)',
    expectedRule: 'jobs.update.idempotent',
    transform: (next) => async (req) => {
      const id = jobIdOf(req);
      if (!isPutById(req) || id === undefined || requestJson(req)?.status !== 'archived') return next(req);
      const job = await currentJob(next, req, id);
      return job?.status === 'archived' ? next(withJsonBody(req, { ...requestJson(req), status: 'active' })) : next(req);
    },
  },
  {
    // spec 3: a re-publish leaves every other field as it was, on every path
    name: 'update-republish-by-id-resets-auto-refresh',
    area: 'update',
    violates:
      '3: a status change leaves the other fields unchanged (here a re-publish by PUT /jobs/{id}, plainly or through the ' +
      'override, turns autoRefresh off; by referenceId it is kept)',
    expectedRule: 'jobs.update.keeps-auto-refresh',
    transform: rewriteRequest(
      (req) => isItem(req) && effectiveMethod(req) === 'PUT',
      (body) => {
        if (body.status === 'active' && body.autoRefresh === undefined) body.autoRefresh = false;
      },
    ),
  },
  {
    // spec 2.4, 4.3: a position type sent alone names itself in the answer, as a job created with it does
    name: 'update-position-type-alone-by-reference-answers-old-name',
    area: 'update',
    violates:
      '2.4, 4.3: an update answers the full Job, each id with its name (here PUT /jobs with positionType alone answers the new id ' +
      'beside the old name: the answer patches the id into the job it read)',
    expectedRule: 'jobs.update.names-follow-ids',
    transform: (next) => async (req) => {
      const body = isPutByReference(req) ? requestJson(req) : undefined;
      const sent = body?.positionType as JsonObject | undefined;
      if (!body || typeof body.referenceId !== 'string' || sent === undefined || Object.keys(body).length !== 2) return next(req);
      const before = await jobByReference(next, req, body.referenceId);
      const old =
        before === undefined ? undefined : ((await currentJob(next, req, before.id as number))?.positionType as JsonObject | undefined);
      const res = await next(req);
      if (res.status !== 200 || old === undefined || typeof res.body !== 'string') return res;
      return { ...res, body: res.body.replace(/("positionType":\{"id":\d+,"name":)"[^"]*"/, `$1${JSON.stringify(old.name)}`) };
    },
  },
  {
    // spec 4.3: only the fields sent change, and they do, a new referenceId among them
    name: 'update-rename-by-override-drops-other-fields',
    area: 'update',
    violates:
      '4.3: the fields sent change (here POST /jobs/{id} with X-HTTP-Method-Override: PUT, a new referenceId and other fields ' +
      'answers them all, but stores the referenceId only: the rename path writes its own column and then the row it read)',
    expectedRule: 'jobs.model.lifecycle',
    transform: (next) => async (req) => {
      const body = isOverride(req, 'PUT') && isItem(req) ? requestJson(req) : undefined;
      const id = jobIdOf(req);
      if (!body || id === undefined || typeof body.referenceId !== 'string' || Object.keys(body).length < 2) return next(req);
      const before = await currentJob(next, req, id);
      const res = await next(req);
      if (res.status !== 200 || before === undefined || before.referenceId === body.referenceId) return res;
      const held = inputOf(before);
      const others = Object.keys(body).filter((field) => field !== 'referenceId' && field in held);
      await sideRequest(next, req, 'PUT', `/jobs/${id}`, { body: Object.fromEntries(others.map((field) => [field, held[field]])) });
      return res;
    },
  },
  {
    // spec 3: archived -> active, other fields unchanged; 2.1: auto-refresh resets the publish date every 7 days
    name: 'update-republish-of-auto-refresh-job-moves-publish-date',
    area: 'update',
    violates:
      '3: a re-publish changes the status alone (here the answer to a re-publish of a job with autoRefresh true ' +
      'by a status-only PUT carries the moment of the re-publish as its publishDate, as if it refreshed)',
    expectedRule: 'jobs.update.keeps-auto-refresh',
    transform: (next) => async (req) => {
      const res = await next(req);
      const sent = requestJson(req);
      const statusOnly = sent !== undefined && Object.keys(sent).every((key) => key === 'status' || key === 'referenceId');
      const republished = statusOnly && sent.status === 'active' && res.status === 200 && typeof res.body === 'string';
      if (!republished || !/"autoRefresh":true/.test(res.body as string)) return res;
      return { ...res, body: (res.body as string).replace(/"publishDate":"[^"]*"/, `"publishDate":"${new Date().toISOString()}"`) };
    },
  },
  {
    // spec 4.3: only the fields sent change, to what was sent; 2.1 closeDate is a Date, ISO 8601, in any spelling
    name: 'update-close-date-respelled-slips-a-day-by-override',
    area: 'update',
    violates:
      '4.3: an update stores what it sends (here, through the override, a closeDate that names the stored day or ' +
      'instant in another spelling is saved a day early)',
    expectedRule: 'jobs.update.get-result-resent',
    transform: dirtyCheck(
      (body, job) => {
        const sent = body.closeDate;
        const stored = job.closeDate;
        if (typeof sent !== 'string' || typeof stored !== 'string' || sent === stored) return;
        const sameDay = /^\d{4}-\d{2}-\d{2}$/.test(sent) && stored.startsWith(sent);
        if (sameDay || Date.parse(sent) === Date.parse(stored)) body.closeDate = new Date(Date.parse(sent) - DAY_MS).toISOString();
      },
      (req) => isOverride(req, 'PUT') && isJobsPath(req),
    ),
  },
  {
    // spec 4.3: only the fields sent change; 4.2 lists salary.amount and salary.maxAmount as fields of their own
    name: 'update-unchanged-salary-amount-by-id-clears-max-amount',
    area: 'update',
    violates:
      '4.3: only the fields sent change (here a PUT by id whose salary resends the stored amount without a maxAmount ' +
      'clears the stored maxAmount)',
    expectedRule: 'jobs.update.get-result-resent',
    transform: dirtyCheck(
      (body, job) => {
        const sent = body.salary;
        const stored = job.salary;
        if (!isObject(sent) || !isObject(stored) || 'maxAmount' in sent || stored.maxAmount === null) return;
        if (Number(sent.amount) === Number(stored.amount)) body.salary = { ...sent, maxAmount: null };
      },
      (req) => isPutById(req),
    ),
  },
  {
    // spec 2.5, 4.3: a salary period is named by its id ("On input only id is supplied"); the fields sent change
    name: 'update-salary-period-picked-by-name',
    area: 'update',
    violates:
      '2.5, 4.3: the period sent is the period of its id (here an update whose period carries a name, as a GET result ' +
      'edited to another id does, keeps the period of that name)',
    expectedRule: 'jobs.update.names-follow-ids',
    transform: rewriteRequest(isAnyUpdate, (body) => {
      const salary = body.salary;
      const period = isObject(salary) ? salary.period : undefined;
      if (!isObject(period) || typeof period.name !== 'string') return;
      const named = SALARY_PERIOD_MEANINGS.find((meaning) => meaning.name === period.name);
      if (named !== undefined) (salary as JsonObject).period = { ...period, id: named.id };
    }),
  },
  {
    // spec 4.3: the body is symmetrical with the GET result; on PUT /jobs "the job id is then not needed", not forbidden
    name: 'update-collection-override-refuses-body-id',
    area: 'update',
    violates:
      '4.3: a GET result sent back is a valid update (here the override PUT on /jobs refuses a body that carries the ' + "job's own id)",
    expectedRule: 'jobs.update.get-result-resent',
    transform: answerInstead(
      (req) => isOverride(req, 'PUT') && isCollection(req) && requestJson(req)?.id !== undefined,
      () => jsonResponse(400, { status: 400, code: 'validation_failed', message: 'id is read-only' }),
    ),
  },
  {
    // spec 2.1, 4.3: "" or null is no referenceId, so no job holds it "in use"; the body is symmetrical with the GET result
    name: 'update-by-id-empty-reference-conflicts-with-another',
    area: 'update',
    violates:
      '4.3, 2.1: a job\'s own GET result sent back is a valid update (here PUT /jobs/{id} with the job\'s own null or "" ' +
      'referenceId is refused as a duplicate while another job of the employer has none either)',
    expectedRule: 'jobs.update.get-result-resent',
    transform: (next) => async (req) => {
      const id = jobIdOf(req);
      const body = requestJson(req);
      if (!isPutById(req) || id === undefined || !body || !('referenceId' in body) || !namesNoReference(body)) return next(req);
      const others = (await jobsWithoutReference(next, req)).filter((job) => job.id !== id);
      return others.length > 0
        ? jsonResponse(409, { status: 409, code: 'duplicate_reference_id', message: 'referenceId in use' })
        : next(req);
    },
  },
  {
    // spec 2.5: responses carry four decimal places; 4.3: the fields sent change to what is sent
    name: 'update-amount-alone-rounded-to-cents',
    area: 'update',
    violates:
      '2.5, 4.3: an update stores the amount it takes (here one that sends the amount without its period, merged into ' +
      'the stored salary, rounds it to cents: 21.1234 as 21.12)',
    expectedRule: 'jobs.update.salary-merge',
    transform: rewriteRequest(isAnyUpdate, (body) => {
      const salary = body.salary;
      if (!isObject(salary) || 'period' in salary || typeof salary.amount !== 'number') return;
      body.salary = { ...salary, amount: Math.round(salary.amount * 100) / 100 };
    }),
  },
  {
    // spec 2.5: responses carry four decimal places
    name: 'update-partial-salary-leaves-amount-unformatted',
    area: 'update',
    violates:
      '2.5: responses carry four decimal places (here, after a partial salary update without the amount, the stored ' +
      'amount is merged back as a plain number and written 52000 on every later answer)',
    expectedRule: 'jobs.update.salary-merge',
    transform: amountUnformattedAfterPartialSalary,
  },
  {
    // spec 4.3: only the fields sent change, and to the values sent, every time
    name: 'update-second-categories-update-merges',
    area: 'update',
    violates:
      '4.3: updates are partial, only the fields sent change, to the values sent (here a second update of categories ' +
      'keeps the categories the job had beside the ones sent, up to three)',
    expectedRule: 'jobs.update.field-twice',
    transform: laterCategoryUpdatesMerge,
  },
  {
    // spec 3, 4.3: only the fields sent change; a status changes only when sent
    name: 'update-later-close-date-republishes-archived-job',
    area: 'update',
    violates:
      "3, 4.3: only the fields sent change (here an update that moves an archived job's closeDate later, without a " +
      'status, makes the job active)',
    expectedRule: 'jobs.update.field-twice',
    transform: laterCloseDateRepublishes,
  },
  {
    // spec 2.5: plusCommission "Default false"; 2.1: salary null when no salary is defined
    name: 'update-salary-after-null-revives-plus-commission',
    area: 'update',
    violates:
      '2.5: plusCommission defaults to false (here a salary sent without plusCommission after salary: null takes the ' +
      'plusCommission: true of the salary the null cleared)',
    expectedRule: 'jobs.update.nulls-taken',
    transform: clearedSalaryRevivesCommission,
  },
  {
    // spec 4.3: PUT /jobs names its job by the referenceId in the body
    name: 'update-reference-given-by-id-unfound-at-zero',
    area: 'update',
    violates:
      '4.3: PUT /jobs updates the job named by the referenceId in the body (here, while no job of the employer took its ' +
      'referenceId when it was made, one given its referenceId by PUT /jobs/{id} is not found by it)',
    expectedRule: 'jobs.list.first-and-last-job',
    transform: referenceGivenByIdUncounted,
  },
  {
    // spec 3, 4.3: each update is applied; an archive of an active job archives it
    name: 'update-by-id-answers-a-body-sent-before-from-cache',
    area: 'update',
    violates:
      '3, 4.3: an archive of an active job archives it (here PUT /jobs/{id} answers a body the job was sent before ' +
      'from a cache without applying it: archive, re-publish, archive leaves the job active)',
    expectedRule: 'jobs.update.idempotent',
    transform: updateByIdAnsweredFromCache,
  },
  {
    // spec 2.1: id is read-only; 4.3: PUT /jobs names its job by the referenceId in the body
    name: 'update-put-by-reference-follows-body-id',
    area: 'update',
    violates:
      '2.1, 4.3: id is read-only and PUT /jobs names its job by referenceId (here an id in the body names the job ' +
      'written: a job copied with its id under a new referenceId renames and rewrites the original)',
    expectedRule: 'jobs.update.read-only-fields',
    transform: putByReferenceFollowsBodyId,
  },
  {
    // spec 4.3: only the fields sent change; an update that resends the routing type alone leaves its address
    name: 'update-routing-type-resent-clears-email',
    area: 'update',
    violates: '4.3: only the fields sent change (here routing type 1 resent alone leaves the job without its applicationEmail)',
    expectedRule: 'jobs.update.get-result-resent',
    transform: routingTypeResentClearsEmail,
  },
];
