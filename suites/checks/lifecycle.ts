/**
 * @module States and deletion (spec 3, 4.4, 4.7): archive (active ->
 * archived) and re-publish (archived -> active) change only the status;
 * delete by id, by referenceId or by method override answers 204 with no
 * body (the override on POST /jobs with a referenceId is good practice: 4.7
 * names "a resource path", and DELETE /jobs names its job in the body),
 * after which the job is gone for GET, PUT and the list, and a job whose
 * referenceId extends the deleted one's is still as it was; a DELETE of it
 * again answers 204 or a 4xx (not shown), and it stays gone.
 * Transitions from draft are not shown: they are only observed.
 */
import * as fc from 'fast-check';
import { jobStatuses } from '../arbitraries/schema-limits.js';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, retitle, scopedTitle } from '../kit/bodies.js';
import { changedFields, changeLines, show } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, jobOf, requestLine, responseLine } from '../kit/http.js';
import { createJob, expectLeftAlone, expectRemoved, getJob, isGone, listJobs, showsGone } from '../kit/jobs.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS, type UpdateForm } from '../kit/rejected-writes.js';
import { DELETE_HOW, DELETE_WAYS, deleteJob, type DeleteWay } from '../kit/delete-forms.js';
import { METHOD_OVERRIDE } from '../../vocabulary/methods.js';
import { instantMs, isoDayFromNow } from '../../judging/dates.js';

type Status = Job['status'];
type Via = 'id' | 'reference';

/** Creates a job in `status` (through a PUT when the create did not give it). */
export async function jobIn(ctx: RuleContext, generated: Body, status: Status): Promise<{ job: Job; referenceId: string }> {
  const body = identify(ctx, { ...generated, status });
  let job = await createJob(ctx, body);
  if (job.status !== status) {
    const res = await ctx.api.putById(job.id, { status });
    expectStatus(ctx, res, 200, `setup: a job can be brought to status ${status} (spec 3)`);
    job = jobOf(res);
  }
  return { job: await getJob(ctx, job.id), referenceId: body.referenceId };
}

function putStatus(ctx: RuleContext, via: Via, job: Job, referenceId: string, status: Status): Promise<ApiResponse<Job>> {
  return via === 'id' ? ctx.api.putById(job.id, { status }) : ctx.api.putByReference({ referenceId, status });
}

function transitionRule(entry: RuleEntry, from: Status, to: Status, via: Via): Implementation {
  const how = via === 'id' ? `PUT /jobs/{id} with status "${to}"` : `PUT /jobs with referenceId and status "${to}"`;
  return propertyRule(entry, {
    maxRuns: 5,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const { job, referenceId } = await jobIn(ctx, generated, from);
      const res = await putStatus(ctx, via, job, referenceId, to);
      expectStatus(ctx, res, 200, `${how} on a ${from} job answers 200 with the full Job (spec 3, 4.3)`);
      const after = await getJob(ctx, job.id);
      ctx.expect(jobOf(res).status === to && after.status === to, {
        title: `${how} left the job ${after.status}`,
        expected: `${from} -> ${to} (spec 3); the response body has the new status (4.3)`,
        received: `response status ${show(jobOf(res).status)}, GET status ${show(after.status)}`,
      });
    },
  });
}

/**
 * `job` with its closeDate moved 3 days before its publishDate, so already past: the job a server that extends an
 * expired job on a re-publish changes. Whether a closeDate before publishDate is taken is open
 * (jobs.roundtrip.close-date-before-publish observes it): undefined where the target refuses it.
 */
async function expired(ctx: RuleContext, job: Job): Promise<Job | undefined> {
  const closeDate = isoDayFromNow(-3, instantMs(job.publishDate));
  const res = await ctx.api.putById(job.id, { closeDate });
  return isSuccess(res.status) ? getJob(ctx, job.id) : undefined;
}

/**
 * Spec 3: "Other fields unchanged", for the job "identified by id or referenceId": both forms in each case, and the
 * method override of spec 1 where the target honours it (good practice only: a target that declines it is not judged).
 */
