/**
 * @module The core: routes a CoreRequest under /api/v1.1 to its operation,
 * after the method, API key and Content-Type checks. Synchronous from end to
 * end, so each request runs to completion before the next one starts.
 */
import { formatJsonResponse } from '../http/json-format.js';
import { ApiError } from '../http/api-error.js';
import { asApiError } from '../http/unexpected-failure.js';
import type { ApiState } from './api-state.js';
import type { CoreRequest, CoreResponse } from '../http/core-types.js';
import {
  ALLOWED_METHODS,
  API_KEY,
  API_KEY_HEADER,
  isJobOperation,
  METHOD_OVERRIDE_HEADER,
  operationAt,
  OVERRIDE_METHODS,
  type Operation,
} from '../../../vocabulary/index.js';
import { createJob, deleteById, deleteByReference, findJob, putByReference, readJob, updateJob } from './job-operations.js';
import { listJobs } from './list-jobs.js';
import { errorResponse } from '../http/error-response.js';
import { noContent } from '../http/json-response.js';
import { readJsonObject } from '../http/read-json-body.js';
import { listNeedsKey, referenceList } from './reference-lists.js';
import { withOwnLocationForm } from './resolve-location.js';

/** The methods this mock accepts in X-HTTP-Method-Override: the spec's (PUT, DELETE), and POST, which changes nothing. */
const MOCK_OVERRIDES = new Set([...OVERRIDE_METHODS, 'POST']);

function notAllowed(method: string, allow: string): ApiError {
  return new ApiError(405, 'method_not_allowed', `Method ${method} is not allowed here`, [], { headers: { allow } });
}

/** spec 5: every job operation needs the API-Key of an employer; 5.5 leaves the status open (status.auth). */
function authenticate(state: ApiState, req: CoreRequest): number {
  const key = req.headers[API_KEY_HEADER];
  const missing = key === undefined || key === '';
  const employerId = missing ? undefined : state.store.employerByKey(key);
  if (employerId === undefined) {
    const message = missing ? 'The API-Key header is missing' : 'The API-Key is not valid';
    const choice = state.choices['status.auth'];
    if (choice === '403' || (choice === 'split' && !missing)) throw new ApiError(403, 'unauthorized', message);
    throw new ApiError(401, 'unauthorized', message, [], { headers: { 'www-authenticate': API_KEY } });
  }
  return employerId;
}

/** The request body as a job input, in the location form the mock was set to read. */
function jobBody(state: ApiState, req: CoreRequest): Record<string, unknown> {
  return withOwnLocationForm(readJsonObject(req.headers, req.body), state.choices['locations.description']);
}

/** spec 4.6: a reference list, when the mock serves one at this path (the category and location paths are choices). */
function answerList(state: ApiState, req: CoreRequest, kind: Operation['kind'], listPath: string): CoreResponse {
  const path = listPath.toLowerCase();
  const list = referenceList(path, req.query, req.baseUrl, state.choices);
  if (!list) throw new ApiError(404, 'not_found', `No resource at ${req.path}`);
  if (kind === 'preflight') return noContent({ allow: ALLOWED_METHODS.other });
  if (kind !== 'reference-list') throw notAllowed(req.method, ALLOWED_METHODS.other);
  if (listNeedsKey(path, state.choices)) authenticate(state, req);
  return list;
}

/** spec 4.1 to 4.5 and 4.7: the operations on jobs, after the method and API-Key checks. */
function answerJobs(state: ApiState, req: CoreRequest, op: Operation): CoreResponse {
  if (op.kind === 'preflight') return noContent({ allow: ALLOWED_METHODS[op.resource.name] });
  if (op.override !== undefined && !MOCK_OVERRIDES.has(op.override)) {
    const override = req.headers[METHOD_OVERRIDE_HEADER];
    throw new ApiError(405, 'method_not_allowed', `X-HTTP-Method-Override supports DELETE and PUT, not ${JSON.stringify(override)}`, [], {
      headers: { allow: ALLOWED_METHODS[op.resource.name] },
    });
  }
  if (!isJobOperation(op)) throw notAllowed(req.method, ALLOWED_METHODS[op.resource.name]);
  const employerId = authenticate(state, req);
  switch (op.kind) {
    case 'list':
      return listJobs(state, employerId, req.query, req.baseUrl);
    case 'get':
      return readJob(state, findJob(state, employerId, op.resource.id));
    case 'create':
      return createJob(state, employerId, jobBody(state, req), req.baseUrl);
    case 'put-by-id': {
      const body = jobBody(state, req);
      return updateJob(state, findJob(state, employerId, op.resource.id), body);
    }
    case 'put-by-reference':
      return putByReference(state, employerId, jobBody(state, req), req.baseUrl);
    case 'delete-by-id':
      return deleteById(state, employerId, op.resource.id);
    case 'delete-by-reference':
      return deleteByReference(state, employerId, jobBody(state, req));
  }
}

/** `path` is the request's path under the API prefix, lower case, without a trailing slash (apiPath, matched once by dispatch.ts). */
function route(state: ApiState, req: CoreRequest, path: string): CoreResponse {
  const op = operationAt(req.method, path, req.headers);
  return op.resource.name === 'other' ? answerList(state, req, op.kind, op.resource.path) : answerJobs(state, req, op);
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
  return (req, path) => formatJsonResponse(answer(state, req, path), state.choices['json.format']);
}

function answer(state: ApiState, req: CoreRequest, path: string): CoreResponse {
  try {
    return route(state, req, path);
  } catch (error) {
    return errorResponse(asApiError(error), state.choices);
  }
}
