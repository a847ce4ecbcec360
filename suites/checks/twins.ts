/**
 * @module A write names one job (spec 4.3: "Only the fields sent change"; 4.4: the job identified is removed). Its
 * twin, a job equal to it in every value the client writes but its referenceId, is left as it was by an update in
 * every form and by the job's delete. A server that finds the rows to change by a value they hold (the title, the
 * address, the status, or none of a referenceId) instead of by the id or referenceId changes both; every other rule's
 * jobs differ in their titles. Each change goes from a fresh pair, so the twins are equal when it is sent.
 * The list holds both twins too (4.5): a search that keeps one item per title shows one.
 */
import type { Body, RuleContext } from '../contract/rule.js';
import { anonymous, caseTagOf, createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { expectStatus, isSuccess } from '../kit/http.js';
import { show } from '../../judging/compare.js';
import { createJob, expectLeftAlone, getJob, idsOf, listJobs } from '../kit/jobs.js';
import { declinesUpdate, formLabel, namesByReference, sendUpdate, UPDATE_FORMS, type UpdateForm } from '../kit/rejected-writes.js';
import { PLAIN_ADDRESS, withRouting } from './limits/routing-body.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

const LEFT_ALONE = 'an update or a delete changes only the job it names, by id or referenceId (spec 4.3: only the fields sent change; 4.4)';

/**
 * A job of the case and its twin: the same title, description and every other value, active and routed by email, and
 * another referenceId; or, not `named`, both without a referenceId.
 */
async function twins(ctx: RuleContext, generated: Body, named = true) {
  const plain = { ...withRouting(generated, 'email', PLAIN_ADDRESS.email), status: 'active' };
  const body = named ? identify(ctx, plain) : anonymous(ctx, plain);
  const job = await getJob(ctx, (await createJob(ctx, body)).id);
  const twin = await getJob(ctx, (await createJob(ctx, named ? { ...body, referenceId: ctx.referenceId() } : body)).id);
  return { body, job, twin };
}

/** What an update changes on the named job: each a value a server might find its rows by. */
const changesOf = (ctx: RuleContext, form: UpdateForm): Body[] => [
  { title: scopedTitle(ctx, caseTagOf(ctx), `changed by ${form}`) },
  { applicationEmail: 'changed@example.com' },
  { status: 'archived' },
];

/**
 * Each change in every form, each from twins just made (a change leaves the pair unequal), both with a referenceId
 * and, where the form names the job by id, both without one: a server may find rows by a value only among those.
 */
async function check(ctx: RuleContext, generated: Body): Promise<void> {
  for (const form of UPDATE_FORMS) {
    for (const named of namesByReference(form) ? [true] : [true, false]) {
      for (const patch of changesOf(ctx, form)) {
        const { job, twin } = await twins(ctx, generated, named);
        const res = await sendUpdate(ctx, form, job, patch);
        if (await declinesUpdate(ctx, form, job, res)) continue;
        const what = `${formLabel(form, job)} with ${show(patch)}${named ? '' : ' (both twins without a referenceId)'}`;
        expectStatus(ctx, res, isSuccess, `${what} updates the job (spec 4.3)`);
        await expectLeftAlone(ctx, twin, res, { title: `${what} also changed job ${twin.id}, its twin`, expected: LEFT_ALONE });
      }
    }
  }
  const { job, twin } = await twins(ctx, generated);
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
    title:
      'An update in every form (a title, an address, a status), with or without referenceIds, and a delete, leave alone a job equal to the one they name',
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
