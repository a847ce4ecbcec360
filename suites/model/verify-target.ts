/**
 * @module Checks that the target agrees with the model: one job as returned
 * or read back (spec 4.1), a deleted job gone (4.4), and the list scoped to
 * the execution holding exactly the model's live jobs (4.5), its total and
 * pages counting them (2.8).
 */
import type { Job, JobHeader, JobList } from '../../schemas/index.js';
import type { ApiResponse, JobsApi } from '../contract/rule.js';
import { sameDate } from '../../judging/compare.js';
import { responseLine } from '../kit/http.js';
import { listEveryPage, showsGone } from '../kit/jobs.js';
import { requestList } from '../kit/unscoped-lists.js';
import { fieldDifferences, headerFieldDifferences } from './expected-fields.js';
import type { DeletedJob, JobsModel, ModelJob, ModelReal } from './jobs-model.js';

/**
 * Fails unless `job` (from `where`) has the model job's id, referenceId, status and fields.
 *
 * @example
 * expectMatchesModel(r, 'PUT /jobs/12', res.json, target);
 */
export function expectMatchesModel(r: ModelReal, where: string, job: Job, expected: ModelJob): void {
  const diffs = fieldDifferences(job, expected.fields);
  if (job.id !== expected.id) diffs.unshift(`id: expected ${expected.id}, received ${job.id}`);
  if (job.referenceId !== expected.ref)
    diffs.unshift(`referenceId: expected ${JSON.stringify(expected.ref)}, received ${JSON.stringify(job.referenceId)}`);
  if (job.status !== expected.status) diffs.unshift(`status: expected ${expected.status}, received ${job.status}`);
  // 2.1: publishDate is read-only; an update or a stated transition (3: "other fields unchanged") never moves it.
  if (!sameDate(job.publishDate, expected.publishDate))
    diffs.push(`publishDate (read-only): expected ${expected.publishDate}, received ${job.publishDate}`);
  r.ctx.expect(diffs.length === 0, {
    title: `${where}: job ${expected.id} (referenceId ${expected.ref}) departs from what the requests so far imply`,
    expected:
      'spec 3 (status by the transitions table), 4.2 (the job has the values sent), 4.3 (only the fields sent change), 2.1 (publishDate read-only)',
    received: diffs.join('\n'),
  });
}

/**
 * Reads the job back by id and compares it with the model.
 *
 * @example
 * await expectReadBack(r, target); // GET /jobs/{id} equals the model job
 */
export async function expectReadBack(r: ModelReal, expected: ModelJob, api: JobsApi = r.ctx.api): Promise<void> {
  const res = await api.get(expected.id);
  r.ctx.expect(res.status === 200 && res.json !== undefined, {
    title: `GET /jobs/${expected.id} did not return a live job (referenceId ${expected.ref})`,
    expected: 'spec 4.1: 200 with the job',
    received: responseLine(res),
  });
  expectMatchesModel(r, `GET /jobs/${expected.id}`, res.json, expected);
}

/**
 * A deleted job's id no longer reads (404 or 410). A target that reuses ids
 * may show another job under the old id: that is observed, not failed, when
 * the job is not the deleted one.
 *
 * @example
 * await expectGone(r, m, { ref, id }); // 404 or 410
 */
export async function expectGone(r: ModelReal, m: Readonly<JobsModel>, gone: DeletedJob): Promise<void> {
  if ([...m.jobs.values()].some((job) => job.id === gone.id)) return; // the id now belongs to a live job of the model
  const res: ApiResponse<Job> = await r.ctx.api.get(gone.id);
  if (res.status === 200 && res.json && res.json.referenceId !== gone.ref && !res.json.title.includes(gone.ref)) {
    r.ctx.observe({ topic: 'job-id-reused', section: '2.1', observed: `the id of deleted job ${gone.ref} was given to another job` });
    return;
  }
  r.ctx.expect(showsGone(res.status), {
    title: `GET /jobs/${gone.id} still answers after the job (referenceId ${gone.ref}) was deleted`,
    expected: 'spec 4.4: DELETE removes the job; reading it again finds nothing (a client error such as 404 or 410: the code is not shown)',
    received: responseLine(res),
  });
}

/** The ids of model jobs as a list, or `none`. */
function idList(jobs: Iterable<ModelJob>): string {
  return [...jobs].map((j) => j.id).join(', ') || 'none';
}

/** What departs in `items` (one employer's list, scoped) from exactly `want`, each once, with every field a header shares with the job. */
function listProblems(r: ModelReal, items: readonly JobHeader[], want: readonly ModelJob[]): string[] {
  const ours = items.filter((item) => (item.referenceId ?? '').startsWith(r.scope) || item.title.includes(r.scope));
  const problems: string[] = [];
  for (const job of want) {
    const seen = ours.filter((item) => item.id === job.id);
    if (seen.length === 0) problems.push(`missing: job ${job.id} (referenceId ${job.ref}, ${job.status})`);
    if (seen.length > 1) problems.push(`listed ${seen.length} times: job ${job.id}`);
    for (const item of seen) {
      if (item.status !== job.status) problems.push(`job ${job.id}: status ${item.status}, expected ${job.status}`);
      if (item.referenceId !== job.ref)
        problems.push(`job ${job.id}: referenceId ${JSON.stringify(item.referenceId)}, expected ${job.ref}`);
      problems.push(...headerFieldDifferences(item, job.fields).map((diff) => `job ${job.id}: ${diff}`));
      if (!sameDate(item.publishDate, job.publishDate))
        problems.push(`job ${job.id}: publishDate ${item.publishDate}, expected ${job.publishDate} (read-only)`);
    }
  }
  for (const item of ours) {
    if (!want.some((job) => job.id === item.id))
      problems.push(`unexpected: job ${item.id} (referenceId ${JSON.stringify(item.referenceId)}, ${item.status})`);
  }
  return problems;
}

