/**
 * @module The job list (spec 4.5, 2.7, 8). Every list is scoped with q = a
 * tag of the case's own jobs, so jobs that existed before the run are never
 * read into a check. Fixtures are created per rule, in its main case.
 */
import * as fc from 'fast-check';
import type { Job, JobHeader } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../engine/rule.js';
import { caseTagOf, createBodyArb, identify, retitle } from '../kit/bodies.js';
import { compareDates, HEADER_FIELDS, instantMs, jsonEqual, sameFieldValue, show } from '../../judging/compare.js';
import { expectStatus, isClientError, responseLine } from '../kit/http.js';
import { createJob, getJob, idsOf, listJobs } from '../kit/jobs.js';
import { fixedRule, type Implementation } from '../kit/rule-builders.js';

/** `count` generated bodies, reproducible from the rule's seed (one property run). */
async function withBodies(ctx: RuleContext, count: number, use: (bodies: Body[]) => Promise<void>): Promise<void> {
  await ctx.check(fc.array(createBodyArb(ctx), { minLength: count, maxLength: count }), use, { runs: 1 });
}

/** Creates jobs in this case, one per status given. */
async function fixture(ctx: RuleContext, bodies: Body[], statuses: Array<Job['status'] | undefined>): Promise<Job[]> {
  const jobs: Job[] = [];
  for (const [i, status] of statuses.entries()) {
    const body = identify(ctx, bodies[i % bodies.length] ?? {});
    jobs.push(await createJob(ctx, status ? { ...body, status } : body));
  }
  return jobs;
}

function sortedIds(ids: number[]): number[] {
  return [...ids].sort((a, b) => a - b);
}

const headerFields: Implementation = fixedRule('jobs.list.header-fields', (ctx: RuleContext) =>
  withBodies(ctx, 2, async (bodies) => {
    await fixture(ctx, bodies, [undefined, 'active']);
    const list = await listJobs(ctx, { q: caseTagOf(ctx) });
    for (const item of list.json.data as unknown as Array<Record<string, unknown>>) {
      const keys = Object.keys(item);
      const missing = HEADER_FIELDS.filter((field) => !keys.includes(field));
      ctx.expect(missing.length === 0, {
        title: `list item ${show(item.id)} lacks ${missing.join(', ')}`,
        expected: `the header fields ${HEADER_FIELDS.join(', ')} (spec 2.7)`,
        received: `fields ${keys.sort().join(', ')}`,
      });
      // 2.7 lists the header's fields but does not forbid more: an extra one is recorded, not failed.
      const extra = keys.filter((key) => !(HEADER_FIELDS as readonly string[]).includes(key));
      if (extra.length > 0) ctx.observe({ topic: 'header.extra-fields', section: '2.7', observed: extra.sort().join(', ') });
    }
  }),
);

const headerValues: Implementation = fixedRule('jobs.list.header-values', (ctx: RuleContext) =>
  withBodies(ctx, 2, async (bodies) => {
    const jobs = await fixture(ctx, bodies, ['active', 'archived']);
    const list = await listJobs(ctx, { q: caseTagOf(ctx) });
    for (const job of jobs) {
      const item = list.json.data.find((header) => header.id === job.id);
      ctx.expect(item !== undefined, {
        title: `job ${job.id} is missing from the list`,
        expected: 'the list has every job of the employer matching q (spec 4.5)',
        received: `listed ids ${show(idsOf(list.json))}`,
      });
      const full = await getJob(ctx, job.id);
      const diff = HEADER_FIELDS.filter((field) => !sameFieldValue(field, item[field], full[field]));
      ctx.expect(diff.length === 0, {
        title: `list item ${job.id} differs from the job in ${diff.join(', ')}`,
        expected: 'a header is a subset of the job with the same types and meaning (spec 2.7)',
        received: diff.map((field) => `${field}: list ${show(item[field])}, job ${show(full[field])}`).join('\n'),
      });
    }
  }),
);

