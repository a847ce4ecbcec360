/**
 * @module Reads the reference lists (spec 4.6) before any rule runs: position
 * type and category ids come from the target, never from the suite. A list
 * may be a bare array or {data: [...]}. Without position types or categories
 * no valid job can be built, so the run cannot proceed (DISCOVERY_FAILED).
 * The reference rules check the lists' shapes; discovery only needs ids.
 */
import { SuiteError } from './errors.js';
import type { Client, ReferenceData } from './rule.js';

export interface ListPaths {
  positionTypesPath: string;
  categoriesPath: string;
  locationsPath: string;
}

export const POSITION_TYPES_PATH = '/positiontypes';

/** The items of a reference list body: a bare array or {data: [...]}; undefined for anything else. */
export function listItems(json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (json !== null && typeof json === 'object' && Array.isArray((json as { data?: unknown }).data)) return (json as { data: unknown[] }).data;
  return undefined;
}

/** The distinct integer ids of the items. */
export function itemIds(items: unknown[]): number[] {
  const ids = items
    .map((item) => (item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined))
    .filter((id): id is number => Number.isInteger(id));
  return [...new Set(ids)];
}

async function readIds(client: Client, path: string, what: string): Promise<number[]> {
  const res = await client.request({ method: 'GET', path });
  const where = `GET ${new URL(client.apiRoot + path).pathname}`;
  if (res.status !== 200) {
    throw new SuiteError('DISCOVERY_FAILED', `cannot read the ${what}: ${where} answered ${res.status}`, { context: { path } });
  }
  const items = listItems(res.json);
  if (!items) throw new SuiteError('DISCOVERY_FAILED', `cannot read the ${what}: ${where} is neither an array nor {data: [...]}`, { context: { path } });
  const ids = itemIds(items);
  if (ids.length === 0) throw new SuiteError('DISCOVERY_FAILED', `cannot read the ${what}: ${where} lists no item with an integer id`, { context: { path } });
  return ids;
}

/**
 * Discovers the ids jobs need.
 *
 * @example
 * const refs = await discoverReferenceData(client, { positionTypesPath: '/positiontypes', categoriesPath: '/categories', locationsPath: '/locations' });
 */
export async function discoverReferenceData(client: Client, paths: ListPaths): Promise<ReferenceData> {
  const positionTypeIds = await readIds(client, paths.positionTypesPath, 'position types (spec 4.6)');
  const categoryIds = await readIds(client, paths.categoriesPath, `categories (spec 4.6; path set by --categories-path)`);
  return {
    positionTypeIds,
    categoryIds,
    paths: { positionTypes: paths.positionTypesPath, categories: paths.categoriesPath, locations: paths.locationsPath },
  };
}
