/**
 * @module A write names one job (spec 4.3: "Only the fields sent change"; 4.4: the job identified is removed). Its
 * twin, a job equal to it in every value the client writes but its referenceId, is left as it was by an update in
 * every form and by the job's delete. A server that finds the rows to change by a value they hold (the title, the
 * description) instead of by the id or referenceId changes both; every other rule's jobs differ in their titles.
 */
import type { Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { expectStatus, isSuccess } from '../kit/http.js';
import { createJob, expectLeftAlone, getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

const LEFT_ALONE = 'an update or a delete changes only the job it names, by id or referenceId (spec 4.3: only the fields sent change; 4.4)';

async function check(ctx: RuleContext, generated: Body): Promise<void> {
  const body = identify(ctx, generated);
  const job = await createJob(ctx, body);
  // The twin: the same title, description and every other value, another referenceId.
  const twin = await getJob(ctx, (await createJob(ctx, { ...body, referenceId: ctx.referenceId() })).id);
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
