/**
 * @module Clearing a job's referenceId (spec 2.1: "Described as an empty string when the employer gave none; sample
 * responses show null"; 4.3: "Updates are partial. Only the fields sent change."; the input takes a string or null).
 * A PUT /jobs/{id} with referenceId "" or null, plainly and through the method override, is a change of that field:
 * the job then has none (null or "", both forms of none), and the old one is free, as after a rename: PUT /jobs with
 * it creates a new job, DELETE /jobs with it leaves the cleared job alone, a POST with it creates; q by it no longer
 * lists the job (4.5), and its list item shows none (2.7). Whether a server takes a clear at all is not judged here
 * (a refusal of a valid value is another rule's): a refusal is observed. A server that takes it takes it for a second job too: none is no referenceId in use.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, retitle } from '../kit/bodies.js';
import { show } from '../../judging/compare.js';
import { isClientError, isSuccess, responseLine } from '../kit/http.js';
import { createJob, expectLeftAlone, expectListItemMatches, getJob, listAllJobs } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, type UpdateForm } from '../kit/rejected-writes.js';
import { fixedRule, type Implementation } from '../kit/rule-builders.js';

/** The two spellings of "none" (2.1): each clears. */
const CLEARING_VALUES: readonly (string | null)[] = ['', null];
/** The paths that name the job by id, so a clear cannot lose the job it names: 4.3 form 1, and spec 1's override PUT. */
const CLEARING_FORMS: readonly UpdateForm[] = ['id', 'override'];

const hasNoReference = (value: unknown): boolean => value === null || value === '';

/** Fails unless GET shows `before` as it was, after `step` (sent as `label`). */
function expectUntouched(ctx: RuleContext, before: Job, step: ApiResponse, label: string, statement: string): Promise<void> {
  return expectLeftAlone(ctx, before, step, {
    title: `${label} changed job ${before.id}, which no longer holds that referenceId`,
    expected: `${statement}; the cleared job holds no referenceId, so it stays as it was`,
  });
}

/** A create body with the cleared referenceId, titled for the case (the cleanup and q find it). */
function takingBody(ctx: RuleContext, generated: Body, referenceId: string): Body & { referenceId: string } {
  return { ...identify(ctx, generated), referenceId };
}

/**
 * Whether the clear was taken: a declined override or a refusal is observed and ends the case, a 2xx goes on, and
 * anything else fails.
 */
