/**
 * @module Building blocks for mutants: rewrite a request body before the
 * core sees it, rewrite a response after, or ask the core something on the
 * side (with the caller's own key, so a mutant never sees more than the
 * caller could).
 */
import type { CoreHandler, CoreRequest, CoreResponse } from '../../../mock/index.js';
import type { Transform } from '../mutant.js';
import { isJobBody, isListBody, requestJson, responseJson, withJsonBody, withResponseJson, type JsonObject } from './json.js';
import { API_ROOT, isJobsPath } from './routes.js';

type Match = (req: CoreRequest) => boolean;

/**
 * Edits the JSON body of matching requests (in place, or by returning a new
 * body). Bodies that are absent, malformed or not objects pass untouched.
 *
 * @example
 * rewriteRequest(isPost, (body) => { if (body.status === undefined) body.status = 'active'; });
 */
export function rewriteRequest(match: Match, edit: (body: JsonObject, req: CoreRequest) => JsonObject | void): Transform {
  return (next) => async (req) => {
    if (!match(req)) return next(req);
    const body = requestJson(req);
    if (body === undefined) return next(req);
    return next(withJsonBody(req, edit(body, req) ?? body));
  };
}

/**
 * Edits the whole response of matching requests.
 *
 * @example
 * rewriteResponse(isPost, (res) => ({ ...res, status: res.status === 201 ? 200 : res.status }));
 */
export function rewriteResponse(match: Match, edit: (res: CoreResponse, req: CoreRequest) => CoreResponse | Promise<CoreResponse>): Transform {
  return (next) => async (req) => {
    const res = await next(req);
    return match(req) ? edit(res, req) : res;
  };
}

/**
 * Edits every job the API returns: full jobs (GET, POST, PUT answers) and
 * list items (job headers, `header` true). Only 2xx JSON bodies on /jobs.
 *
 * @example
 * rewriteJobs((job) => { job.confidential = true; });
 */
export function rewriteJobs(edit: (job: JsonObject, header: boolean, req: CoreRequest) => void): Transform {
  return (next) => async (req) => {
    const res = await next(req);
    if (!isJobsPath(req) || res.status < 200 || res.status > 299) return res;
    const body = responseJson(res);
    if (isJobBody(body)) edit(body, false, req);
    else if (isListBody(body)) for (const item of body.data) edit(item, true, req);
    else return res;
    return withResponseJson(res, body);
  };
}

/** Several transforms as one; the first listed is the outermost. */
export function compose(...transforms: Transform[]): Transform {
  return (next) => transforms.reduceRight<CoreHandler>((inner, transform) => transform(inner), next);
}

/** Asks the core a side question with the headers of `req` (its key), e.g. a GET before a PUT. */
export function sideRequest(next: CoreHandler, req: CoreRequest, method: string, path: string, options: { query?: URLSearchParams; body?: JsonObject; headers?: Record<string, string> } = {}): Promise<CoreResponse> {
  const headers = { ...req.headers, ...options.headers };
  delete headers['x-http-method-override'];
  return Promise.resolve(
    next({
      ...req,
      method,
      path: `${API_ROOT}${path}`,
      query: options.query ?? new URLSearchParams(),
      headers: options.body ? { ...headers, 'content-type': 'application/json' } : headers,
      body: options.body ? Buffer.from(JSON.stringify(options.body), 'utf8') : undefined,
    }),
  );
}

/** The caller's job with that id (its current state), or undefined. */
export async function currentJob(next: CoreHandler, req: CoreRequest, id: number): Promise<JsonObject | undefined> {
  const res = await sideRequest(next, req, 'GET', `/jobs/${id}`);
  const body = res.status === 200 ? responseJson(res) : undefined;
  return isJobBody(body) ? body : undefined;
}

/** The caller's job with exactly that referenceId (a header from the list), or undefined. */
export async function jobByReference(next: CoreHandler, req: CoreRequest, referenceId: string): Promise<JsonObject | undefined> {
  const res = await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams({ q: referenceId, pageSize: '100' }) });
  const body = res.status === 200 ? responseJson(res) : undefined;
  return isListBody(body) ? body.data.find((item) => item.referenceId === referenceId) : undefined;
}

/** The job a PUT or DELETE names: by id in the path or by referenceId in the body. */
export async function namedJob(next: CoreHandler, req: CoreRequest, id: number | undefined, body: JsonObject | undefined): Promise<JsonObject | undefined> {
  if (id !== undefined) return currentJob(next, req, id);
  const header = typeof body?.referenceId === 'string' ? await jobByReference(next, req, body.referenceId) : undefined;
  return header ? currentJob(next, req, header.id as number) : undefined;
}
