/**
 * @module Lists of many jobs (spec 4.5, 2.8, 8). Every other rule lists a dozen jobs or so, so a server whose list
 * breaks past a round number passes them: a cap of 100 or 256 somewhere in its store or its search, an offset counted
 * in the wrong unit, a counter that wraps, an index kept for the first N jobs, a next link that goes wrong from page
 * 10. Here 260 jobs of the key's employer (two in three active) are listed: without q through every next link at a
 * page size of 25 (11 pages and more), with status=active, with q and with q and a status; then the oldest job is
 * archived and the one beside it deleted by referenceId, and the lists must follow. Without q a list counts every job
 * of the employer, so the rule runs alone (exclusive); a list without q is walked again when it shows a mismatch,
 * and one whose total moved meanwhile (another client writing) is not judged.
 */
import type { Job, JobList } from '../../schemas/types.gen.js';
import { firstOutOfOrder, show } from '../../judging/compare.js';
import type { ApiResponse, Body, ListQuery, RuleContext } from '../contract/rule.js';
import { atOnce } from '../kit/at-once.js';
import { caseTagOf, createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { expectStatus } from '../kit/http.js';
import { createJob, listJobs, showsGone } from '../kit/jobs.js';
import { fixedRule, type Implementation } from '../kit/rule-builders.js';
import { requestList } from '../kit/unscoped-lists.js';
import { follow } from './paging.js';
import { listLimits } from '../arbitraries/schema-limits.js';

/** Past 256 (a byte-sized counter), 128 and 100 (the largest page), in all and in one status. */
const JOBS = 260;
/** Not a multiple of 10, and 11 pages or more for 260 jobs: an offset rounded to tens, and links from page 10 on. */
const WALK_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = listLimits.pageSizeMax;
/**
 * How often a list without q is walked before its mismatch stands: another client's job created and deleted while
 * one walk ran (a parallel shard) shifts its pages once, a server's own fault shows every time.
 */
const UNSCOPED_WALKS = 3;
const statusOf = (index: number): 'active' | 'archived' => (index % 3 === 0 ? 'archived' : 'active');

type ListRes = ApiResponse<JobList> & { json: JobList };

/** Page 1 of `query`, then every page its next links reach (bounded), recording only `ours` where q does not scope it. */
async function walk(ctx: RuleContext, query: ListQuery, ours: ReadonlySet<number>): Promise<ListRes[]> {
  const first = await requestList(ctx.api, { ...query, page: 1 }, ours);
  expectStatus(ctx, first, 200, 'GET /jobs answers 200 with a page (spec 4.5)');
  const pages = [first as ListRes];
  const limit = Math.ceil(pages[0]!.json.paging.total / Number(query.pageSize ?? 10)) + 2;
  for (let last = pages[0]; last?.json.paging.next && pages.length < limit; last = pages.at(-1)) {
    pages.push(await follow(ctx, last.json.paging.next, last, ours));
  }
  return pages;
}

/**
 * What is wrong with a walked list: jobs twice or missing, out of publishDate order across its pages (a job filed by
 * when it came, at the employer's N-th job, shows only among many), a count that is not the total, pages, items in
 * another status.
 */
function problemsOf(pages: readonly ListRes[], expected: readonly Job[], query: ListQuery): string[] {
  const pageSize = Number(query.pageSize ?? 10);
  const items = pages.flatMap((page) => page.json.data);
  const { total, pages: count } = pages[0]!.json.paging;
  const seen = new Set<number>();
  const twice = items.filter((item) => seen.has(item.id) || !seen.add(item.id)).map((item) => item.id);
  const missing = expected.filter((job) => !seen.has(job.id)).map((job) => job.id);
  const otherStatus = query.status === undefined ? [] : items.filter((item) => item.status !== query.status);
  const unsorted = firstOutOfOrder(items);
  const dateAt = (i: number): string => show(items[i]!.publishDate);
  return [
    ...(twice.length > 0 ? [`listed twice: ${show(twice, 120)}`] : []),
    ...(missing.length > 0 ? [`missing: ${missing.length} jobs (${show(missing, 120)})`] : []),
    ...(unsorted > 0
      ? [`out of order: item ${unsorted} (${dateAt(unsorted)}) is newer than item ${unsorted - 1} (${dateAt(unsorted - 1)})`]
      : []),
    ...(otherStatus.length > 0
      ? [
          `${otherStatus.length} jobs in another status than ${query.status} (${show(
            otherStatus.map((i) => i.id),
            120,
          )})`,
        ]
      : []),
    ...(items.length !== total ? [`walked ${items.length} jobs, total says ${total}`] : []),
    ...(count !== Math.ceil(total / pageSize) ? [`pages ${count}, not ${Math.ceil(total / pageSize)} for total ${total}`] : []),
  ];
}

const queryText = (query: ListQuery): string => new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

/** The employer's total for `query` without q, read again: another client's write shows as a moved total. */
async function totalNow(ctx: RuleContext, query: ListQuery): Promise<number | undefined> {
  const res = await requestList(ctx.api, { ...query, pageSize: 1 }, new Set());
  return res.status === 200 ? res.json?.paging.total : undefined;
}

/** Walks `query` and judges it against `expected` (all of them listed, each once, as many as total says). */
async function expectWhole(ctx: RuleContext, query: ListQuery, expected: readonly Job[], ours: ReadonlySet<number>): Promise<void> {
  const scoped = typeof query.q === 'string';
  let pages: ListRes[] = [];
  let problems: string[] = [];
  let moved = false;
  for (let read = 1; read <= (scoped ? 1 : UNSCOPED_WALKS); read++) {
    pages = await walk(ctx, query, ours);
    problems = problemsOf(pages, expected, query);
    if (problems.length === 0) return;
    if (!scoped) moved ||= (await totalNow(ctx, query)) !== pages[0]!.json.paging.total;
  }
  if (moved) {
    ctx.observe({
      topic: 'list.employer-jobs-moved',
      section: '4.5',
      observed: "the employer's jobs changed while a long list without q was walked: it was not judged",
    });
    return;
  }
  ctx.expect(false, {
    title: `GET /jobs?${queryText(query)} over ${JOBS} jobs, walked through next: ${problems[0]}`,
    expected:
      'every matching job once, newest first (ties in any order), in the status asked, as many as total says, on ' +
      'ceil(total / pageSize) pages (spec 4.5, 2.8), ' +
      'however many jobs the employer has',
    received: problems.join('\n'),
    failingExchange: pages.at(-1)!.exchange,
  });
}

export const manyJobsRule: Implementation = fixedRule(
  {
    id: 'jobs.list.many-jobs',
    section: '4.5',
    level: 'must',
    title:
      `Lists over ${JOBS} jobs (without q, by status, by q, by q and status) hold every matching job once, as many as ` +
      'total says, and follow an archive and a delete',
    statement: 'Returns job headers of the authenticated employer, sorted by `publishDate` descending.',
    exclusive: true,
  },
  async (ctx: RuleContext) => {
    await ctx.check(
      createBodyArb(ctx),
      async (generated: Body) => {
        const word = `${caseTagOf(ctx)}mj`;
        const bodies = Array.from({ length: JOBS }, (_unused, i) => {
          const body = identify(ctx, generated);
          return { ...body, title: scopedTitle(ctx, body.referenceId, `${word} many jobs ${i}`), status: statusOf(i) };
        });
        const jobs = await atOnce(ctx, bodies, (body) => createJob(ctx, body));
        const ours = new Set(jobs.map((job) => job.id));
        const active = jobs.filter((job) => job.status === 'active');
        await expectWhole(ctx, { pageSize: WALK_PAGE_SIZE }, jobs, ours);
        await expectWhole(ctx, { status: 'active', pageSize: MAX_PAGE_SIZE }, active, ours);
        await expectWhole(ctx, { q: word, pageSize: MAX_PAGE_SIZE }, jobs, ours);
        await expectWhole(ctx, { q: word, status: 'active', pageSize: MAX_PAGE_SIZE }, active, ours);
        // The oldest jobs: an index kept for the newest N, or a lookup among the newest 100, misses them.
        const oldest = active[0]!;
        expectStatus(ctx, await ctx.api.putById(oldest.id, { status: 'archived' }), 200, 'PUT /jobs/{id} archives the job (spec 3)');
        const archived = [...jobs.filter((job) => job.status === 'archived'), { ...oldest, status: 'archived' as const }];
        const nowActive = active.filter((job) => job.id !== oldest.id);
        await expectWhole(ctx, { q: word, status: 'archived', pageSize: MAX_PAGE_SIZE }, archived, ours);
        await expectWhole(ctx, { q: word, status: 'active', pageSize: MAX_PAGE_SIZE }, nowActive, ours);
        const gone = jobs[0]!;
        const res = await ctx.api.deleteByReference(gone.referenceId ?? '');
        expectStatus(ctx, res, 204, `DELETE /jobs by the referenceId of the oldest of ${JOBS} jobs removes it (spec 4.4)`);
        const read = await ctx.api.get(gone.id);
        ctx.expect(showsGone(read.status), {
          title: `job ${gone.id}, the oldest of ${JOBS}, is still there after DELETE /jobs by its referenceId`,
          expected: 'the job is removed (spec 3, 4.4)',
          received: `GET /jobs/${gone.id} -> ${read.status}`,
        });
        const left = await listJobs(ctx, { q: gone.referenceId ?? '', pageSize: MAX_PAGE_SIZE });
        ctx.expect(!left.json.data.some((item) => item.id === gone.id), {
          title: `job ${gone.id}, deleted by referenceId, is still listed`,
          expected: 'a removed job is listed no more (spec 3)',
          received: `GET /jobs?q=${gone.referenceId ?? ''} lists it`,
        });
      },
      { runs: 1 },
    );
  },
);
