/**
 * @module Sending a write that must be refused, in every form the spec
 * states (spec 4.2 POST; 4.3 PUT /jobs/{id}, PUT /jobs by referenceId,
 * PUT-create; spec 1 a POST with X-HTTP-Method-Override: PUT), and checking
 * the two halves of "refused": a 4xx (spec 7.2 shows no status code), and no
 * effect: the job is as it was and the case holds no other job. Shared by
 * the update-validation rules and any rule that sends invalid writes.
 */
import type { Job } from '../../schemas/types.gen.js';
import { isoDayFromNow } from '../../judging/dates.js';
import type { Violation } from '../arbitraries/violations.js';
import { padToLength } from '../arbitraries/text.js';
import { expectRejected, expectRejectedCreate } from './expect-rejected.js';
import type { ApiResponse, Body, JobsApi, RuleContext } from '../contract/rule.js';
import { identify } from './bodies.js';
import { changedFields, changeLines } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, jobOf } from './http.js';
import { createJob, getJob, listAllJobs } from './jobs.js';
import { ownJob, type SharedJob } from './shared-job.js';
import { METHOD_OVERRIDE } from '../../vocabulary/methods.js';

/**
 * How a partial update names its job (spec 4.3 forms 1 and 2), and the same two through spec 1's method override: a
 * POST to the job's path, and a POST to PUT /jobs's path with the referenceId in the body.
 */
export type UpdateForm = 'id' | 'reference' | 'override' | 'reference-override';
/** How a create is sent (spec 4.2; spec 4.3 PUT with a new referenceId, and that PUT through the method override). */
export type CreateForm = 'post' | 'put-create' | 'override-create';

/**
 * Every form a partial update is sent in: the two 4.3 forms and each through spec 1's method override, which is a PUT
 * once the server honours it. A server that does not honour the override refuses the POST, which these rules accept
 * (declinesUpdate).
 */
export const UPDATE_FORMS: readonly UpdateForm[] = ['id', 'reference', 'override', 'reference-override'];
/** Every form a create is sent in; a declined override is not judged, as in UPDATE_FORMS (declinesCreate). */
export const CREATE_FORMS: readonly CreateForm[] = ['post', 'put-create', 'override-create'];

/** A PUT with a new referenceId: plainly, or through the method override on PUT /jobs's path. */
export type PutCreateForm = Exclude<CreateForm, 'post'>;
/** A write after a job's POST: an update of it, or a PUT-create of another job. */
export type LaterForm = UpdateForm | PutCreateForm;
/** The PUT-creates: plainly, and through the method override on PUT /jobs's path. */
export const PUT_CREATES: readonly PutCreateForm[] = ['put-create', 'override-create'];
/** Every write after a job's POST: each update form, then each PUT-create. */
export const LATER_FORMS: readonly LaterForm[] = [...UPDATE_FORMS, ...PUT_CREATES];
/** Every write: each create form, then each update form. */
export const WRITE_FORMS: ReadonlyArray<UpdateForm | CreateForm> = [...CREATE_FORMS, ...UPDATE_FORMS];

/** Whether `form` creates a job rather than updating one. */
export const isCreateForm = (form: UpdateForm | CreateForm): form is CreateForm => (CREATE_FORMS as readonly string[]).includes(form);

/**
 * The request line a form sends, for mismatch titles.
 *
 * @example
 * formLabel('override', job); // 'POST /jobs/12 (X-HTTP-Method-Override: PUT)'
 */
