/**
 * @module Paging links judged against the query that asked for the page
 * (spec 2.8): the suite's paging rules and the proxy read a `next` link the
 * same way. The link's form (absolute or relative) is open; only its query is read.
 */
import { show } from './compare.js';

/** The list query a page answers, by parameter name (the filters and paging of spec 4.5). */
export type PagingQuery = { readonly [name: string]: string | number | undefined };

/**
 * The active filters and page size that `link` does not repeat in its query string (spec 2.8), one line each.
 *
 * @example
 * queryProblems('/api/v1.1/jobs?page=2', { status: 'active', pageSize: 5 }); // ['status=null (active: active)', 'pageSize=null (active: 5)']
 */
export function queryProblems(link: string, query: PagingQuery): string[] {
  const params = new URL(link, 'http://x').searchParams;
  return Object.entries(query)
    .filter(([name, value]) => value !== undefined && params.get(name) !== String(value))
    .map(([name, value]) => `${name}=${show(params.get(name))} (active: ${value})`);
}