async function clearTaken(ctx: RuleContext, form: UpdateForm, job: Job, value: string | null, res: ApiResponse<Job>): Promise<boolean> {
  if (await declinesUpdate(ctx, form, job, res)) {
    ctx.observe({ topic: 'method-override.put', section: '1', observed: `${formLabel(form)} refused with ${res.status}` });
    return false;
  }
  if (isClientError(res.status)) {
    ctx.observe({
      topic: 'update.reference-cleared',
      section: '2.1',
      observed: `${formLabel(form)} with ${show(value)}: refused with ${res.status}`,
    });
    return false;
  }
  ctx.expect(isSuccess(res.status) && res.json !== undefined, {
    title: `${formLabel(form, job)} clearing the referenceId failed on the server`,
    expected: 'spec 4.3: a partial update of one field answers 200 with the full Job (a refusal is not judged here), never a 5xx',
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  return true;
}

/** Fails unless the answer to the clear and a GET show no referenceId (null or ""); returns the cleared job as read. */
async function expectCleared(ctx: RuleContext, job: Job, res: ApiResponse<Job>, what: string, observed: string): Promise<Job> {
  const cleared = await getJob(ctx, job.id);
  ctx.observe({ topic: 'update.reference-cleared', section: '2.1', observed: `${observed}: reads back ${show(cleared.referenceId)}` });
  ctx.expect(hasNoReference(res.json?.referenceId) && hasNoReference(cleared.referenceId), {
    title: `${what} left the job with a referenceId`,
    expected: 'spec 4.3: only the fields sent change, to the values sent; spec 2.1: a job without a referenceId shows null or ""',
    received: `answer referenceId ${show(res.json?.referenceId)}; GET /jobs/${job.id} referenceId ${show(cleared.referenceId)}`,
    failingExchange: res.exchange,
  });
  return cleared;
}

/**
 * Judges that `ref`, cleared from `cleared`, is free (`freed` says why): PUT /jobs with it and a whole body creates
 * another job; DELETE /jobs with it removes that one; a POST with it then creates. The cleared job is read after each.
 */
async function expectFreed(ctx: RuleContext, generated: Body, cleared: Job, ref: string, freed: string): Promise<void> {
  const put = await ctx.api.putByReference(takingBody(ctx, generated, ref));
  ctx.expect(isSuccess(put.status) && put.json !== undefined && put.json.id !== cleared.id, {
    title: `PUT /jobs with the cleared referenceId ${ref} did not create a new job`,
    expected: `${freed}: PUT /jobs with it and a whole body creates a job (spec 4.3), with an id other than ${cleared.id}`,
    received: responseLine(put),
    failingExchange: put.exchange,
  });
  await expectUntouched(ctx, cleared, put, `PUT /jobs (referenceId ${ref})`, `${freed}: the PUT creates another job (spec 4.3)`);

  const holder = `job ${put.json.id}`;
  const del = await ctx.api.deleteByReference(ref);
  await expectUntouched(
    ctx,
    cleared,
    del,
    `DELETE /jobs (referenceId ${ref})`,
    `spec 4.4: the DELETE names its job by referenceId, ${holder}`,
  );
  // Only a removed holder frees the referenceId for the POST; whether the DELETE answered as 4.4 states is the lifecycle rules' question.
  if (!isSuccess(del.status)) return;

  const post = await ctx.api.create(takingBody(ctx, generated, ref));
  ctx.expect(isSuccess(post.status) && post.json !== undefined && post.json.id !== cleared.id, {
    title: `POST /jobs with the cleared referenceId ${ref} did not create a new job`,
    expected:
      `${freed}, and ${holder}, which took it after, was deleted: it is no referenceId "that already exists" (spec 4.2), ` +
      `so the POST creates a job, with an id other than ${cleared.id}`,
    received: responseLine(post),
    failingExchange: post.exchange,
  });
  await expectUntouched(ctx, cleared, post, `POST /jobs (referenceId ${ref})`, `${freed}: the POST creates another job (spec 4.2)`);
}

/**
 * The lists follow the clear: q by the cleared referenceId lists the job no more (q matches the referenceId a job has,
 * 4.5), and q by the word only its title holds lists it with the header a GET shows, no referenceId among it (2.7).
 */
async function expectListsFollow(ctx: RuleContext, cleared: Job, names: { ref: string; word: string }, what: string): Promise<void> {
  const byRef = await listAllJobs(ctx, { q: names.ref });
  ctx.expect(!byRef.some((item) => item.id === cleared.id), {
    title: `GET /jobs?q=${names.ref} still lists job ${cleared.id} after ${what}`,
    expected:
      'q matches the title and referenceId a job has (spec 4.5): the job holds none since the clear (4.3), and its title never held it',
    received: `ids ${show(byRef.map((item) => item.id))}`,
  });
  await expectListItemMatches(ctx, cleared, names.word, what);
}

/** Another job cleared the same way is taken too: any number of jobs may hold none (2.1), and 4.2 refuses only a referenceId in use. */
async function expectSecondClearTaken(
  ctx: RuleContext,
  generated: Body,
  value: string | null,
  form: UpdateForm,
  first: string,
): Promise<void> {
  const job = await createJob(ctx, identify(ctx, generated));
  const res = await sendUpdate(ctx, form, job, { referenceId: value });
  ctx.expect(isSuccess(res.status), {
    title: `${formLabel(form, job)} with referenceId ${show(value)} was refused for a second job, though ${first} was taken`,
    expected:
      'spec 2.1: "" and null describe a job without a referenceId, which any number of jobs may be; 4.2 refuses only a ' +
      'referenceId that already exists: the second clear is taken as the first was',
    received: responseLine(res),
    failingExchange: res.exchange,
  });
}

/**
 * Creates a job with a fresh referenceId that its title does not hold (so q by it can match only the referenceId),
 * clears it with `value` in `form`, and judges the job, the lists by the old referenceId and by its title word, a
 * second job cleared the same way, and the referenceId, now free.
 */
async function checkClear(ctx: RuleContext, generated: Body, value: string | null, form: UpdateForm): Promise<void> {
  const word = ctx.referenceId();
  const held = { ...retitle(ctx, generated, word), referenceId: ctx.referenceId() };
  const job = await createJob(ctx, held);
  const res = await sendUpdate(ctx, form, job, { referenceId: value });
  if (!(await clearTaken(ctx, form, job, value, res))) return;
  const what = `${formLabel(form, job)} with referenceId ${show(value)}`;
  const cleared = await expectCleared(ctx, job, res, what, `${formLabel(form)} with ${show(value)}`);
  await expectListsFollow(ctx, cleared, { ref: held.referenceId, word }, what);
  await expectSecondClearTaken(ctx, generated, value, form, what);
  await expectFreed(ctx, generated, cleared, held.referenceId, `${what} answered ${res.status}, so no job holds ${held.referenceId}`);
}

export const clearsReference: Implementation = fixedRule(
  {
    id: 'jobs.update.clears-reference',
    section: '4.3',
    level: 'must',
    title:
      'PUT /jobs/{id} (or its method-override form) with referenceId "" or null leaves the job without one and frees it: ' +
      'PUT /jobs and POST with it create a new job, DELETE /jobs with it leaves the cleared job, q by it lists it no more; ' +
      'a second job clears the same way',
    statement: 'Updates are partial. Only the fields sent change.',
  },
  async (ctx: RuleContext) => {
    for (const value of CLEARING_VALUES)
      for (const form of CLEARING_FORMS)
        await ctx.check(createBodyArb(ctx), (generated) => checkClear(ctx, generated, value, form), { runs: 1 });
  },
);
