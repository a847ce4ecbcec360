/**
 * @module Partial updates (spec 4.3): a PUT carrying one field changes that
 * field and nothing else, whether the job is named by id in the path or by
 * referenceId in the body; read-only fields never change, in either form. The field and its new value are generated.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { PARTIAL_SALARY_FIELDS, salaryMergeCaseArb, type SalaryField, type SalaryMergeCase } from '../arbitraries/salary.js';
import { asCreateInput, createBodyArb, fieldUpdateArb, foreignReadOnly, identify, scopedTitle, STATED_STATUSES } from '../kit/bodies.js';
import { changedFields, changeLines, keptValueProblems, show } from '../../judging/compare.js';
import { amountsWithoutFourDecimals } from '../../judging/amount-decimals.js';
import { expectStatus, isClientError, isSuccess, jobOf } from '../kit/http.js';
import { createJob, getJob, listJobs, showsGone } from '../kit/jobs.js';
import {
  declinesUpdate,
  formLabel,
  namesByReference,
  REFERENCE_FORMS,
  sendUpdate,
  UPDATE_FORMS,
  type UpdateForm,
} from '../kit/rejected-writes.js';
import { fixedRule, propertyRule, type Implementation } from '../kit/rule-builders.js';
import { assertJobBody } from '../http/api.js';
import { METHOD_OVERRIDE } from '../../vocabulary/methods.js';

interface UpdateCase {
  base: Body;
  update: Body;
}

const updateCaseArb = (ctx: RuleContext): fc.Arbitrary<UpdateCase> => fc.record({ base: createBodyArb(ctx), update: fieldUpdateArb(ctx) });

/** Fields an update of `update` may change: the ones sent, and the routing address that goes with a routing type. */
function touched(update: Body): string[] {
  const fields = Object.keys(update);
  if (fields.includes('applicantRoutingType')) fields.push('applicationEmail', 'applicationUrl');
  return fields;
}

function describeUpdate(update: Body): string {
  return Object.keys(update).join(' + ');
}

/** A one-field update and the form it goes in: each case draws one, so the default runs reach every form. */
interface FormCase extends UpdateCase {
  form: UpdateForm;
}

const formCaseArb = (ctx: RuleContext): fc.Arbitrary<FormCase> =>
  fc.record({ base: createBodyArb(ctx), update: fieldUpdateArb(ctx), form: fc.constantFrom(...UPDATE_FORMS) });

/**
 * Creates the base job, reads it, and sends the one-field update in the case's form; a new referenceId goes by id,
 * since PUT /jobs names its job by the referenceId it is sent. `declined`: the target declines the method override,
 * and the case is not judged.
 */
async function updateIn(ctx: RuleContext, { base, update, form: drawn }: FormCase) {
  const form: UpdateForm = namesByReference(drawn) && 'referenceId' in update ? 'id' : drawn;
  const created = await createJob(ctx, identify(ctx, base));
  const before = await getJob(ctx, created.id);
  const res = await sendUpdate(ctx, form, before, update);
  // The label names no job id: a title must read the same at any concurrency, where ids differ.
  return { before, res, label: formLabel(form), declined: await declinesUpdate(ctx, form, before, res) };
}

const status200: Implementation = propertyRule(
  {
    id: 'jobs.update.status-200',
    section: '4.3',
    level: 'must',
    title: 'A partial PUT in every form answers 200 with the full Job',
    statement: 'Update response: 200 with the full Job.',
  },
  {
    independentCases: true,
    arbitrary: formCaseArb,
    check: async (ctx: RuleContext, value) => {
      const { res, label, declined } = await updateIn(ctx, value);
      if (declined) return;
      expectStatus(
        ctx,
        res,
        200,
        `${label} with only ${describeUpdate(value.update)} is a valid partial update: 200 with the full Job (spec 4.3)`,
      );
    },
  },
);

