/**
 * @module Reads the reference lists (spec 4.6) before any rule runs: position
 * type and category ids come from the target, never from the suite. Their
 * shape and paging are not shown, so any reasonable form is read whole
 * (reference-list.ts) and recorded as an observation. Without position types
 * or categories no valid job can be built, so the run cannot proceed
 * (DISCOVERY_FAILED). The reference rules check the lists' items; discovery
 * only needs ids.
 */
import { SuiteError } from '../contract/errors.js';
import type { Observations } from '../contract/observations.js';
import { describeListRead, itemIds, readReferenceList } from './reference-list.js';
import type { Client, ReferenceData } from '../contract/rule.js';

export interface ListPaths {
  positionTypesPath: string;
  categoriesPath: string;
  locationsPath: string;
}

/** Ids given on the command line (--category-ids, --position-type-ids): their list is then not read. */
export interface GivenIds {
  categoryIds?: number[];
  positionTypeIds?: number[];
}

export const POSITION_TYPES_PATH = '/positiontypes';

type ListName = 'position types' | 'categories';

async function readIds(
  client: Client,
  path: string,
  what: ListName,
  observations?: Observations,
): Promise<{ ids: number[]; cut?: string }> {
  const read = await readReferenceList(client, path);
  // 4.6 shows neither the category path nor a fallback: the message names the options that get past a list the suite cannot read.
  const about =
    what === 'categories'
      ? 'categories (spec 4.6: path not shown; set it with --categories-path, or give the ids with --category-ids)'
      : 'position types (spec 4.6; or give the ids with --position-type-ids)';
  if (read.problem !== undefined)
    throw new SuiteError('DISCOVERY_FAILED', `cannot read the ${about}: ${read.problem}`, { context: { path } });
  const ids = itemIds(read.items);
  const where = `GET ${new URL(client.apiRoot + path).pathname}`;
  if (ids.length === 0)
    throw new SuiteError('DISCOVERY_FAILED', `cannot read the ${about}: ${where} lists no item with an integer id (${read.shape})`, {
      context: { path },
    });
  observations?.add({ topic: `reference-list-shape.${what}`, section: '4.6', observed: describeListRead(read) });
  return read.whole ? { ids } : { ids, cut: read.cut! };
}

/**
 * Discovers the ids jobs need; records each list's shape (and pages) in `observations`.
 *
 * @example
 * const refs = await discoverReferenceData(client, { positionTypesPath: '/positiontypes', categoriesPath: '/categories', locationsPath: '/locations' });
 */
export async function discoverReferenceData(
  client: Client,
  paths: ListPaths,
  observations?: Observations,
  given: GivenIds = {},
): Promise<ReferenceData> {
  // Given ids may be a part of the list: counted as a list read in part, so no rule sends an id outside them as unknown.
  const positionTypes = given.positionTypeIds
    ? { ids: given.positionTypeIds, cut: 'given with --position-type-ids, not read' }
    : await readIds(client, paths.positionTypesPath, 'position types', observations);
  const categories = given.categoryIds
    ? { ids: given.categoryIds, cut: 'given with --category-ids, not read' }
    : await readIds(client, paths.categoriesPath, 'categories', observations);
  const partial = {
    ...(positionTypes.cut !== undefined ? { positionTypes: positionTypes.cut } : {}),
    ...(categories.cut !== undefined ? { categories: categories.cut } : {}),
  };
  return {
    positionTypeIds: positionTypes.ids,
    categoryIds: categories.ids,
    ...(Object.keys(partial).length > 0 ? { partial } : {}),
    paths: { positionTypes: paths.positionTypesPath, categories: paths.categoriesPath, locations: paths.locationsPath },
  };
}