/** Just over a second: jobs created either side of it differ in publishDate even on a server that writes whole seconds. */
const SECOND_BOUNDARY_MS = 1_100;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A page size that puts the sorted rule's pairs of jobs on different pages: the order is checked across pages too. */
const SORT_WALK_PAGE_SIZE = 2;

/** Every page of the case's list at `pageSize` (page=1, 2, ... up to paging.pages, bounded), in order. */
async function walkPages(ctx: RuleContext, pageSize: number, most: number): Promise<JobHeader[]> {
  const items: JobHeader[] = [];
  for (let page = 1; page <= most; page++) {
    const { json } = await listJobs(ctx, { q: caseTagOf(ctx), pageSize, page });
    items.push(...json.data);
    if (page >= json.paging.pages || json.data.length === 0) break;
  }
  return items;
}

/** The first index whose publishDate is newer than the one before it, or -1. */
function firstOutOfOrder(items: JobHeader[]): number {
  const times = items.map((item) => item.publishDate);
  return times.findIndex((time, i) => i > 0 && compareDates(time, times[i - 1] ?? time) > 0);
}

const sorted: Implementation = fixedRule('jobs.list.sorted', (ctx: RuleContext) =>
  withBodies(ctx, 4, async (bodies) => {
    // Two jobs, a pause across a second boundary, two more: an order is observable even with whole-second dates.
    const older = await fixture(ctx, bodies.slice(0, 2), [undefined, 'active']);
    await sleep(SECOND_BOUNDARY_MS);
    const newer = await fixture(ctx, bodies.slice(2), ['archived', undefined]);
    const list = await listJobs(ctx, { q: caseTagOf(ctx), pageSize: 100 });
    const listed = idsOf(list.json);
    const missing = [...older, ...newer].filter((job) => !listed.includes(job.id)).map((job) => job.id);
    ctx.expect(missing.length === 0, {
      title: `jobs ${missing.join(', ')} are missing from the list`,
      expected: 'the list has every job of the employer matching q (spec 4.5)',
      received: `listed ids ${show(listed)}`,
    });
    const bad = firstOutOfOrder(list.json.data);
    ctx.expect(bad === -1, {
      title: `list item ${bad} is newer than the one before it`,
      expected: 'sorted by publishDate descending; ties in any order (spec 4.5)',
      received: list.json.data.map((item) => `${item.id} ${item.publishDate}`).join('\n'),
    });
    // The order holds over the whole list, not within each page: walk it two jobs a page (the older pair on page 2).
    const walked = await walkPages(ctx, SORT_WALK_PAGE_SIZE, older.length + newer.length);
    const across = firstOutOfOrder(walked);
    ctx.expect(across === -1, {
      title: `walking the list ${SORT_WALK_PAGE_SIZE} jobs a page, item ${across} (page ${Math.floor(across / SORT_WALK_PAGE_SIZE) + 1}) is newer than the one before it`,
      expected: 'sorted by publishDate descending over the whole list, page after page; ties in any order (spec 4.5)',
      received: walked.map((item, i) => `page ${Math.floor(i / SORT_WALK_PAGE_SIZE) + 1}: ${item.id} ${item.publishDate}`).join('\n'),
    });
    // A second apart, the later jobs must come first, unless the service writes publishDate as a bare date (then all tie).
    const distinct = new Set(list.json.data.map((item) => instantMs(item.publishDate))).size;
    if (distinct === 1)
      ctx.observe({ topic: 'list.sort-order-unobservable', section: '4.5', observed: 'jobs created a second apart share one publishDate' });
  }),
);

/** The unscoped list is walked this many jobs a page: the rule's three jobs, the newest of the list, span two pages. */
const UNSCOPED_PAGE_SIZE = 2;
/** Pages of the unscoped list walked at most: a shared server may hold many jobs (other employers' clients' too). */
const UNSCOPED_MAX_PAGES = 25;

/**
 * What an exchange records of an unscoped list: the paging and the run's own jobs only (spec: the
 * suite copies no other job into a report), with a count of the items left out.
 */