const changesField: Implementation = propertyRule(
  {
    id: 'jobs.update.changes-field',
    section: '4.3',
    level: 'must',
    title: 'A partial PUT in every form changes the field sent',
    statement: 'Updates are partial. Only the fields sent change.',
  },
  {
    independentCases: true,
    arbitrary: formCaseArb,
    check: async (ctx: RuleContext, value) => {
      const { before, res, label, declined } = await updateIn(ctx, value);
      if (declined) return;
      expectStatus(ctx, res, 200, `setup: a partial ${label} answers 200 (spec 4.3)`);
      const after = await getJob(ctx, before.id);
      const problems = keptValueProblems(value.update, after);
      ctx.expect(problems.length === 0, {
        title: `${label} with ${describeUpdate(value.update)} did not change it`,
        expected: 'the fields sent take the values sent (spec 4.3: only the fields sent change)',
        received: problems.join('\n'),
      });
    },
  },
);

const keepsOtherFields: Implementation = propertyRule(
  {
    id: 'jobs.update.keeps-other-fields',
    section: '4.3',
    level: 'must',
    title: 'A partial PUT in every form leaves every field not sent unchanged',
    statement: 'Updates are partial. Only the fields sent change.',
  },
  {
    independentCases: true,
    arbitrary: formCaseArb,
    check: async (ctx: RuleContext, value) => {
      const { before, res, label, declined } = await updateIn(ctx, value);
      if (declined) return;
      expectStatus(ctx, res, 200, `setup: a partial ${label} answers 200 (spec 4.3)`);
      const after = await getJob(ctx, before.id);
      const diff = changedFields(before, after, touched(value.update));
      ctx.expect(diff.length === 0, {
        title: `${label} with only ${describeUpdate(value.update)} also changed ${diff.join(', ')}`,
        expected: 'updates are partial: only the fields sent change (spec 4.3)',
        received: changeLines(before, after, diff).join('\n'),
      });
    },
  },
);

/** The fields 2.1 makes read-only: set by the service, never by a body. */
const READ_ONLY_FIELDS = ['id', 'publishDate', 'employer'];

/**
 * Observes a refused PUT carrying a foreign read-only value, or requires a 200 (ignored) whose answer shows the job's
 * own read-only values: spec 2.1 makes them read-only, not refused.
 */
function expectIgnoredOrRefused(ctx: RuleContext, res: ApiResponse<Job>, before: Job, label: string, what: string): void {
  if (isClientError(res.status)) {
    ctx.observe({ topic: 'read-only-fields.update', section: '2.1', observed: `a PUT with ${what} is refused with ${res.status}` });
    return;
  }
  expectStatus(ctx, res, 200, `a ${label} carrying ${what} is ignored (200) or refused (4xx) (spec 2.1, 4.3)`);
  const diff = changedFields(before, jobOf(res)).filter((field) => READ_ONLY_FIELDS.includes(field));
  ctx.expect(diff.length === 0, {
    title: `the answer of a ${label} carrying ${what} shows read-only ${diff.join(', ')} changed`,
    expected: "id and publishDate are read-only and set by the service, the employer is the key's (spec 2.1); the answer is the job (4.3)",
    received: changeLines(before, jobOf(res), diff).join('\n'),
  });
}

/**
 * Sends a partial update carrying the job's own publishDate as GET returns it (accepted: 4.3 makes the body
 * symmetrical with GET), then one carrying a foreign publishDate and one carrying a foreign employer and id
 * (each ignored or refused), in `form`, and fails if any of them changes the job's id, publishDate or employer.
 */
