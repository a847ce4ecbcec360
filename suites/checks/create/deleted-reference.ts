/**
 * @module A deleted job's referenceId is free again (spec 3, 4.2): the job is
 * removed, so a create with its referenceId (POST, PUT /jobs, or PUT /jobs through the override) posts no
 * referenceId "that already exists" and creates a new job, and a PUT /jobs/{id}
 * may give it to another live job. A soft delete that keeps the referenceId in
 * a unique index refuses it. Every combination is sent: the job created in each
 * create form (the override's among them), deleted in each delete form right
 * after, its referenceId taken again in each way, since a server may keep one
 * index per path that wrote it. The job
 * that takes the referenceId holds what its own request sent, and the create
 * defaults where a create sends no flags: the deleted job is active and
 * confidential, so a server that revives its record instead shows it.
 */
import * as fc from 'fast-check';
import type { Job } from '../../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../../contract/rule.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { keptValueProblems, show } from '../../../judging/compare.js';
import { expectStatus, isSuccess, jobOf } from '../../kit/http.js';
import { DELETE_HOW, DELETE_WAYS, removeJob, type DeleteWay } from '../../kit/delete-forms.js';
import { createJob, getJob, listJobs } from '../../kit/jobs.js';
import { propertyRule, type Implementation } from '../../kit/rule-builders.js';
import { omit } from './shared.js';
import { CREATE_FORMS, createInForm, declinesCreate, formLabel, sendCreate, type CreateForm } from '../../kit/rejected-writes.js';

/**
 * The ways a freed referenceId is taken again: every create form (the override's where honoured), and an update by id
 * of another live job.
 */
type ReuseWay = CreateForm | 'PUT /jobs/{id}';
const REUSE_WAYS: readonly ReuseWay[] = [...CREATE_FORMS, 'PUT /jobs/{id}'];
const reuseLabel = (way: ReuseWay): string => (way === 'PUT /jobs/{id}' ? way : formLabel(way));

/** What each way must answer: 201 for POST (4.2), 200 for an update (4.3), a 2xx for PUT-create (4.3). */
const ANSWERS: Record<ReuseWay, [(status: number) => boolean, string]> = {
  post: [(s) => s === 201, '201 (4.2)'],
  'put-create': [isSuccess, 'a 2xx (4.3)'],
  'override-create': [isSuccess, 'a 2xx (4.3, 4.7)'],
  'PUT /jobs/{id}': [(s) => s === 200, '200 (4.3)'],
};

/** The deleted job's flags, away from their defaults (autoRefresh stays out: a plan may not take it). */
const AWAY_FROM_DEFAULTS = { status: 'active', confidential: true };
/** The create defaults of the flags (spec 3: status draft; 2.1, 4.2: confidential and autoRefresh false). */
const CREATE_DEFAULTS = { status: 'draft', confidential: false, autoRefresh: false };

/** A way's answer, and the values the job that took the referenceId must hold. */
interface Reuse {
  res: ApiResponse<Job>;
  holds: Body;
}

/** The reuse, or undefined where the target declines the override on PUT /jobs's path (good practice only). */
async function reuse(ctx: RuleContext, way: ReuseWay, referenceId: string, other: Body): Promise<Reuse | undefined> {
  if (way === 'PUT /jobs/{id}') {
    const body = identify(ctx, other);
    const res = await ctx.api.putById((await createJob(ctx, body)).id, { referenceId });
    return { res, holds: { ...body, referenceId } };
  }
  // Without flags, so the create defaults apply, not the deleted job's.
  const body = { ...omit(identify(ctx, other), ...Object.keys(CREATE_DEFAULTS)), referenceId };
  const res = await sendCreate(ctx, way, body);
  if (await declinesCreate(ctx, way, other, res)) return undefined;
  return { res, holds: { ...body, ...CREATE_DEFAULTS } };
}

/**
 * Every way a referenceId is freed and taken again: made in each create form (the override's too, where honoured),
 * deleted in each form right after, reused in each way.
 */
const COMBINATIONS: ReadonlyArray<[CreateForm, DeleteWay, ReuseWay]> = CREATE_FORMS.flatMap((made) =>
  DELETE_WAYS.flatMap((removed) => REUSE_WAYS.map((way): [CreateForm, DeleteWay, ReuseWay] => [made, removed, way])),
);

