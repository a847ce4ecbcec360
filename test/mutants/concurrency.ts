/**
 * @module Mutants that race (spec 4.2, 4.3, 7.1): a referenceId names one
 * job, also when identical requests arrive at once. These check whether the
 * referenceId exists, wait (as a server without a lock or a unique index
 * would, between its read and its write), then create: every request that
 * overlapped the first one creates a second job with the same referenceId.
 * The duplicates are stored under an alias the responses translate back.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CoreHandler, CoreRequest, CoreResponse } from '../../mock/index.js';
import type { Mutant, Transform } from './mutant.js';
import {
  isListBody,
  jsonResponse,
  requestJson,
  responseText,
  responseJson,
  serverError,
  withJsonBody,
  withResponseJson,
  type JsonObject,
} from './support/json.js';
import { inputOf } from './support/job-input.js';
import { isAnyUpdate, isDelete, isList, isPost, isPutById, isPutByReference, jobIdOf } from './support/routes.js';
import { currentJob, jobByReference, sideRequest } from './support/side-requests.js';

/** Long enough for requests sent together to overlap, short enough to keep the run fast. */
const GAP_MS = 20;

/** The employer's job counter, lowered once more by every delete by id that lost a race; the plain list reads it. */
const racedDeleteCountsTwice: Transform = (next) => {
  const short = new Map<string, number>();
  return async (req) => {
    const key = req.headers['api-key'] ?? '';
    const id = jobIdOf(req);
    if (isList(req) && !req.query.get('q') && !req.query.get('status') && (short.get(key) ?? 0) > 0) {
      const res = await next(req);
      const body = responseJson(res);
      if (!isListBody(body)) return res;
      const total = Math.max(0, Number(body.paging.total) - short.get(key)!);
      return withResponseJson(res, { ...body, paging: { ...body.paging, total, pages: Math.ceil(total / Number(body.paging.pageSize)) } });
    }
    if (!isDelete(req) || id === undefined || (await currentJob(next, req, id)) === undefined) return next(req);
    await sleep(GAP_MS);
    const res = await next(req);
    if (res.status !== 404) return res;
    short.set(key, (short.get(key) ?? 0) + 1);
    return { status: 204, headers: {} };
  };
};

function racyCreate(match: (req: CoreRequest) => boolean): Transform {
  return (next) => {
    const inFlight = new Map<string, number>();
    const aliases = new Map<string, string>();
    const unalias = (res: CoreResponse): CoreResponse => {
      if (res.body === undefined || aliases.size === 0) return res;
      let text = responseText(res);
      for (const [alias, real] of aliases) text = text.replaceAll(alias, real);
      return { ...res, body: text };
    };
    return async (req) => {
      const body = requestJson(req);
      const referenceId = body?.referenceId;
      if (!match(req) || body === undefined || typeof referenceId !== 'string') return unalias(await next(req));
      const key = `${req.headers['api-key']}\n${referenceId}`;
      const overlapping = inFlight.get(key) ?? 0;
      inFlight.set(key, overlapping + 1);
      try {
        if (await jobByReference(next, req, referenceId)) return unalias(await next(req));
        await sleep(GAP_MS);
        if (overlapping === 0) return unalias(await next(req));
        // A second writer that also saw "no such job": it creates one more.
        const alias = `${referenceId}\u2063${aliases.size + 1}\u2063`;
        aliases.set(alias, referenceId);
        return unalias(await next(withJsonBody({ ...req, method: 'POST' }, { ...body, referenceId: alias })));
      } finally {
        const left = (inFlight.get(key) ?? 1) - 1;
        if (left === 0) inFlight.delete(key);
        else inFlight.set(key, left);
      }
    };
  };
}

/**
 * The update as a server with a lost update writes it: the job read before (`job`), a pause in which other updates
 * land, then the whole job written back with the sent fields (the request as it is where no job was read).
 */
async function writtenBackWhole(next: CoreHandler, req: CoreRequest, job: JsonObject | undefined, body: JsonObject): Promise<CoreResponse> {
  if (job === undefined) return next(req);
  await sleep(GAP_MS);
  const whole = inputOf(job);
  // The address the routing type does not use is null in an answer, and absent from a valid body.
  for (const field of ['applicationEmail', 'applicationUrl']) if (whole[field] === null) delete whole[field];
  return next(withJsonBody(req, { ...whole, ...body }));
}

