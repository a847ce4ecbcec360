/**
 * @module Mutants of authentication (spec 5.1, 5.2): every operation on jobs
 * needs a valid API-Key.
 */
import type { CoreRequest } from '../../mock/index.js';
import type { Mutant } from './mutant.js';
import { DEMO_KEYS } from './support/keys.js';
import { isListBody, jsonResponse, requestJson, responseJson } from './support/json.js';
import { effectiveMethod, isCollection, isItem, isJobsPath, isList, isPutByReference, jobIdOf } from './support/routes.js';
import { currentJob, jobByReference } from './support/side-requests.js';

const FIRST_KEY = DEMO_KEYS[0]!;

/** A server whose key lookup takes `matches(sent, issued)` for equality: a sent key it matches acts as that issued key. */
function keysCompared(
  matches: (sent: string, issued: string) => boolean,
  on: (req: CoreRequest) => boolean = isJobsPath,
): Mutant['transform'] {
  return (next) => async (req) => {
    const sent = req.headers['api-key'];
    const issued = sent === undefined || DEMO_KEYS.includes(sent) ? undefined : DEMO_KEYS.find((key) => matches(sent, key));
    return next(on(req) && issued !== undefined ? { ...req, headers: { ...req.headers, 'api-key': issued } } : req);
  };
}

const caseInsensitive = (sent: string, issued: string): boolean => sent.toLowerCase() === issued.toLowerCase();

