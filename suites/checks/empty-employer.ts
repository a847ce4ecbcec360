/**
 * @module An employer's first job and its last one (spec 4.5, 2.8, 3). Every other rule lists an employer that holds
 * jobs, so a server whose list goes wrong only at none or one (an empty result written as null, one job as an object, a
 * count cached for the last job) passes them. Where an employer holds no job when this rule runs (it runs alone, so
 * the run's other rules hold none of its jobs), its list without q is read empty, then with each of its first three
 * jobs (a draft by POST without a status, archived by PUT-create, active by POST), and again after each is deleted
 * (newest first, each in another delete form), every time by every status filter. An employer that holds jobs of
 * other clients cannot be taken through these states: that is recorded, not judged, once each job its list shows is
 * read by id (a list that keeps a removed job shows one that GET says is gone, and a job this run deleted with a 2xx
 * answer must not be read). So is one that another client gives a job while the rule runs (a parallel shard): a
 * listed job the rule never made stops it. Its first job leaves every defaulted field out and must take the defaults,
 * and is made without a referenceId, given one by id and updated by it; before the deletes, its active job is archived
 * by id and its archived job re-published by referenceId, so that the active jobs go to none and back.
 */
import type { Job } from '../../schemas/types.gen.js';
import { show } from '../../judging/compare.js';
import type { Body, JobsApi, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { defaultedBody, defaultProblems } from './create/shared.js';
import { expectStatus } from '../kit/http.js';
import { createJob, showsGone } from '../kit/jobs.js';
import { createInForm, formLabel, sendUpdate } from '../kit/rejected-writes.js';
import { DELETE_HOW, removeJob, type DeleteWay } from '../kit/delete-forms.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { expectCountAgrees, requestList, STATUS_FILTERS, type StatusFilter } from '../kit/unscoped-lists.js';

/** The employer's list without q under each status filter: its ids, total and pages, as the answer gave them. */
async function listsOf(ctx: RuleContext, api: JobsApi, ours: ReadonlySet<number>) {
  return Promise.all(
    STATUS_FILTERS.map(async (status) => {
      const res = await requestList(api, status === 'absent' ? {} : { status }, ours);
      expectStatus(ctx, res, 200, 'GET /jobs answers 200 with {data, paging} (spec 4.5)');
      return { status, res };
    }),
  );
}

const filterName = (status: StatusFilter): string => (status === 'absent' ? 'GET /jobs' : `GET /jobs?status=${status}`);

/**
 * Whether another client gave the employer jobs while the rule ran: a listed job the rule never made (`made`). The rule
 * then stops, recorded. A job it made and removed is no stranger: a list that keeps it is judged.
 */
function othersCameIn(ctx: RuleContext, ids: readonly unknown[], made: ReadonlySet<number>): boolean {
  if (ids.every((id) => typeof id !== 'number' || made.has(id))) return false;
  ctx.observe({
    topic: 'list.employer-not-empty',
    section: '4.5',
    observed: 'another client wrote its jobs meanwhile: its first and last job not reached',
  });
  return true;
}

/**
 * Each list holds exactly `jobs`, those its filter takes (in any order: ties of publishDate are open), data an array,
 * total their count. False where another client's jobs came in meanwhile: nothing is judged, and the walk stops.
 */
async function expectHolds(
  ctx: RuleContext,
  api: JobsApi,
  employer: string,
  { jobs, made }: { jobs: readonly Job[]; made: ReadonlySet<number> },
  when: string,
): Promise<boolean> {
  for (const { status, res } of await listsOf(ctx, api, made)) {
    const wanted = jobs.filter((job) => status === 'absent' || status === job.status).map((job) => job.id);
    const data: unknown = res.json?.data;
    const ids = Array.isArray(data) ? data.map((item) => (item as { id?: unknown }).id) : undefined;
    if (ids !== undefined && othersCameIn(ctx, ids, made)) return false;
    const total = res.json?.paging?.total;
    const sorted = (list: readonly unknown[]): string => show([...list].sort());
    ctx.expect(ids !== undefined && sorted(ids) === sorted(wanted) && total === wanted.length, {
      title: `${filterName(status)} of ${employer} ${when} answered data ${show(data, 120)}, total ${show(total)}`,
      expected: `data an array of its ${wanted.length} job(s) ${show(wanted)}, total ${wanted.length} (spec 4.5: an array of Job headers; 2.8)`,
      received: `data ${show(data, 200)}, paging ${show(res.json?.paging, 200)}`,
      failingExchange: res.exchange,
    });
  }
  return true;
}

/** The employer's first page without q, each job read by id. */
async function listedReads(api: JobsApi) {
  const page = await requestList(api, { pageSize: 100 }, new Set());
  const ids = Array.isArray(page.json?.data) ? page.json.data.map((item) => item.id) : [];
  return Promise.all(ids.map(async (id) => ({ id, read: await api.get(id) })));
}

type ListedReads = Awaited<ReturnType<typeof listedReads>>;

/** The ids of listed jobs a GET by id says are gone: none, unless the list keeps removed jobs. */
const goneOf = (reads: ListedReads): number[] => reads.filter(({ read }) => showsGone(read.status)).map(({ id }) => id);

/**
 * The listed jobs a GET reads whole that this run removed (its DELETE answered 2xx; the rules' own deletes and the
 * cleanup's), with the referenceId they were made with: a delete that answered and kept the job. The same id under
 * another referenceId is a new job that took a freed id.
 */
function keptThoughRemoved(ctx: RuleContext, api: JobsApi, reads: ListedReads): string[] {
  return reads.flatMap(({ id, read }) => {
    const removed = ctx.removedByRun?.(api, id);
    const kept =
      removed !== undefined && removed.referenceId !== null && read.status === 200 && read.json?.referenceId === removed.referenceId;
    return kept ? [`job ${id} (referenceId ${removed.referenceId})`] : [];
  });
}

/**
 * Whether the employer holds no job. Where its list shows some, its first page must hold as many as its total says,
 * and each is read by id: a job the list shows and GET says is gone, in two reads in a row (not a delete by another
 * client in between), fails the rule (3: a removed job is gone; 4.5: the list holds the employer's jobs); jobs that
 * exist are other clients', recorded.
 */
async function holdsNone(ctx: RuleContext, api: JobsApi, employer: string): Promise<boolean> {
  const before = await requestList(api, { pageSize: 1 }, new Set());
  if (before.status === 200 && before.json?.paging?.total === 0) return true;
  // A total that counts a removed job shows as a first page shorter than it says.
  await expectCountAgrees(ctx, `the run's other rules, by ${employer}`, new Set(), api);
  const reads = await listedReads(api);
  const gone = goneOf(reads);
  const still = gone.length === 0 ? [] : goneOf(await listedReads(api)).filter((id) => gone.includes(id));
  ctx.expect(still.length === 0, {
    title: `GET /jobs of ${employer} lists job(s) ${show(still)} that GET /jobs/{id} says are gone, twice`,
    expected: "the list holds the employer's jobs (spec 4.5), and a removed job is gone (spec 3: any -> removed)",
    received: `listed ids ${show(still)}, each read by id as a client error`,
  });
  // The jobs it holds may be this run's, deleted before this rule began (a rule's own deletes, the cleanup's).
  const kept = keptThoughRemoved(ctx, api, reads);
  ctx.expect(kept.length === 0, {
    title: `GET /jobs of ${employer} lists ${kept.length} job(s) this run deleted, and GET /jobs/{id} reads them`,
    expected: 'DELETE removes the job (spec 3: any -> removed; 4.4: 204): a job whose DELETE answered 2xx is gone',
    received: `${kept.join(', ')}: deleted earlier in this run by DELETE /jobs/{id}, answered 2xx; still listed and read`,
  });
  ctx.observe({ topic: 'list.employer-not-empty', section: '4.5', observed: `${employer} holds jobs: its first and last job not reached` });
  return false;
}

const sentStatus = (status: Job['status'] | undefined): string => (status ? `with status ${status}` : 'without a status');

/**
 * The ways an employer's first jobs are made: by POST with every defaulted field left out (a server that fills the
 * defaults in one branch and not in another, such as the one that makes an employer's first job, shows there), then
 * archived by PUT-create and active by POST.
 */
const FIRST_JOBS: ReadonlyArray<{ form: 'post' | 'put-create'; status?: Job['status'] }> = [
  { form: 'post' },
  { form: 'put-create', status: 'archived' },
  { form: 'post', status: 'active' },
];

/**
 * The employer's first job, made without a referenceId while it holds no job, takes one by PUT /jobs/{id} and is then
 * retitled by PUT /jobs with it (4.3: "referenceId is in the body. The job id is then not needed."): the same job, as
 * the only one of the employer that has a referenceId. A server that counts an employer's jobs with a referenceId by
 * the writes that send one, and skips the lookup at zero, takes that update for a create. Returns the job as renamed.
 */
async function referenceGivenById(ctx: RuleContext, api: JobsApi, employer: string, job: Job, referenceId: string): Promise<Job> {
  const named = await sendUpdate(ctx, 'id', job, { referenceId }, api);
  expectStatus(ctx, named, 200, `PUT /jobs/${job.id} giving ${employer}'s first job a referenceId updates it (spec 4.3)`);
  const title = scopedTitle(ctx, referenceId, 'named by id');
  const res = await sendUpdate(ctx, 'reference', { ...job, referenceId }, { title }, api);
  ctx.expect(res.status === 200 && res.json?.id === job.id && res.json.title === title, {
    title: `PUT /jobs with the referenceId ${employer}'s only job took by PUT /jobs/${job.id} did not update that job`,
    expected: `200 with job ${job.id} retitled ${show(title)} (spec 4.3: PUT /jobs names the job by the referenceId in the body)`,
    received: `${res.status}, id ${show(res.json?.id)}, title ${show(res.json?.title)}`,
    failingExchange: res.exchange,
  });
  return { ...job, referenceId, title };
}

/**
 * The status moves that leave a status with no job and fill it again (3), while the employer holds only these jobs:
 * its active job archived by id, so that no job is active, then its archived job re-published by referenceId, each
 * list read after each. A count kept per status that one update form does not move shows at zero: a list that the
 * count says is empty. False where another client's jobs came in (expectHolds).
 */
async function statusMovesAtZero(ctx: RuleContext, api: JobsApi, employer: string, held: { jobs: Job[]; made: ReadonlySet<number> }) {
  const moves = [
    { from: 'active', to: 'archived', form: 'id' },
    { from: 'archived', to: 'active', form: 'reference' },
  ] as const;
  for (const { from, to, form } of moves) {
    const at = held.jobs.findIndex((job) => job.status === from);
    const res = await sendUpdate(ctx, form, held.jobs[at]!, { status: to }, api);
    expectStatus(ctx, res, 200, `${formLabel(form)} with status ${to} moves ${employer}'s ${from} job (spec 3)`);
    held.jobs[at] = { ...held.jobs[at]!, status: to };
    if (!(await expectHolds(ctx, api, employer, held, `after ${formLabel(form)} moved its ${from} job to ${to}`))) return false;
  }
  return true;
}

/**
 * Takes the employer from no job to three and back, where it holds none, listing after each step; the third, made
 * without a status, is a draft (3). Its jobs are deleted newest first in `ways`. Where it holds others' jobs: recorded.
 */
async function firstAndLast(ctx: RuleContext, api: JobsApi, employer: string, generated: Body, ways: readonly DeleteWay[]): Promise<void> {
  if (!(await holdsNone(ctx, api, employer))) return;
  const jobs: Job[] = [];
  const made = new Set<number>();
  if (!(await expectHolds(ctx, api, employer, { jobs, made }, 'with no job'))) return;
  for (const { form, status } of FIRST_JOBS) {
    const identified = identify(ctx, generated);
    // The first job is made without a referenceId, and given one by id once its defaults are judged.
    const { referenceId: _given, ...anonymous } = defaultedBody(identified);
    const job = status === undefined ? await createJob(ctx, anonymous, api) : await createInForm(ctx, form, { ...identified, status }, api);
    const problems = status === undefined ? defaultProblems(job) : job.status === status ? [] : [`status ${show(job.status)}`];
    ctx.expect(problems.length === 0, {
      title: `${formLabel(form)} of ${employer}'s job number ${jobs.length + 1} ${sentStatus(status)} did not make the job it asked for`,
      expected:
        'spec 3: a create with a status given makes that status; with status and every defaulted field omitted, a draft ' +
        'with the create defaults (spec 3, 2.1, 2.5, 8: closeDate 60 days after publishDate, false flags)',
      received: problems.join('; '),
    });
    jobs.push(status === undefined ? await referenceGivenById(ctx, api, employer, job, identified.referenceId) : job);
    made.add(job.id);
    if (!(await expectHolds(ctx, api, employer, { jobs, made }, `with ${jobs.length} job(s)`))) return;
  }
  if (!(await statusMovesAtZero(ctx, api, employer, { jobs, made }))) return;
  for (const way of ways) {
    const job = jobs.pop()!;
    await removeJob(ctx, way, job, job.referenceId ?? '', api);
    const read = await api.get(job.id);
    ctx.expect(showsGone(read.status), {
      title: `GET /jobs/${job.id} after ${DELETE_HOW[way]} of ${employer}'s job answered ${read.status}`,
      expected: 'the job is removed (spec 3: any -> removed): a client error',
      received: `${read.status}`,
      failingExchange: read.exchange,
    });
    if (!(await expectHolds(ctx, api, employer, { jobs, made }, `after ${DELETE_HOW[way]} of one of its ${jobs.length + 1} job(s)`)))
      return;
  }
}

export const firstAndLastJob: Implementation = propertyRule<Body>(
  {
    id: 'jobs.list.first-and-last-job',
    section: '4.5',
    level: 'must',
    title: "An employer's list with no job, with each of its first three jobs, and after each is deleted, by every status filter",
    statement: 'Response 200: an object with `data` (array of Job header) and `paging` (Paging object).',
    exclusive: true,
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      // Deleted newest first, each in another form, the last job by id for one employer and by referenceId for the other.
      await firstAndLast(ctx, ctx.api, 'the first employer', generated, ['reference', 'override', 'id']);
      if (ctx.second) await firstAndLast(ctx, ctx.second, 'the second employer', generated, ['override', 'id', 'reference']);
    },
  },
);
