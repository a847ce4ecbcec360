/**
 * @module A job made in each create form, then touched in other forms (spec 4.2, 4.3: PUT-create "behaves as POST"; the
 * override of section 1 is the same request). Most rules make their jobs by POST, so a server that files a job made
 * by PUT-create, or through the override, in an index, a cache or a view of its own, which another path then forgets
 * to update, passes them. Here a job made by POST, by PUT-create and through the override (where honoured) is
 * retitled by id and found by its new title word (4.5), archived by referenceId (answer and GET show it, 3), renamed
 * by id, after which its old referenceId names it no more (a PUT-create or a delete by referenceId with it, plain or
 * through the override, leaves the job alone, 2.1) and its new one names it (PUT /jobs with it retitles it), and
 * deleted, by its new referenceId or through the override by id (dealt over the create forms), after which a GET finds
 * it gone (4.4, 4.7).
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { show } from '../../judging/compare.js';
import { expectStatus, isSuccess, jobOf, responseLine } from '../kit/http.js';
import { expectLeftAlone, getJob, listAllJobs, showsGone } from '../kit/jobs.js';
import {
  CREATE_FORMS,
  PUT_CREATES,
  declinesCreate,
  type PutCreateForm,
  formLabel,
  sendCreate,
  sendUpdate,
} from '../kit/rejected-writes.js';
import { DELETE_HOW, deleteJob, type DeleteWay } from '../kit/delete-forms.js';
import { byEachEmployer, propertyRule, type Implementation } from '../kit/rule-builders.js';

/** Retitled by id: the list by a word only the new title holds finds the job. */
async function retitledFound(ctx: RuleContext, job: Job, made: string): Promise<void> {
  const word = ctx.referenceId();
  const res = await sendUpdate(ctx, 'id', job, { title: scopedTitle(ctx, word, 'retitled') });
  expectStatus(ctx, res, 200, `PUT /jobs/${job.id} with a title updates the job (spec 4.3)`);
  const listed = await listAllJobs(ctx, { q: word });
  ctx.expect(
    listed.some((item) => item.id === job.id),
    {
      title: `GET /jobs?q=${word} does not find job ${job.id} (made by ${made}) by its new title`,
      expected: 'q matches the job title (spec 4.5), the title the update wrote (4.3)',
      received: `ids ${show(listed.map((item) => item.id))}`,
    },
  );
}

/** Archived by referenceId: the answer and a GET show the new status. */
async function archivedByReference(ctx: RuleContext, job: Job, made: string): Promise<void> {
  const res = await sendUpdate(ctx, 'reference', job, { status: 'archived' });
  const read = await getJob(ctx, job.id);
  ctx.expect(isSuccess(res.status) && res.json?.status === 'archived' && read.status === 'archived', {
    title: `PUT /jobs archiving job ${job.id} (made by ${made}) did not show it archived`,
    expected: 'the full Job with the new status, on the answer and a GET (spec 3, 4.3)',
    received: `${responseLine(res)}; GET: status ${show(read.status)}`,
    failingExchange: res.exchange,
  });
}

/** A request that names a job by the referenceId in its body. */
type NamedByReference = (ctx: RuleContext, body: Body & { referenceId: string }) => Promise<ApiResponse>;

/** Sends a body as a PUT-create in `form`. */
const putCreateIn =
  (form: PutCreateForm): NamedByReference =>
  (ctx, body) =>
    sendCreate(ctx, form, body);

/** The requests that name a job by the referenceId in their body and may act on none: each PUT-create form, each delete by referenceId. */
const BY_OLD_REFERENCE: ReadonlyArray<{ label: string; send: NamedByReference }> = [
  ...PUT_CREATES.map((form) => ({ label: formLabel(form), send: putCreateIn(form) })),
  { label: DELETE_HOW.reference, send: (ctx, body) => ctx.api.deleteByReference(body.referenceId) },
  { label: DELETE_HOW['override-reference'], send: (ctx, body) => ctx.api.deleteByReferenceOverride(body.referenceId) },
];