function keepsFieldsRule(entry: RuleEntry, from: Status, to: Status): Implementation {
  return propertyRule<{ generated: Body; past: boolean }>(entry, {
    maxRuns: 5,
    // Each case brings jobs of its own to the state: cases may run at once against a distant target.
    independentCases: true,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), past: fc.constant<boolean>(false) }),
    // A job past its closeDate too, in every run: its closeDate is another field a transition leaves alone.
    examples: () => [{ past: true }],
    check: async (ctx: RuleContext, { generated, past }) => {
      const refused: UpdateForm[] = [];
      const taken: UpdateForm[] = [];
      for (const form of UPDATE_FORMS) {
        const made = await jobIn(ctx, generated, from);
        const job = past ? await expired(ctx, made.job) : made.job;
        if (job === undefined) return;
        const res = await sendUpdate(ctx, form, job, { status: to });
        const how = `${formLabel(form, job)} with status "${to}" on a ${from} job`;
        if (await declinesUpdate(ctx, form, job, res)) continue;
        // What becomes of a job past its closeDate is open (3: automatic changes are not shown): a refused transition
        // is recorded, and its status is not judged; a transition taken leaves the other fields alone all the same.
        if (past && isClientError(res.status)) {
          ctx.observe({
            topic: 'status.expired-job',
            section: '3',
            observed: `${formLabel(form)}, ${from} -> ${to}: refused with ${res.status}`,
          });
          refused.push(form);
          continue;
        }
        taken.push(form);
        const override = form.includes('override');
        expectStatus(ctx, res, 200, `setup: ${how} answers 200 (spec 3${override ? ', 1' : ''})`);
        const after = await getJob(ctx, job.id);
        // The transition by id and by referenceId is its own rule's (transitionRule); the overrides' have no other. An
        // expired job's status is not judged: a server may close it on its own (3).
        const moved = !override || past || after.status === to;
        const diff = [...(moved ? [] : ['status']), ...changedFields(job, after, ['status'])];
        ctx.expect(diff.length === 0, {
          title: `${how} also changed ${diff.join(', ')}`,
          expected: `${from} -> ${to}, job identified by id or referenceId: other fields unchanged (spec 3)`,
          received: changeLines(job, after, diff).join('\n'),
        });
      }
      if (taken.length > 0) await expectSameForEveryForm(ctx, generated, from, to, refused, taken);
    },
  });
}

/**
 * A job past its closeDate takes a transition, or refuses it, whichever form names it (3: the job "identified by id or
 * referenceId"; 4.7: the override acts as the method): each form a fresh such job refused while another took it is
 * sent once more, to a fresh job again (a server that closes jobs on a schedule may have closed one of them between
 * the two), and must be taken then.
 */
async function expectSameForEveryForm(
  ctx: RuleContext,
  generated: Body,
  from: Status,
  to: Status,
  refused: readonly UpdateForm[],
  taken: readonly UpdateForm[],
): Promise<void> {
  for (const form of refused) {
    const job = await expired(ctx, (await jobIn(ctx, generated, from)).job);
    if (job === undefined) return;
    const res = await sendUpdate(ctx, form, job, { status: to });
    ctx.expect(!isClientError(res.status), {
      title:
        `${formLabel(form, job)} with status "${to}" on a ${from} job past its closeDate was refused, twice, where ` +
        `${taken.map((f) => formLabel(f, job)).join(' and ')} took it`,
      expected: `one transition whichever form names the job (spec 3: ${from} -> ${to}, job identified by id or referenceId)`,
      received: responseLine(res),
      failingExchange: res.exchange,
    });
  }
}

/**
 * The override's POST on the job's path with an empty JSON object, as a client that always gives a POST a body sends
 * it: it acts as the DELETE (4.7), or is refused without effect, a body on a delete being the client's oddity
 * (observed); never answered as an update. Undefined where the target refused it, after checking the job is as it was.
 */
