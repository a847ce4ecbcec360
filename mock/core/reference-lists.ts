/**
 * @module The reference lists (spec 4.6) as {data: [...]}: the spec shows
 * neither their paths nor their shape, so both are the mock's choice. They
 * need no API key (4.6: /positiontypes "can be tried from a browser").
 */
import {
  APPLICANT_ROUTING_TYPES, CATEGORIES, LOCATIONS, POSITION_TYPES, SALARY_PERIODS,
} from '../reference-data.js';
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

/** The reference list paths, for documentation and tests. */
export const REFERENCE_LIST_PATHS: readonly string[] = Object.keys(LISTS);

/** The list response for `path` (already lower-cased, under /api/v1.1), or undefined when it is not a list. */
export function referenceList(path: string): CoreResponse | undefined {
  const body = BODIES.get(path);
  return body === undefined ? undefined : jsonText(200, body, { 'cache-control': 'public, max-age=3600' });
}
