/**
 * @module The rule kit's steps on jobs: create and expect accepted
 * (createJob), read (getJob), list (listJobs, one page) and list scoped to
 * this case (listAllJobs with q = caseTagOf(ctx), every page). "Expect
 * rejected and nothing changed" is expect-rejected.ts (creates) and
 * rejected-writes.ts (updates). A setup step that fails fails the rule that
 * needed it, with "setup:" in the expectation, so a server that cannot create
 * a valid job is reported where it hurts, not silently skipped.
 */
import type { JobHeader } from '../../schemas/index.js';
import type { Job, JobList } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, JobsApi, ListQuery, RuleContext } from '../contract/rule.js';
import { changedFields, changeLines, headerDifferences, show } from '../../judging/compare.js';
import { expectStatus, isSuccess, jobOf, requestLine, responseLine } from './http.js';
import { caseTagOf } from './bodies.js';
import { listLimits } from '../arbitraries/schema-limits.js';

/** How a create must be answered when the default (a setup step: 201) is not the point. */
export interface Acceptance {
  /** Any 2xx instead of exactly 201 (a limit rule checks acceptance, not the status). */
  anySuccess: true;
  /** One line: what the target refused, e.g. `POST /jobs refused a title of exactly 256 characters`. */
  title: string;
  /** The spec statement, with its section. */
  expected: string;
}

/**
 * POST /jobs, expect accepted. By default the rule fails unless 201 (a setup step); with an
 * Acceptance, unless 2xx, with the rule's own title and statement.
 *
 * @example
 * const job = await createJob(ctx, identify(ctx, generated));
 * const kept = await createJob(ctx, body, { anySuccess: true, title: 'POST /jobs refused a title of 256 characters', expected: statement });
 */
export async function createJob(ctx: RuleContext, body: Body, how: JobsApi | Acceptance = ctx.api): Promise<Job> {
  if ('anySuccess' in how) {
    const res = await ctx.api.create(body);
    ctx.expect(isSuccess(res.status) && res.json !== undefined, {
      title: how.title,
      expected: `${how.expected}: the job is created (2xx)`,
      received: responseLine(res),
    });
    return res.json;
  }
  const res = await how.create(body);
  expectStatus(ctx, res, 201, 'setup: POST /jobs with a valid body creates the job and answers 201 (spec 4.2)');
  return jobOf(res);
}

/**
 * Fails unless a GET (by `api`, the job's own employer's) shows `before` as it was, neither deleted nor changed, after
 * `step`: a request that named another job, or none.
 *
 * @example
 * await expectLeftAlone(ctx, job, res, { title: `DELETE /jobs (referenceId x) touched job ${job.id}`, expected });
 */
export async function expectLeftAlone(
  ctx: RuleContext,
  before: Job,
  step: ApiResponse,
  text: { title: string; expected: string },
  api: JobsApi = ctx.api,
): Promise<void> {
  const res = await api.get(before.id);
  const problems =
    isSuccess(res.status) && res.json !== undefined ? changeLines(before, res.json) : [`GET /jobs/${before.id}: ${responseLine(res)}`];
  ctx.expect(problems.length === 0, { ...text, received: problems.join('\n'), failingExchange: step.exchange });
}

/**
 * Fails unless a GET (by `api`) finds job `id` gone after `step`, a delete: a client error (spec 3: any -> removed).
 *
 * @example
 * await expectRemoved(ctx, job.id, res, { title: `job ${job.id} is still there after DELETE /jobs/${job.id}/`, expected });
 */
export async function expectRemoved(
  ctx: RuleContext,
  id: number,
  step: ApiResponse,
  text: { title: string; expected: string },
  api: JobsApi = ctx.api,
): Promise<void> {
  const after = await api.get(id);
  ctx.expect(showsGone(after.status), {
    ...text,
    received: `${requestLine(step)} -> ${responseLine(step)}; then GET /jobs/${id} -> ${after.status}`,
    failingExchange: step.exchange,
  });
}

/**
 * Fails unless the answer of a create (`how`) holds what a GET of its job shows, field by field (spec 4.2: "The body
 * is the created Job (full)"; 4.3: PUT-create behaves as POST); the GET's job.
 *
 * @example
 * const fetched = await expectCreateAnswerStored(ctx, res, 'POST /jobs with autoRefresh true');
 */
export async function expectCreateAnswerStored(ctx: RuleContext, res: ApiResponse<Job>, how: string, api: JobsApi = ctx.api): Promise<Job> {
  const created = jobOf(res);
  const fetched = await getJob(ctx, created.id, api);
  const diff = changedFields(created, fetched);
  ctx.expect(diff.length === 0, {
    title: `the body of ${how} and a GET of the job differ in ${diff.join(', ')}`,
    expected: 'the body of a create is the created Job (full), the same as GET /jobs/{id} (spec 4.2; 4.3: PUT-create behaves as POST)',
    received: diff.map((field) => `${field}: ${how} ${show(created[field])}, GET ${show(fetched[field])}`).join('\n'),
    failingExchange: res.exchange,
  });
  return fetched;
}