async function overrideDeleteWithEmptyBody(ctx: RuleContext, job: Job): Promise<ApiResponse | undefined> {
  const res = await ctx.api.client.request({ method: 'POST', path: `/jobs/${job.id}`, headers: { [METHOD_OVERRIDE]: 'DELETE' }, body: {} });
  if (!isClientError(res.status)) return res;
  ctx.observe({ topic: 'delete.override-with-empty-body', section: '4.7', observed: `refused with ${res.status}` });
  const after = await getJob(ctx, job.id);
  const diff = changedFields(job, after);
  ctx.expect(diff.length === 0, {
    title: `a refused POST /jobs/${job.id} with X-HTTP-Method-Override: DELETE and {} changed ${diff.join(', ')}`,
    expected: 'a refused request has no effect (spec 4.7: the override acts as a DELETE, or is refused)',
    received: changeLines(job, after, diff).join('\n'),
  });
  return undefined;
}

function deleteRule(entry: RuleEntry, way: DeleteWay): Implementation {
  const how = DELETE_HOW[way];
  return propertyRule<{ body: Body; status: Status; emptyBody: boolean }>(entry, {
    maxRuns: 5,
    arbitrary: (ctx) =>
      fc.record({
        body: createBodyArb(ctx),
        status: fc.constantFrom<Status>(...jobStatuses),
        emptyBody: fc.constant<boolean>(false),
      }),
    // A job of each status in every run (3: DELETE applies to any), then the override on the job's path once more with
    // an empty JSON body: its one owner.
    examples: () => [...jobStatuses.map((status) => ({ status })), ...(way === 'override' ? [{ emptyBody: true }] : [])],
    check: async (ctx: RuleContext, { body, status, emptyBody }) => {
      const { job, referenceId } = await jobIn(ctx, body, status);
      const neighbour = await prefixNeighbour(ctx, body, referenceId);
      const res = emptyBody
        ? await overrideDeleteWithEmptyBody(ctx, await getJob(ctx, job.id))
        : await deleteJob(ctx, way, job, referenceId);
      if (res === undefined) return;
      expectStatus(ctx, res, 204, `${how} answers 204 (spec 4.4${way.startsWith('override') ? ', 4.7' : ''})`);
      ctx.expect(res.text === '', {
        title: `${how} answered 204 with a body`,
        expected: '204 with no body (spec 4.4)',
        received: responseLine(res),
        failingExchange: res.exchange,
      });
      const after = await ctx.api.get(job.id);
      observeGoneStatus(ctx, after.status);
      ctx.expect(showsGone(after.status), {
        title: `the job is still there after ${how}`,
        expected: 'the job is removed (spec 3: any -> removed): GET answers a client error, e.g. 404 or 410 (the code is not shown)',
        received: `${requestLine(after)} -> ${responseLine(after)}`,
        failingExchange: after.exchange,
      });
      await expectLeftAlone(ctx, neighbour, res, {
        title: `${how} also changed or removed job ${neighbour.id}, whose referenceId ${neighbour.referenceId} starts with ${referenceId}`,
        expected: 'a delete removes the one job it identifies, by id or by its whole referenceId (spec 4.4)',
      });
    },
  });
}

/**
 * A job whose referenceId is the given one and a digit more (`r-1x`, `r-1x0`): a delete that finds its job by a
 * prefix or a pattern of the referenceId, or a list search, removes it too. The case's counters end in `x`, so no
 * other referenceId of the run is this one.
 */
async function prefixNeighbour(ctx: RuleContext, generated: Body, referenceId: string): Promise<Job> {
  const ref = `${referenceId}0`;
  return getJob(ctx, (await createJob(ctx, { ...retitle(ctx, generated, ref), referenceId: ref })).id);
}

/** The code a removed job answers with is not shown (4.4, 7.2): recorded, and flagged when it is neither 404 nor 410. */
function observeGoneStatus(ctx: RuleContext, status: number): void {
  if (!isClientError(status)) return;
  ctx.observe({
    topic: 'status.deleted-job',
    section: '4.4',
    observed: isGone(status) ? String(status) : `${status} (neither 404 nor 410)`,
  });
}

type AfterDelete = 'get' | 'put' | 'list';

