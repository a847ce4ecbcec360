/**
 * @module The second employer's defaults and limits. Only autoRefresh depends on the plan (spec 2.1: "Applies only
 * to employers on unlimited job plans"); every other default and limit is the interface's, for each employer alike.
 * Every other rule writes and lists with the first key, so a server that reads a plan setting where it should not
 * (a shorter lifetime, another page size) shows only here: the second employer creates by POST and by PUT-create
 * without the defaulted fields, and lists at the default, the largest and one past the largest page size.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { caseTagOf, createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { changedFields, changeLines, show } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, responseLine } from '../kit/http.js';
import { createJob, idsOf, listJobs, secondEmployer } from '../kit/jobs.js';
import { createInForm, formLabel, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { fixedRule, propertyRule, type Implementation } from '../kit/rule-builders.js';
import { CREATE_WAYS, createBy, defaultedBody, defaultProblems } from './create/shared.js';

export const defaultsEachEmployer: Implementation = propertyRule<Body>(
  {
    id: 'jobs.create.defaults-each-employer',
    section: '3',
    level: 'must',
    title: "The second employer's POST and PUT-create get the same defaults: draft, closeDate 60 days on, false flags",
    statement: 'POST or PUT-create with `status` omitted | valid request | draft',
    requires: ['secondApiKey'],
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const second = secondEmployer(ctx);
      for (const way of CREATE_WAYS) {
        const problems = defaultProblems(await createBy(ctx, way, defaultedBody(identify(ctx, generated)), second));
        ctx.expect(problems.length === 0, {
          title: `${way} by the second employer did not apply the create defaults`,
          expected:
            'status draft, closeDate 60 days after publishDate, confidential, autoRefresh and salary.plusCommission false ' +
            'when omitted (spec 3, 2.1, 2.5, 8: defaults of the interface, for every employer)',
          received: problems.join('; '),
        });
      }
    },
  },
);

/** The page sizes the second employer asks for, and the pageSize each must be served with (spec 4.5, 8). */
const PAGE_SIZES: ReadonlyArray<[asked: number | undefined, allowed: (size: unknown) => boolean, expected: string]> = [
  [undefined, (size) => size === 10, 'the default, 10'],
  [100, (size) => size === 100, '100, the maximum'],
  [101, (size) => typeof size === 'number' && size >= 1 && size <= 100, 'at most 100 (or a 4xx)'],
];

export const pageSizeEachEmployer: Implementation = fixedRule(
  {
    id: 'jobs.list.page-size-each-employer',
    section: '8',
    level: 'must',
    title: "The second employer's list has the same page sizes: 10 by default, 100 at most",
    statement: 'pageSize | Default 10, maximum 100',
    requires: ['secondApiKey'],
  },
  async (ctx: RuleContext) => {
    const second = secondEmployer(ctx);
    for (const [asked, allowed, expected] of PAGE_SIZES) {
      const res = await second.list({ q: caseTagOf(ctx), ...(asked === undefined ? {} : { pageSize: asked }) });
      if (asked !== undefined && asked > 100 && isClientError(res.status)) continue;
      expectStatus(ctx, res, 200, 'GET /jobs answers 200 with {data, paging} (spec 4.5)');
      const size = res.json?.paging?.pageSize;
      ctx.expect(allowed(size), {
        title: `the second employer's list ${asked === undefined ? 'without pageSize' : `with pageSize=${asked}`} has pageSize ${show(size)}`,
        expected: `pageSize ${expected}: the page size in effect (spec 2.8, 4.5, 8), for every employer`,
        received: responseLine(res),
        failingExchange: res.exchange,
      });
    }
  },
);

/**
 * The second employer's job retitled in every update form, each time to a title with a word of its own (a fresh case
 * token): that employer's q finds the job by the new word, and no longer by the one it left (4.5). A search view one
 * employer's writes, or one form, leave stale shows there.
 */