async function expectReadOnlyOnUpdate(ctx: RuleContext, form: UpdateForm, { base, update }: UpdateCase, sibling: Job): Promise<void> {
  const created = await createJob(ctx, identify(ctx, base));
  const before = await getJob(ctx, created.id);
  const foreign = foreignReadOnly(ctx);
  const label = formLabel(form, before);
  const own = await sendUpdate(ctx, form, before, { ...update, publishDate: before.publishDate });
  // Honouring the method override is good practice only (spec 1): a target that declines it is not judged here.
  if (await declinesUpdate(ctx, form, before, own)) return;
  expectStatus(
    ctx,
    own,
    200,
    `a partial ${label} carrying the job's own publishDate, as GET returns it, is accepted: 200 (spec 4.2, 4.3: body symmetrical with GET)`,
  );
  // A publishDate, employer or id that are not this job's: read-only (2.1), so ignored or refused, never stored.
  expectIgnoredOrRefused(
    ctx,
    await sendUpdate(ctx, form, before, { ...update, publishDate: foreign.publishDate }),
    before,
    label,
    'a foreign publishDate',
  );
  expectIgnoredOrRefused(
    ctx,
    await sendUpdate(ctx, form, before, { employer: foreign.employer, id: foreign.id }),
    before,
    label,
    'a foreign employer and id',
  );
  // The id of another job of the employer: a server that lets the body's id name the job writes to that one.
  expectIgnoredOrRefused(ctx, await sendUpdate(ctx, form, before, { ...update, id: sibling.id }), before, label, `job ${sibling.id}'s id`);
  const siblingAfter = await getJob(ctx, sibling.id);
  const moved = changedFields(sibling, siblingAfter);
  ctx.expect(moved.length === 0, {
    title: `${label} carrying job ${sibling.id}'s id changed job ${sibling.id}: ${moved.join(', ')}`,
    expected:
      `id is read-only (spec 2.1) and the PUT names its job by ${namesByReference(form) ? 'referenceId (4.3 form 2)' : 'the path (4.3 form 1)'}: ` +
      "another job's id in the body changes no other job",
    received: changeLines(sibling, siblingAfter, moved).join('\n'),
  });
  const after = await getJob(ctx, before.id);
  // Dates compare as instants when both carry a time: a publishDate moved to "now" is a change even on the same day.
  const diff = changedFields(before, after).filter((field) => READ_ONLY_FIELDS.includes(field));
  ctx.expect(diff.length === 0, {
    title: `${label} changed read-only ${diff.join(', ')}`,
    expected: "id and publishDate are read-only and set by the service, the employer is the key's (spec 2.1, 4.3)",
    received: changeLines(before, after, diff).join('\n'),
  });
}

/**
 * A job copied as a client copies one: another job's values and its id (a GET result keeps it), with a new referenceId
 * and title, by PUT /jobs (plainly and through the override). The referenceId names no job, so the PUT creates one
 * (4.3: PUT-create behaves as POST) with the id read-only and ignored (2.1), or it is refused; either way the job whose
 * id it carries stays as it was. A server that lets the body's id name the job renames and rewrites that one.
 */
async function expectCopyLeavesOriginal(ctx: RuleContext, form: UpdateForm, sibling: Job): Promise<void> {
  const referenceId = ctx.referenceId();
  const copy = { ...asCreateInput(sibling), id: sibling.id, referenceId, title: scopedTitle(ctx, referenceId, 'copied') };
  const res = await sendUpdate(ctx, form, { ...sibling, referenceId }, copy);
  const label = `${formLabel(form)} with job ${sibling.id}'s values and id under a new referenceId`;
  if (isSuccess(res.status))
    ctx.expect(res.json?.id !== sibling.id, {
      title: `${label} answered job ${sibling.id}`,
      expected: "a new job: the referenceId names none, so PUT /jobs creates one (spec 4.3), its id the service's (2.1: read-only)",
      received: `${res.status}, id ${show(res.json?.id)}`,
      failingExchange: res.exchange,
    });
  const after = await getJob(ctx, sibling.id);
  const moved = changedFields(sibling, after);
  ctx.expect(moved.length === 0, {
    title: `${label} changed job ${sibling.id}: ${moved.join(', ')}`,
    expected: 'id is read-only (spec 2.1) and PUT /jobs names its job by referenceId (4.3 form 2): the job copied stays as it was',
    received: changeLines(sibling, after, moved).join('\n'),
    failingExchange: res.exchange,
  });
}

