/**
 * @module What follows a delete, in every combination: a job in each state (draft, active, archived), removed in each
 * delete form (by id, by referenceId, through the override on either path), its referenceId then taken again in each
 * create form (POST, PUT-create, PUT-create through the override), every pair of the three in every run. The new job
 * is another job (spec 3: any -> removed); the old id reaches nothing, so an update by it (plainly and through the
 * override) is refused and a DELETE by it leaves the new job alone (4.4: a delete removes the job it identifies); a
 * PUT /jobs by the referenceId updates the new job (4.3); and the list by that referenceId holds the new job alone
 * (4.5). A server that keeps a removed job's row, index or cache in one state or one form shows it only in that corner.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { show } from '../../judging/compare.js';
import { isClientError, isSuccess, responseLine } from '../kit/http.js';
import { createJob, getJob, listAllJobs, showsGone } from '../kit/jobs.js';
import { DELETE_HOW, DELETE_WAYS, deleteJob, type DeleteWay } from '../kit/delete-forms.js';
import { createInForm, CREATE_FORMS, formLabel, ID_FORMS, sendUpdate, type CreateForm } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { STATUSES } from './create/shared.js';

interface AfterDeleteCase {
  generated: Body;
  status: (typeof STATUSES)[number];
  way: DeleteWay;
  retake: CreateForm;
}

/** Every state × delete form × create form: 36 corners, drawn from when --runs grows. */
const EVERY_CORNER = STATUSES.flatMap((status) => DELETE_WAYS.flatMap((way) => CREATE_FORMS.map((retake) => ({ status, way, retake }))));

/**
 * The examples of every run: each state with each delete form, the create form turning so that each state and each
 * delete form meets every create form (every pair of the three, in 12 cases).
 */
const EVERY_PAIR = STATUSES.flatMap((status, i) =>
  DELETE_WAYS.map((way, j) => ({ status, way, retake: CREATE_FORMS[(i + j) % CREATE_FORMS.length]! })),
);

/** The job of the case, deleted; false where the target declines the override on DELETE /jobs's path (good practice only). */
async function deleted(ctx: RuleContext, old: Job, referenceId: string, way: DeleteWay): Promise<boolean> {
  const res = await deleteJob(ctx, way, old, referenceId);
  if (way === 'override-reference' && isClientError(res.status) && !showsGone((await ctx.api.get(old.id)).status)) return false;
  ctx.expect(res.status === 204, {
    title: `${DELETE_HOW[way]} of a ${old.status} job answered ${res.status}`,
    expected: 'spec 4.4: 204 with no body (spec 3: any -> removed)',
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  return true;
}

/**
 * An update by the removed job's id, plainly and through the override on its path, is refused (3: the job is removed;
 * 4.3 updates the job the path names, and only PUT /jobs creates): a client error, and the id still reads as gone. A
 * server that answers such a write from a copy of the removed row, whichever way removed it, shows here.
 */
async function expectOldIdUpdatesNothing(ctx: RuleContext, old: Job, what: string): Promise<void> {
  for (const form of ID_FORMS) {
    const res = await sendUpdate(ctx, form, old, { title: `${old.title} again` });
    const read = await ctx.api.get(old.id);
    ctx.expect(isClientError(res.status) && showsGone(read.status), {
      title: `after ${what}, ${formLabel(form, old)} (the removed job) answered ${res.status}`,
      expected:
        'the removed job is gone (spec 3: any -> removed): an update of it is refused with a client error, and a GET still answers one',
      received: `${responseLine(res)}; then GET /jobs/${old.id}: ${read.status}`,
      failingExchange: res.exchange,
    });
  }
}

/** After the old job's delete and the new one's create: the old id reaches nothing, the new job stands alone. */
async function expectNewJobAlone(ctx: RuleContext, old: Job, made: Job, referenceId: string, what: string): Promise<void> {
  const read = await ctx.api.get(old.id);
  ctx.expect(showsGone(read.status), {
    title: `after ${what}, GET /jobs/${old.id} (the removed job) answered ${read.status}`,
    expected: 'the removed job is gone (spec 3: any -> removed): a client error',
    received: responseLine(read),
    failingExchange: read.exchange,
  });
  // Only while the old id reads gone: on a server that gives a removed id to a new job, it names that job now.
  if (showsGone(read.status)) await expectOldIdUpdatesNothing(ctx, old, what);
  // A repeated delete's answer is not shown; what it must not do is reach the job that took the referenceId.
  await ctx.api.deleteById(old.id);
  const title = scopedTitle(ctx, referenceId, 'retaken');
  const updated = await ctx.api.putByReference({ referenceId, title });
  ctx.expect(isSuccess(updated.status) && updated.json?.id === made.id, {
    title: `after ${what}, PUT /jobs with referenceId ${referenceId} answered ${updated.status} for job ${show(updated.json?.id)}`,
    expected: `the job that holds the referenceId now, ${made.id}, updated (spec 4.3)`,
    received: responseLine(updated),
    failingExchange: updated.exchange,
  });
  const now = await getJob(ctx, made.id);
  ctx.expect(now.title === title, {
    title: `after ${what} and a DELETE of the old id, job ${made.id} reads title ${show(now.title, 80)}`,
    expected: `the title its PUT /jobs sent, ${show(title, 80)}: the new job stands, and the update reached it (spec 4.3, 4.4)`,
    received: `title ${show(now.title, 80)}`,
  });
  const listed = (await listAllJobs(ctx, { q: referenceId })).filter((item) => item.referenceId === referenceId).map((item) => item.id);
  ctx.expect(listed.length === 1 && listed[0] === made.id, {
    title: `after ${what}, the list by q=${referenceId} holds ${show(listed)}`,
    expected: `the new job ${made.id} alone (spec 4.5: the employer's jobs; 3: the old one removed)`,
    received: `ids ${show(listed)}`,
  });
}

export const afterDelete: Implementation = propertyRule<AfterDeleteCase>(
  {
    id: 'jobs.lifecycle.after-delete',
    section: '3',
    level: 'must',
    title:
      'A job deleted in each state and each delete form frees its referenceId for POST and PUT-create; the old id then ' +
      'reaches nothing, and a PUT /jobs by the referenceId updates the new job',
    statement: 'any | DELETE | job identified by id or `referenceId` | (job removed) | 204 with no body.',
  },
  {
    // Every pair in every run (the examples), a few drawn corners beside them.
    maxRuns: 2,
    independentCases: true,
    arbitrary: (ctx) =>
      fc
        .record({ generated: createBodyArb(ctx), corner: fc.constantFrom(...EVERY_CORNER) })
        .map(({ generated, corner }) => ({ generated, ...corner })),
    examples: () => EVERY_PAIR,
    check: async (ctx: RuleContext, { generated, status, way, retake }) => {
      const body = identify(ctx, generated);
      const old = await createJob(ctx, { ...body, status });
      if (!(await deleted(ctx, old, body.referenceId, way))) return;
      const made = await createInForm(ctx, retake, body);
      const what = `${DELETE_HOW[way]} of a ${status} job and ${formLabel(retake)} with its referenceId`;
      ctx.expect(made.id !== old.id && made.referenceId === body.referenceId, {
        title: `${what} answered job ${made.id} with referenceId ${show(made.referenceId)}`,
        expected: `a new job (not ${old.id}) holding ${body.referenceId} (spec 3: the old one is removed; 4.2, 4.3: the create makes a job)`,
        received: `job ${made.id}, referenceId ${show(made.referenceId)}`,
      });
      await expectNewJobAlone(ctx, old, made, body.referenceId, what);
    },
  },
);