const keyOf = (req: CoreRequest): string => req.headers['api-key'] ?? '';

/** A list's path and query, its parameters sorted: what a cache or a merge of identical lists keys on. */
const listKey = (req: CoreRequest): string => `${req.path}?${[...req.query.entries()].sort().join('&')}`;

/**
 * Each employer's list pages cached, every write of the employer emptying them; a list stores its page GAP_MS after
 * reading it, so a write that lands in between leaves a stale page that later identical lists are served.
 */
const listCacheOutlivesRacingWrite: Transform = (next) => {
  const cache = new Map<string, CoreResponse>();
  return async (req) => {
    const key = `${keyOf(req)} ${listKey(req)}`;
    if (isList(req)) {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const res = await next(req);
      await sleep(GAP_MS);
      if (res.status === 200) cache.set(key, res);
      return res;
    }
    const res = await next(req);
    if (req.method !== 'GET' && res.status < 300)
      for (const cached of [...cache.keys()]) if (cached.startsWith(`${keyOf(req)} `)) cache.delete(cached);
    return res;
  };
};

const HEADER_ROW_FIELDS = ['title', 'status', 'confidential'];

/**
 * The list's rows written by each update from the job it read at its start plus the fields it sent, GAP_MS later:
 * of two updates at once, the later row puts back what the other one changed. GET reads the job itself.
 */
const headerRowFromStaleRead: Transform = (next) => {
  const rows = new Map<number, JsonObject>();
  return async (req) => {
    if (isList(req)) {
      const res = await next(req);
      const body = responseJson(res);
      if (!isListBody(body) || rows.size === 0) return res;
      return withResponseJson(res, { ...body, data: body.data.map((item) => ({ ...item, ...rows.get(item.id as number) })) });
    }
    const sent = requestJson(req);
    const named =
      jobIdOf(req) ??
      (isAnyUpdate(req) && typeof sent?.referenceId === 'string' ? (await jobByReference(next, req, sent.referenceId))?.id : undefined);
    const loaded = isAnyUpdate(req) && typeof named === 'number' ? await currentJob(next, req, named) : undefined;
    if (loaded === undefined || sent === undefined) return next(req);
    await sleep(GAP_MS);
    const res = await next(req);
    if (res.status === 200)
      rows.set(
        named as number,
        Object.fromEntries(HEADER_ROW_FIELDS.map((field) => [field, Object.hasOwn(sent, field) ? sent[field] : loaded[field]])),
      );
    return res;
  };
};

/**
 * PUT /jobs loads the job by referenceId, waits GAP_MS, and saves it as an upsert: when a delete lands in between, the
 * save makes the loaded job again, under a new id, and answers 200.
 */
const updateRacingDeleteRevivesJob: Transform = (next) => async (req) => {
  const sent = requestJson(req);
  const ref = sent?.referenceId;
  if (!isPutByReference(req) || typeof ref !== 'string') return next(req);
  const header = await jobByReference(next, req, ref);
  const loaded = header === undefined ? undefined : await currentJob(next, req, header.id as number);
  if (loaded === undefined) return next(req);
  await sleep(GAP_MS);
  const res = await next(req);
  if (res.status < 400 || res.status >= 500 || (await jobByReference(next, req, ref)) !== undefined) return res;
  const saved = await sideRequest(next, req, 'POST', '/jobs', { body: { ...inputOf(loaded), ...sent, referenceId: ref } });
  return saved.status === 201
    ? { ...saved, status: 200, headers: { 'content-type': saved.headers['content-type'] ?? 'application/json' } }
    : res;
};

/** Identical lists in flight answered by one read, keyed by path and query but not by the API key. */
const identicalListsMerged: Transform = (next) => {
  const inFlight = new Map<string, Promise<CoreResponse>>();
  return async (req) => {
    if (!isList(req)) return next(req);
    const key = listKey(req);
    const shared = inFlight.get(key);
    if (shared !== undefined) return shared;
    const answer = sleep(GAP_MS).then(() => next(req));
    inFlight.set(key, answer);
    try {
      return await answer;
    } finally {
      inFlight.delete(key);
    }
  };
};

