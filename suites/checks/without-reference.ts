/**
 * @module A job created without a referenceId lives its whole life by its id (spec 1: a job is identified "either by
 * the service's numeric job id or by the employer's own referenceId"; 4.2: referenceId is optional). Other rules name
 * their jobs by referenceId as well, so a server that keys a job's changes, its status index or its delete by the
 * referenceId fails only here: a job without one is updated, archived and re-published (through the override where
 * the target honours it), listed, and deleted by id and through the override, like any other. One given a referenceId
 * later, by an update by id, is then found by it with q, updated by it (PUT /jobs) and deleted by it (DELETE /jobs): a
 * server that files referenceIds at create only finds no job. And a job whose referenceId an update by id takes away
 * (sent as "", how 2.1 describes none), while the employer has other jobs without one, then has none: a server that
 * checks the empty referenceId for uniqueness refuses it as a duplicate.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { anonymous, caseTagOf, createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { keptValueProblems, show } from '../../judging/compare.js';
import { expectStatus, jobOf } from '../kit/http.js';
import { createJob, expectListItemMatches, expectRemoved, getJob, listAllJobs } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, type UpdateForm } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { DELETE_HOW, deleteJob, type DeleteWay } from '../kit/delete-forms.js';

/** The changes a job goes through by id: a title, an archive, a re-publish (the override where honoured). */
function changesOf(ctx: RuleContext): Array<{ form: UpdateForm; patch: Body }> {
  return [
    { form: 'id', patch: { title: scopedTitle(ctx, ctx.referenceId(), 'no referenceId') } },
    { form: 'id', patch: { status: 'archived' } },
    { form: 'override', patch: { status: 'active' } },
  ];
}

/** Sends `patch` in `form` (by id when the target declines the override) and checks the answer and a GET hold it. */
async function expectChanged(ctx: RuleContext, job: Job, form: UpdateForm, patch: Body): Promise<Job> {
  let res = await sendUpdate(ctx, form, job, patch);
  if (await declinesUpdate(ctx, form, job, res)) res = await sendUpdate(ctx, 'id', job, patch);
  const label = `${formLabel(form, job)} with ${show(patch)} on a job without referenceId`;
  expectStatus(ctx, res, 200, `${label} updates it: 200 with the full Job (spec 1: identified by its id; 4.3)`);
  const after = await getJob(ctx, job.id);
  for (const [where, read] of [
    ['the answer', jobOf(res)],
    ['a GET', after],
  ] as const) {
    const problems = keptValueProblems(patch, read);
    ctx.expect(problems.length === 0, {
      title: `${label}: ${where} does not hold it`,
      expected: 'the fields sent take the values sent (spec 4.3), whether or not the job has a referenceId',
      received: problems.join('\n'),
    });
  }
  return after;
}

/** The job is listed, with its status, among the case's jobs. */
async function expectListed(ctx: RuleContext, job: Job): Promise<void> {
  const item = (await listAllJobs(ctx, { q: caseTagOf(ctx), status: job.status })).find((header) => header.id === job.id);
  ctx.expect(item !== undefined, {
    title: `job ${job.id}, without referenceId, is missing from the list with status ${job.status}`,
    expected: "the list returns the employer's jobs, with the status filter (spec 4.5)",
    received: 'no item with its id',
  });
}

/** Deletes `job` in `way` (by the referenceId it was given later, for a way by referenceId) and checks it is gone. */
async function expectDeleted(ctx: RuleContext, job: Job, way: DeleteWay, given = ''): Promise<void> {
  const res = await deleteJob(ctx, way, job, given);
  const what = given === '' ? 'a job without referenceId' : `a job given the referenceId ${given} by an update`;
  expectStatus(ctx, res, 204, `${DELETE_HOW[way]} of ${what}: 204 (spec 4.4, 4.7)`);
  await expectRemoved(ctx, job.id, res, {
    title: `job ${job.id}, ${what}, is still there after its delete`,
    expected: 'the job is removed (spec 3, 4.4): GET answers a client error',
  });
}

async function check(ctx: RuleContext, generated: Body): Promise<void> {
  let job = await createJob(ctx, { ...anonymous(ctx, generated), status: 'active' });
  for (const { form, patch } of changesOf(ctx)) {
    job = await expectChanged(ctx, job, form, patch);
    await expectListed(ctx, job);
  }
  await expectDeleted(ctx, job, 'id');
  await expectDeleted(ctx, await createJob(ctx, anonymous(ctx, generated)), 'override');
  // A referenceId given later by an update names the job from then on, as one given at its create does (spec 1): q
  // finds the job by it (4.5), PUT /jobs with it updates the job (4.3 form 2), and DELETE /jobs with it removes it.
  const given = ctx.referenceId();
  const named = await expectChanged(ctx, await createJob(ctx, anonymous(ctx, generated)), 'id', { referenceId: given });
  await expectListItemMatches(ctx, named, given, `PUT /jobs/${named.id} giving it the referenceId ${given}`);
  const updated = await expectChanged(ctx, named, 'reference', { title: scopedTitle(ctx, given, 'given later') });
  await expectDeleted(ctx, updated, 'reference', given);
  // A referenceId taken away by an update by id ("" is how 2.1 describes none), in each form that names the job by id,
  // while the employer has jobs without one (the first of them made here): none is a referenceId no job holds, so
  // no such update is a duplicate (4.2 rejects only one "that already exists").
  await createJob(ctx, anonymous(ctx, generated));
  for (const form of ['id', 'override'] as const)
    await expectChanged(ctx, await createJob(ctx, identify(ctx, generated)), form, { referenceId: '' });
}

export const withoutReferenceRule: Implementation = propertyRule<Body>(
  {
    id: 'jobs.lifecycle.without-reference-id',
    section: '1',
    level: 'must',
    title:
      'A job created without referenceId is updated, archived, re-published, listed and deleted by its id; ' +
      'given one later, it is found, updated and deleted by it; one whose referenceId an update by id takes away has none',
    statement: "A job is identified either by the service's numeric job id or by the employer's own `referenceId`.",
  },
  { maxRuns: 1, arbitrary: (ctx) => createBodyArb(ctx), check },
);
