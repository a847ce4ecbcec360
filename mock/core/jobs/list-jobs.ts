/**
 * @module GET /jobs (spec 4.5, 2.8): the employer's job headers in list order,
 * filtered by q (title or referenceId, case-insensitive substring) and status,
 * paged. The store keeps every list in order (the matches of a q too, as a
 * search view), so a page is always a slice and the total a size.
 */
import { validators } from '../../../schemas/resource-validators.js';
import { ApiError, validationError } from '../http/api-error.js';
import type { ApiState } from './api-state.js';
import type { JobStatus } from '../../store/stored-job.js';
import { REFERENCE_CHOICES, type Choices } from '../choices/choices.js';
import { API_PREFIX, type CoreResponse } from '../http/core-types.js';
import { jsonText } from '../http/json-response.js';
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

/**
 * Parses and validates the query; a pageSize above 100 is clamped (paging.pageSize
 * is the size in effect), or refused under paging.page-size-over-max = reject.
 */
export function parseListParams(query: URLSearchParams, choices: Choices = REFERENCE_CHOICES): ListParams {
  const params: Record<string, unknown> = {};
  for (const [name, integer] of [
    ['q', false],
    ['status', false],
    ['page', true],
    ['pageSize', true],
  ] as const) {
    // A parameter left out reads as undefined, which the schema skips and the reads below take as their default.
    params[name] = readParam(query, name, integer);
  }
  if (typeof params.pageSize === 'number' && params.pageSize > MAX_PAGE_SIZE) {
    if (choices['paging.page-size-over-max'] === 'reject') {
      throw validationError([{ path: '/query/pageSize', rule: 'maximum', limit: MAX_PAGE_SIZE, message: `must be <= ${MAX_PAGE_SIZE}` }]);
    }
    params.pageSize = MAX_PAGE_SIZE;
  }
  validateBody(validators.listQuery, params);
  return {
    q: params.q as string | undefined,
    status: params.status as JobStatus | undefined,
    page: (params.page as number | undefined) ?? 1,
    pageSize: (params.pageSize as number | undefined) ?? DEFAULT_PAGE_SIZE,
  };
}

/**
 * The address of another page: repeats the active filters and the page size
 * (spec 2.8), absolute or relative (paging.link-form), filters first or page
 * first (paging.param-order).
 */
export function pageUrl(baseUrl: string, params: ListParams, page: number, choices: Choices = REFERENCE_CHOICES): string {
  let filters = '';
  if (params.q !== undefined) filters += `&q=${encodeURIComponent(params.q)}`;
  if (params.status !== undefined) filters += `&status=${params.status}`;
  const paging = `page=${page}&pageSize=${params.pageSize}`;
  const query =
    choices['paging.param-order'] === 'page-first' ? `${paging}${filters}` : `${filters.slice(1)}${filters ? '&' : ''}${paging}`;
  return `${choices['paging.link-form'] === 'relative' ? '' : baseUrl}${API_PREFIX}/jobs?${query}`;
}

/**
 * @example
 * listJobs(state, 1, new URLSearchParams('status=active&pageSize=20'), 'http://127.0.0.1:4010');
 */
export function listJobs(state: ApiState, employerId: number, query: URLSearchParams, baseUrl: string): CoreResponse {
  const choices = state.choices;
  const params = parseListParams(query, choices);
  const index =
    params.q === undefined
      ? state.store.ordered(employerId, params.status)
      : state.store.matching(employerId, params.q.toLowerCase(), params.status);
  const total = index.size;
  const start = (params.page - 1) * params.pageSize;
  const items = index.slice(start, start + params.pageSize).map((e) => state.headerJsonOf(e));
  const pages = Math.ceil(total / params.pageSize);
  if (params.page > Math.max(pages, 1) && choices['paging.page-past-end'] === '404') {
    throw new ApiError(404, 'not_found', `Page ${params.page} is past the last page (${pages})`);
  }
  const paging = {
    total,
    page: params.page,
    pages,
    pageSize: params.pageSize,
    // null on the first page; past the end, previous still steps back one page
    previous: params.page > 1 ? pageUrl(baseUrl, params, params.page - 1, choices) : null,
    next: params.page < pages ? pageUrl(baseUrl, params, params.page + 1, choices) : null,
  };
  return jsonText(200, `{"data":[${items.join(',')}],"paging":${JSON.stringify(paging)}}`);
}
