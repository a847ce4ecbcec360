/**
 * @module The reference lists (spec 4.6): the spec shows neither their paths
 * nor their shape, so both are the mock's choice: `{data: [...]}` or a bare
 * array (lists.shape). `/positiontypes` never needs a key (4.6: a plain GET
 * that "can be tried from a browser"); `/categories` and `/locations` need one
 * under lists.auth = key.
 */
import {
  APPLICANT_ROUTING_TYPES, CATEGORIES, LOCATIONS, POSITION_TYPES, SALARY_PERIODS,
} from './reference-data.js';
import type { Choices } from './choices.js';
import type { CoreResponse } from './core-types.js';
import { jsonText } from './json-response.js';

/** Path (under /api/v1.1) -> list. */
const LISTS: Record<string, readonly unknown[]> = {
  '/positiontypes': POSITION_TYPES,
  '/categories': CATEGORIES,
  '/locations': LOCATIONS,
  '/salaryperiods': SALARY_PERIODS,
  '/applicantroutingtypes': APPLICANT_ROUTING_TYPES,
};

/** The lists never change, so each body is serialized once. */
const BODIES = new Map(Object.entries(LISTS).map(([path, list]) => [path, JSON.stringify({ data: list })]));
const ARRAY_BODIES = new Map(Object.entries(LISTS).map(([path, list]) => [path, JSON.stringify(list)]));

/** The lists that lists.auth = key guards. */
const KEYED_LISTS = new Set(['/categories', '/locations']);

/** Whether `path` (a list path) needs an API key under the choices. */
export function listNeedsKey(path: string, choices: Choices): boolean {
  return choices['lists.auth'] === 'key' && KEYED_LISTS.has(path);
}

/** The reference list paths, for documentation and tests. */
export const REFERENCE_LIST_PATHS: readonly string[] = Object.keys(LISTS);

/** The list response for `path` (already lower-cased, under /api/v1.1), or undefined when it is not a list. */
export function referenceList(path: string, choices: Choices): CoreResponse | undefined {
  const body = (choices['lists.shape'] === 'array' ? ARRAY_BODIES : BODIES).get(path);
  if (body === undefined) return undefined;
  // A list that needs a key is private to the caller's cache.
  return jsonText(200, body, { 'cache-control': listNeedsKey(path, choices) ? 'private, max-age=3600' : 'public, max-age=3600' });
}