export function formLabel(form: UpdateForm | CreateForm, job?: { id: number; referenceId?: string | null }): string {
  switch (form) {
    case 'id':
      return `PUT /jobs/${job?.id ?? '{id}'}`;
    case 'reference':
      return job ? `PUT /jobs (referenceId ${job.referenceId ?? ''})` : 'PUT /jobs (by referenceId)';
    case 'override':
      return `POST /jobs/${job?.id ?? '{id}'} (${METHOD_OVERRIDE}: PUT)`;
    case 'reference-override':
      return `POST /jobs (${job ? `referenceId ${job.referenceId ?? ''}` : 'by referenceId'}, ${METHOD_OVERRIDE}: PUT)`;
    case 'post':
      return 'POST /jobs';
    case 'put-create':
      return 'PUT /jobs (new referenceId)';
    case 'override-create':
      return `POST /jobs (new referenceId, ${METHOD_OVERRIDE}: PUT)`;
  }
}

/** `patch` with its padded field filled: the marker, then the filler, to the violation's length. */
export function patchWithMarker(violation: Violation, marker: string): Body {
  const { pad } = violation;
  if (!pad) return violation.patch;
  const prefix = pad.field === 'title' ? `${marker} ` : marker;
  return { ...violation.patch, [pad.field]: padToLength(prefix, String(violation.patch[pad.field]), pad.length) };
}

/** The valid changes a refused update carries beside its violation: each a field a server might apply before it validates the rest. */
function companionsOf(job: Job, refused: string, statusToo: boolean, rename: string | undefined): Body[] {
  const companions: Body[] = [
    ...(rename === undefined ? [] : [{ referenceId: rename }]),
    { title: `refused beside ${refused}` },
    { confidential: !job.confidential },
    { closeDate: isoDayFromNow(COMPANION_CLOSE_DAYS) },
    { description: `<p>refused beside ${refused}</p>` },
    // An object field too: a server that saves a salary row before it validates the job's other fields keeps it.
    { salary: job.salary === null ? COMPANION_SALARY : null },
  ];
  // A transition 3 allows from every state: draft and archived to active, active to archived.
  if (statusToo) companions.push({ status: job.status === 'active' ? 'archived' : 'active' });
  return companions;
}

const COMPANION_CLOSE_DAYS = 83;
/** A whole salary (2.5), for a job that has none. */
const COMPANION_SALARY = { amount: 41_000, maxAmount: null, period: { id: 1 }, plusCommission: true };

/**
 * An invalid update with valid changes of other fields beside it, sent first: a server that applies a body's fields one
 * by one, and refuses only when it reaches the bad one, keeps the changes it made before. Every field an update may
 * change goes (title, confidential, closeDate, description, the salary, a `rename` of the referenceId where the form names its job
 * by id, and the status unless `statusToo` is false: where the refusal is only good practice, an accepted update would
 * move the job to another state), never a field the update sends itself or one in `spare` (kept for a later write that
 * must show a kept companion).
 *
 * @example
 * besideValidChange({ categories: [] }, job, 'no category'); // { title: 'refused beside no category', confidential: true, ..., categories: [] }
 */
export function besideValidChange(
  patch: Body,
  job: Job,
  refused: string,
  { statusToo = true, spare = [], rename }: { statusToo?: boolean; spare?: readonly string[]; rename?: string } = {},
): Body {
  const free = companionsOf(job, refused, statusToo, rename).filter((companion) =>
    Object.keys(companion).every((field) => !(field in patch) && !spare.includes(field)),
  );
  return Object.assign({}, ...free, patch) as Body;
}

/** A valid create body made into the job a partial update starts from (the violation's base, without its unset fields). */
export function baseBodyFor(body: Body, violation: Violation): Body {
  const merged: Body = { ...body, ...violation.base };
  for (const field of violation.unset ?? []) delete merged[field];
  return merged;
}

/** A valid create body carrying the violation: the base changes, then the patch. */
export function createBodyWith(body: Body, violation: Violation, marker: string): Body {
  return { ...baseBodyFor(body, violation), ...patchWithMarker(violation, marker) };
}

/** Spec 7.2 shows no status code for invalid input: record the one the target chose, per form. */
function observeRefusal(ctx: RuleContext, form: UpdateForm | CreateForm, res: ApiResponse): void {
  if (isClientError(res.status))
    ctx.observe({ topic: 'error-status.invalid-write', section: '7.2', observed: `${formLabel(form)}: ${res.status}` });
}