/**
 * What departs in a list's counts from the items it listed (spec 2.8: total is the number of matching jobs, pages
 * the number of pages of pageSize): a count kept from before a write (a cache) shows after a create or a delete.
 */
function countProblems(paging: JobList['paging'], listed: number): string[] {
  const problems: string[] = [];
  if (paging.total !== listed) problems.push(`paging.total ${paging.total}, but ${listed} jobs were listed`);
  const pages = Math.ceil(listed / paging.pageSize);
  if (paging.pageSize > 0 && paging.pages !== pages && !(listed === 0 && paging.pages <= 1))
    problems.push(`paging.pages ${paging.pages}, but ${listed} jobs at pageSize ${paging.pageSize} make ${pages}`);
  return problems;
}

/**
 * The list with q = scope (and a status filter) holds exactly the model's live jobs, each once, with their status.
 *
 * @example
 * await expectListMatches(r, m, 'archived'); // GET /jobs?q=scope&status=archived
 */
export async function expectListMatches(r: ModelReal, m: Readonly<JobsModel>, status?: string): Promise<void> {
  const { items, paging } = await listEveryPage(r.ctx, status === undefined ? { q: r.scope } : { q: r.scope, status });
  const want = [...m.jobs.values()].filter((job) => status === undefined || job.status === status);
  const problems = [...listProblems(r, items, want), ...countProblems(paging, items.length)];
  const filter = status === undefined ? '' : `&status=${status}`;
  r.ctx.expect(problems.length === 0, {
    title: `GET /jobs?q=${r.scope}${filter} does not list exactly the employer's live jobs`,
    expected: `spec 4.5: the employer's jobs matching q${status === undefined ? '' : ` with status ${status}`}: ${want.map((j) => j.id).join(', ') || 'none'}`,
    received: problems.join('\n'),
  });
}

/**
 * The second employer's view (with a second key): its list with q = scope holds exactly its own jobs of
 * the model, none of the first employer's, though both employers' jobs hold the scope and may share
 * referenceIds (spec 5.3: the list returns only the key's employer's jobs; 1: "the employer's own referenceId").
 *
 * @example
 * await expectOtherViewMatches(r, m); // GET /jobs?q=scope with the second key
 */
/**
 * The second employer's list without q or status, the way a client first reads it (page 1, 100 jobs): none of the first
 * employer's jobs (5.3). Other clients' jobs of that employer may stand there, and are neither judged nor recorded.
 *
 * @example
 * await expectFirstEmployerUnseen(r, m); // right after the first employer creates
 */
export async function expectFirstEmployerUnseen(r: ModelReal, m: Readonly<JobsModel>): Promise<void> {
  if (r.second === undefined) return;
  const res = await requestList(r.second, { pageSize: 100 }, new Set([...m.others.values()].map((job) => job.id)));
  const firsts = new Set([...m.jobs.values()].map((job) => job.id));
  const leaked = (res.json?.data ?? []).filter((item) => firsts.has(item.id)).map((item) => item.id);
  r.ctx.expect(leaked.length === 0, {
    title: `GET /jobs without q as the second employer lists the first employer's job(s) ${leaked.join(', ')}`,
    expected: "spec 5.3: the list returns only the key's employer's jobs",
    received: `ids ${leaked.join(', ')} of the first employer on page 1`,
    failingExchange: res.exchange,
  });
}

export async function expectOtherViewMatches(r: ModelReal, m: Readonly<JobsModel>): Promise<void> {
  if (r.second === undefined) return;
  await expectFirstEmployerUnseen(r, m);
  const { items, paging } = await listEveryPage(r.ctx, { q: r.scope }, r.second);
  const problems = [...listProblems(r, items, [...m.others.values()]), ...countProblems(paging, items.length)];
  r.ctx.expect(problems.length === 0, {
    title: `GET /jobs?q=${r.scope} as the second employer does not list exactly that employer's own jobs`,
    expected: `spec 5.3: the list returns only the key's employer's jobs: ${idList(m.others.values())} (the first employer's: ${idList(m.jobs.values())})`,
    received: problems.join('\n'),
  });
}

/**
 * What every step checks after its own answer: both employers' lists (each with exactly its own jobs).
 *
 * @example
 * await expectListsMatch(r, m); // after a write
 */
export async function expectListsMatch(r: ModelReal, m: Readonly<JobsModel>): Promise<void> {
  await expectListMatches(r, m);
  await expectOtherViewMatches(r, m);
}

/**
 * Everything at once, after a sequence: each live job (of both employers) reads back, each deleted job is gone, both lists agree.
 *
 * @example
 * await expectTargetAgrees(r, m); // after a whole sequence
 */
export async function expectTargetAgrees(r: ModelReal, m: Readonly<JobsModel>): Promise<void> {
  for (const job of m.jobs.values()) await expectReadBack(r, job);
  for (const job of m.others.values()) await expectReadBack(r, job, r.second);
  for (const gone of m.deleted) await expectGone(r, m, gone);
  await expectListsMatch(r, m);
}