/**
 * Renamed by id: its old referenceId names it no more, in any request that names a job by referenceId (a PUT-create
 * plainly or through the override, a delete plainly or through the override), each of which a server may resolve
 * through a lookup of its own.
 */
async function renamedLeavesOldReference(ctx: RuleContext, job: Job, made: string, generated: Body): Promise<void> {
  const old = job.referenceId as string;
  const res = await sendUpdate(ctx, 'id', job, { referenceId: ctx.referenceId() });
  expectStatus(ctx, res, 200, `PUT /jobs/${job.id} with a new referenceId updates the job (spec 4.3)`);
  const renamed = await getJob(ctx, job.id);
  for (const { label, send } of BY_OLD_REFERENCE) {
    const step = await send(ctx, { ...identify(ctx, generated), referenceId: old });
    await expectLeftAlone(ctx, renamed, step, {
      title: `${label} with job ${job.id}'s old referenceId ${old} (made by ${made}, renamed by id) changed it`,
      expected: 'a referenceId the job no longer holds names another job, or none (spec 2.1, 4.3, 4.4)',
    });
    const taker = isSuccess(step.status) ? (step.json as Job | undefined)?.id : undefined;
    if (typeof taker === 'number' && taker !== job.id) await ctx.api.deleteById(taker);
  }
  // The new one names it: an index by referenceId that a rename by id does not update finds nothing there.
  const title = scopedTitle(ctx, renamed.referenceId as string, 'by its new referenceId');
  const byNew = await sendUpdate(ctx, 'reference', renamed, { title });
  ctx.expect(byNew.status === 200 && byNew.json?.id === job.id && byNew.json.title === title, {
    title: `PUT /jobs with job ${job.id}'s new referenceId (made by ${made}, renamed by id) did not update it`,
    expected: `200 with job ${job.id} retitled: the referenceId a rename gave the job names it (spec 4.3 form 2)`,
    received: `${responseLine(byNew)}, id ${show(byNew.json?.id)}`,
    failingExchange: byNew.exchange,
  });
}

/** How each job is deleted after its rename, dealt over the create forms: by its new referenceId, and through the override by id. */
const FINAL_DELETES: readonly DeleteWay[] = ['reference', 'override'];

export const madeEveryWayRule: Implementation = byEachEmployer(
  propertyRule<Body>(
    {
      id: 'jobs.lifecycle.made-every-way',
      section: '4.3',
      level: 'must',
      title:
        'A job made by POST, by PUT-create and through the override is retitled, archived, renamed and deleted in other forms, each seen, for each employer',
      statement: 'A PUT with `referenceId` that creates a job behaves as POST with a `referenceId`.',
    },
    {
      maxRuns: 1,
      arbitrary: (ctx) => createBodyArb(ctx),
      check: async (ctx: RuleContext, generated) => {
        for (const [i, form] of CREATE_FORMS.entries()) {
          const body = identify(ctx, { ...generated, status: 'active' });
          const res = await sendCreate(ctx, form, body);
          if (await declinesCreate(ctx, form, generated, res)) continue;
          expectStatus(ctx, res, isSuccess, `${formLabel(form)} with a valid body creates the job (spec 4.2, 4.3)`);
          const made = formLabel(form);
          const job = jobOf(res);
          await retitledFound(ctx, job, made);
          await archivedByReference(ctx, job, made);
          await renamedLeavesOldReference(ctx, job, made, generated);
          const renamed = await getJob(ctx, job.id);
          const way = FINAL_DELETES[i % FINAL_DELETES.length]!;
          const gone = await deleteJob(ctx, way, renamed, renamed.referenceId as string);
          const after = await ctx.api.get(job.id);
          ctx.expect(gone.status === 204 && showsGone(after.status), {
            title: `${DELETE_HOW[way]} of job ${job.id} (made by ${made}, renamed by id) did not remove it`,
            expected: 'a DELETE by id, by referenceId or through the override removes the job: 204, then it is gone (spec 4.4, 4.7)',
            received: `${responseLine(gone)}; then GET -> ${responseLine(after)}`,
            failingExchange: gone.exchange,
          });
        }
      },
    },
  ),
);
