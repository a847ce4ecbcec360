/**
 * @module The one operation table: which operation of the spec a request
 * asks for, from its method, path and override header (spec 1, 4.1 to 4.7).
 * The mock routes by it, the proxy judges by it, and the mutant kit picks the
 * requests it breaks by it. What a reader does with an operation (answer it,
 * refuse an override it does not support, leave it unjudged) is its own.
 */
import { methodOverrideOf, type HeaderMap } from './methods.js';
import { apiPathOf, resourceOf, type Resource } from './paths.js';

type Jobs = Extract<Resource, { name: 'jobs' }>;
type Job = Extract<Resource, { name: 'job' }>;
type Other = Extract<Resource, { name: 'other' }>;

/** How the request was sent: its method (upper case), and the override it carried when that applied (a POST on /jobs or /jobs/{id}). */
interface Sent {
  method: string;
  override?: string;
}

/** The operations on jobs (spec 4.1 to 4.5; each may arrive in its method-override form, spec 4.7). */
export type JobOperation = Sent &
  (
    | { kind: 'list' | 'create' | 'put-by-reference' | 'delete-by-reference'; resource: Jobs }
    | { kind: 'get' | 'put-by-id' | 'delete-by-id'; resource: Job }
  );

export type Operation =
  | JobOperation
  /** A GET or HEAD of another path under the prefix: a reference list when the server has one there (spec 4.6). */
  | (Sent & { kind: 'reference-list'; resource: Other })
  /** An OPTIONS: a browser's preflight, no operation of the spec. */
  | (Sent & { kind: 'preflight'; resource: Resource })
  /** A method no operation of the spec uses on this resource, e.g. PATCH /jobs or POST /jobs/{id} without an override. */
  | (Sent & { kind: 'not-allowed'; resource: Resource });

/** The operation each effective method names on /jobs and on /jobs/{id}. */
const ON_JOBS: Readonly<Record<string, JobOperation['kind']>> = {
  GET: 'list',
  POST: 'create',
  PUT: 'put-by-reference',
  DELETE: 'delete-by-reference',
};
const ON_JOB: Readonly<Record<string, JobOperation['kind']>> = { GET: 'get', PUT: 'put-by-id', DELETE: 'delete-by-id' };

/**
 * The operation a request under the API prefix asks for, or undefined for a
 * path outside it. `path` is the pathname (no query); `headers` have lower-case names.
 *
 * @example
 * operationOf('POST', '/api/v1.1/jobs/7', { 'x-http-method-override': 'DELETE' });
 * // { kind: 'delete-by-id', resource: { name: 'job', id: '7' }, method: 'POST', override: 'DELETE' }
 * operationOf('GET', '/health', {}) // undefined
 */
export function operationOf(method: string, path: string, headers: HeaderMap): Operation | undefined {
  const apiPath = apiPathOf(path);
  return apiPath === undefined ? undefined : operationAt(method, apiPath, headers);
}

/**
 * The operation for a path already found below the prefix (`/jobs/7`), for a
 * reader that matched the prefix itself (once per request, or behind a base path).
 */
export function operationAt(method: string, apiPath: string, headers: HeaderMap): Operation {
  const sent = method.toUpperCase();
  const resource = resourceOf(apiPath);
  if (sent === 'OPTIONS') return { kind: 'preflight', resource, method: sent };
  if (resource.name === 'other') {
    // The override names a method on a resource path (spec 4.7); the lists are read only.
    const read = sent === 'GET' || sent === 'HEAD';
    return { kind: read ? 'reference-list' : 'not-allowed', resource, method: sent };
  }
  const override = methodOverrideOf(sent, headers);
  // A HEAD reads like a GET (HTTP machinery); an override naming HEAD names no operation.
  const kind = (resource.name === 'jobs' ? ON_JOBS : ON_JOB)[override ?? (sent === 'HEAD' ? 'GET' : sent)];
  const how: Sent = override === undefined ? { method: sent } : { method: sent, override };
  if (kind === undefined) return { kind: 'not-allowed', resource, ...how };
  return { kind, resource, ...how } as JobOperation;
}

/** Whether the operation is one of the spec's operations on jobs (not a list, preflight or refused method). */
export const isJobOperation = (op: Operation): op is JobOperation =>
  op.kind !== 'reference-list' && op.kind !== 'preflight' && op.kind !== 'not-allowed';

/** Whether the operation writes: creates, changes or deletes a job. */
export const isWrite = (op: { kind: string }): boolean =>
  op.kind === 'create' || op.kind.startsWith('put-') || op.kind.startsWith('delete-');
