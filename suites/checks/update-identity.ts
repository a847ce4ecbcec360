/**
 * @module Identity on update (spec 2.1, 4.3, 7.1): a PUT /jobs/{id} cannot
 * give a job the referenceId another live job of the employer holds (it is
 * the "Employer's unique id for the job"), the next PUT /jobs by that referenceId still reaches the job that holds it,
 * the referenceId the renamed job kept still names it on PUT /jobs and DELETE /jobs, and a PUT /jobs/{id} naming an id
 * no job has never leaves a job behind under that id (ids are "Assigned by
 * the service").
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { anonymous, caseTagOf, createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { changeLines, show } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, jobOf, responseLine } from '../kit/http.js';
import { createJob, expectLeftAlone, expectRemoved, getJob, listAllJobs, listJobs } from '../kit/jobs.js';
import { DELETE_HOW, deleteJob, type DeleteWay } from '../kit/delete-forms.js';
import { besideValidChange, formLabel, sendUpdate, type UpdateForm } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/** Lines naming the fields that changed between two reads of one job. */
function changes(before: Job, after: Job): string[] {
  return changeLines(before, after).map((line) => `job ${before.id} ${line}`);
}

/**
 * The body of the job a rename targets, in each state a job's referenceId can be in: one of its own, and none (2.1:
 * optional), since a server may check the unique id only where it replaces one.
 */
const TARGET_BODIES: ReadonlyArray<(ctx: RuleContext, body: Body) => Body> = [identify, anonymous];

/** Gives `target` the referenceId `holder` holds, by `form`, and fails unless it is refused and changes neither job. */
async function expectDuplicateRefused(
  ctx: RuleContext,
  form: UpdateForm,
  [first, second]: [Body, Body],
  targetBody: (ctx: RuleContext, body: Body) => Body,
): Promise<void> {
  const held = identify(ctx, first);
  const holder = await getJob(ctx, (await createJob(ctx, held)).id);
  const target = await getJob(ctx, (await createJob(ctx, targetBody(ctx, second))).id);
  // Beside a valid change of another field, as every refused write is sent: the refusal must not apply it either.
  const res = await sendUpdate(ctx, form, target, besideValidChange({ referenceId: held.referenceId }, target, `taken ${form}`));
  const what = formLabel(form, target);
  if (isClientError(res.status))
    ctx.observe({ topic: 'error-status.duplicate-reference-id', section: '7.1', observed: `${formLabel(form)}: ${res.status}` });
  expectStatus(
    ctx,
    res,
    isClientError,
    `a referenceId is the employer's unique id for a job (spec 2.1): ${what} setting one job ${held.referenceId} holds is refused with a 4xx (7.1)`,
  );
  const problems = [...changes(holder, await getJob(ctx, holder.id)), ...changes(target, await getJob(ctx, target.id))];
  const byHeld = (await listJobs(ctx, { q: held.referenceId, pageSize: 100 })).json.data;
  const carrying = byHeld.filter((item) => item.referenceId === held.referenceId);
  if (carrying.length !== 1) problems.push(`jobs listed with referenceId ${held.referenceId}: ${show(carrying.map((item) => item.id))}`);
  // A search index that took the refused referenceId finds the job by it, and no longer by its own.
  if (byHeld.some((item) => item.id === target.id)) problems.push(`q ${held.referenceId} lists job ${target.id}, which was refused it`);
  const own = target.referenceId;
  if (own && !(await listJobs(ctx, { q: own, pageSize: 100 })).json.data.some((item) => item.id === target.id))
    problems.push(`q ${own} does not list job ${target.id}, which still holds it`);
  ctx.expect(problems.length === 0, {
    title: `the refused referenceId change by ${what} had an effect`,
    expected: 'a refused update changes nothing: both jobs as before, one job with the referenceId (spec 2.1, 4.3)',
    received: problems.join('\n'),
  });
  await expectReferenceStillNamesHolder(ctx, holder, target, what);
  await expectOwnReferenceStillNamesTarget(ctx, holder, target, what, form === 'id' ? 'reference' : 'override-reference');
}

/**
 * The referenceId the target held before the refused rename still names it, on PUT /jobs and then on a delete by
 * referenceId (`way`), which removes it and leaves the holder alone: a server that let go of the old referenceId in its
 * lookup before the unique check refused the rename no longer finds the job by it.
 */