/** A delete that also carries what names another job: an id beside DELETE /jobs's referenceId, a referenceId in a body on the path. */
interface CrossedDelete {
  label: string;
  send(ctx: RuleContext, job: Job, sibling: Job): Promise<ApiResponse>;
}

const CROSSED_DELETES: readonly CrossedDelete[] = [
  {
    label: "DELETE /jobs with the job's referenceId and another job's id",
    send: (ctx, job, sibling) =>
      ctx.api.client.request({ method: 'DELETE', path: '/jobs', body: { referenceId: job.referenceId, id: sibling.id } }),
  },
  {
    label: "DELETE /jobs/{id} with another job's referenceId in a body",
    send: (ctx, job, sibling) =>
      ctx.api.client.request({ method: 'DELETE', path: `/jobs/${job.id}`, body: { referenceId: sibling.referenceId } }),
  },
  {
    label: `POST /jobs/{id} (${METHOD_OVERRIDE}: DELETE) with another job's referenceId in the body`,
    send: (ctx, job, sibling) =>
      ctx.api.client.request({
        method: 'POST',
        path: `/jobs/${job.id}`,
        headers: { [METHOD_OVERRIDE]: 'DELETE' },
        body: { referenceId: sibling.referenceId },
      }),
  },
];

/**
 * A delete names its job by its own form (4.4: the id in the path, or the referenceId in DELETE /jobs's body); an id
 * beside that referenceId is read-only (2.1), and a body on the path names nothing. Taken, the job named that way is
 * gone and `sibling` stays; refused (a client error), both stay.
 */
async function expectDeleteNamesOne(ctx: RuleContext, { base }: UpdateCase, sibling: Job, crossed: CrossedDelete): Promise<void> {
  const job = await createJob(ctx, identify(ctx, base));
  const res = await crossed.send(ctx, job, sibling);
  const { label } = crossed;
  expectStatus(ctx, res, (status) => status < 500, `${label} is answered without a server error (spec 7)`);
  const siblingAfter = await ctx.api.get(sibling.id);
  ctx.expect(siblingAfter.status === 200, {
    title: `${label} removed the other job`,
    expected: 'a delete names its job by the id in the path or the referenceId of DELETE /jobs (spec 4.4); nothing else names one',
    received: `GET /jobs/${sibling.id} -> ${siblingAfter.status}`,
    failingExchange: res.exchange,
  });
  const after = await ctx.api.get(job.id);
  ctx.expect(isSuccess(res.status) ? showsGone(after.status) : after.status === 200, {
    title: `${label} was answered ${res.status}, and the job it names is ${after.status === 200 ? 'still there' : 'gone'}`,
    expected: 'taken, the job it names is removed (spec 4.4); refused, nothing is (spec 7)',
    received: `GET /jobs/${job.id} -> ${after.status}`,
    failingExchange: res.exchange,
  });
}

const readOnlyFields: Implementation = propertyRule(
  {
    id: 'jobs.update.read-only-fields',
    section: '2.1',
    level: 'must',
    title:
      'A PUT in every form (by id, by referenceId, through the override where honoured) never changes id, publishDate or employer, ' +
      "and a delete names its job by its own form alone (an id beside DELETE /jobs's referenceId, a referenceId in a body on the path); " +
      'a job copied with its id under a new referenceId by PUT /jobs leaves the original alone',
    statement: 'Unique job id. Assigned by the service. Read-only. … Publish date. Set by the service. Read-only.',
  },
  {
    independentCases: true,
    maxRuns: 5,
    arbitrary: updateCaseArb,
    check: async (ctx: RuleContext, value) => {
      const sibling = await getJob(ctx, (await createJob(ctx, identify(ctx, value.base))).id);
      for (const form of UPDATE_FORMS) await expectReadOnlyOnUpdate(ctx, form, value, sibling);
      for (const form of REFERENCE_FORMS) await expectCopyLeavesOriginal(ctx, form, await getJob(ctx, sibling.id));
      for (const crossed of CROSSED_DELETES) await expectDeleteNamesOne(ctx, value, sibling, crossed);
    },
  },
);