/** Sends `patch` as a partial update of `job` in `form`, with the run's key or another employer's `api`. */
export function sendUpdate(ctx: RuleContext, form: UpdateForm, job: Job, patch: Body, api: JobsApi = ctx.api): Promise<ApiResponse<Job>> {
  switch (form) {
    case 'id':
      return api.putById(job.id, patch);
    case 'reference':
      return api.putByReference({ ...patch, referenceId: job.referenceId ?? '' });
    case 'override':
      return api.putByOverride(job.id, patch);
    case 'reference-override':
      return api.putByReferenceOverride({ ...patch, referenceId: job.referenceId ?? '' });
  }
}

/** Whether `form` names its job by the referenceId in the body (PUT /jobs, plainly or through the override). */
export const namesByReference = (form: UpdateForm | CreateForm): boolean => form === 'reference' || form === 'reference-override';
/** The update forms that name their job by referenceId: PUT /jobs, plainly and through the override. */
export const REFERENCE_FORMS: readonly UpdateForm[] = UPDATE_FORMS.filter(namesByReference);
/** An update form that names its job by the id in the path, so it can rename the job's referenceId. */
export type IdForm = Exclude<UpdateForm, 'reference' | 'reference-override'>;
/** The update forms that name their job by id: PUT /jobs/{id}, plainly and through the override. */
export const ID_FORMS: readonly IdForm[] = UPDATE_FORMS.filter((form): form is IdForm => !namesByReference(form));

/** What an update body in `form` carries to name `job`: its referenceId for PUT /jobs, nothing where the path names it. */
export const namingOf = (form: UpdateForm | CreateForm, job: Job): Body => (namesByReference(form) ? { referenceId: job.referenceId } : {});

/**
 * Sends JSON text as it is (another spelling of a body, an edge value) in `form`: the forms by id name `job`, the
 * others carry what names the job in the text itself (a referenceId for PUT /jobs).
 *
 * @example
 * await sendRaw(ctx, 'reference-override', JSON.stringify({ referenceId, title }), job);
 */
export function sendRaw(
  ctx: RuleContext,
  form: UpdateForm | CreateForm,
  rawBody: string,
  job: Job,
  { chunked = false }: { chunked?: boolean } = {},
): Promise<ApiResponse<Job>> {
  const override = { [METHOD_OVERRIDE]: 'PUT' };
  const sent = { rawBody, ...(chunked ? { chunked } : {}) };
  switch (form) {
    case 'post':
      return ctx.api.client.request<Job>({ method: 'POST', path: '/jobs', ...sent });
    case 'put-create':
    case 'reference':
      return ctx.api.client.request<Job>({ method: 'PUT', path: '/jobs', ...sent });
    case 'override-create':
    case 'reference-override':
      return ctx.api.client.request<Job>({ method: 'POST', path: '/jobs', headers: override, ...sent });
    case 'id':
      return ctx.api.client.request<Job>({ method: 'PUT', path: `/jobs/${job.id}`, ...sent });
    case 'override':
      return ctx.api.client.request<Job>({ method: 'POST', path: `/jobs/${job.id}`, headers: override, ...sent });
  }
}

/** Sends `body` as a create in `form`, with the run's key or another employer's `api`; a PUT-create's referenceId is the body's own. */
export function sendCreate(
  ctx: RuleContext,
  form: CreateForm,
  body: Body & { referenceId: string },
  api: JobsApi = ctx.api,
): Promise<ApiResponse<Job>> {
  switch (form) {
    case 'post':
      return api.create(body);
    case 'put-create':
      return api.putByReference(body);
    case 'override-create':
      return api.putByReferenceOverride(body);
  }
}