const AFTER_DELETE: Record<AfterDelete, string> = {
  get: 'GET /jobs/{id}',
  put: 'PUT /jobs/{id}',
  list: 'the list',
};

/** Deletes a fresh job of the case by id (setup), and gives its referenceId. */
async function deletedJob(ctx: RuleContext, generated: Body): Promise<{ job: Job; referenceId: string }> {
  const body = identify(ctx, generated);
  const job = await createJob(ctx, body);
  const deleted = await ctx.api.deleteById(job.id);
  expectStatus(ctx, deleted, 204, 'setup: DELETE /jobs/{id} answers 204 (spec 4.4)');
  return { job, referenceId: body.referenceId };
}

/** Fails the rule unless the list scoped to the job's referenceId no longer has it. */
async function expectUnlisted(ctx: RuleContext, job: Job, referenceId: string, after: string): Promise<void> {
  const list = await listJobs(ctx, { q: referenceId, pageSize: 100 });
  ctx.expect(!list.json.data.some((item) => item.id === job.id), {
    title: `deleted job ${job.id} is still listed${after}`,
    expected: 'a deleted job is removed (spec 3, 4.4): the list no longer has it',
    received: `listed ids ${show(list.json.data.map((item) => item.id))}`,
  });
}

/**
 * The bodies 4.3 names valid for an update, each sent to a deleted job: only a title, only a status (each of the shown
 * transitions), and its referenceId with a status. A server that keeps a removed row and takes one of them for its
 * return (a status update that revives it) shows it.
 */
function updatesAfterDelete(ctx: RuleContext, referenceId: string): Body[] {
  return [
    { title: scopedTitle(ctx, referenceId, 'after delete') },
    { status: 'archived' },
    { status: 'active' },
    { referenceId, status: 'active' },
  ];
}

function afterDeleteRule(entry: RuleEntry, op: AfterDelete): Implementation {
  const what = AFTER_DELETE[op];
  return propertyRule(entry, {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const { job, referenceId } = await deletedJob(ctx, generated);
      if (op === 'list') return expectUnlisted(ctx, job, referenceId, '');
      const requests: Array<{ method: string; path: string; body?: Body }> =
        op === 'get'
          ? [{ method: 'GET', path: `/jobs/${job.id}` }]
          : updatesAfterDelete(ctx, referenceId).map((body) => ({ method: 'PUT', path: `/jobs/${job.id}`, body }));
      for (const request of requests) {
        const res = await ctx.api.client.request(request);
        observeGoneStatus(ctx, res.status);
        expectStatus(
          ctx,
          res,
          showsGone,
          `${what} of a deleted job answers a client error (404, 410 or another 4xx: the code is not shown): the job is removed (spec 3, 4.4, 7.2)`,
        );
        if (op === 'put')
          await expectRemoved(ctx, job.id, res, {
            title: `deleted job ${job.id} is back after a PUT /jobs/{id} with ${Object.keys(request.body ?? {}).join(' and ')}`,
            expected: 'the job stays removed (spec 3: any -> removed): GET answers a client error',
          });
      }
    },
  });
}

/** 204 again (DELETE is idempotent in HTTP, RFC 9110 9.2.2) or a client error naming the job gone: the spec shows neither. */
const repeatedDeleteAnswer = (status: number): boolean => status === 204 || showsGone(status);

/**
 * A DELETE of a job that is already gone: 4.4 and 7 give 204 for a DELETE and say nothing of a job already
 * removed, so 204 and a 4xx both pass (recorded). What spec 3 states is the effect: the job stays removed.
 */