const responseMatchesGet: Implementation = propertyRule(
  {
    id: 'jobs.update.response-matches-get',
    section: '4.3',
    level: 'must',
    title: 'The 200 body of an update in every form is the updated Job, equal to a GET of it',
    statement: 'Update response: 200 with the full Job.',
  },
  {
    independentCases: true,
    maxRuns: 10,
    arbitrary: formCaseArb,
    check: async (ctx: RuleContext, value) => {
      const { before, res, label, declined } = await updateIn(ctx, value);
      if (declined) return;
      expectStatus(ctx, res, 200, `setup: a partial ${label} answers 200 (spec 4.3)`);
      const returned = jobOf(res);
      const after = await getJob(ctx, before.id);
      const diff = changedFields(returned, after);
      ctx.expect(diff.length === 0, {
        title: `the answer of ${label} and a GET of the job differ in ${diff.join(', ')}`,
        expected: 'update response: 200 with the full (updated) Job (spec 4.3)',
        received: diff.map((field) => `${field}: PUT ${show(returned[field])}, GET ${show(after[field])}`).join('\n'),
      });
    },
  },
);

type Status = Job['status'];

/** `update` without a status change to draft from another state, a transition 3 does not show. */
function withStatedTransition(update: Body, from: Status): Body {
  if (update.status !== 'draft' || from === 'draft') return update;
  const { status: _unstated, ...rest } = update;
  return rest;
}

const byReference: Implementation = propertyRule<UpdateCase & { status: Status | undefined }>(
  {
    id: 'jobs.update.by-reference',
    section: '4.3',
    level: 'must',
    title: 'PUT /jobs with referenceId in the body updates that job, partially, creating nothing',
    statement: '`PUT /jobs`: `referenceId` is in the body. The job id is then not needed.',
  },
  {
    independentCases: true,
    arbitrary: (ctx) =>
      fc.record({ base: createBodyArb(ctx), update: fieldUpdateArb(ctx), status: fc.constant<Status | undefined>(undefined) }),
    // The job in each state a create names (3), besides the draft a plain create gives: a lookup that skips some shows.
    examples: () => STATED_STATUSES.map((status) => ({ status })),
    check: async (ctx: RuleContext, { base, update: drawn, status }) => {
      const body = identify(ctx, status === undefined ? base : { ...base, status });
      const created = await createJob(ctx, body);
      const before = await getJob(ctx, created.id);
      const update = withStatedTransition(drawn, before.status);
      const res = await ctx.api.putByReference({ ...update, referenceId: body.referenceId });
      expectStatus(
        ctx,
        res,
        200,
        `PUT /jobs with referenceId + ${describeUpdate(update)} updates the job: 200 with the Job (spec 4.3 form 2)`,
      );
      const returned = jobOf(res);
      ctx.expect(returned.id === before.id, {
        title: `PUT /jobs by referenceId answered with job ${returned.id}, not ${before.id}`,
        expected: 'the job named by referenceId is updated (spec 4.3 form 2)',
        received: `id ${returned.id}`,
      });
      const after: Job = await getJob(ctx, before.id);
      const problems = [
        ...keptValueProblems(update, after),
        ...changedFields(before, after, touched(update)).map((f) => `${f} changed: ${show(before[f])} -> ${show(after[f])}`),
      ];
      ctx.expect(problems.length === 0, {
        title: `PUT /jobs by referenceId with ${describeUpdate(update)} did not apply as a partial update`,
        expected: 'only the fields sent change, to the values sent (spec 4.3)',
        received: problems.join('\n'),
      });
      const list = await listJobs(ctx, { q: body.referenceId, pageSize: 100 });
      const matching = list.json.data.filter((item) => item.referenceId === body.referenceId);
      ctx.expect(matching.length === 1, {
        title: `${matching.length} jobs carry referenceId ${body.referenceId} after an update by referenceId`,
        expected: 'one job: a PUT naming an existing referenceId updates, it does not create (spec 4.3)',
        received: `listed ids ${show(matching.map((m) => m.id))}`,
      });
    },
  },
);