async function expectOwnReferenceStillNamesTarget(ctx: RuleContext, holder: Job, target: Job, what: string, way: DeleteWay): Promise<void> {
  const own = target.referenceId;
  if (!own) return;
  const title = scopedTitle(ctx, own, 'by its own after a refused rename');
  const res = await ctx.api.putByReference({ referenceId: own, title });
  expectStatus(
    ctx,
    res,
    200,
    `PUT /jobs naming job ${target.id} by its own referenceId after ${what} was refused updates it: 200 (spec 4.3)`,
  );
  ctx.expect(jobOf(res).id === target.id && (await getJob(ctx, target.id)).title === title, {
    title: `PUT /jobs by referenceId ${own} after ${what} was refused did not update job ${target.id}, which holds it`,
    expected: 'a refused update changes nothing, so the job keeps its referenceId and PUT /jobs names it by it (4.3 form 2)',
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  const holderNow = await getJob(ctx, holder.id);
  const deleted = await deleteJob(ctx, way, target, own);
  const expected = `${DELETE_HOW[way]} with the referenceId job ${target.id} kept after ${what} was refused removes that job (spec 4.4)`;
  expectStatus(ctx, deleted, 204, `${expected}: 204`);
  await expectRemoved(ctx, target.id, deleted, {
    title: `job ${target.id} is still there after ${DELETE_HOW[way]} ${show(own)}`,
    expected,
  });
  await expectLeftAlone(ctx, holderNow, deleted, { title: `job ${holder.id} changed by ${DELETE_HOW[way]} ${show(own)}`, expected });
}

/**
 * The next update by the referenceId a refused rename asked for reaches the job that holds it (4.3 form 2) and changes
 * no other: a server that wrote its referenceId index before the unique check refused the rename, and kept the row,
 * sends it to the renamed job.
 */
async function expectReferenceStillNamesHolder(ctx: RuleContext, holder: Job, target: Job, what: string): Promise<void> {
  const title = scopedTitle(ctx, holder.referenceId ?? '', 'after a refused rename');
  const res = await ctx.api.putByReference({ referenceId: holder.referenceId ?? '', title });
  expectStatus(ctx, res, isSuccess, `PUT /jobs naming job ${holder.id} by its referenceId after ${what} was refused updates it (spec 4.3)`);
  const [heldNow, targetNow] = [await getJob(ctx, holder.id), await getJob(ctx, target.id)];
  const problems = [
    ...(heldNow.title === title ? [] : [`job ${holder.id}, which holds it, has title ${show(heldNow.title)}`]),
    ...changes(target, targetNow),
  ];
  ctx.expect(problems.length === 0, {
    title: `PUT /jobs by referenceId ${holder.referenceId} after ${what} was refused did not update the job that holds it`,
    expected: 'PUT /jobs updates the job the referenceId in its body names (4.3 form 2); a refused rename named none',
    received: problems.join('\n'),
  });
}

/** Every case by id (4.3 form 1) and by method override (spec 1): a server that does not honour the override refuses it too. */
export const updateDuplicateReference: Implementation = propertyRule(
  {
    id: 'jobs.update.duplicate-reference-rejected',
    section: '2.1',
    level: 'must',
    title:
      'PUT /jobs/{id} (or its method-override form) giving a job, with a referenceId of its own or without one, the referenceId ' +
      'another live job holds, beside a valid change of another field, is refused and changes neither job',
    statement: "Employer's unique id for the job.",
  },
  {
    maxRuns: 3,
    arbitrary: (ctx) => fc.tuple(createBodyArb(ctx), createBodyArb(ctx)),
    check: async (ctx: RuleContext, bodies) => {
      for (const form of ['id', 'override'] as const)
        for (const targetBody of TARGET_BODIES) await expectDuplicateRefused(ctx, form, bodies, targetBody);
    },
  },
);

// §2.1: id is Int32. Ids this close to its maximum are taken by hardly any service; a GET checks first.
const INT32_MAX = 2_147_483_647;
const unlikelyIdArb = fc.integer({ min: INT32_MAX - 100_000, max: INT32_MAX });

/**
 * Whatever a PUT /jobs/{id} on an unknown id answers (4.3 shows nothing for it; a 5xx still fails),
 * no job of the case may afterwards be found under that id: the id is assigned by the service.
 */
export const unknownIdCreatesNothing: Implementation = propertyRule<{ generated: Body; id: number }>(
  {
    id: 'jobs.update.unknown-id-creates-nothing',
    section: '2.1',
    level: 'must',
    title: 'PUT /jobs/{id} on an id no job has never leaves a job under that id',
    statement: 'Unique job id. Assigned by the service. Read-only.',
  },
  {
    maxRuns: 3,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), id: unlikelyIdArb }),
    // The largest valid id in every run: a server that computes with it past 32 bits fails there alone.
    examples: () => [{ id: INT32_MAX }],
    check: async (ctx: RuleContext, { generated, id }) => {
      // Another job of the employer under that id is not the case's to touch: nothing to probe then.
      if ((await ctx.api.client.request({ method: 'GET', path: `/jobs/${id}` })).status === 200) return;
      const body = identify(ctx, generated);
      const res = await ctx.api.client.request<Job>({ method: 'PUT', path: `/jobs/${id}`, body });
      expectStatus(ctx, res, (status) => status < 500, `PUT /jobs/${id} on an id no job has is answered, never with a 5xx (spec 7)`);
      ctx.observe({
        topic: 'status.put-unknown-id',
        section: '4.3',
        observed: isSuccess(res.status) ? `${res.status} (accepted)` : String(res.status),
      });
      const after = await ctx.api.client.request<Job>({ method: 'GET', path: `/jobs/${id}` });
      const ours = isSuccess(after.status) && after.json?.referenceId === body.referenceId;
      const tag = caseTagOf(ctx);
      const listed = (await listAllJobs(ctx, { q: tag })).filter((item) => item.id === id);
      ctx.expect(!ours && listed.length === 0, {
        title: `PUT /jobs/${id} left a job with the id the client chose`,
        expected: 'the job id is assigned by the service (spec 2.1): a PUT naming an id no job has creates no job with that id',
        received: `PUT -> ${responseLine(res)}; then GET /jobs/${id} -> ${after.status}; GET /jobs?q=${tag} lists ${listed.length} job(s) with id ${id}`,
        failingExchange: after.exchange,
      });
    },
  },
);

export const updateIdentityRules: Implementation[] = [updateDuplicateReference, unknownIdCreatesNothing];
