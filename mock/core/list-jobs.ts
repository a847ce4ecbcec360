/**
 * @module GET /jobs (spec 4.5, 2.8): the employer's job headers in list order,
 * filtered by q (title or referenceId, case-insensitive substring) and status,
 * paged. The store keeps every list in order (the matches of a q too, as a
 * search view), so a page is always a slice and the total a size.
 */
import { validators } from '../../schemas/resource-validators.js';
import type { JobsStore } from '../store/jobs-store.js';
import type { JobStatus } from '../store/stored-job.js';
import { API_PREFIX, type CoreResponse } from './core-types.js';
import { jsonText } from './json-response.js';
import { validateBody } from './validate-body.js';

/** spec 4.5, 8 */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface ListParams {
  q: string | undefined;
  status: JobStatus | undefined;
  page: number;
  pageSize: number;
}

/** An empty parameter counts as omitted; integers are read before validation (list-query.schema.json). */
function readParam(query: URLSearchParams, name: string, integer: boolean): string | number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (integer && /^\s*[+-]?[0-9]+\s*$/.test(raw)) return Number(raw);
  return raw;
}

/** Parses and validates the query; a pageSize above 100 is clamped (paging.pageSize is the size in effect). */
export function parseListParams(query: URLSearchParams): ListParams {
  const params: Record<string, unknown> = {};
  for (const [name, integer] of [['q', false], ['status', false], ['page', true], ['pageSize', true]] as const) {
    const value = readParam(query, name, integer);
    if (value !== undefined) params[name] = value;
  }
  if (typeof params.pageSize === 'number' && params.pageSize > MAX_PAGE_SIZE) params.pageSize = MAX_PAGE_SIZE;
  validateBody(validators.listQuery, params);
  return {
    q: params.q as string | undefined,
    status: params.status as JobStatus | undefined,
    page: (params.page as number | undefined) ?? 1,
    pageSize: (params.pageSize as number | undefined) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The address of another page: repeats the active filters and the page size (spec 2.8). */
export function pageUrl(baseUrl: string, params: ListParams, page: number): string {
  let url = `${baseUrl}${API_PREFIX}/jobs?`;
  if (params.q !== undefined) url += `q=${encodeURIComponent(params.q)}&`;
  if (params.status !== undefined) url += `status=${params.status}&`;
  return `${url}page=${page}&pageSize=${params.pageSize}`;
}

/**
 * @example
 * listJobs(store, 1, new URLSearchParams('status=active&pageSize=20'), 'http://127.0.0.1:4010');
 */
export function listJobs(store: JobsStore, employerId: number, query: URLSearchParams, baseUrl: string): CoreResponse {
  const params = parseListParams(query);
  const index = params.q === undefined ? store.ordered(employerId, params.status) : store.matching(employerId, params.q.toLowerCase(), params.status);
  const total = index.size;
  const start = (params.page - 1) * params.pageSize;
  const items = index.slice(start, start + params.pageSize).map((e) => store.headerJsonOf(e));
  const pages = Math.ceil(total / params.pageSize);
  const paging = {
    total,
    page: params.page,
    pages,
    pageSize: params.pageSize,
    // null on the first page; past the end, previous still steps back one page
    previous: params.page > 1 ? pageUrl(baseUrl, params, params.page - 1) : null,
    next: params.page < pages ? pageUrl(baseUrl, params, params.page + 1) : null,
  };
  return jsonText(200, `{"data":[${items.join(',')}],"paging":${JSON.stringify(paging)}}`);
}
