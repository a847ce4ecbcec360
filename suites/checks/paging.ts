/**
 * @module Paging (spec 2.8, 4.5). Each rule creates a fixture of seven jobs
 * in three statuses, then checks generated (pageSize, status filter) pairs
 * against it; the list is always scoped with q = the fixture's case tag.
 */
import * as fc from 'fast-check';
import type { Job, JobList } from '../../schemas/types.gen.js';
import { assertJobListBody } from '../http/api.js';
import { linkPath, onlyOwnJobs } from '../kit/unscoped-lists.js';
import type { ApiResponse, Body, ListQuery, RuleContext } from '../contract/rule.js';
import { caseTagOf, createBodyArb, identify } from '../kit/bodies.js';
import { jsonEqual, show } from '../../judging/compare.js';
import { expectStatus } from '../kit/http.js';
import { createJob, idsOf, listJobs } from '../kit/jobs.js';
import { byEachEmployer, fixedRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';
import { matrixRule } from './list-matrix.js';

type Status = Job['status'];
/** A list answer that was 200 with a list body. */
export type ListRes = ApiResponse<JobList> & { json: JobList };

const FIXTURE: Status[] = ['active', 'draft', 'active', 'archived', 'active', 'draft', 'archived'];

interface PagingCase {
  pageSize: number;
  status?: Status;
}

const pagingCaseArb: fc.Arbitrary<PagingCase> = fc.record(
  { pageSize: fc.integer({ min: 1, max: 8 }), status: fc.constantFrom<Status>('active', 'archived', 'draft') },
  { requiredKeys: ['pageSize'] },
);

/** The fixture's pages for a case, known from FIXTURE alone (its jobs are created in these statuses). */
const pageCount = (c: PagingCase): number => Math.ceil(FIXTURE.filter((s) => c.status === undefined || s === c.status).length / c.pageSize);

/** Cases with at least two pages, for the rules about links between pages and the total: they must never pass for want of a second page. */
const multiPageCaseArb = pagingCaseArb.filter((c) => pageCount(c) >= 2);

interface Fixture {
  q: string;
  jobs: Job[];
}

function queryOf(fixture: Fixture, c: PagingCase): ListQuery {
  return { q: fixture.q, pageSize: c.pageSize, ...(c.status ? { status: c.status } : {}) };
}

function expectedIds(fixture: Fixture, c: PagingCase): number[] {
  return fixture.jobs.filter((job) => c.status === undefined || job.status === c.status).map((job) => job.id);
}

/**
 * Follows a paging link. A link to another origin (a public name behind a
 * proxy) is followed on the target's own origin: the key never leaves it. A
 * list not scoped to the run's jobs records only the jobs of `ours`.
 */
export async function follow(ctx: RuleContext, link: string, from: ApiResponse, ours?: ReadonlySet<number>): Promise<ListRes> {
  // 2.8 says "String (URL)": an absolute or a relative URL, resolved against the request URL.
  ctx.observe({ topic: 'paging-link-form', section: '2.8', observed: /^[a-z][a-z0-9+.-]*:/i.test(link) ? 'absolute URL' : 'relative URL' });
  const url = new URL(link, from.exchange.request.url);
  ctx.observe({ topic: 'paging-link-param-order', section: '2.8', observed: [...new Set(url.searchParams.keys())].join(', ') });
  const root = new URL(ctx.api.client.apiRoot);
  if (url.origin !== root.origin) ctx.observe({ topic: 'paging-link-origin', section: '2.8', observed: `links point at ${url.origin}` });
  const res = await ctx.api.client.request<JobList>({
    method: 'GET',
    path: linkPath(ctx.api, link, from),
    ...(ours ? { recordResponse: onlyOwnJobs(ours) } : {}),
  });
  expectStatus(ctx, res, 200, `following a paging link answers 200 with a page (spec 2.8): ${link}`);
  assertJobListBody(res);
  return res as ListRes;
}

/** Page 1, then every page reached through `next` (bounded). */
async function walk(ctx: RuleContext, fixture: Fixture, c: PagingCase): Promise<ListRes[]> {
  const limit = Math.ceil(fixture.jobs.length / c.pageSize) + 2;
  const pages = [await listJobs(ctx, { ...queryOf(fixture, c), page: 1 })];
  for (let last = pages[0]; last?.json.paging.next && pages.length < limit; last = pages.at(-1)) {
    pages.push(await follow(ctx, last.json.paging.next, last));
  }
  return pages;
}

/**
 * A paging rule: one generated fixture (the outer property, one run), then
 * generated paging cases against it (the inner property, shrunk on failure).
 */
function pagingRule(
  entry: RuleEntry,
  check: (ctx: RuleContext, fixture: Fixture, c: PagingCase) => Promise<void>,
  cases: fc.Arbitrary<PagingCase> = pagingCaseArb,
): Implementation {
  return fixedRule(entry, (ctx: RuleContext) =>
    ctx.check(
      fc.array(createBodyArb(ctx), { minLength: FIXTURE.length, maxLength: FIXTURE.length }),
      async (bodies: Body[]) => {
        const jobs: Job[] = [];
        for (const [i, status] of FIXTURE.entries()) jobs.push(await createJob(ctx, { ...identify(ctx, bodies[i] ?? {}), status }));
        const fixture = { q: caseTagOf(ctx), jobs };
        // The fixture belongs to this (outer) case, so it lives until every inner case has run.
        await ctx.check(cases, (c) => check(ctx, fixture, c), { runs: Math.min(ctx.runs, 8) });
      },
      { runs: 1 },
    ),
  );
}

/** total, pages and pageSize in every combination of the list parameters (suites/checks/list-matrix.ts). */
const total: Implementation = matrixRule(
  {
    id: 'jobs.paging.total',
    section: '2.8',
    level: 'must',
    title:
      'paging.total, pages, page, pageSize and the page length describe the matching jobs, in every combination of the list parameters',
    statement: 'total | Int | Total number of matching jobs. … pages | Int | Number of pages. … pageSize | Int | Page size in effect.',
    exclusive: true,
  },
  'count',
);

const pageLength = pagingRule(
  {
    id: 'jobs.paging.page-length',
    section: '4.5',
    level: 'must',
    title: 'Each page holds pageSize jobs, the last one the rest',
    statement: 'pageSize | Int | Page size in effect.',
  },
  async (ctx: RuleContext, fixture, c) => {
    const expected = expectedIds(fixture, c).length;
    for (const [i, page] of (await walk(ctx, fixture, c)).entries()) {
      const want = Math.max(0, Math.min(c.pageSize, expected - i * c.pageSize));
      ctx.expect(page.json.data.length === want, {
        title: `page ${i + 1} holds ${page.json.data.length} jobs, expected ${want}`,
        expected: `pages of pageSize ${c.pageSize} over ${expected} matching jobs (spec 4.5, 2.8)`,
        received: `ids ${show(idsOf(page.json))} for ${show(c)}`,
        failingExchange: page.exchange,
      });
    }
  },
);

const previousNullFirst = pagingRule(
  {
    id: 'jobs.paging.previous-null-first',
    section: '2.8',
    level: 'must',
    title: 'previous is null on the first page',
    statement: 'Address of the previous page. Null on the first page.',
  },
  async (ctx: RuleContext, fixture, c) => {
    const first = await listJobs(ctx, { ...queryOf(fixture, c), page: 1 });
    ctx.expect(first.json.paging.previous === null, {
      title: `page 1 has previous ${show(first.json.paging.previous)}`,
      expected: 'previous: null on the first page (spec 2.8)',
      received: `paging ${show(first.json.paging)}`,
    });
  },
);

const nextNullLast = pagingRule(
  {
    id: 'jobs.paging.next-null-last',
    section: '2.8',
    level: 'must',
    title: 'next is null on the last page',
    statement: 'next | String (URL) or null | Address of the next page.',
  },
  async (ctx: RuleContext, fixture, c) => {
    const pages = Math.ceil(expectedIds(fixture, c).length / c.pageSize);
    const last = await listJobs(ctx, { ...queryOf(fixture, c), page: pages });
    ctx.expect(last.json.paging.next === null, {
      title: `the last page (${pages}) has next ${show(last.json.paging.next)}`,
      expected: 'next: null on the last page (spec 2.8)',
      received: `paging ${show(last.json.paging)}`,
    });
  },
);

/** Both links, by meaning, in every combination of the list parameters (suites/checks/list-matrix.ts). */
const nextFollows: Implementation = byEachEmployer(
  matrixRule(
    {
      id: 'jobs.paging.next-follows',
      section: '2.8',
      level: 'must',
      title:
        'next and previous address the pages either side, repeat the filters and the page size in effect, ' +
        'and are null at the ends, in every combination of the list parameters, for each employer',
      statement: 'Address of the next page. It repeats the active filters and page size in its query string.',
      exclusive: true,
    },
    'links',
  ),
);

const previousFollows = pagingRule(
  {
    id: 'jobs.paging.previous-follows',
    section: '2.8',
    level: 'must',
    title: 'previous leads to the page before',
    statement: 'Address of the previous page.',
  },
  async (ctx: RuleContext, fixture, c) => {
    const pages = Math.ceil(expectedIds(fixture, c).length / c.pageSize);
    for (let p = 2; p <= pages; p++) {
      const page = await listJobs(ctx, { ...queryOf(fixture, c), page: p });
      const previous = page.json.paging.previous;
      ctx.expect(typeof previous === 'string', {
        title: `page ${p} has no previous`,
        expected: 'previous: the address of the previous page on every page but the first (spec 2.8)',
        received: `paging ${show(page.json.paging)}`,
      });
      const followed = await follow(ctx, previous, page);
      const direct = await listJobs(ctx, { ...queryOf(fixture, c), page: p - 1 });
      ctx.expect(followed.json.paging.page === p - 1 && jsonEqual(idsOf(followed.json), idsOf(direct.json)), {
        title: `previous of page ${p} does not lead to page ${p - 1}`,
        expected: `page ${p - 1} with the same filters (spec 2.8)`,
        received: `previous ${previous} -> page ${followed.json.paging.page}, ids ${show(idsOf(followed.json))}; page=${p - 1} ids ${show(idsOf(direct.json))}`,
      });
    }
  },
  multiPageCaseArb,
);

const walkAll = pagingRule(
  {
    id: 'jobs.paging.walk-all',
    section: '4.5',
    level: 'must',
    title: 'Walking every page through next yields each matching job once',
    statement: 'Total number of matching jobs. … Address of the next page.',
  },
  async (ctx: RuleContext, fixture, c) => {
    const seen = (await walk(ctx, fixture, c)).flatMap((page) => idsOf(page.json));
    const expected = expectedIds(fixture, c);
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    ctx.expect(jsonEqual(sorted(seen), sorted(expected)), {
      title: 'walking the pages does not yield every matching job exactly once',
      expected: `each of ${show(sorted(expected))} once (spec 4.5, 2.8)`,
      received: `walked ${show(seen)} for ${show(c)}`,
    });
  },
);

const pageParam = pagingRule(
  {
    id: 'jobs.paging.page-param',
    section: '4.5',
    level: 'must',
    title: 'page=k returns the k-th page',
    statement: 'page | Int | Current page number.',
  },
  async (ctx: RuleContext, fixture, c) => {
    const walked = await walk(ctx, fixture, c);
    for (const [i, page] of walked.entries()) {
      const direct = await listJobs(ctx, { ...queryOf(fixture, c), page: i + 1 });
      ctx.expect(direct.json.paging.page === i + 1 && jsonEqual([...idsOf(direct.json)].sort(), [...idsOf(page.json)].sort()), {
        title: `page=${i + 1} differs from the ${i + 1}th page reached through next`,
        expected: 'page selects the page (spec 4.5)',
        received: `page=${i + 1}: page ${direct.json.paging.page}, ids ${show(idsOf(direct.json))}; walked ids ${show(idsOf(page.json))}`,
      });
    }
  },
);

export const pagingRules: Implementation[] = [
  total,
  pageLength,
  previousNullFirst,
  nextNullLast,
  nextFollows,
  previousFollows,
  walkAll,
  pageParam,
];