function onlyOwnJobs(ours: ReadonlySet<number>): (text: string) => string {
  return (text) => {
    const body = parseJsonText(text) as { data?: unknown; paging?: unknown } | undefined;
    if (!body || !Array.isArray(body.data)) return "(not recorded: the answer to a list not scoped to the run's jobs)";
    const own = body.data.filter((item) => ours.has((item as { id?: unknown } | null)?.id as number));
    return JSON.stringify({ data: own, paging: body.paging, notRecorded: `${body.data.length - own.length} other jobs of the page` });
  };
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const noTermFilter: Implementation = fixedRule('jobs.list.without-q', (ctx: RuleContext) =>
  withBodies(ctx, 3, async (bodies) => {
    const jobs = await fixture(ctx, bodies, [undefined, 'active', 'archived']);
    const ours = new Set(jobs.map((job) => job.id));
    const found = new Set<number>();
    let total: unknown;
    let complete = false;
    let walked = 0;
    // Ids only: nothing of another job is read into a check, a mismatch or an exchange.
    for (let page = 1; page <= UNSCOPED_MAX_PAGES; page++) {
      const res = await ctx.api.client.request<{ data?: unknown; paging?: { total?: unknown; pages?: unknown } }>({
        method: 'GET',
        path: '/jobs',
        query: { pageSize: UNSCOPED_PAGE_SIZE, page },
        recordResponse: onlyOwnJobs(ours),
      });
      ctx.expect(res.status === 200, {
        title: `GET /jobs without q (page ${page}) answered ${res.status}`,
        expected: "GET /jobs without q answers 200 with the employer's jobs (spec 4.5: when omitted, no term filter)",
        received: String(res.status),
        failingExchange: res.exchange,
      });
      const data = Array.isArray(res.json?.data) ? (res.json.data as Array<{ id?: unknown } | null>) : [];
      if (page === 1) total = res.json?.paging?.total;
      walked = page;
      for (const item of data) if (ours.has(item?.id as number)) found.add(item?.id as number);
      if (found.size === ours.size) break;
      const pages = res.json?.paging?.pages;
      if (data.length === 0 || typeof pages !== 'number' || page >= pages) {
        complete = true;
        break;
      }
    }
    ctx.expect(typeof total === 'number' && total >= ours.size, {
      title: `GET /jobs without q says total ${show(total)}, fewer than the ${ours.size} jobs the rule created`,
      expected: "without q, no term filter: paging.total counts every job of the employer, the rule's own among them (spec 4.5, 2.8)",
      received: `paging.total ${show(total)}; the rule's jobs ${show([...ours])}`,
    });
    const missing = [...ours].filter((id) => !found.has(id));
    if (missing.length > 0 && !complete) {
      ctx.observe({
        topic: 'list.unscoped-walk-capped',
        section: '4.5',
        observed: `walked ${walked} pages of ${UNSCOPED_PAGE_SIZE} (total ${show(total)}) without meeting jobs ${missing.join(', ')}`,
      });
      return;
    }
    ctx.expect(missing.length === 0, {
      title: `walking GET /jobs without q to its last page does not meet jobs ${missing.join(', ')}`,
      expected: 'without q, no term filter: every page of the list together holds every job of the employer (spec 4.5)',
      received: `walked ${walked} pages of ${UNSCOPED_PAGE_SIZE}, total ${show(total)}; met ${show([...found])} of the rule's jobs ${show([...ours])}`,
    });
  }),
);

/** Two jobs: A matches a token only by title, B another token only by referenceId. */
async function qFixture(ctx: RuleContext, bodies: Body[]) {
  const tag = caseTagOf(ctx);
  const titleToken = `${tag}tq`;
  const referenceToken = `${tag}rq`;
  const a = await createJob(ctx, { ...retitle(ctx, bodies[0] ?? {}, titleToken), referenceId: `${tag}a` });
  const b = await createJob(ctx, { ...retitle(ctx, bodies[1] ?? {}, `${tag}b`), referenceId: referenceToken });
  return { titleToken, referenceToken, a, b };
}

function qRule(id: string, check: (ctx: RuleContext, f: Awaited<ReturnType<typeof qFixture>>) => Promise<void>): Implementation {
  return fixedRule(id, (ctx: RuleContext) => withBodies(ctx, 2, async (bodies) => check(ctx, await qFixture(ctx, bodies))));
}

const qTitle = qRule('jobs.list.q-title', async (ctx: RuleContext, { titleToken, a }) => {
  const list = await listJobs(ctx, { q: titleToken });
  ctx.expect(idsOf(list.json).includes(a.id), {
    title: `q=${titleToken} does not find job ${a.id} whose title contains it`,
    expected: 'q matches the job title (spec 4.5)',
    received: `title ${show(a.title)}; listed ids ${show(idsOf(list.json))}`,
  });
});

const qReference = qRule('jobs.list.q-reference-id', async (ctx: RuleContext, { referenceToken, b }) => {
  const list = await listJobs(ctx, { q: referenceToken });
  ctx.expect(idsOf(list.json).includes(b.id), {
    title: `q=${referenceToken} does not find job ${b.id} whose referenceId contains it`,
    expected: 'q matches the referenceId (spec 4.5)',
    received: `referenceId ${show(b.referenceId)}; listed ids ${show(idsOf(list.json))}`,
  });
});

const qFilters = qRule('jobs.list.q-filters', async (ctx: RuleContext, { titleToken, referenceToken, a, b }) => {
  const byTitle = await listJobs(ctx, { q: titleToken });
  const byReference = await listJobs(ctx, { q: referenceToken });
  ctx.expect(!idsOf(byTitle.json).includes(b.id) && !idsOf(byReference.json).includes(a.id), {
    title: 'q returned a job that matches it neither by title nor by referenceId',
    expected: 'q filters: only jobs whose title or referenceId match (spec 4.5)',
    received: `q=${titleToken} -> ${show(idsOf(byTitle.json))} (B is ${b.id}); q=${referenceToken} -> ${show(idsOf(byReference.json))} (A is ${a.id})`,
  });
});

const STATUSES: Array<Job['status']> = ['active', 'archived', 'draft'];

const statusFilter: Implementation = fixedRule('jobs.list.status-filter', (ctx: RuleContext) =>
  withBodies(ctx, 3, async (bodies) => {
    const jobs = await fixture(ctx, bodies, STATUSES);
    for (const status of STATUSES) {
      const list = await listJobs(ctx, { q: caseTagOf(ctx), status });
      const expected = sortedIds(jobs.filter((job) => job.status === status).map((job) => job.id));
      ctx.expect(jsonEqual(sortedIds(idsOf(list.json)), expected), {
        title: `status=${status} listed ${show(sortedIds(idsOf(list.json)))}, expected ${show(expected)}`,
        expected: `only jobs in status ${status} (spec 4.5)`,
        received: list.json.data.map((item) => `${item.id} ${item.status}`).join('\n') || 'no jobs',
      });
    }
  }),
);

const allStatuses: Implementation = fixedRule('jobs.list.all-statuses', (ctx: RuleContext) =>
  withBodies(ctx, 3, async (bodies) => {
    const jobs = await fixture(ctx, bodies, STATUSES);
    const list = await listJobs(ctx, { q: caseTagOf(ctx) });
    const expected = sortedIds(jobs.map((job) => job.id));
    ctx.expect(jsonEqual(sortedIds(idsOf(list.json)), expected), {
      title: 'the list without status misses jobs',
      expected: `every status when status is omitted (spec 4.5): ${show(expected)}`,
      received: list.json.data.map((item) => `${item.id} ${item.status}`).join('\n') || 'no jobs',
    });
  }),
);

const pageSizeDefault: Implementation = fixedRule('jobs.list.page-size-default', (ctx: RuleContext) =>
  withBodies(ctx, 3, async (bodies) => {
    await fixture(
      ctx,
      bodies,
      Array.from({ length: 11 }, () => undefined),
    );
    const list = await listJobs(ctx, { q: caseTagOf(ctx) });
    const { paging } = list.json;
    ctx.expect(paging.pageSize === 10 && list.json.data.length === 10 && paging.total === 11, {
      title: `default page: pageSize ${paging.pageSize}, ${list.json.data.length} items of ${paging.total}`,
      expected: 'pageSize default 10 (spec 4.5, 8): 10 of the 11 matching jobs on page 1',
      received: `paging ${show(paging)}, ${list.json.data.length} items`,
    });
  }),
);

const pageDefault: Implementation = fixedRule('jobs.list.page-default', (ctx: RuleContext) =>
  withBodies(ctx, 3, async (bodies) => {
    const jobs = await fixture(ctx, bodies, [undefined, undefined, undefined]);
    const list = await listJobs(ctx, { q: caseTagOf(ctx), pageSize: 2 });
    const first = await listJobs(ctx, { q: caseTagOf(ctx), pageSize: 2, page: 1 });
    ctx.expect(list.json.paging.page === 1 && jsonEqual(idsOf(list.json), idsOf(first.json)), {
      title: `the list without page is page ${list.json.paging.page}`,
      expected: 'page default 1 (spec 4.5, 8)',
      received: `without page: page ${list.json.paging.page}, ids ${show(idsOf(list.json))}; page=1: ids ${show(idsOf(first.json))} (of ${jobs.length})`,
    });
  }),
);

const pageSizeMax: Implementation = fixedRule('jobs.list.page-size-100', (ctx: RuleContext) =>
  withBodies(ctx, 1, async (bodies) => {
    await fixture(ctx, bodies, [undefined]);
    const list = await listJobs(ctx, { q: caseTagOf(ctx), pageSize: 100 });
    ctx.expect(list.json.paging.pageSize === 100, {
      title: `pageSize=100 gave pageSize ${list.json.paging.pageSize}`,
      expected: 'pageSize maximum 100 (spec 4.5, 8): 100 is in effect',
      received: `paging ${show(list.json.paging)}`,
    });
  }),
);

// The nearest invalid page size: a server wrong by one at the maximum is wrong exactly there.
const PAGE_SIZE_OVER_MAX = 101;

const pageSizeOverMax: Implementation = fixedRule('jobs.list.page-size-over-max', (ctx: RuleContext) =>
  withBodies(ctx, 1, async (bodies) => {
    await fixture(ctx, bodies, [undefined]);
    const res = await ctx.api.client.request<{ paging?: { pageSize?: number }; data?: unknown[] }>({
      method: 'GET',
      path: '/jobs',
      query: { q: caseTagOf(ctx), pageSize: PAGE_SIZE_OVER_MAX },
    });
    if (isClientError(res.status)) {
      ctx.observe({ topic: 'page-size-over-max', section: '8', observed: `rejected with ${res.status}` });
      return;
    }
    expectStatus(ctx, res, 200, `pageSize=${PAGE_SIZE_OVER_MAX} is rejected with a 4xx or served with at most 100 (spec 4.5, 8)`);
    const pageSize = res.json?.paging?.pageSize;
    ctx.observe({ topic: 'page-size-over-max', section: '8', observed: `clamped to ${show(pageSize)}` });
    ctx.expect(typeof pageSize === 'number' && pageSize <= 100 && (res.json?.data?.length ?? 0) <= 100, {
      title: `pageSize=${PAGE_SIZE_OVER_MAX} was served with pageSize ${show(pageSize)}`,
      expected: 'pageSize maximum 100 (spec 4.5, 8): the page size in effect is at most 100',
      received: responseLine(res),
      failingExchange: res.exchange,
    });
  }),
);

export const listRules: Implementation[] = [
  headerFields,
  headerValues,
  sorted,
  qTitle,
  qReference,
  qFilters,
  noTermFilter,
  statusFilter,
  allStatuses,
  pageSizeDefault,
  pageDefault,
  pageSizeMax,
  pageSizeOverMax,
];
