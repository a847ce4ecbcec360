/**
 * @module A write names one job (spec 4.3: "Only the fields sent change"; 4.4: the job identified is removed). Its
 * twin, a job equal to it in every value the client writes but its referenceId, is left as it was by an update in
 * every form and by the job's delete. A server that finds the rows to change by a value they hold (the title, the
 * description) instead of by the id or referenceId changes both; every other rule's jobs differ in their titles.
 * The list holds both twins too (4.5): a search that keeps one item per title shows one.
 */
import type { Body, RuleContext } from '../contract/rule.js';
import { caseTagOf, createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { expectStatus, isSuccess } from '../kit/http.js';
import { show } from '../../judging/compare.js';
import { createJob, expectLeftAlone, getJob, idsOf, listJobs } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

const LEFT_ALONE = 'an update or a delete changes only the job it names, by id or referenceId (spec 4.3: only the fields sent change; 4.4)';

/** A job of the case and its twin: the same title, description and every other value, another referenceId. */
async function twins(ctx: RuleContext, generated: Body) {
  const body = identify(ctx, generated);
  const job = await createJob(ctx, body);
  const twin = await getJob(ctx, (await createJob(ctx, { ...body, referenceId: ctx.referenceId() })).id);
  return { body, job, twin };
}

async function check(ctx: RuleContext, generated: Body): Promise<void> {
  const { body, job, twin } = await twins(ctx, generated);
  for (const form of UPDATE_FORMS) {
    const res = await sendUpdate(ctx, form, job, { title: scopedTitle(ctx, body.referenceId, `changed by ${form}`) });
    if (await declinesUpdate(ctx, form, job, res)) continue;
    expectStatus(ctx, res, isSuccess, `${formLabel(form, job)} with a new title updates the job (spec 4.3)`);
    await expectLeftAlone(ctx, twin, res, { title: `${formLabel(form, job)} also changed job ${twin.id}, its twin`, expected: LEFT_ALONE });
  }
  const deleted = await ctx.api.deleteById(job.id);
  expectStatus(ctx, deleted, 204, 'DELETE /jobs/{id} removes the job: 204 (spec 4.4)');
  await expectLeftAlone(ctx, twin, deleted, {
    title: `DELETE /jobs/${job.id} also changed or removed job ${twin.id}, its twin`,
    expected: LEFT_ALONE,
  });
}

export const twinRule: Implementation = propertyRule<Body>(
  {
    id: 'jobs.update.twin-left-alone',
    section: '4.3',
    level: 'must',
    title: 'An update in every form, and a delete, leave alone a job equal to the one they name',
    statement: 'Updates are partial. Only the fields sent change.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check,
  },
);

export const twinsListedRule: Implementation = propertyRule<Body>(
  {
    id: 'jobs.list.twins-listed',
    section: '4.5',
    level: 'must',
    title: 'The list holds both of two jobs equal in every value but their referenceId, and counts both',
    statement: 'Returns job headers of the authenticated employer, sorted by `publishDate` descending.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const { job, twin } = await twins(ctx, generated);
      const list = await listJobs(ctx, { q: caseTagOf(ctx) });
      const ids = idsOf(list.json);
      ctx.expect(ids.includes(job.id) && ids.includes(twin.id) && list.json.paging.total === 2, {
        title: `the list of two twins holds ${show(ids)} of ${show([job.id, twin.id])}, total ${list.json.paging.total}`,
        expected: 'every job of the employer matching q is listed and counted (spec 4.5, 2.8), whatever values it shares with another',
        received: `ids ${show(ids)}; paging ${show(list.json.paging)}`,
        failingExchange: list.exchange,
      });
    },
  },
);
