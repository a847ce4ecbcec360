/**
 * @module A write of a value the spec neither allows nor forbids (a closeDate before publishDate, a title without
 * a letter): the server may take it or refuse it, and which one is an observation; what is judged is that the
 * answer holds. Taken, the value is on the write's answer and on a GET; refused, with a client error, nothing was
 * created and nothing changed. Never a 5xx (spec 7).
 */
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { expectNothingCreated } from './expect-rejected.js';
import { expectStatus, isClientError, isSuccess, jobOf } from './http.js';
import { getJob } from './jobs.js';
import { identify } from './bodies.js';
import { formLabel, sendUpdate, STATED_UPDATE_FORMS, type CreateForm, type UpdateForm } from './rejected-writes.js';

/** What a rule knows of its open value. */
export interface OpenValue {
  /** The value in words, for titles and observations: 'a title of one space'. */
  what: string;
  /** The statement a refusal is judged by: the spec leaves the value open. */
  statement: string;
  /** Records whether `path` took the value ('accepted') or refused it ('refused with 422'). */
  observe(path: string, answer: string): void;
  /** Expects `job`, read by `path`, to hold the value. */
  expectKept(job: Job, path: string): void;
  /** Expects a refused update to have left `after` as `before` was. */
  expectUnchanged(before: Job, after: Job, path: string): void;
}

function answerOf(status: number): string {
  return isSuccess(status) ? 'accepted' : `refused with ${status}`;
}

/**
 * Creates a job from `body` (which carries the value and a fresh referenceId) in `form`: taken, the value is on the
 * answer and a GET; refused, nothing was created.
 *
 * @example
 * await createWithOpenValue(ctx, 'post', { ...identify(ctx, generated), title: ' ' }, blank);
 */
export async function createWithOpenValue(
  ctx: RuleContext,
  form: CreateForm,
  body: Body & { referenceId: string },
  value: OpenValue,
): Promise<void> {
  const res = form === 'post' ? await ctx.api.create(body) : await ctx.api.putByReference(body);
  const path = formLabel(form);
  expectStatus(ctx, res, (status) => status < 500, `${path} with ${value.what} is answered, never with a 5xx (spec 7)`);
  value.observe(path, answerOf(res.status));
  if (isSuccess(res.status)) {
    value.expectKept(jobOf(res), `the ${path} answer`);
    value.expectKept(await getJob(ctx, jobOf(res).id), `GET /jobs/${jobOf(res).id}`);
  } else if (isClientError(res.status)) {
    await expectNothingCreated(ctx, body.referenceId, { title: `${path} with ${value.what}`, expected: value.statement });
  }
}

/**
 * Sends `patch` (the value) as a partial update of job `id` in `form`: taken, the value is on the answer and a GET;
 * refused, the job is as it was.
 *
 * @example
 * await updateWithOpenValue(ctx, job.id, 'reference', { title: ' ' }, blank);
 */
export async function updateWithOpenValue(ctx: RuleContext, id: number, form: UpdateForm, patch: Body, value: OpenValue): Promise<void> {
  const before = await getJob(ctx, id);
  const res = await sendUpdate(ctx, form, before, patch);
  const path = formLabel(form, before);
  expectStatus(ctx, res, (status) => status < 500, `${path} with ${value.what} is answered, never with a 5xx (spec 7)`);
  value.observe(formLabel(form), answerOf(res.status));
  const after = await getJob(ctx, id);
  if (isSuccess(res.status)) {
    value.expectKept(jobOf(res), `the ${path} answer`);
    value.expectKept(after, `GET /jobs/${id} after ${path}`);
  } else {
    value.expectUnchanged(before, after, path);
  }
}

/**
 * Sends `patch` (the open value) on every write path: a create of `generated` carrying it, by POST and by PUT-create,
 * then a partial update of job `id` in each stated form (by id, by referenceId, the override).
 *
 * @example
 * await onEveryWritePath(ctx, generated, job.id, { title: ' ' }, blank);
 */
export async function onEveryWritePath(ctx: RuleContext, generated: Body, id: number, patch: Body, value: OpenValue): Promise<void> {
  for (const form of ['post', 'put-create'] as const)
    await createWithOpenValue(ctx, form, { ...identify(ctx, generated), ...patch }, value);
  for (const form of STATED_UPDATE_FORMS) await updateWithOpenValue(ctx, id, form, patch, value);
}
