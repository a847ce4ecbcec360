/**
 * @module The core: routes a CoreRequest under /api/v1.1 to its operation,
 * after the method, API key and Content-Type checks. Synchronous from end to
 * end, so each request runs to completion before the next one starts.
 */
import { formatJson, isPretty } from '../http/json-format.js';
import { ApiError } from '../http/api-error.js';
import type { ApiState } from './api-state.js';
import { API_PREFIX, JOBS_METHODS, type CoreRequest, type CoreResponse } from '../http/core-types.js';
import {
  createJob, deleteById, deleteByReference, findJob, putByReference, readJob, updateJob,
} from './job-operations.js';
import { listJobs } from './list-jobs.js';
import { errorResponse } from '../http/error-response.js';
import { noContent } from '../http/json-response.js';
import { readJsonObject } from '../http/read-json-body.js';
import { listNeedsKey, referenceList } from './reference-lists.js';
import { withOwnLocationForm } from './resolve-location.js';

const ALLOW_LIST = 'GET, HEAD, OPTIONS';

/** spec 1, 4.7: POST with X-HTTP-Method-Override acts as the method it names. */
function effectiveMethod(req: CoreRequest): string {
  const method = req.method.toUpperCase();
  const override = req.headers['x-http-method-override'];
  if (method !== 'POST' || override === undefined) return method === 'HEAD' ? 'GET' : method;
  const named = override.trim().toUpperCase();
  if (named === 'DELETE' || named === 'PUT' || named === 'POST') return named;
  throw new ApiError(405, 'method_not_allowed', `X-HTTP-Method-Override supports DELETE and PUT, not ${JSON.stringify(override)}`, [], {
    headers: { allow: JOBS_METHODS },
  });
}

function notAllowed(method: string, allow: string): ApiError {
  return new ApiError(405, 'method_not_allowed', `Method ${method} is not allowed here`, [], { headers: { allow } });
}

/** spec 5: every job operation needs the API-Key of an employer; 5.5 leaves the status open (status.auth). */
function authenticate(state: ApiState, req: CoreRequest): number {
  const key = req.headers['api-key'];
  const missing = key === undefined || key === '';
  const employerId = missing ? undefined : state.store.employerByKey(key);
  if (employerId === undefined) {
    const message = missing ? 'The API-Key header is missing' : 'The API-Key is not valid';
    const choice = state.choices['status.auth'];
    if (choice === '403' || (choice === 'split' && !missing)) throw new ApiError(403, 'unauthorized', message);
    throw new ApiError(401, 'unauthorized', message, [], { headers: { 'www-authenticate': 'API-Key' } });
  }
  return employerId;
}

function handleJobs(state: ApiState, req: CoreRequest, method: string): CoreResponse {
  if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method)) throw notAllowed(req.method, JOBS_METHODS);
  const employerId = authenticate(state, req);
  if (method === 'GET') return listJobs(state, employerId, req.query, req.baseUrl);
  const body = withOwnLocationForm(readJsonObject(req.headers, req.body), state.choices['locations.description']);
  if (method === 'POST') return createJob(state, employerId, body, req.baseUrl);
  if (method === 'PUT') return putByReference(state, employerId, body, req.baseUrl);
  return deleteByReference(state, employerId, body);
}

function handleJob(state: ApiState, req: CoreRequest, method: string, idText: string): CoreResponse {
  // POST on a job path is only meaningful with a method override (spec 4.7)
  if (!['GET', 'PUT', 'DELETE'].includes(method)) throw notAllowed(req.method, 'GET, HEAD, PUT, DELETE, OPTIONS');
  const employerId = authenticate(state, req);
  if (method === 'PUT') {
    const body = withOwnLocationForm(readJsonObject(req.headers, req.body), state.choices['locations.description']);
    return updateJob(state, findJob(state, employerId, idText), body);
  }
  return method === 'GET' ? readJob(state, findJob(state, employerId, idText)) : deleteById(state, employerId, idText);
}

/** `path` is the request's path under the API prefix, lower case, without a trailing slash (apiPath, matched once by dispatch.ts). */
function route(state: ApiState, req: CoreRequest, path: string): CoreResponse {
  const isOptions = req.method.toUpperCase() === 'OPTIONS';
  if (path === '/jobs') return isOptions ? noContent({ allow: JOBS_METHODS }) : handleJobs(state, req, effectiveMethod(req));
  if (path.startsWith('/jobs/') && path.indexOf('/', 6) === -1) {
    if (isOptions) return noContent({ allow: 'GET, HEAD, PUT, DELETE, OPTIONS' });
    return handleJob(state, req, effectiveMethod(req), idText(req.path));
  }
  const list = referenceList(path, req.query, req.baseUrl, state.choices);
  if (list) {
    if (isOptions) return noContent({ allow: ALLOW_LIST });
    const method = req.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') throw notAllowed(req.method, ALLOW_LIST);
    if (listNeedsKey(path, state.choices)) authenticate(state, req);
    return list;
  }
  throw new ApiError(404, 'not_found', `No resource at ${req.path}`);
}

/** The id as sent, its case kept for the error message (`path` is lower case). */
function idText(full: string): string {
  return full.slice(API_PREFIX.length + '/jobs/'.length).replace(/\/$/, '');
}

/**
 * The core handler for every request under /api/v1.1. Rejections become their
 * 4xx response; an unexpected error becomes a 500 and never escapes.
 *
 * @example
 * const handle = createApiHandler(new ApiState(store));
 * handle({ method: 'GET', path: '/api/v1.1/positiontypes', query: new URLSearchParams(), headers: {}, body: undefined, baseUrl }, '/positiontypes');
 */
export function createApiHandler(state: ApiState): (req: CoreRequest, path: string) => CoreResponse {
  return (req, path) => withJsonFormat(answer(state, req, path), state.choices['json.format']);
}

function answer(state: ApiState, req: CoreRequest, path: string): CoreResponse {
  try {
    return route(state, req, path);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error, state.choices);
    return new ApiError(500, 'internal_error', 'The mock failed unexpectedly', [], { cause: error }).toResponse();
  }
}

/** Every JSON body in the json.format spelling (spec 4: "Bodies are JSON"; white space and key order carry no meaning). */
function withJsonFormat(res: CoreResponse, format: string | undefined): CoreResponse {
  if (!isPretty(format) || typeof res.body !== 'string' || !/json/i.test(res.headers['content-type'] ?? '')) return res;
  return { ...res, body: formatJson(res.body, format) };
}
