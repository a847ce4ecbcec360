/**
 * @module autoRefresh true, once the target took it (spec 2.1: "Applies only to employers on unlimited job plans";
 * 4.3: "Only the fields sent change"). The canonical bodies never send autoRefresh, since whether the key's
 * employer may have it is the target's plan to decide, so every other rule sees it false: a server that resets it
 * on an update that does not send it, or ignores a later false, shows nothing there. Here a job is created with
 * true; a refusal, or an answer of false, is the plan's (recorded); a job that took true keeps it through partial
 * updates in every form, and the value sent changes it on every path: false and then true in each update form
 * (the method override's where honoured), and true on each PUT /jobs that creates; that job then keeps it when
 * archived and re-published, each in every form (spec 3: other fields unchanged).
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { changedFields, changeLines, sameDate, show } from '../../judging/compare.js';
import { isSuccess, responseLine } from '../kit/http.js';
import { getJob, listJobs, secondEmployer } from '../kit/jobs.js';
import { createdWithAutoRefresh } from '../kit/auto-refresh-plan.js';
import { byEachEmployer, propertyRule, type Implementation } from '../kit/rule-builders.js';
import { formLabel, ID_FORMS, PUT_CREATES, sendUnlessDeclined, UPDATE_FORMS, type WriteTarget } from '../kit/rejected-writes.js';

/** Fails unless the answer of `what` and a GET after it show autoRefresh `expected`, which `what` sent or left alone; the GET's job. */
async function expectAutoRefresh(
  ctx: RuleContext,
  id: number,
  what: string,
  res: ApiResponse<Job>,
  { expected, sent }: { expected: boolean; sent: boolean },
): Promise<Job> {
  const because = sent
    ? `the fields sent change (spec 4.3), and autoRefresh ${expected} was sent`
    : 'updates are partial: only the fields sent change (spec 4.3), and autoRefresh was not sent';
  ctx.expect(isSuccess(res.status) && res.json?.autoRefresh === expected, {
    title: `${what} answered autoRefresh ${show(res.json?.autoRefresh)} where ${expected} was due`,
    expected: `autoRefresh ${expected}: ${because}`,
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  const read = await getJob(ctx, id);
  ctx.expect(read.autoRefresh === expected, {
    title: `GET /jobs/${id} after ${what} shows autoRefresh ${show(read.autoRefresh)}`,
    expected: `autoRefresh ${expected}: ${because}`,
    received: `autoRefresh ${show(read.autoRefresh)}`,
  });
  return read;
}

/**
 * Archived and re-published in every update form (the override's where honoured), each transition in each: a status
 * change changes nothing but the status (spec 3: "Other fields unchanged"), autoRefresh true included, and neither
 * the answer nor a GET moves the publishDate (the refresh comes every 7 days, 2.1, not with a re-publish).
 */
async function keptThroughStatusChanges(ctx: RuleContext, job: Job, fresh: WriteTarget['fresh']): Promise<void> {
  for (const form of UPDATE_FORMS)
    for (const status of ['archived', 'active'] as const) {
      const before = await getJob(ctx, job.id);
      const res = await sendUnlessDeclined(ctx, form, { job, patch: { status }, fresh });
      if (res === undefined) break;
      const what = `${formLabel(form, job)} with status ${status} only`;
      const read = await expectAutoRefresh(ctx, job.id, what, res, { expected: true, sent: false });
      for (const [where, after] of [
        ['the answer to', res.json],
        ['a GET after', read],
      ] as const) {
        const diff = after === undefined ? ['the job'] : changedFields(before, after, ['status']);
        ctx.expect(diff.length === 0, {
          title: `${where} ${what} of a job with autoRefresh true changed ${diff.join(', ')}`,
          expected: 'a status change changes the status alone: other fields unchanged (spec 3), autoRefresh true or not',
          received: after === undefined ? responseLine(res) : changeLines(before, after, diff).join('\n'),
        });
      }
    }
}

export const autoRefreshKeptRule: Implementation = byEachEmployer(
  propertyRule<Body>(
    {
      id: 'jobs.update.keeps-auto-refresh',
      section: '4.3',
      level: 'must',
      title:
        'A job created with autoRefresh true, where the target takes it, keeps it through partial updates in every form, ' +
        'and takes the value sent on every write path, for each employer',
      statement: 'Updates are partial. Only the fields sent change.',
    },
    {
      maxRuns: 1,
      arbitrary: (ctx) => createBodyArb(ctx),
      check: async (ctx: RuleContext, generated) => {
        const body = identify(ctx, generated);
        const job = await createdWithAutoRefresh(ctx, body);
        if (job === undefined) return;
        const freshBody = () => ({ ...identify(ctx, generated), status: 'active' });
        // Kept through an update that does not send it, in every form: a new title, then, where the path names the job,
        // a new referenceId (a rename writes the row's key, which a server may rebuild from its defaults).
        for (const [i, form] of UPDATE_FORMS.entries()) {
          const patch = { title: scopedTitle(ctx, body.referenceId, `renamed ${i + 1}`) };
          const res = await sendUnlessDeclined(ctx, form, { job, patch, fresh: freshBody() });
          if (res !== undefined)
            await expectAutoRefresh(ctx, job.id, `${formLabel(form, job)} with a title only`, res, { expected: true, sent: false });
        }
        for (const form of ID_FORMS) {
          const referenceId = ctx.referenceId();
          const res = await sendUnlessDeclined(ctx, form, { job, patch: { referenceId }, fresh: freshBody() });
          if (res === undefined) continue;
          // The later writes by referenceId name the job by its new one.
          if (isSuccess(res.status)) job.referenceId = referenceId;
          await expectAutoRefresh(ctx, job.id, `${formLabel(form)} with a new referenceId only`, res, { expected: true, sent: false });
        }
        // The value sent changes it in every form, both ways: false, then true again, each form in turn.
        for (const form of UPDATE_FORMS)
          for (const value of [false, true]) {
            const res = await sendUnlessDeclined(ctx, form, { job, patch: { autoRefresh: value }, fresh: freshBody() });
            if (res === undefined) break;
            await expectAutoRefresh(ctx, job.id, `${formLabel(form, job)} with autoRefresh ${value}`, res, { expected: value, sent: true });
          }
        // A PUT /jobs that creates takes the value sent, as POST did (4.3: it behaves as POST), and keeps it after.
        for (const form of PUT_CREATES) {
          const fresh = freshBody();
          const made = await sendUnlessDeclined(ctx, form, { job, patch: { autoRefresh: true }, fresh });
          if (made === undefined) continue;
          const creating = `${formLabel(form)} ${fresh.referenceId} with autoRefresh true`;
          ctx.expect(isSuccess(made.status) && made.json !== undefined, {
            title: `${creating} was refused`,
            expected: 'a PUT /jobs with a new referenceId creates the job as POST does (spec 4.3), and POST took autoRefresh true',
            received: responseLine(made),
            failingExchange: made.exchange,
          });
          await expectAutoRefresh(ctx, made.json.id, creating, made, { expected: true, sent: true });
          await keptThroughStatusChanges(ctx, made.json, freshBody());
        }
      },
    },
  ),
);

/**
 * Each employer's plan is its own (2.1: "Applies only to employers on unlimited job plans"): the second employer asks
 * too, where every other rule sends autoRefresh with the first key only. Taken or refused, never a 5xx; where taken,
 * a GET by that employer shows it, and the job, active, keeps its publishDate past that employer's list read (8:
 * auto-refresh acts every 7 days, so a run's minutes move no publishDate; a refresh a plan's table makes due at once,
 * on whatever reads, shows).
 */
export const autoRefreshEachEmployerRule: Implementation = propertyRule<Body>(
  {
    id: 'jobs.create.auto-refresh-each-employer',
    section: '2.1',
    level: 'must',
    title: "POST with autoRefresh true, by the second employer too: taken or refused as that employer's plan decides, never a 5xx",
    statement: 'Applies only to employers on unlimited job plans.',
    requires: ['secondApiKey'],
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const second = secondEmployer(ctx);
      const job = await createdWithAutoRefresh(ctx, identify(ctx, { ...generated, status: 'active' }), second);
      if (job === undefined) return;
      await listJobs(ctx, { q: job.referenceId as string }, second);
      const read = await getJob(ctx, job.id, second);
      ctx.expect(read.autoRefresh === true, {
        title: `GET /jobs/${job.id} by the second employer shows autoRefresh ${show(read.autoRefresh)} after its POST took true`,
        expected: 'the job keeps the value its create took (spec 4.2: the body is symmetrical with the GET result)',
        received: `autoRefresh ${show(read.autoRefresh)}`,
      });
      ctx.expect(sameDate(read.publishDate, job.publishDate), {
        title: `GET /jobs/${job.id} by the second employer shows another publishDate after that employer's list read`,
        expected:
          'publishDate is set by the service on create (spec 3); auto-refresh resets it every 7 days (spec 2.1, 8), not within a run',
        received: `created with publishDate ${job.publishDate}; GET shows ${read.publishDate}`,
      });
    },
  },
);