async function retitledInEveryForm(ctx: RuleContext, job: Job, referenceId: string): Promise<void> {
  const second = secondEmployer(ctx);
  const finds = async (q: string): Promise<boolean> => idsOf((await listJobs(ctx, { q, pageSize: 100 }, second)).json).includes(job.id);
  let left: string | undefined;
  for (const form of UPDATE_FORMS) {
    const word = ctx.referenceId();
    const res = await sendUpdate(ctx, form, job, { title: scopedTitle(ctx, referenceId, word) }, second);
    // A declined override was judged with the status changes above.
    if (!isSuccess(res.status)) continue;
    const [found, stale] = [await finds(word), left !== undefined && (await finds(left))];
    const what = found ? `still finds job ${job.id} by ${left}` : `does not find job ${job.id} by ${word}`;
    ctx.expect(found && !stale, {
      title: `the second employer's q ${what} after ${formLabel(form, job)} retitled it`,
      expected: 'q matches the job title as it is (spec 4.5), for every employer and update form',
      received: `${responseLine(res)}; q=${word}: ${found ? 'found' : 'not found'}${left === undefined ? '' : `; q=${left}: ${stale ? 'found' : 'not found'}`}`,
      failingExchange: res.exchange,
    });
    left = word;
  }
}

/**
 * The second employer's own job through every form: every other rule writes with the first key, so a server whose
 * path for one employer (a tenant's handler, a per-employer setting or counter) goes wrong passes them. Its job is
 * made by PUT-create with a referenceId of 50 characters (8: the largest), archived and re-published in every update
 * form (3; the override where honoured), each shown by the answer and a GET, the answer the Job the GET shows (4.3: the
 * full Job, its employer the key's); retitled in every update form, found by q by its new title only; and, with a
 * second job, paged by q at one job a page: page 2 is the other job (4.5).
 */
export const secondEmployerForms: Implementation = propertyRule<Body>(
  {
    id: 'jobs.lifecycle.second-employer-forms',
    section: '3',
    level: 'must',
    title:
      "The second employer's job, made by PUT-create with a referenceId of 50 characters, is archived and re-published in every " +
      'update form (each answer the Job a GET shows), retitled in every form (found by q by its new title only), and paged by q',
    statement: 'active | PUT with `status` = `archived` | job identified by id or `referenceId` | archived',
    requires: ['secondApiKey'],
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const second = secondEmployer(ctx);
      const body = identify(ctx, { ...generated, status: 'active' });
      const referenceId = body.referenceId.padEnd(50, 'x');
      let job = await createInForm(ctx, 'put-create', { ...body, referenceId }, second);
      for (const form of UPDATE_FORMS) {
        for (const status of ['archived', 'active'] as const) {
          const res = await sendUpdate(ctx, form, job, { status }, second);
          // The override is good practice only (spec 1): declined where the job's own title is refused the same way.
          if (isClientError(res.status) && form.includes('override')) {
            if (isClientError((await sendUpdate(ctx, form, job, { title: job.title }, second)).status)) break;
          }
          const read = await second.get(job.id);
          ctx.expect(res.status === 200 && res.json?.status === status && read.json?.status === status, {
            title: `${formLabel(form, job)} by the second employer with status ${status} did not show it ${status}`,
            expected: `the full Job with status ${status}, on the answer and a GET (spec 3, 4.3), for every employer`,
            received: `${responseLine(res)}; GET: ${show(read.json?.status)}`,
            failingExchange: res.exchange,
          });
          // The answer is the full Job (4.3) of this employer: the one a GET shows, its employer included.
          const diff = res.status === 200 && read.status === 200 && res.json && read.json ? changedFields(res.json, read.json) : [];
          ctx.expect(diff.length === 0, {
            title: `${formLabel(form, job)} by the second employer answered a job that differs from a GET in ${diff.join(', ')}`,
            expected: 'update response: 200 with the full (updated) Job (spec 4.3), for every employer',
            received: changeLines(read.json, res.json, diff).join('\n'),
            failingExchange: res.exchange,
          });
          if (read.status === 200 && read.json) job = read.json;
        }
      }
      await retitledInEveryForm(ctx, job, referenceId);
      const other = await createJob(ctx, identify(ctx, generated), second);
      const pages = await Promise.all([1, 2].map((page) => second.list({ q: caseTagOf(ctx), pageSize: 1, page })));
      const ids = pages.map((res) => res.json?.data?.[0]?.id);
      ctx.expect(pages.every((res) => res.status === 200) && new Set(ids).size === 2 && ids.includes(job.id) && ids.includes(other.id), {
        title: `the second employer's list by q at pageSize=1 served ${show(ids)} on pages 1 and 2`,
        expected: `its two jobs ${job.id} and ${other.id}, one a page (spec 4.5: page, pageSize), for every employer`,
        received: pages.map((res) => responseLine(res)).join('\n'),
        failingExchange: pages[1]!.exchange,
      });
    },
  },
);
