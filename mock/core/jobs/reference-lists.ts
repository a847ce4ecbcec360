/**
 * @module The reference lists (spec 4.6): the spec shows neither their paths
 * nor their shape, so both are the mock's choice (lists.shape): `{data: [...]}`,
 * a bare array, `{items: [...], count}`, the items under the list's own name
 * (`{positionTypes: [...]}`), or pages of LIST_PAGE_SIZE items with a paging
 * object whose `next` links the following page (paging.link-form).
 * `/positiontypes` never needs a key (4.6: a plain GET that "can be tried from
 * a browser"); `/categories` and `/locations` need one under lists.auth = key.
 */
import { APPLICANT_ROUTING_TYPES, CATEGORIES, LOCATIONS, POSITION_TYPES, SALARY_PERIODS } from './reference-data.js';
import type { Choices } from '../choices/choices.js';
import { API_PREFIX, type CoreResponse } from '../http/core-types.js';
import { jsonText } from '../http/json-response.js';
import { BoundedMap } from '../../store/bounded-map.js';

/** Path (under /api/v1.1) -> the list and the key that names it in the `named` shape. */
const LISTS: Record<string, { list: readonly unknown[]; name: string }> = {
  '/positiontypes': { list: POSITION_TYPES, name: 'positionTypes' },
  '/categories': { list: CATEGORIES, name: 'categories' },
  '/locations': { list: LOCATIONS, name: 'locations' },
  '/salaryperiods': { list: SALARY_PERIODS, name: 'salaryPeriods' },
  '/applicantroutingtypes': { list: APPLICANT_ROUTING_TYPES, name: 'applicantRoutingTypes' },
};

/** Items per page under lists.shape = paged: small, so every list the suite reads spans several pages. */
export const LIST_PAGE_SIZE = 3;

/** The whole-list bodies never change, so each is serialized once per shape (five lists, four shapes). */
const BODIES = new BoundedMap<string, string>(32);

function wholeBody(path: string, shape: string | undefined): string {
  return BODIES.memo(`${shape} ${path}`, () => {
    const { list, name } = LISTS[path]!;
    const json =
      shape === 'array'
        ? list
        : shape === 'items-count'
          ? { items: list, count: list.length }
          : shape === 'named'
            ? { [name]: list }
            : { data: list };
    return JSON.stringify(json);
  });
}

/** Page `page` of the list (1 when absent or not a positive integer; past the end, empty), with the paging object of spec 2.8. */
function pagedBody(path: string, query: URLSearchParams, baseUrl: string, choices: Choices): string {
  const { list } = LISTS[path]!;
  const asked = Number(query.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const pages = Math.max(1, Math.ceil(list.length / LIST_PAGE_SIZE));
  const link = (to: number): string => `${choices['paging.link-form'] === 'relative' ? '' : baseUrl}${API_PREFIX}${path}?page=${to}`;
  return JSON.stringify({
    data: list.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE),
    paging: {
      total: list.length,
      page,
      pages,
      pageSize: LIST_PAGE_SIZE,
      previous: page > 1 ? link(Math.min(page - 1, pages)) : null,
      next: page < pages ? link(page + 1) : null,
    },
  });
}

/** The lists that lists.auth = key guards. */
const KEYED_LISTS = new Set(['/categories', '/locations']);

/** Whether `path` (a list path) needs an API key under the choices. */
export function listNeedsKey(path: string, choices: Choices): boolean {
  return choices['lists.auth'] === 'key' && KEYED_LISTS.has(path);
}

/** The reference list paths, for documentation and tests. */
export const REFERENCE_LIST_PATHS: readonly string[] = Object.keys(LISTS);

/**
 * The list response for `path` (already lower-cased, under /api/v1.1), or undefined when it is not a list.
 *
 * @example
 * referenceList('/categories', new URLSearchParams('page=2'), 'http://127.0.0.1:4010', { ...REFERENCE_CHOICES, 'lists.shape': 'paged' });
 */
export function referenceList(path: string, query: URLSearchParams, baseUrl: string, choices: Choices): CoreResponse | undefined {
  if (!Object.hasOwn(LISTS, path)) return undefined;
  const shape = choices['lists.shape'];
  const body = shape === 'paged' ? pagedBody(path, query, baseUrl, choices) : wholeBody(path, shape);
  // A list that needs a key is private to the caller's cache.
  return jsonText(200, body, { 'cache-control': listNeedsKey(path, choices) ? 'private, max-age=3600' : 'public, max-age=3600' });
}