/**
 * Creates `body` in `form` as a rule's setup, with the run's key or another employer's `api`; the rule fails unless a
 * 2xx. The override is good practice only (spec 1): where the target declines it (a client error), POST creates instead.
 *
 * @example
 * const job = await createInForm(ctx, 'put-create', identify(ctx, generated));
 */
export async function createInForm(
  ctx: RuleContext,
  form: CreateForm,
  body: Body & { referenceId: string },
  api: JobsApi = ctx.api,
): Promise<Job> {
  if (form === 'post') return createJob(ctx, body, api);
  const res = await sendCreate(ctx, form, body, api);
  if (form === 'override-create' && isClientError(res.status)) return createJob(ctx, body, api);
  expectStatus(ctx, res, isSuccess, `setup: ${formLabel(form)} creates the job (spec 4.3; its code is not shown)`);
  return jobOf(res);
}

/**
 * Whether a client error to an update of `job` in `form` is the target declining the method override (honouring it is
 * good practice only, spec 1) rather than refusing the body: the job's own title sent back the same way is refused
 * too. Never for a PUT, which every target takes. A target that takes the title but refused a valid body refused the
 * body, and the rule judges it.
 *
 * @example
 * if (await declinesUpdate(ctx, form, job, res)) continue; // not judged
 */
export async function declinesUpdate(ctx: RuleContext, form: UpdateForm, job: Job, res: ApiResponse): Promise<boolean> {
  if (form === 'id' || form === 'reference' || !isClientError(res.status)) return false;
  return !isSuccess((await sendUpdate(ctx, form, job, { title: job.title })).status);
}

/** What a write sends: `patch` to `job` for an update; a create sends `fresh` (a body no job holds) with `patch`. */
export interface WriteTarget {
  job: Job;
  patch: Body;
  fresh: Body & { referenceId: string };
}

/**
 * Sends a write in `form`: an update of the target's job, or a create of its fresh body, each carrying the patch.
 *
 * @example
 * await sendWrite(ctx, 'put-create', { job, patch: { closeDate }, fresh: identify(ctx, generated) });
 */
export function sendWrite(ctx: RuleContext, form: UpdateForm | CreateForm, { job, patch, fresh }: WriteTarget): Promise<ApiResponse<Job>> {
  return isCreateForm(form) ? sendCreate(ctx, form, { ...fresh, ...patch }) : sendUpdate(ctx, form, job, patch);
}

/**
 * sendWrite, then undefined where the target declines the method override (good practice only, spec 1): that
 * write is not judged.
 *
 * @example
 * const res = await sendUnlessDeclined(ctx, form, target);
 * if (res === undefined) continue;
 */
export async function sendUnlessDeclined(
  ctx: RuleContext,
  form: UpdateForm | CreateForm,
  target: WriteTarget,
): Promise<ApiResponse<Job> | undefined> {
  const res = await sendWrite(ctx, form, target);
  return (await declinesWrite(ctx, form, target, res)) ? undefined : res;
}

/**
 * declinesUpdate or declinesCreate, as `form` is. A create is told by the plain `fresh` body, so a target that refuses
 * the value sent everywhere is judged by the rule, not taken for one that declines the override.
 */
export function declinesWrite(
  ctx: RuleContext,
  form: UpdateForm | CreateForm,
  { job, fresh }: { job: Job; fresh: Body },
  res: ApiResponse,
): Promise<boolean> {
  return isCreateForm(form) ? declinesCreate(ctx, form, fresh, res) : declinesUpdate(ctx, form, job, res);
}

/**
 * Whether a client error to a create in `form` is the target declining the override on PUT /jobs's path rather than
 * refusing the body: a job made from `body` (a valid create body) by POST, sent its own title the same way, is refused
 * too. Never for POST or PUT, which every target takes.
 *
 * @example
 * if (await declinesCreate(ctx, form, generated, res)) return; // not judged
 */
export async function declinesCreate(ctx: RuleContext, form: CreateForm, body: Body, res: ApiResponse): Promise<boolean> {
  if (form !== 'override-create' || !isClientError(res.status)) return false;
  return declinesUpdate(ctx, 'reference-override', await createJob(ctx, identify(ctx, body)), res);
}