const repeatedDelete: Implementation = propertyRule(
  {
    id: 'jobs.lifecycle.deleted-delete-404',
    section: '4.4',
    level: 'must',
    title: 'After a delete, a DELETE by id, by referenceId or by override answers 204 or a 4xx, and the job stays gone',
    statement: 'any | DELETE | job identified by id or `referenceId` | (job removed)',
  },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const { job, referenceId } = await deletedJob(ctx, generated);
      for (const way of DELETE_WAYS) {
        const res = await deleteJob(ctx, way, job, referenceId);
        if (repeatedDeleteAnswer(res.status))
          ctx.observe({ topic: 'status.repeated-delete', section: '4.4', observed: `${way}: ${res.status}` });
        expectStatus(
          ctx,
          res,
          repeatedDeleteAnswer,
          `${DELETE_HOW[way]} of a deleted job answers 204 (DELETE is idempotent) or a 4xx, never a 5xx (spec 4.4, 7)`,
        );
      }
      const after = await ctx.api.get(job.id);
      ctx.expect(showsGone(after.status), {
        title: 'the job is back after a repeated DELETE',
        expected: 'the job stays removed (spec 3: any -> removed): GET answers a client error',
        received: `${requestLine(after)} -> ${responseLine(after)}`,
        failingExchange: after.exchange,
      });
      await expectUnlisted(ctx, job, referenceId, ' after a repeated DELETE');
    },
  },
);

/** The status changes section 3 does not show: from and to draft, and to the status a job already has. */
const UNSHOWN_TRANSITIONS: ReadonlyArray<[Status, Status]> = (['draft', 'active', 'archived'] as const).flatMap((from) =>
  (['draft', 'active', 'archived'] as const)
    .filter((to) => !((from === 'active' && to === 'archived') || (from === 'archived' && to === 'active')))
    .map((to): [Status, Status] => [from, to]),
);

/** Observes what the target does with transitions the spec does not show, in every update form. */
const draftTransitions: Implementation = propertyRule(
  {
    id: 'jobs.lifecycle.draft-transitions',
    section: '3',
    level: 'must',
    title:
      'Transitions the spec does not show (from and to draft, to the same status) are observed in every update form; ' +
      'the answer is not 5xx, and a title sent with them is taken where the write is',
    statement: 'Other transitions (from draft, or any automatic change such as closing on `closeDate`): not shown.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      for (const [from, to] of UNSHOWN_TRANSITIONS) {
        for (const form of UPDATE_FORMS) {
          const { job } = await jobIn(ctx, generated, from);
          // A new title beside the status: taken, the title sent is the job's (4.3), whatever 3 leaves to the status.
          const title = scopedTitle(ctx, job.referenceId ?? '', `${from} to ${to}`);
          const res = await sendUpdate(ctx, form, job, { status: to, title });
          if (await declinesUpdate(ctx, form, job, res)) continue;
          const after = await getJob(ctx, job.id);
          ctx.observe({
            topic: `transition.${from}-to-${to}`,
            section: '3',
            observed: `${form === 'id' ? 'PUT' : formLabel(form)} answered ${res.status}; status now ${after.status}`,
          });
          expectStatus(ctx, res, (s) => s < 500, `a transition the spec does not show is accepted or refused, never a 5xx (spec 3, 7)`);
          ctx.expect(!isSuccess(res.status) || after.title === title, {
            title: `${formLabel(form)} of a job in status ${from} with status ${to} and a new title was taken but kept the old title`,
            expected: 'the fields sent change (spec 4.3), whatever a transition 3 does not show does to the status',
            received: `title ${show(after.title)}`,
          });
        }
      }
    },
  },
);

