/**
 * @module Writes by referenceId that carry none (spec 4.3 form 2: "referenceId is in the body"; 4.4: "referenceId in
 * a JSON body on DELETE /jobs"). A body without a referenceId, or with null or "", names no job, and the required
 * keyword of the by-reference forms is derived here as the schema negatives derive every other keyword: the value
 * absent, and null. A server that matches "no referenceId" against its stored null (SQL `reference_id IS ?`, a map
 * keyed by null) updates or deletes the employer's jobs created without one, so each case holds one such job
 * beside a named one, and judges only the effect: both jobs as before and no other job (spec 7 shows no status).
 * DELETE /jobs also gets the referenceId's invalid values the schemas derive (another JSON type, one past its length):
 * they name no job either, and a 5xx fails.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { anonymous, caseTagOf, createBodyArb, identify, NO_REFERENCE_ID, scopedTitle } from '../kit/bodies.js';
import { changeLines, show } from '../../judging/compare.js';
import { isClientError, isSuccess } from '../kit/http.js';
import { orderNumberOf } from '../arbitraries/reference-shapes.js';
import { createJob, getJob, listAllJobs, listJobs } from '../kit/jobs.js';
import { derivedNegatives } from '../arbitraries/schema-negatives.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { METHOD_OVERRIDE } from '../../vocabulary/methods.js';

/** A by-reference request that names no job, and how a mismatch names it; `generated` is a valid create body. */
interface Unnamed {
  readonly label: string;
  send(ctx: RuleContext, generated: Body): Promise<ApiResponse>;
  /** Whether the request may go to this target at all (see namesNoJobAsText); sent when absent. */
  sendable?(ctx: RuleContext): Promise<boolean>;
}

/**
 * A PUT /jobs names its job, or the job it creates, by referenceId (spec 4.3: "Creates a job (with a referenceId)").
 * A title alone reaches only the update; the whole create body, titled for the case, also reaches the create, so a
 * server that takes a PUT without a referenceId as a POST shows it by the job it adds.
 */
const PUTS: readonly Unnamed[] = NO_REFERENCE_ID.flatMap(({ label, patch }): Unnamed[] => [
  {
    label: `PUT /jobs ${label}`,
    send: (ctx) =>
      ctx.api.client.request({ method: 'PUT', path: '/jobs', body: { ...patch, title: scopedTitle(ctx, ctx.referenceId(), 'unnamed') } }),
  },
  {
    label: `PUT /jobs ${label}, with a whole create body`,
    send: (ctx, generated) => ctx.api.client.request({ method: 'PUT', path: '/jobs', body: { ...anonymous(ctx, generated), ...patch } }),
  },
]);

/**
 * The referenceId in every other JSON type and past its length, as the schemas derive the write field's invalid values
 * (job-delete.schema.json takes the same referenceId): none names a job, so none may delete one, and a 5xx fails.
 */
const INVALID: ReadonlyArray<{ label: string; patch: Body }> = derivedNegatives()
  .filter((value) => value.field === 'referenceId' && !value.valid)
  .map(({ value }) => ({ label: `with referenceId ${show(value, 60)}`, patch: { referenceId: value } }));

/**
 * Whether an invalid referenceId is safe to send to a shared target: a server that coerces it to text (`123`,
 * `true`) would delete a job holding that text, and the run touches only jobs it created, so a value some job of the
 * employer holds as text is not sent.
 */
export async function namesNoJobAsText(ctx: RuleContext, value: unknown): Promise<boolean> {
  const texts = [...new Set([String(value), JSON.stringify(value)])].filter((text) => text !== '');
  for (const text of texts) {
    const held = (await listJobs(ctx, { q: text, pageSize: 100 })).json.data.some((item) => item.referenceId === text);
    if (held) return false;
  }
  return true;
}

/** DELETE /jobs and its override, each with `patch` as the body; `sendable` guards values a server might coerce. */
const deletesWith = ({ label, patch }: { label: string; patch: Body }, sendable?: Unnamed['sendable']): Unnamed[] => [
  {
    label: `DELETE /jobs ${label}`,
    send: (ctx) => ctx.api.client.request({ method: 'DELETE', path: '/jobs', body: patch }),
    ...(sendable ? { sendable } : {}),
  },
  {
    label: `POST /jobs (${METHOD_OVERRIDE}: DELETE) ${label}`,
    send: (ctx) => ctx.api.client.request({ method: 'POST', path: '/jobs', headers: { [METHOD_OVERRIDE]: 'DELETE' }, body: patch }),
    ...(sendable ? { sendable } : {}),
  },
];

const DELETES: readonly Unnamed[] = [
  { label: 'DELETE /jobs with no body', send: (ctx) => ctx.api.client.request({ method: 'DELETE', path: '/jobs' }) },
  ...NO_REFERENCE_ID.flatMap((missing) => deletesWith(missing)),
  ...INVALID.flatMap((invalid) => deletesWith(invalid, (ctx) => namesNoJobAsText(ctx, invalid.patch.referenceId))),
];