/** Whether a violation can be sent to any valid job: it needs no field set or unset first. */
export function fitsAnyJob(violation: Violation): boolean {
  return violation.base === undefined && (violation.unset ?? []).length === 0;
}

/** A partial update to send: its form and its violation. */
export interface UpdateCase {
  form: UpdateForm;
  violation: Violation;
}

/**
 * Sends the violation as a partial update in `form` to the rule's shared job when it fits any job (else to a job
 * of the case made with the fields it needs), and fails unless it is refused with a 4xx and changes nothing: a
 * GET shows the job as before, and the job's scope still lists that one job only (for the shared job, both are read
 * once for all cases: SharedJob.expectUnchanged).
 *
 * @example
 * await expectUpdateRefused(ctx, shared, { form: 'reference', violation });
 */
export async function expectUpdateRefused(ctx: RuleContext, shared: SharedJob<UpdateCase>, sent: UpdateCase): Promise<void> {
  const { form, violation } = sent;
  const { statement } = violation;
  const target = fitsAnyJob(violation) ? await shared.forCase(sent) : await ownJob(ctx, baseBodyFor(shared.body, violation));
  const before = target.job;
  const rename = namesByReference(form) ? undefined : target.marker();
  const patch = besideValidChange(patchWithMarker(violation, target.marker()), before, violation.name, { rename });
  const res = await sendUpdate(ctx, form, before, patch);
  const what = `${formLabel(form, before)} with ${violation.name}`;
  observeRefusal(ctx, form, res);
  if (!isClientError(res.status)) target.spend();
  expectRejected(ctx, res, { title: `${what} was accepted`, expected: `${statement}; spec 4.3: a PUT body obeys the same rules as POST` });
  if (target.shared) return;
  const after = await getJob(ctx, before.id);
  const diff = changedFields(before, after);
  ctx.expect(diff.length === 0, {
    title: `${what} was refused but changed ${diff.join(', ')}`,
    expected: `${statement}: a refused update changes nothing`,
    received: changeLines(before, after, diff).join('\n'),
  });
  const { scope } = target;
  const others = (await listAllJobs(ctx, { q: scope })).filter(
    (item) => item.id !== before.id && ((item.referenceId ?? '').startsWith(scope) || item.title.includes(scope)),
  );
  ctx.expect(others.length === 0, {
    title: `${what} was refused but created a job`,
    expected: `${statement}: a refused update creates nothing`,
    received: `GET /jobs?q=${scope} lists ${others.map((j) => `job ${j.id} (referenceId ${JSON.stringify(j.referenceId)})`).join(', ')}`,
  });
}

/**
 * Sends a valid create body carrying the violation in `form` (POST, or PUT
 * /jobs with a fresh referenceId) and fails unless it is refused with a 4xx
 * and creates nothing.
 *
 * @example
 * await expectCreateRefused(ctx, 'put-create', generated, violation);
 */
export async function expectCreateRefused(ctx: RuleContext, form: CreateForm, generated: Body, violation: Violation): Promise<void> {
  const identified = identify(ctx, generated);
  const marker = identified.referenceId;
  const body = createBodyWith(identified, violation, marker);
  const referenceId = typeof body.referenceId === 'string' ? body.referenceId : marker;
  // POST sends the violation as it is, a referenceId of another type included; a PUT names its job by a string one.
  const res = form === 'post' ? await ctx.api.create(body) : await sendCreate(ctx, form, { ...body, referenceId });
  observeRefusal(ctx, form, res);
  const section = form === 'post' ? 'spec 4.2' : 'spec 4.3: a PUT that creates behaves as POST';
  await expectRejectedCreate(ctx, res, marker, {
    title: `${formLabel(form)} with ${violation.name} was accepted`,
    expected: `${violation.statement}; ${section}`,
  });
}