/** The second employer's api (--second-api-key); without one the rule skips (a rule that needs it also declares `requires`). */
export function secondEmployer(ctx: RuleContext): JobsApi {
  if (!ctx.second) ctx.skip('needs a second employer: pass --second-api-key');
  return ctx.second;
}

/** GET /jobs/{id}; the rule fails unless 200. */
export async function getJob(ctx: RuleContext, id: number, api: JobsApi = ctx.api): Promise<Job> {
  const res = await api.get(id);
  expectStatus(ctx, res, 200, 'GET /jobs/{id} of an existing job of the employer answers 200 with the job (spec 4.1)');
  return jobOf(res);
}

/** GET /jobs with the query; the rule fails unless 200. */
export async function listJobs(
  ctx: RuleContext,
  query: ListQuery,
  api: JobsApi = ctx.api,
): Promise<ApiResponse<JobList> & { json: JobList }> {
  const res = await api.list(query);
  expectStatus(ctx, res, 200, 'GET /jobs answers 200 with {data, paging} (spec 4.5)');
  return res as ApiResponse<JobList> & { json: JobList };
}

// §4.5: pageSize maximum 100
const MAX_PAGE_SIZE = listLimits.pageSizeMax;
const MAX_PAGES = 20;

/**
 * List scoped to this case: every page of GET /jobs for `query` at the maximum page size (q should
 * be a run or case tag: the suite only ever looks at its own jobs). The rule fails unless each page is 200.
 *
 * @example
 * const items = await listAllJobs(ctx, { q: caseTagOf(ctx) });
 */
export async function listAllJobs(ctx: RuleContext, query: ListQuery & { q: string }, api: JobsApi = ctx.api): Promise<JobHeader[]> {
  return (await listEveryPage(ctx, query, api)).items;
}

/** Every item of a scoped list (as listAllJobs), with the paging of the first page: its counts judge the whole list. */
export async function listEveryPage(
  ctx: RuleContext,
  query: ListQuery & { q: string },
  api: JobsApi = ctx.api,
): Promise<{ items: JobHeader[]; paging: JobList['paging'] }> {
  const items: JobHeader[] = [];
  let first: JobList['paging'] | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { json } = await listJobs(ctx, { ...query, pageSize: MAX_PAGE_SIZE, page }, api);
    first ??= json.paging;
    items.push(...json.data);
    if (page >= json.paging.pages || json.data.length === 0) break;
  }
  return { items, paging: first! };
}

/**
 * Fails unless the list by `q` (every page) holds `job` with its header fields as `job`, a GET, shows them (2.7: a
 * subset of the job with the same types and meaning), after `what`: a list row or cache a write left behind shows.
 *
 * @example
 * await expectListItemMatches(ctx, await getJob(ctx, job.id), job.referenceId, 'PUT /jobs/12 with a title');
 */
export async function expectListItemMatches(ctx: RuleContext, job: Job, q: string, what: string): Promise<void> {
  const items = await listAllJobs(ctx, { q });
  const item = items.find((entry) => entry.id === job.id);
  const differences = item === undefined ? [] : headerDifferences(item, job);
  const found = item === undefined ? `is missing from GET /jobs?q=${q}` : `differs from its GET: ${differences.join(', ')}`;
  ctx.expect(item !== undefined && differences.length === 0, {
    title: `after ${what}, the list item of job ${job.id} ${found}`,
    expected: "a list item holds its job's header fields with the same values as a GET (spec 2.7), and q finds it (4.5)",
    received: item === undefined ? `ids ${show(items.map((entry) => entry.id))}` : changeLines(item, job, differences).join('\n'),
  });
}

/**
 * Every read of the job a write answered with, each with where it was read: the answer, GET /jobs/{id}, and (with
 * `listed`) its item among the case's jobs, undefined where the list misses it.
 *
 * @example
 * for (const [where, read] of await readsOfWritten(ctx, job, 'PUT /jobs/12', { listed: true })) judge(where, read);
 */
export async function readsOfWritten(
  ctx: RuleContext,
  answer: Job,
  what: string,
  { listed }: { listed: boolean },
): Promise<Array<[string, Record<string, unknown> | undefined]>> {
  const reads: Array<[string, Record<string, unknown> | undefined]> = [
    [`the answer of ${what}`, answer],
    [`GET /jobs/${answer.id}`, await getJob(ctx, answer.id)],
  ];
  if (listed) {
    const item = (await listAllJobs(ctx, { q: caseTagOf(ctx) })).find((header) => header.id === answer.id);
    reads.push([`the list item of job ${answer.id}`, item]);
  }
  return reads;
}

/** The ids of one list page. */
export function idsOf(list: JobList): number[] {
  return list.data.map((item) => item.id);
}

/** 404 or 410: how a removed job may answer (the spec does not show the code). */
export const isGone = (status: number): boolean => status === 404 || status === 410;

/**
 * A request naming a removed job is refused as a client error that is not
 * about the credential (401, 407): the job is gone for the client. The spec
 * shows no code (4.4, 7.2); 404 or 410 is good practice, any other 4xx is
 * observed, never failed.
 */
export const showsGone = (status: number): boolean => status >= 400 && status <= 499 && status !== 401 && status !== 407;