export const lifecycleRules: Implementation[] = [
  transitionRule(
    {
      id: 'jobs.lifecycle.archive',
      section: '3',
      level: 'must',
      title: 'PUT with status archived archives an active job',
      statement: 'active | PUT with `status` = `archived` | job identified by id or `referenceId` | archived',
    },
    'active',
    'archived',
    'id',
  ),
  keepsFieldsRule(
    {
      id: 'jobs.lifecycle.archive-keeps-fields',
      section: '3',
      level: 'must',
      title: 'Archiving, by id, by referenceId or by a method override the target honours, changes nothing but the status',
      statement: 'active | PUT with `status` = `archived` | job identified by id or `referenceId` | archived | Other fields unchanged.',
    },
    'active',
    'archived',
  ),
  transitionRule(
    {
      id: 'jobs.lifecycle.archive-by-reference',
      section: '3',
      level: 'must',
      title: 'PUT /jobs with referenceId and status archived archives the job',
      statement: 'active | PUT with `status` = `archived` | job identified by id or `referenceId` | archived',
    },
    'active',
    'archived',
    'reference',
  ),
  transitionRule(
    {
      id: 'jobs.lifecycle.republish',
      section: '3',
      level: 'must',
      title: 'PUT with status active re-publishes an archived job',
      statement: 'archived | PUT with `status` = `active` | job identified by id or `referenceId` | active',
    },
    'archived',
    'active',
    'id',
  ),
  keepsFieldsRule(
    {
      id: 'jobs.lifecycle.republish-keeps-fields',
      section: '3',
      level: 'must',
      title: 'Re-publishing, by id, by referenceId or by a method override the target honours, changes nothing but the status',
      statement: 'archived | PUT with `status` = `active` | job identified by id or `referenceId` | active | Other fields unchanged.',
    },
    'archived',
    'active',
  ),
  transitionRule(
    {
      id: 'jobs.lifecycle.republish-by-reference',
      section: '3',
      level: 'must',
      title: 'PUT /jobs with referenceId and status active re-publishes the job',
      statement: 'archived | PUT with `status` = `active` | job identified by id or `referenceId` | active',
    },
    'archived',
    'active',
    'reference',
  ),
  deleteRule(
    {
      id: 'jobs.lifecycle.delete-by-id',
      section: '4.4',
      level: 'must',
      title: 'DELETE /jobs/{id} answers 204 with no body and removes the job',
      statement: 'any | DELETE | job identified by id or `referenceId` | (job removed) | 204 with no body.',
    },
    'id',
  ),
  deleteRule(
    {
      id: 'jobs.lifecycle.delete-by-reference',
      section: '4.4',
      level: 'must',
      title: 'DELETE /jobs with {referenceId} answers 204 with no body and removes the job',
      statement: 'Identification: job id in the path, or `referenceId` in a JSON body on `DELETE /jobs`.',
    },
    'reference',
  ),
  deleteRule(
    {
      id: 'jobs.lifecycle.delete-by-override',
      section: '4.7',
      level: 'must',
      title: 'POST /jobs/{id} with X-HTTP-Method-Override: DELETE answers 204 with no body and removes the job',
      statement:
        '`POST` on a resource path with the header `X-HTTP-Method-Override: DELETE` (and the usual authentication header) acts as a DELETE of that resource.',
    },
    'override',
  ),
  deleteRule(
    {
      id: 'jobs.lifecycle.delete-by-reference-override',
      section: '4.7',
      level: 'should',
      title: 'POST /jobs with {referenceId} and X-HTTP-Method-Override: DELETE answers 204 with no body and removes the job',
      statement:
        'Good practice; the spec says: `POST` on a resource path with the header `X-HTTP-Method-Override: DELETE` (and the usual ' +
        'authentication header) acts as a DELETE of that resource.',
    },
    'override-reference',
  ),
  afterDeleteRule(
    {
      id: 'jobs.lifecycle.deleted-get-404',
      section: '4.4',
      level: 'must',
      title: 'After a delete, GET /jobs/{id} is refused as gone (404, 410 or another 4xx)',
      statement: 'any | DELETE | job identified by id or `referenceId` | (job removed)',
    },
    'get',
  ),
  afterDeleteRule(
    {
      id: 'jobs.lifecycle.deleted-put-404',
      section: '4.4',
      level: 'must',
      title:
        'After a delete, PUT /jobs/{id} with each body 4.3 names (a title, a status, the referenceId and a status) is refused as gone, and the job stays gone',
      statement: 'any | DELETE | job identified by id or `referenceId` | (job removed)',
    },
    'put',
  ),
  repeatedDelete,
  afterDeleteRule(
    {
      id: 'jobs.lifecycle.deleted-unlisted',
      section: '4.4',
      level: 'must',
      title: 'After a delete, the list no longer shows the job',
      statement: 'any | DELETE | job identified by id or `referenceId` | (job removed)',
    },
    'list',
  ),
  draftTransitions,
];