/**
 * A PUT-create holds its referenceId in a lock keyed by the referenceId alone while it inserts: the other employer's
 * PUT-create of the same referenceId meanwhile is refused as a duplicate.
 */
const putCreateLockWithoutEmployer: Transform = (next) => {
  const locks = new Map<string, string>();
  return async (req) => {
    const ref = requestJson(req)?.referenceId;
    if (!isPutByReference(req) || typeof ref !== 'string' || (await jobByReference(next, req, ref)) !== undefined) return next(req);
    const holder = locks.get(ref);
    if (holder !== undefined && holder !== keyOf(req))
      return jsonResponse(409, { status: 409, code: 'duplicate_reference_id', message: `referenceId ${ref} is in use` });
    if (holder !== undefined) return next(req);
    locks.set(ref, keyOf(req));
    try {
      await sleep(GAP_MS);
      return await next(req);
    } finally {
      locks.delete(ref);
    }
  };
};

export const concurrencyMutants: Mutant[] = [
  {
    // spec 4.2, 4.3: PUT is idempotent; a referenceId names one job
    name: 'concurrency-put-create-race',
    area: 'concurrency',
    violates: '4.3: PUT with a referenceId is idempotent (here concurrent PUT-creates each create a job)',
    expectedRule: 'jobs.concurrency.put-create-once',
    transform: racyCreate(isPutByReference),
  },
  {
    // spec 4.3: updates are partial, only the fields sent change, also when two land together
    name: 'concurrency-lost-update',
    area: 'concurrency',
    violates:
      '4.3: only the fields sent change (here PUT /jobs/{id} reads the job, waits, and writes it back whole with the sent fields, ' +
      'so an update that landed in between is lost)',
    expectedRule: 'jobs.concurrency.disjoint-updates',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const id = jobIdOf(req);
      if (!isPutById(req) || body === undefined || id === undefined) return next(req);
      return writtenBackWhole(next, req, await currentJob(next, req, id), body);
    },
  },
  {
    // spec 4.4, 7: a delete answers 204; one sent again at once is answered too, never with a server error
    name: 'concurrency-repeated-delete-crashes',
    area: 'concurrency',
    violates:
      '4.4, 7: each of one delete sent several times at once is answered 204 or a client error (here the copies that overlap answer 500)',
    expectedRule: 'jobs.concurrency.deletes-at-once',
    transform: (next) => {
      const inFlight = new Set<string>();
      return async (req) => {
        if (!isDelete(req)) return next(req);
        const key = `${req.headers['api-key'] ?? ''} ${req.path} ${req.body ? Buffer.from(req.body).toString('utf8') : ''}`;
        if (inFlight.has(key)) return serverError();
        inFlight.add(key);
        try {
          // The lock is held while the row is removed: long enough for the copies sent at once to meet it.
          await sleep(20);
          return await next(req);
        } finally {
          inFlight.delete(key);
        }
      };
    },
  },
  {
    // spec 3, 4.3: a status change leaves the other fields unchanged, an update sent beside it on another path included
    name: 'concurrency-status-by-reference-writes-back-whole-job',
    area: 'concurrency',
    violates:
      '3, 4.3: only the fields sent change (here PUT /jobs with a status reads the job, waits, and writes it back whole with ' +
      'the new status, so a title sent at the same moment by PUT /jobs is lost; by id the updates hold)',
    expectedRule: 'jobs.concurrency.disjoint-updates',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || typeof body?.referenceId !== 'string') return next(req);
      // Its other updates take a moment longer to land than the status change takes to read the job.
      if (typeof body.status !== 'string') return sleep(GAP_MS / 2).then(() => next(req));
      const header = await jobByReference(next, req, body.referenceId);
      return writtenBackWhole(next, req, header === undefined ? undefined : await currentJob(next, req, header.id as number), body);
    },
  },
  {
    // spec 4.1: a job exists until it is deleted, while an update of it is in flight too
    name: 'concurrency-get-during-locations-update-answers-404',
    area: 'concurrency',
    violates:
      "4.1: GET /jobs/{id} answers 200 with the job (here, while a PUT /jobs/{id} that sends locations rewrites the job's " +
      'rows, deleting and inserting them again, a GET of it answers 404)',
    expectedRule: 'jobs.concurrency.reads-during-writes',
    transform: (next) => {
      const rewriting = new Set<number>();
      return async (req) => {
        const id = jobIdOf(req);
        if (req.method === 'GET' && id !== undefined && rewriting.has(id)) return jsonResponse(404, { code: 'not_found' });
        if (!isPutById(req) || id === undefined || !Array.isArray(requestJson(req)?.locations)) return next(req);
        rewriting.add(id);
        try {
          await sleep(GAP_MS);
          return await next(req);
        } finally {
          rewriting.delete(id);
        }
      };
    },
  },
  {
    // spec 4.5: the list holds the employer's jobs, while another is being created too
    name: 'concurrency-list-during-create-answers-empty',
    area: 'concurrency',
    violates:
      "4.5, 2.8: the list holds the employer's jobs (here a list without q or status read while a POST is in flight, its " +
      'view being rebuilt, answers no jobs and total 0)',
    expectedRule: 'jobs.concurrency.reads-during-writes',
    transform: (next) => {
      let creating = 0;
      return async (req) => {
        if (isList(req) && creating > 0 && !req.query.get('q') && !req.query.get('status')) {
          const res = await next(req);
          const body = responseJson(res);
          return isListBody(body) ? withResponseJson(res, { data: [], paging: { ...body.paging, total: 0, pages: 0, next: null } }) : res;
        }
        if (!isPost(req)) return next(req);
        creating++;
        try {
          await sleep(GAP_MS);
          return await next(req);
        } finally {
          creating--;
        }
      };
    },
  },
  {
    // spec 2.8: total is the number of matching jobs, after deletes that raced too
    name: 'concurrency-raced-delete-by-id-counts-twice',
    area: 'concurrency',
    violates:
      '2.8: total is the number of matching jobs (here each DELETE /jobs/{id} that found the job, then lost the race to ' +
      "delete it, lowers the employer's job counter too: the list without q or status counts one job short from then on)",
    expectedRule: 'jobs.concurrency.deletes-at-once',
    transform: racedDeleteCountsTwice,
  },
  {
    // spec 4.5: the list holds the employer's jobs, the one made while an identical list was read among them
    name: 'concurrency-list-cache-outlives-racing-create',
    area: 'concurrency',
    violates:
      "4.5: the list returns the employer's jobs (here a page read while a create landed is cached and served to later " +
      'identical lists, without the new job)',
    expectedRule: 'jobs.concurrency.reads-during-writes',
    transform: listCacheOutlivesRacingWrite,
  },
  {
    // spec 2.7: a list item holds its job's header fields with the same meaning
    name: 'concurrency-header-row-from-stale-read',
    area: 'concurrency',
    violates:
      "2.7: a list item holds the job's header fields (here each update writes the list row from the job it read before " +
      'another update landed: the row puts back the title, status or flag the other one changed)',
    expectedRule: 'jobs.concurrency.disjoint-updates',
    transform: headerRowFromStaleRead,
  },
  {
    // spec 3: a deleted job is removed; an update sent beside the delete brings it back in no order
    name: 'concurrency-update-racing-delete-revives-job',
    area: 'concurrency',
    violates:
      '3: DELETE removes the job (here a PUT /jobs that loaded the job before a delete landed saves it again, under a new ' +
      'id, and answers 200)',
    expectedRule: 'jobs.concurrency.update-and-delete-at-once',
    transform: updateRacingDeleteRevivesJob,
  },
  {
    // spec 5.3: a list answers only the key's employer's jobs
    name: 'concurrency-identical-lists-merged-across-employers',
    area: 'concurrency',
    violates:
      "5.3: the list returns only the key's employer's data (here identical lists in flight share one answer whatever " +
      "their key: the second employer gets the first one's jobs)",
    expectedRule: 'jobs.concurrency.both-employers-at-once',
    transform: identicalListsMerged,
  },
  {
    // spec 2.1, 4.3: a referenceId is the employer's own; PUT /jobs with one the employer does not hold creates
    name: 'concurrency-put-create-lock-without-employer',
    area: 'concurrency',
    violates:
      "4.3: PUT /jobs with a referenceId the employer holds no job by creates one (here a PUT-create's lock is keyed by the " +
      "referenceId alone: the other employer's PUT-create of it at the same moment is refused as a duplicate)",
    expectedRule: 'jobs.concurrency.both-employers-at-once',
    transform: putCreateLockWithoutEmployer,
  },
];