export const authMutants: Mutant[] = [
  {
    // spec 5.1, 5.2: every operation on jobs requires the API-Key header
    name: 'auth-accepts-missing-key',
    area: 'auth',
    violates: "5.1: every operation on jobs requires authentication (here a request without API-Key acts as the first employer's)",
    expectedRule: [
      'jobs.auth.missing-key.get',
      'jobs.auth.missing-key.list',
      'jobs.auth.missing-key.create',
      'jobs.auth.missing-key.put-by-id',
      'jobs.auth.missing-key.delete-by-id',
    ],
    transform: (next) => async (req) =>
      next(isJobsPath(req) && req.headers['api-key'] === undefined ? { ...req, headers: { ...req.headers, 'api-key': FIRST_KEY } } : req),
  },
  {
    // spec 5.1: every operation on jobs requires authentication, whatever the method reads them
    name: 'auth-options-without-key-lists-every-employers-jobs',
    area: 'auth',
    violates:
      '5.1, 5.3: no job data without a key (here OPTIONS /jobs without API-Key, a route the framework adds outside the ' +
      "key's check, answers the list of every employer's jobs)",
    expectedRule: 'jobs.auth.missing-key.other-methods',
    transform: (next) => async (req) => {
      if (req.method !== 'OPTIONS' || !isCollection(req) || req.headers['api-key'] !== undefined) return next(req);
      const data: unknown[] = [];
      for (const key of DEMO_KEYS) {
        const res = await next({ ...req, method: 'GET', headers: { ...req.headers, 'api-key': key } });
        const list = responseJson(res);
        if (isListBody(list)) data.push(...list.data);
      }
      return jsonResponse(200, {
        data,
        paging: { total: data.length, page: 1, pages: 1, pageSize: data.length, previous: null, next: null },
      });
    },
  },
  {
    // spec 5.1, 5.2: an API-Key header sent empty carries no valid key
    name: 'auth-accepts-empty-key',
    area: 'auth',
    violates: "5.1, 5.2: a key the service never issued is refused (here an empty API-Key acts as the first employer's)",
    expectedRule: ['jobs.auth.wrong-key.get', 'jobs.auth.wrong-key.list', 'jobs.auth.wrong-key.create', 'jobs.auth.wrong-key.put-by-id'],
    transform: (next) => async (req) =>
      next(isJobsPath(req) && req.headers['api-key'] === '' ? { ...req, headers: { ...req.headers, 'api-key': FIRST_KEY } } : req),
  },
  {
    // spec 5.1, 5.2: the key must be a valid one
    name: 'auth-accepts-wrong-key',
    area: 'auth',
    violates: "5.1, 5.2: a key the service never issued is refused (here it acts as the first employer's)",
    expectedRule: [
      'jobs.auth.wrong-key.get',
      'jobs.auth.wrong-key.list',
      'jobs.auth.wrong-key.create',
      'jobs.auth.wrong-key.put-by-id',
      'jobs.auth.wrong-key.delete-by-id',
    ],
    transform: (next) => async (req) => {
      const key = req.headers['api-key'];
      return next(
        isJobsPath(req) && key !== undefined && !DEMO_KEYS.includes(key)
          ? { ...req, headers: { ...req.headers, 'api-key': FIRST_KEY } }
          : req,
      );
    },
  },
  {
    // spec 5.1: every operation on jobs requires authentication, PUT-create included (4.3)
    name: 'auth-put-create-without-key',
    area: 'auth',
    violates:
      '5.1: every operation on jobs requires authentication (here a PUT /jobs without API-Key whose referenceId is new creates the job for the first employer)',
    expectedRule: 'jobs.auth.missing-key.put-create',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || req.headers['api-key'] !== undefined || typeof body?.referenceId !== 'string') return next(req);
      const keyed = { ...req, headers: { ...req.headers, 'api-key': FIRST_KEY } };
      // Updates stay refused: only a PUT that creates slips through.
      return (await jobByReference(next, keyed, body.referenceId)) === undefined ? next(keyed) : next(req);
    },
  },
  {
    // spec 1, 5.1: the override PUT (POST /jobs/{id} with X-HTTP-Method-Override: PUT) is an operation on jobs too
    name: 'auth-override-put-without-key',
    area: 'auth',
    violates:
      '5.1: every operation on jobs requires authentication (here POST /jobs/{id} with X-HTTP-Method-Override: PUT ' +
      "skips the key check and updates the first employer's job)",
    expectedRule: ['jobs.auth.missing-key.put-by-override', 'jobs.auth.wrong-key.put-by-override'],
    transform: (next) => async (req) => {
      const key = req.headers['api-key'];
      const overridePut = req.method.toUpperCase() === 'POST' && effectiveMethod(req) === 'PUT' && isItem(req);
      return next(
        overridePut && (key === undefined || !DEMO_KEYS.includes(key))
          ? { ...req, headers: { ...req.headers, 'api-key': FIRST_KEY } }
          : req,
      );
    },
  },
  {
    // spec 5.2: the credential is the key's value
    name: 'auth-key-compared-case-insensitively',
    area: 'auth',
    violates: "5.2 (should): the API-Key value is the key (here it is compared case-insensitively, so 'DEMO-KEY-1' acts as 'demo-key-1')",
    expectedRule: 'jobs.auth.key-letter-case',
    transform: keysCompared(caseInsensitive),
  },
  {
    // spec 5.2: the credential is the key's value, on every operation
    name: 'auth-post-compares-key-case-insensitively',
    area: 'auth',
    violates:
      "5.2 (should): the API-Key value is the key (here POST /jobs alone lowers it before its lookup: 'DEMO-KEY-1' creates as 'demo-key-1')",
    expectedRule: 'jobs.auth.key-letter-case',
    transform: keysCompared(caseInsensitive, (req) => isCollection(req) && effectiveMethod(req) === 'POST'),
  },
  {
    // spec 5.2: the credential is the key's value
    name: 'auth-key-compared-by-prefix',
    area: 'auth',
    violates: '5.2: the API-Key value is the key (here a value that starts with an issued key, or that one starts with, acts as it)',
    expectedRule: ['jobs.auth.wrong-key.get', 'jobs.auth.wrong-key.list', 'jobs.auth.wrong-key.create', 'jobs.auth.wrong-key.put-by-id'],
    transform: keysCompared((sent, issued) => sent.length > 0 && (sent.startsWith(issued) || issued.startsWith(sent))),
  },
  {
    // spec 5: every operation on jobs requires the key, on every path a client may take to it
    name: 'auth-collection-override-without-key-acts-as-first-employer',
    area: 'auth',
    violates:
      '5.1: every operation requires authentication (here POST /jobs with X-HTTP-Method-Override, PUT or DELETE, ' +
      "without a key acts for the first employer: a router that checks the key by the request's method)",
    expectedRule: 'jobs.auth.missing-key.put-by-override',
    transform: (next) => async (req) => {
      const overridden = req.method.toUpperCase() === 'POST' && effectiveMethod(req) !== 'POST';
      if (overridden && isJobsPath(req) && !isItem(req) && !req.headers['api-key'])
        return next({ ...req, headers: { ...req.headers, 'api-key': FIRST_KEY } });
      return next(req);
    },
  },
  {
    // spec 5.1: the list needs the key with each of its parameters (4.5), not only on its plain form
    name: 'auth-list-with-status-served-without-valid-key',
    area: 'auth',
    violates:
      '5.1: every operation on jobs requires authentication (here GET /jobs with a status filter and no valid key lists ' +
      "the first employer's jobs: a filtered branch of the list that never checks the key)",
    expectedRule: ['jobs.auth.missing-key.list', 'jobs.auth.wrong-key.list'],
    transform: (next) => async (req) => {
      const key = req.headers['api-key'];
      if (isList(req) && req.query.has('status') && (key === undefined || !DEMO_KEYS.includes(key)))
        return next({ ...req, headers: { ...req.headers, 'api-key': FIRST_KEY } });
      return next(req);
    },
  },
  {
    // spec 5.1: every operation on jobs requires authentication; an unknown key is no employer without jobs
    name: 'auth-unknown-key-lists-empty',
    area: 'auth',
    violates:
      '5.1: every operation on jobs requires authentication (here GET /jobs with a key that is present but issued to ' +
      'no employer answers 200 with an empty list, as a lookup that falls back to an employer with no jobs)',
    expectedRule: 'jobs.auth.wrong-key.list',
    transform: (next) => async (req) => {
      const key = req.headers['api-key'];
      if (!isList(req) || key === undefined || key === '' || DEMO_KEYS.includes(key)) return next(req);
      const pageSize = Number(req.query.get('pageSize') ?? 10);
      return jsonResponse(200, { data: [], paging: { total: 0, page: 1, pages: 0, pageSize, previous: null, next: null } });
    },
  },
  {
    // spec 5.1: every operation on jobs requires authentication, whatever the job's status
    name: 'auth-active-job-readable-without-key',
    area: 'auth',
    violates:
      '5.1: every operation on jobs requires authentication (here GET /jobs/{id} without API-Key answers an active ' +
      'job in full, as a public posting; drafts and archived jobs stay refused)',
    expectedRule: 'jobs.auth.missing-key.get',
    transform: (next) => async (req) => {
      const id = jobIdOf(req);
      if (req.method !== 'GET' || !isItem(req) || id === undefined || req.headers['api-key'] !== undefined) return next(req);
      for (const key of DEMO_KEYS) {
        const job = await currentJob(next, { ...req, headers: { ...req.headers, 'api-key': key } }, id);
        if (job?.status === 'active') return jsonResponse(200, job);
      }
      return next(req);
    },
  },
];
