/**
 * @module Side questions a mutant asks the core before or after passing a
 * request on (does this job exist, what did it look like), always with the
 * caller's own headers, so a mutant never sees more than its caller could.
 */
import type { CoreHandler, CoreRequest, CoreResponse } from '../../../mock/index.js';
import { isJobBody, isListBody, responseJson, type JsonObject } from './json.js';
import { API_PREFIX } from '../../../vocabulary/index.js';

/** Asks the core a side question with the headers of `req` (its key), e.g. a GET before a PUT. */
export function sideRequest(
  next: CoreHandler,
  req: CoreRequest,
  method: string,
  path: string,
  options: { query?: URLSearchParams; body?: JsonObject; headers?: Record<string, string> } = {},
): Promise<CoreResponse> {
  const headers = { ...req.headers, ...options.headers };
  delete headers['x-http-method-override'];
  return Promise.resolve(
    next({
      ...req,
      method,
      path: `${API_PREFIX}${path}`,
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
export async function namedJob(
  next: CoreHandler,
  req: CoreRequest,
  id: number | undefined,
  body: JsonObject | undefined,
): Promise<JsonObject | undefined> {
  if (id !== undefined) return currentJob(next, req, id);
  const header = typeof body?.referenceId === 'string' ? await jobByReference(next, req, body.referenceId) : undefined;
  return header ? currentJob(next, req, header.id as number) : undefined;
}

/** The caller's jobs listed without a referenceId (null or ""), on the first page of 100. */
export async function jobsWithoutReference(next: CoreHandler, req: CoreRequest): Promise<JsonObject[]> {
  const res = await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams({ pageSize: '100' }) });
  const body = res.status === 200 ? responseJson(res) : undefined;
  return isListBody(body) ? body.data.filter((item) => item.referenceId === null || item.referenceId === '') : [];
}

/** How many jobs the caller's employer holds, and the newest one's id (undefined: the list was not answered). */
export async function ownJobCount(next: CoreHandler, req: CoreRequest): Promise<{ total: number; newest?: unknown } | undefined> {
  const res = await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams({ pageSize: '1' }) });
  const body = res.status === 200 ? responseJson(res) : undefined;
  return isListBody(body) ? { total: Number(body.paging.total), newest: body.data[0]?.id } : undefined;
}

/** Whether a request to the collection carries no referenceId a job could have: none, null or not a string. */
export function namesNoReference(body: JsonObject | undefined): boolean {
  return typeof body?.referenceId !== 'string' || body.referenceId === '';
}
