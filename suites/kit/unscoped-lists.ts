/**
 * @module Lists not scoped to the run's jobs (GET /jobs without q shows every job of the employer, other
 * clients' too): what their exchanges record. The suite copies no other job into a report.
 */
import type { Job, JobList } from '../../schemas/types.gen.js';
import type { ApiResponse, JobsApi, ListQuery, RuleContext } from '../contract/rule.js';
import { assertJobListBody } from '../http/api.js';
import { atOnce } from './at-once.js';
import { expectStatus } from './http.js';

/** A list's status filter, or none. */
export type StatusFilter = Job['status'] | 'absent';
export const STATUS_FILTERS: readonly StatusFilter[] = ['absent', 'active', 'archived', 'draft'];

/**
 * What an exchange records of a list not scoped to the run's jobs: the paging and the jobs of `ours`, with a count of
 * the items left out.
 */
export function onlyOwnJobs(ours: ReadonlySet<number>): (text: string) => string {
  return (text) => {
    let body: { data?: unknown; paging?: unknown } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    if (!body || !Array.isArray(body.data)) return "(not recorded: the answer to a list not scoped to the run's jobs)";
    const own = body.data.filter((item) => ours.has((item as { id?: unknown } | null)?.id as number));
    return JSON.stringify({ data: own, paging: body.paging, notRecorded: `${body.data.length - own.length} other jobs of the page` });
  };
}

/**
 * GET /jobs as sent, recording only the jobs of `ours` when the list is not scoped by q.
 *
 * @example
 * const res = await requestList(ctx.api, { status: 'active', pageSize: 1 }, new Set()); // records the paging only
 */
export function requestList(api: JobsApi, query: ListQuery, ours: ReadonlySet<number>): Promise<ApiResponse<JobList>> {
  const scoped = typeof query.q === 'string' && query.q !== '';
  return api.client.request<JobList>({ method: 'GET', path: '/jobs', query, ...(scoped ? {} : { recordResponse: onlyOwnJobs(ours) }) });
}

/**
 * The employer's totals without q, per status filter (the employer of the run's key, or of `api`).
 *
 * @example
 * const before = await totalsWithoutQ(ctx); // { absent: 14, active: 6, archived: 5, draft: 3 }
 */
export async function totalsWithoutQ(ctx: RuleContext, api: JobsApi = ctx.api): Promise<Record<StatusFilter, number>> {
  const totals = await atOnce(ctx, STATUS_FILTERS, async (status) => {
    const res = await requestList(api, { pageSize: 1, ...(status === 'absent' ? {} : { status }) }, new Set());
    expectStatus(ctx, res, 200, 'setup: GET /jobs without q answers 200 with the list (spec 4.5)');
    assertJobListBody(res);
    return [status, res.json!.paging.total] as const;
  });
  return Object.fromEntries(totals) as Record<StatusFilter, number>;
}

/** The first page without q (of one status, where given), and whether its length is what its total says: min(total, pageSize). */
async function firstPageAgreement(api: JobsApi, ours: ReadonlySet<number>, status?: Job['status']) {
  const res = await requestList(api, { pageSize: 100, ...(status === undefined ? {} : { status }) }, ours);
  if (res.status !== 200 || !Array.isArray(res.json?.data) || typeof res.json.paging?.total !== 'number') return undefined;
  const { total, pageSize } = res.json.paging;
  return { res, agrees: res.json.data.length === Math.min(total, pageSize) };
}

/**
 * After writes (a race, or the run's other rules): the employer's first page without q, of every status or of
 * `status`, holds as many jobs as its total says, up to the page size (2.8).
 * One answer judged against itself, so another client's writes elsewhere cannot fail it; a disagreement counts only
 * when the next answer shows it again, since a counter raced twice stays wrong and a read between two writes does not.
 *
 * @example
 * await expectCountAgrees(ctx, '3 × DELETE /jobs at once', new Set([neighbour.id]));
 * await expectCountAgrees(ctx, 'an archive', new Set([job.id]), ctx.api, 'archived');
 */
export async function expectCountAgrees(
  ctx: RuleContext,
  after: string,
  ours: ReadonlySet<number>,
  api: JobsApi = ctx.api,
  status?: Job['status'],
): Promise<void> {
  const first = await firstPageAgreement(api, ours, status);
  if (first === undefined || first.agrees) return;
  const again = await firstPageAgreement(api, ours, status);
  if (again === undefined || again.agrees) return;
  const { data, paging } = again.res.json!;
  const list = status === undefined ? 'the list without q' : `the list with status=${status} and without q`;
  ctx.expect(false, {
    title: `after ${after}, ${list} says total ${paging.total} but its first page holds ${data.length} jobs`,
    expected: `total is the number of matching jobs (spec 2.8): a first page of pageSize ${paging.pageSize} holds min(total, pageSize) of them`,
    received: `total ${paging.total}, pages ${paging.pages}, ${data.length} jobs on page 1, twice`,
    failingExchange: again.res.exchange,
  });
}

/** The path that requests a paging link as `api`'s employer: resolved against the request it came in, on the target's own origin. */
export function linkPath(api: JobsApi, link: string, from: ApiResponse): string {
  const url = new URL(link, from.exchange.request.url);
  return `${new URL(api.client.apiRoot).origin}${url.pathname}${url.search}`;
}