/** What became of one job, as lines; none when it is as before. */
async function effectOn(ctx: RuleContext, before: Job): Promise<string[]> {
  const res = await ctx.api.get(before.id);
  if (!isSuccess(res.status) || res.json === undefined)
    return [`job ${before.id} (referenceId ${show(before.referenceId)}) is gone: ${res.status}`];
  const after = res.json;
  return changeLines(before, after).map((line) => `job ${before.id} ${line}`);
}

/** Creates a job without a referenceId and a named one, sends each request, and fails on any effect. */
async function expectNoEffect(ctx: RuleContext, generated: Body, requests: readonly Unnamed[], statement: string): Promise<void> {
  const unnamed = await getJob(ctx, (await createJob(ctx, anonymous(ctx, generated))).id);
  const named = await getJob(ctx, (await createJob(ctx, identify(ctx, generated))).id);
  for (const request of requests) {
    if (request.sendable && !(await request.sendable(ctx))) continue;
    const res = await request.send(ctx, generated);
    const effects = [...(await effectOn(ctx, unnamed)), ...(await effectOn(ctx, named))];
    const others = (await listAllJobs(ctx, { q: caseTagOf(ctx) })).filter((item) => item.id !== unnamed.id && item.id !== named.id);
    effects.push(...others.map((item) => `a new job ${item.id} titled ${show(item.title)}`));
    ctx.expect(effects.length === 0, {
      title: `${request.label} had an effect`,
      expected: `${statement}: a body with no referenceId names no job, so neither a job created without one nor any other changes`,
      received: effects.join('\n'),
      failingExchange: res.exchange,
    });
    if (effects.length > 0) return;
  }
}

/**
 * The digits a job of the case holds as its referenceId, sent as a JSON number on DELETE /jobs and its override:
 * another type, refused or read as its text (a lenient reading, observed). Refused, it deletes nothing: a refusal
 * changes nothing, so the job holding those digits stays. The digits start with a 9, so the number reads back as them.
 */
async function expectRefusedNumberDeletesNothing(ctx: RuleContext, generated: Body): Promise<void> {
  for (const override of [false, true]) {
    const base = identify(ctx, generated);
    const digits = `9${orderNumberOf(base.referenceId).slice(1)}`;
    const job = await getJob(ctx, (await createJob(ctx, { ...base, referenceId: digits })).id);
    const label = override ? `POST /jobs (${METHOD_OVERRIDE}: DELETE)` : 'DELETE /jobs';
    const res = await ctx.api.client.request({
      method: override ? 'POST' : 'DELETE',
      path: '/jobs',
      body: { referenceId: Number(digits) },
      ...(override ? { headers: { [METHOD_OVERRIDE]: 'DELETE' } } : {}),
    });
    if (!isClientError(res.status)) {
      ctx.observe({
        topic: 'reference-id-characters',
        section: '2.1',
        observed: `${label} with a referenceId's digits as a number: ${res.status}`,
      });
      continue;
    }
    const effects = await effectOn(ctx, job);
    ctx.expect(effects.length === 0, {
      title: `${label} with referenceId ${digits} as a number was refused (${res.status}) but had an effect`,
      expected: 'a refused request changes nothing (spec 4.4: the referenceId is a String): the job holding those digits stays',
      received: effects.join('\n'),
      failingExchange: res.exchange,
    });
  }
}

export const putWithoutReference: Implementation = propertyRule(
  {
    id: 'jobs.update.by-reference-needs-one',
    section: '4.3',
    level: 'must',
    title: 'PUT /jobs without a referenceId (absent, null or "") changes no job, not one created without a referenceId, and creates none',
    statement: '`PUT /jobs`: `referenceId` is in the body. The job id is then not needed.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: (ctx: RuleContext, generated) => expectNoEffect(ctx, generated, PUTS, 'PUT /jobs: referenceId is in the body (spec 4.3)'),
  },
);

export const deleteWithoutReference: Implementation = propertyRule(
  {
    id: 'jobs.lifecycle.delete-by-reference-needs-one',
    section: '4.4',
    level: 'must',
    title:
      'DELETE /jobs (or its override) without a referenceId (no body, absent, null, "") or with an invalid one ' +
      "(another JSON type, too long) deletes no job, not one created without one; refused, a job's digits sent as a number delete nothing",
    statement: 'Identification: job id in the path, or `referenceId` in a JSON body on `DELETE /jobs`.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      await expectNoEffect(ctx, generated, DELETES, 'the job is identified by referenceId in a JSON body on DELETE /jobs (spec 4.4)');
      await expectRefusedNumberDeletesNothing(ctx, generated);
    },
  },
);
