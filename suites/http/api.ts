/**
 * @module The spec's job operations over a Client. Every success body is
 * validated against the response schema it must match (job.schema.json,
 * job-list.schema.json); a body that does not match fails the current rule
 * with the schema, the spec section and each issue.
 */
import { formatIssues, validators, type ValidationIssue } from '../../schemas/index.js';
import { MismatchError } from '../contract/errors.js';
import type { ApiResponse, Body, Client, JobsApi, ListQuery } from '../contract/rule.js';
import { METHOD_OVERRIDE } from '../../vocabulary/methods.js';

function schemaMismatch(res: ApiResponse, schema: string, section: string, what: string, issues: ValidationIssue[]): MismatchError {
  const { method, url } = res.exchange.request;
  return new MismatchError({
    title: `${method} ${new URL(url).pathname}: the ${res.status} body is not ${what} (${schema})`,
    expected: `${what}, spec ${section}`,
    received: formatIssues(issues, { data: res.json }),
    failingExchange: res.exchange,
  });
}

function listSection(issues: ValidationIssue[]): string {
  const first = issues[0]?.path ?? '';
  if (first.startsWith('/paging')) return '2.8';
  if (first.startsWith('/data')) return '2.7';
  return '4.5';
}

/** Validates a 2xx body as a Job (full). */
export function assertJobBody(res: ApiResponse): void {
  if (res.status < 200 || res.status > 299) return;
  const result = validators.job(res.json);
  if (!result.ok) throw schemaMismatch(res, 'job.schema.json', '2.1', 'a Job (full)', result.issues);
}

/** Validates a 2xx body as a job list ({data: JobHeader[], paging}). */
export function assertJobListBody(res: ApiResponse): void {
  if (res.status < 200 || res.status > 299) return;
  const result = validators.jobList(res.json);
  if (!result.ok)
    throw schemaMismatch(res, 'job-list.schema.json', listSection(result.issues), 'a job list of headers with paging', result.issues);
}

/**
 * JobsApi over a client; success bodies are validated on every call.
 *
 * @example
 * const api = createJobsApi(client);
 * const created = await api.create(body); // throws MismatchError if the 201 body is not a Job
 */
export function createJobsApi(client: Client): JobsApi {
  const job = async <T>(promise: Promise<ApiResponse<T>>): Promise<ApiResponse<T>> => {
    const res = await promise;
    assertJobBody(res);
    return res;
  };
  return {
    client,
    create: (body: Body) => job(client.request({ method: 'POST', path: '/jobs', body })),
    get: (id) => job(client.request({ method: 'GET', path: `/jobs/${encodeURIComponent(String(id))}` })),
    putById: (id, body) => job(client.request({ method: 'PUT', path: `/jobs/${encodeURIComponent(String(id))}`, body })),
    putByReference: (body) => job(client.request({ method: 'PUT', path: '/jobs', body })),
    deleteById: (id) => client.request({ method: 'DELETE', path: `/jobs/${encodeURIComponent(String(id))}` }),
    deleteByReference: (referenceId) => client.request({ method: 'DELETE', path: '/jobs', body: { referenceId } }),
    deleteByOverride: (id) =>
      client.request({ method: 'POST', path: `/jobs/${encodeURIComponent(String(id))}`, headers: { [METHOD_OVERRIDE]: 'DELETE' } }),
    putByOverride: (id, body) =>
      job(client.request({ method: 'POST', path: `/jobs/${encodeURIComponent(String(id))}`, headers: { [METHOD_OVERRIDE]: 'PUT' }, body })),
    putByReferenceOverride: (body) => job(client.request({ method: 'POST', path: '/jobs', headers: { [METHOD_OVERRIDE]: 'PUT' }, body })),
    deleteByReferenceOverride: (referenceId) =>
      client.request({ method: 'POST', path: '/jobs', headers: { [METHOD_OVERRIDE]: 'DELETE' }, body: { referenceId } }),
    list: async (query: ListQuery = {}) => {
      const res = await client.request({ method: 'GET', path: '/jobs', query });
      assertJobListBody(res);
      return res as ApiResponse<never>;
    },
  };
}
