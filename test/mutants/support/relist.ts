/**
 * @module Re-paging for list mutants: read every matching header from the
 * core (pages of 100), let the mutant change the list, then serve the
 * requested page with self-consistent paging in the core's own link format
 * (spec 2.8). A broken list stays broken in exactly one way.
 */
import type { CoreHandler, CoreRequest, CoreResponse } from '../../../mock/index.js';
import type { Transform } from '../mutant.js';
import { isListBody, jsonResponse, responseJson, type JsonObject } from './json.js';
import { isList } from './routes.js';
import { API_PREFIX } from '../../../vocabulary/index.js';
import { sideRequest } from './side-requests.js';
import { otherKey } from './keys.js';

/** The list parameters of one request, as the core reads them (4.5). */
export interface ListView {
  q: string | undefined;
  status: string | undefined;
  page: number;
  /** As requested (not clamped); the mutant decides. */
  pageSize: number;
}

const INTEGER = /^\s*[+-]?\d+\s*$/;

/** The view of a list request, or undefined when the core would refuse it (the core answers those). */
export function listViewOf(query: URLSearchParams, defaultPageSize = 10): ListView | undefined {
  const text = (name: string): string | undefined => query.get(name) || undefined;
  const int = (name: string, fallback: number): number | undefined => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    return INTEGER.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;
  };
  const page = int('page', 1);
  const pageSize = int('pageSize', defaultPageSize);
  const status = text('status');
  if (page === undefined || pageSize === undefined) return undefined;
  if (status !== undefined && !['active', 'archived', 'draft'].includes(status)) return undefined;
  return { q: text('q'), status, page, pageSize };
}

/** Every header matching `filters` (q, status) for the key in `headers`; or the core's refusal. */
export async function allHeaders(
  next: CoreHandler,
  req: CoreRequest,
  filters: { q?: string | undefined; status?: string | undefined },
  headers: Record<string, string> = {},
): Promise<JsonObject[] | CoreResponse> {
  const items: JsonObject[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ page: String(page), pageSize: '100' });
    if (filters.q !== undefined) query.set('q', filters.q);
    if (filters.status !== undefined) query.set('status', filters.status);
    const res = await sideRequest(next, req, 'GET', '/jobs', { query, headers });
    const body = responseJson(res);
    if (res.status !== 200 || !isListBody(body)) return res;
    items.push(...body.data);
    if (body.paging.next === null || body.data.length === 0) return items;
  }
}

/** The address of a page, exactly as the core writes it. */
function pageLink(baseUrl: string, view: ListView, page: number): string {
  let url = `${baseUrl}${API_PREFIX}/jobs?`;
  if (view.q !== undefined) url += `q=${encodeURIComponent(view.q)}&`;
  if (view.status !== undefined) url += `status=${view.status}&`;
  return `${url}page=${page}&pageSize=${view.pageSize}`;
}

/** The 200 answer for one page of `items`, its first item at `start` (where the page's place puts it, unless a mutant moves it). */
function pageResponse(baseUrl: string, items: JsonObject[], view: ListView, start = (view.page - 1) * view.pageSize): CoreResponse {
  const total = items.length;
  const pages = Math.ceil(total / view.pageSize);
  return jsonResponse(200, {
    data: items.slice(start, start + view.pageSize),
    paging: {
      total,
      page: view.page,
      pages,
      pageSize: view.pageSize,
      previous: view.page > 1 ? pageLink(baseUrl, view, view.page - 1) : null,
      next: view.page < pages ? pageLink(baseUrl, view, view.page + 1) : null,
    },
  });
}

export interface RelistOptions {
  /** The view served (default: as the core reads it, pageSize clamped to 100). */
  view?: (req: CoreRequest) => ListView | undefined;
  /** Where the served page starts in the list (default: (page - 1) × pageSize). */
  start?: (req: CoreRequest, view: ListView) => number;
}

/**
 * A list mutant: `edit` gets every header the core would list for the
 * request's filters (and the means to read more), returns the list served.
 *
 * @example
 * relist(async ({ items }) => [...items].reverse()); // oldest first
 */
export function relist(
  edit: (input: { items: JsonObject[]; view: ListView; req: CoreRequest; next: CoreHandler }) => JsonObject[] | Promise<JsonObject[]>,
  options: RelistOptions = {},
): Transform {
  const viewOf =
    options.view ??
    ((req: CoreRequest) => {
      const view = listViewOf(req.query);
      return view ? { ...view, pageSize: Math.min(view.pageSize, 100) } : undefined;
    });
  return (next) => async (req) => {
    if (!isList(req)) return next(req);
    const view = viewOf(req);
    if (view === undefined) return next(req);
    const items = await allHeaders(next, req, view);
    if (!Array.isArray(items)) return items;
    return pageResponse(req.baseUrl, await edit({ items, view, req, next }), view, options.start?.(req, view));
  };
}

/** The list order (4.5): the latest publishDate first, ties by the larger id. */
export const newestFirst = (a: JsonObject, b: JsonObject): number =>
  Date.parse(String(b.publishDate)) - Date.parse(String(a.publishDate)) || Number(b.id) - Number(a.id);

/**
 * A list mutant that, where `when` holds of the request, also lists the other employer's jobs matching the same
 * filters, in list order: a query that lost the employer on one path.
 *
 * @example
 * withOtherEmployersJobs((view) => view.q === undefined); // the list without q shows both employers' jobs
 */
export function withOtherEmployersJobs(when: (view: ListView, req: CoreRequest) => boolean): Transform {
  return relist(async ({ items, view, req, next }) => {
    const other = otherKey(req.headers['api-key']);
    if (other === undefined || !when(view, req)) return items;
    const theirs = await allHeaders(next, req, view, { 'api-key': other });
    return Array.isArray(theirs) ? [...items, ...theirs].sort(newestFirst) : items;
  });
}