/**
 * Spec 4.3 names three bodies as valid: only title, only status, only referenceId plus status. Each is
 * sent once, by a shown transition for the status (active -> archived by id, archived -> active by reference).
 */
const minimalBodies: Implementation = propertyRule(
  {
    id: 'jobs.update.minimal-bodies',
    section: '4.3',
    level: 'must',
    title: 'A PUT body with only title, only status, or only referenceId plus status is valid: 200',
    statement: 'A body with only `title`, or only `status`, or only `referenceId` plus `status`, is valid.',
  },
  {
    independentCases: true,
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const body = identify(ctx, { ...generated, status: 'active' });
      const job = await createJob(ctx, body);
      const forms: Array<[string, () => Promise<ApiResponse<Job>>, Body]> = [
        [
          'only title',
          () => ctx.api.putById(job.id, { title: scopedTitle(ctx, body.referenceId, 'retitled') }),
          { title: scopedTitle(ctx, body.referenceId, 'retitled') },
        ],
        ['only status', () => ctx.api.putById(job.id, { status: 'archived' }), { status: 'archived' }],
        [
          'only referenceId plus status',
          () => ctx.api.putByReference({ referenceId: body.referenceId, status: 'active' }),
          { status: 'active' },
        ],
      ];
      for (const [form, send, sent] of forms) {
        const res = await send();
        expectStatus(ctx, res, 200, `a PUT body with ${form} is valid: 200 with the full Job (spec 4.3)`);
        const problems = keptValueProblems(sent, jobOf(res));
        ctx.expect(problems.length === 0, {
          title: `a PUT with ${form} did not apply it`,
          expected: 'the fields sent take the values sent (spec 4.3)',
          received: problems.join('\n'),
        });
      }
    },
  },
);

/**
 * Level should: section 1 lets a client that cannot send PUT send POST with X-HTTP-Method-Override "carrying
 * the intended method", but calls DELETE "the documented value", and 4.7 documents DELETE only. Where a target
 * honours a PUT that way, it is the partial update of 4.3; a server that refuses it breaks no stated rule.
 */
const byOverride: Implementation = propertyRule(
  {
    id: 'jobs.update.by-override',
    section: '1',
    level: 'should',
    title: 'POST /jobs/{id} with X-HTTP-Method-Override: PUT updates like PUT: 200, the full Job, only the fields sent change',
    statement:
      'Good practice; the spec says: A client that cannot send PUT or DELETE may send POST with the header `X-HTTP-Method-Override` ' +
      'carrying the intended method (DELETE is the documented value), on the resource path.',
  },
  {
    independentCases: true,
    maxRuns: 10,
    arbitrary: updateCaseArb,
    check: async (ctx: RuleContext, { base, update }) => {
      const before = await getJob(ctx, (await createJob(ctx, identify(ctx, base))).id);
      const res = await sendUpdate(ctx, 'override', before, update);
      expectStatus(
        ctx,
        res,
        200,
        `${formLabel('override', before)} with only ${describeUpdate(update)} acts as PUT /jobs/{id}: 200 with the full Job (spec 1, 4.3)`,
      );
      assertJobBody(res);
      const returned = jobOf(res);
      const after = await getJob(ctx, before.id);
      const problems = [
        ...(returned.id === before.id ? [] : [`answered with job ${returned.id}`]),
        ...keptValueProblems(update, after),
        ...changedFields(before, after, touched(update)).map((f) => `${f} changed: ${show(before[f])} -> ${show(after[f])}`),
        ...changedFields(returned, after).map((f) => `${f}: response ${show(returned[f])}, GET ${show(after[f])}`),
      ];
      ctx.expect(problems.length === 0, {
        title: `the override PUT with ${describeUpdate(update)} did not apply as a partial update`,
        expected: 'as PUT /jobs/{id}: the fields sent take the values sent, no other field changes, the body is the updated Job (spec 4.3)',
        received: problems.join('\n'),
      });
    },
  },
);