/**
 * The very request that made a job, sent again in the same form once the job is deleted (a client posting its job
 * anew): it makes a live job with what it sends, not an answer kept from the first time.
 */
async function sentAgainAfterDelete(ctx: RuleContext, made: CreateForm, removed: DeleteWay, generated: Body): Promise<void> {
  const body = identify(ctx, generated);
  await removeJob(ctx, removed, await createInForm(ctx, made, body), body.referenceId);
  const again = await createInForm(ctx, made, body);
  const read = await ctx.api.get(again.id);
  const problems = read.status === 200 ? keptValueProblems(body, jobOf(read)) : [`answered ${read.status}`];
  ctx.expect(problems.length === 0, {
    title: `${formLabel(made)} sent again, unchanged, after its job was deleted by ${DELETE_HOW[removed]}, made no job that holds it`,
    expected: 'a new live job with the values sent (spec 3: the job is removed, so the same create is valid again; 4.2, 4.3)',
    received: `job ${again.id} answered; GET /jobs/${again.id}: ${problems.join('; ')}`,
    failingExchange: read.exchange,
  });
}

export const deletedReferenceReusable: Implementation = propertyRule(
  {
    id: 'jobs.create.deleted-reference-reusable',
    section: '3',
    level: 'must',
    title:
      "A deleted job's referenceId can be used again, by POST, by PUT-create and by PUT /jobs/{id} on another job, however it was " +
      "made and deleted, and the job that takes it holds what it sent, not the deleted job's values",
    statement: 'any | DELETE | job identified by id or `referenceId` | (job removed)',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => fc.tuple(createBodyArb(ctx), createBodyArb(ctx)),
    check: async (ctx: RuleContext, [first, second]) => {
      for (const [made, removed, way] of COMBINATIONS) {
        const body = { ...identify(ctx, first), ...AWAY_FROM_DEFAULTS };
        const old = await createInForm(ctx, made, body);
        await removeJob(ctx, removed, old, body.referenceId);
        const reused = await reuse(ctx, way, body.referenceId, second);
        if (reused === undefined) continue;
        const { res, holds } = reused;
        const [accepts, answer] = ANSWERS[way];
        expectStatus(
          ctx,
          res,
          accepts,
          `the job with referenceId ${body.referenceId} was removed (spec 3), so ${reuseLabel(way)} with it is accepted: ${answer}`,
        );
        const taker = jobOf(res);
        const read = await getJob(ctx, taker.id);
        const listed = (await listJobs(ctx, { q: body.referenceId, pageSize: 100 })).json.data.filter(
          (item) => item.referenceId === body.referenceId,
        );
        // The id may be the deleted job's again (2.1: unique among jobs; a store may hand out the freed one).
        ctx.expect(read.referenceId === body.referenceId && listed.length === 1 && listed[0]?.id === taker.id, {
          title:
            `${reuseLabel(way)} with the referenceId of a job made by ${formLabel(made)} and deleted by ` +
            `${DELETE_HOW[removed]} did not give it to one live job`,
          expected: 'one live job with the referenceId: the one that took it (spec 3: the old job is removed)',
          received:
            `deleted job ${old.id}; ${reuseLabel(way)} answered job ${taker.id}; GET /jobs/${taker.id} has referenceId ` +
            `${show(read.referenceId)}; listed with the referenceId: ${show(listed.map((item) => item.id))}`,
        });
        const problems = keptValueProblems(holds, read);
        ctx.expect(problems.length === 0, {
          title: `${reuseLabel(way)} with the referenceId of a job deleted by ${DELETE_HOW[removed]} did not hold what it sent`,
          expected:
            way === 'PUT /jobs/{id}'
              ? 'the updated job keeps its own values (spec 4.3: only the fields sent change)'
              : 'the values sent, and draft, not confidential, no auto-refresh where the create sends no flags: nothing of the deleted job (spec 3, 4.2)',
          received: `GET /jobs/${taker.id}: ${problems.join('; ')}`,
        });
      }
      for (const [i, made] of CREATE_FORMS.entries()) await sentAgainAfterDelete(ctx, made, DELETE_WAYS[i % DELETE_WAYS.length]!, first);
    },
  },
);
