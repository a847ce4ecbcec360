/**
 * @module Reads every page of GET /jobs for a query (spec 4.5), at the
 * maximum page size, so a check sees all the jobs the query matches.
 */
import type { JobHeader } from '../../schemas/index.js';
import type { ListQuery, RuleContext } from '../rule.js';
import { responseLine } from '../checks/support/http.js';

// §4.5: pageSize maximum 100
const PAGE_SIZE = 100;
const MAX_PAGES = 20;

/**
 * All headers matching `query` (q should be a run or case tag: the suite only
 * ever looks at its own jobs). A list that does not answer 200 fails the rule.
 *
 * @example
 * const items = await listAllJobs(ctx, { q: ref });
 */
export async function listAllJobs(ctx: RuleContext, query: ListQuery & { q: string }): Promise<JobHeader[]> {
  const items: JobHeader[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await ctx.api.list({ ...query, pageSize: PAGE_SIZE, page });
    ctx.expect(res.status === 200 && res.json !== undefined, {
      title: `GET /jobs?q=${query.q} did not list the jobs`,
      expected: 'spec 4.5: 200 with data and paging',
      received: responseLine(res),
    });
    items.push(...res.json.data);
    if (page >= res.json.paging.pages || res.json.data.length === 0) break;
  }
  return items;
}