/**
 * Level should, as the override on DELETE /jobs's path: section 1 says "on the resource path", and PUT /jobs names its
 * job by the referenceId in the body. Where a target honours it, it is 4.3's PUT /jobs: the job with that referenceId
 * takes the fields sent and no job is created. A target that declines it (a client error) is observed.
 */
const byReferenceOverride: Implementation = propertyRule(
  {
    id: 'jobs.update.by-reference-override',
    section: '1',
    level: 'should',
    title:
      'POST /jobs with a referenceId and X-HTTP-Method-Override: PUT updates like PUT /jobs: the job with that referenceId changes, no job is created',
    statement:
      'Good practice; the spec says: A client that cannot send PUT or DELETE may send POST with the header `X-HTTP-Method-Override` ' +
      'carrying the intended method (DELETE is the documented value), on the resource path.',
  },
  {
    independentCases: true,
    maxRuns: 5,
    arbitrary: updateCaseArb,
    check: async (ctx: RuleContext, { base, update }) => {
      const body = identify(ctx, base);
      const before = await getJob(ctx, (await createJob(ctx, body)).id);
      const { referenceId: _renamed, ...fields } = update;
      const res = await ctx.api.putByReferenceOverride({ ...fields, referenceId: body.referenceId });
      ctx.observe({ topic: 'method-override.put-by-reference', section: '1', observed: `POST /jobs overridden to PUT: ${res.status}` });
      expectStatus(
        ctx,
        res,
        200,
        `POST /jobs (referenceId ${body.referenceId}, X-HTTP-Method-Override: PUT) with only ${describeUpdate(fields)} acts as PUT /jobs: ` +
          '200 with the full Job (spec 1, 4.3)',
      );
      const after = await getJob(ctx, before.id);
      const listed = (await listJobs(ctx, { q: body.referenceId, pageSize: 100 })).json.data.map((item) => item.id);
      const problems = [
        ...(jobOf(res).id === before.id ? [] : [`answered with job ${jobOf(res).id}`]),
        ...(listed.length === 1 ? [] : [`the referenceId lists jobs ${show(listed)}`]),
        ...keptValueProblems(fields, after),
        ...changedFields(before, after, touched(fields)).map((f) => `${f} changed: ${show(before[f])} -> ${show(after[f])}`),
      ];
      ctx.expect(problems.length === 0, {
        title: `the override PUT on /jobs with ${describeUpdate(fields)} did not apply as PUT /jobs`,
        expected: 'as PUT /jobs: the job with that referenceId takes the fields sent, no other field changes, no job is created (spec 4.3)',
        received: problems.join('\n'),
      });
    },
  },
);

/** A salary part the model never sends (2.5 may be read to refuse it), sent by this rule alone. */
const AMOUNT_ALONE: readonly SalaryField[] = ['amount'];

/** Sends a partial salary over a job created with the whole stored salary; checks the merge on the PUT answer and on a GET. */
async function checkSalaryMerge(ctx: RuleContext, job: Body, { base, patch, fields }: SalaryMergeCase, form: UpdateForm): Promise<void> {
  const created = await createJob(ctx, identify(ctx, { ...job, salary: base }));
  const res = await sendUpdate(ctx, form, created, { salary: patch });
  const where = `${formLabel(form, created)} with salary ${show(patch)}`;
  const merged = { ...base, ...patch };
  // Honouring an override PUT is good practice only (jobs.update.by-override): a target that declines it is not judged here.
  if (await declinesUpdate(ctx, form, created, res)) return;
  // 2.5: maxAmount is the maximum; a merge that puts it below the amount may be refused (the stored salary then stays).
  // So may an amount sent without its period, which 2.5 requires "when salary.amount is given" (on the request, or
  // on the merged salary: open).
  const belowAmount = merged.maxAmount !== null && merged.maxAmount < merged.amount;
  const withoutPeriod = fields.includes('amount') && !fields.includes('period');
  if ((belowAmount || withoutPeriod) && isClientError(res.status)) {
    const observed = `refused with ${res.status}`;
    if (belowAmount) ctx.observe({ topic: 'salary.merge-below-amount', section: '2.5', observed });
    else ctx.observe({ topic: 'salary.amount-without-period', section: '2.5', observed });
    const kept = keptValueProblems({ salary: base }, await getJob(ctx, created.id));
    ctx.expect(kept.length === 0, {
      title: `a refused ${where} changed the salary`,
      expected: 'a refused update changes nothing (spec 4.3)',
      received: kept.join('\n'),
    });
    return;
  }
  expectStatus(
    ctx,
    res,
    200,
    `${where} (only ${fields.join(', ')}) is a valid partial update: 200 with the full Job (spec 4.2 lists each salary field, 4.3)`,
  );
  const read = await ctx.api.get(created.id);
  expectStatus(ctx, read, 200, 'GET /jobs/{id} of an existing job of the employer answers 200 with the job (spec 4.1)');
  for (const [what, r] of [
    [`the ${where} answer`, res],
    [`GET /jobs/${created.id} after it`, read],
  ] as const) {
    const problems = keptValueProblems({ salary: merged }, jobOf(r));
    ctx.expect(problems.length === 0, {
      title: `${what} does not hold the stored salary with the sent fields merged in`,
      expected: `only the fields sent change (spec 4.3): ${fields.join(', ')} from the PUT, the other salary fields as stored ${show(base)}`,
      received: problems.join('\n'),
    });
    // The amount a merge kept is written as every amount is: a merge that puts back a stored number unformatted shows here.
    const unplaced = amountsWithoutFourDecimals(r.text);
    ctx.expect(unplaced.length === 0, {
      title: `${what} writes the salary amount without four decimal places`,
      expected: 'spec 2.5: responses carry four decimal places, after a partial salary update too',
      received: unplaced.join(', '),
      failingExchange: r.exchange,
    });
  }
}

/**
 * Spec 4.2 lists salary.amount, salary.maxAmount, salary.period.id and salary.plusCommission as separate request
 * fields, and 4.3 changes only the fields sent: a partial salary merges into the stored one. Each part is sent
 * once in every form (by id, by referenceId, by method override), then generated parts in any form.
 */
const salaryMerge: Implementation = fixedRule(
  {
    id: 'jobs.update.salary-merge',
    section: '4.3',
    level: 'must',
    title:
      'A PUT with part of salary changes the salary fields sent and keeps the others, by id, by referenceId and by method override ' +
      '(the amount alone, if taken)',
    statement: 'Updates are partial. Only the fields sent change.',
  },
  async (ctx: RuleContext) => {
    // The amount alone too, where a server may refuse it (checkSalaryMerge): taken, it merges as any part does.
    const parts = [...PARTIAL_SALARY_FIELDS.filter((f) => f.length === 1 || (f.length === 2 && f.includes('amount'))), AMOUNT_ALONE];
    for (const fields of parts) {
      for (const form of UPDATE_FORMS) {
        await ctx.check(
          fc.record({ job: createBodyArb(ctx), salary: salaryMergeCaseArb(fields) }),
          ({ job, salary }) => checkSalaryMerge(ctx, job, salary, form),
          { runs: 1 },
        );
      }
    }
    const arb = fc.record({ job: createBodyArb(ctx), salary: salaryMergeCaseArb(), form: fc.constantFrom(...UPDATE_FORMS) });
    await ctx.check(arb, ({ job, salary, form }) => checkSalaryMerge(ctx, job, salary, form), { independentCases: true });
  },
);

export const updateRules: Implementation[] = [
  status200,
  changesField,
  keepsOtherFields,
  readOnlyFields,
  responseMatchesGet,
  byReference,
  minimalBodies,
  salaryMerge,
  byOverride,
  byReferenceOverride,
];
