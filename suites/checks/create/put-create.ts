/**
 * @module PUT /jobs with a new referenceId creates the job (spec 4.3) as POST would.
 */
import * as fc from 'fast-check';
import type { Job } from '../../../schemas/types.gen.js';
import type { Body, RuleContext } from '../../contract/rule.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { changedFields, jsonEqual, keptValueProblems, show } from '../../../judging/compare.js';
import { closesDaysAfter } from '../../../judging/dates.js';
import { expectStatus, isSuccess, jobOf, requestLine, responseLine } from '../../kit/http.js';
import { getJob, listJobs } from '../../kit/jobs.js';
import { propertyRule, type Implementation } from '../../kit/rule-builders.js';
import { declinesCreate, formLabel, PUT_CREATES, sendCreate, type PutCreateForm } from '../../kit/rejected-writes.js';
import { createdReads, expectDefaultFalse, FLAG_SALARY, omit, siblingsTrue, STATUSES } from './shared.js';

type Status = Job['status'];

export const putCreates: Implementation = propertyRule<{ generated: Body; form: PutCreateForm; status: Status | undefined }>(
  {
    id: 'jobs.put-create.creates',
    section: '4.3',
    level: 'must',
    title: 'PUT /jobs with a new referenceId creates the job, plainly or through a method override the target honours',
    statement: 'Creates a job (with a `referenceId`) or updates an existing one.',
  },
  {
    maxRuns: 10,
    // Each case creates a job of its own.
    independentCases: true,
    arbitrary: (ctx) =>
      fc.record({
        generated: createBodyArb(ctx, { withStatus: true }),
        form: fc.constant<PutCreateForm>('put-create'),
        status: fc.constant<Status | undefined>(undefined),
      }),
    // The override too, with each status a create may name: honouring it is good practice (spec 1), so a target that
    // declines it is not judged here (jobs.update.by-reference-override owns it); one that honours it creates as 4.3.
    examples: () => STATUSES.map((status) => ({ form: 'override-create' as const, status })),
    check: async (ctx: RuleContext, { generated, form, status }) => {
      const body = identify(ctx, status === undefined ? generated : { ...generated, status });
      const res = await sendCreate(ctx, form, body);
      if (await declinesCreate(ctx, form, body, res)) return;
      if (isSuccess(res.status) && form === 'put-create') {
        ctx.observe({ topic: 'put-create-status', section: '4.3', observed: String(res.status) });
        // 4.2 states a Location header for POST's 201 only; for PUT-create it is recorded, never required.
        ctx.observe({
          topic: 'put-create-location-header',
          section: '4.3',
          observed: res.headers.location ? 'Location header sent' : 'no Location header',
        });
      }
      const how = formLabel(form);
      expectStatus(ctx, res, isSuccess, `${how} creates the job: a 2xx with the Job (spec 4.3; code not shown)`);
      const job = jobOf(res);
      ctx.expect(job.referenceId === body.referenceId, {
        title: `${how} created a job with another referenceId`,
        expected: `referenceId ${body.referenceId} (spec 4.3)`,
        received: `referenceId ${show(job.referenceId)}`,
      });
      const fetched = await getJob(ctx, job.id);
      const problems = keptValueProblems(body, fetched);
      ctx.expect(problems.length === 0, {
        title: `the job created by ${how} does not have the values sent`,
        expected: 'PUT-create behaves as POST with a referenceId: the values sent are kept (spec 4.3, 4.2)',
        received: problems.join('\n'),
      });
    },
  },
);

/** A create names no status, or each one (3: "As above": the defaults apply in every state a create names). */
const CREATE_STATUSES: ReadonlyArray<Status | undefined> = [undefined, ...STATUSES];

/**
 * Sends `body` (its defaults left out) as a PUT-create in every form and with every status a create names, and
 * hands each job created to `judge`, as answered and as a GET reads it (createdReads); a declined override is not
 * judged (jobs.update.by-reference-override owns it).
 */
async function eachPutCreate(
  ctx: RuleContext,
  body: Body,
  judge: (job: Job, how: string, status: Status | undefined) => void,
): Promise<void> {
  for (const form of PUT_CREATES) {
    for (const status of CREATE_STATUSES) {
      const sent = identify(ctx, status === undefined ? body : { ...body, status });
      const res = await sendCreate(ctx, form, sent);
      if (await declinesCreate(ctx, form, sent, res)) continue;
      const how = `${formLabel(form)} ${status === undefined ? 'without status' : `with status ${status}`}`;
      expectStatus(ctx, res, isSuccess, `setup: ${how} creates the job (spec 4.3)`);
      for (const [job, where] of await createdReads(ctx, jobOf(res), how)) judge(job, where, status);
    }
  }
}

export const putCreateDefaults: Implementation = propertyRule<Body>(
  {
    id: 'jobs.put-create.defaults',
    section: '3',
    level: 'must',
    title:
      'PUT-create without status/closeDate applies the POST defaults, with or without a status, plainly or through a method override the target honours',
    statement:
      'POST or PUT-create with `status` omitted | valid request | draft | Job created. … `closeDate` defaults to 60 days after `publishDate` when omitted.',
  },
  {
    maxRuns: 2,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: (ctx: RuleContext, generated) =>
      eachPutCreate(ctx, omit(generated, 'status', 'closeDate'), (job, how, status) => {
        ctx.expect(job.status === (status ?? 'draft') && closesDaysAfter(job.publishDate, job.closeDate, 60), {
          title: `${how} does not show the create defaults`,
          expected: `status ${status ?? 'draft'} and closeDate = publishDate + 60 days (spec 3: POST or PUT-create; 4.3: behaves as POST)`,
          received: `status ${show(job.status)}, publishDate ${job.publishDate}, closeDate ${job.closeDate}`,
        });
      }),
  },
);

export const putIdempotent: Implementation = propertyRule(
  {
    id: 'jobs.put-create.idempotent',
    section: '4.3',
    level: 'must',
    title:
      'Repeating a PUT /jobs with the same body, plainly or through a method override the target honours, leaves one job with those values',
    statement: 'PUT is recommended whenever a `referenceId` is used, because PUT is idempotent.',
  },
  {
    maxRuns: 5,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), form: fc.constantFrom(...PUT_CREATES) }),
    examples: () => PUT_CREATES.map((form) => ({ form })),
    check: async (ctx: RuleContext, { generated, form }: { generated: Body; form: PutCreateForm }) => {
      const body = identify(ctx, generated);
      const first = await sendCreate(ctx, form, body);
      if (await declinesCreate(ctx, form, body, first)) return;
      expectStatus(ctx, first, isSuccess, `setup: ${formLabel(form)} creates the job (spec 4.3)`);
      const second = await sendCreate(ctx, form, body);
      expectStatus(ctx, second, 200, `${formLabel(form)} with the referenceId of an existing job updates it: 200 with the Job (spec 4.3)`);
      const list = await listJobs(ctx, { q: body.referenceId, pageSize: 100 });
      const matching = list.json.data.filter((item) => item.referenceId === body.referenceId);
      ctx.expect(matching.length === 1 && matching[0]?.id === jobOf(first).id && jobOf(second).id === jobOf(first).id, {
        title: `repeating ${formLabel(form)} left ${matching.length} job(s) with referenceId ${body.referenceId}`,
        expected: 'one job: PUT is idempotent (spec 4.2, 4.3)',
        received: `first PUT id ${jobOf(first).id}, second PUT id ${show(second.json?.id)}, listed ids ${show(matching.map((m) => m.id))}`,
      });
      const diff = changedFields(jobOf(first), jobOf(second));
      ctx.expect(jsonEqual(diff, []), {
        title: `repeating ${formLabel(form)} changed ${diff.join(', ')}`,
        expected: 'the same job with the same values (spec 4.3: PUT is idempotent)',
        received: `${requestLine(second)} -> ${responseLine(second)}`,
      });
    },
  },
);

export const putCreateDefaultFlags: Implementation = propertyRule<Body>(
  {
    id: 'jobs.put-create.default-flags',
    section: '4.3',
    level: 'must',
    title:
      'PUT-create without confidential, autoRefresh or plusCommission sets them to false, with or without a status, ' +
      'plainly or through a method override the target honours',
    statement: 'A PUT with `referenceId` that creates a job behaves as POST with a `referenceId`.',
  },
  {
    maxRuns: 2,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const body = { ...omit(generated, 'status', 'confidential', 'autoRefresh'), salary: FLAG_SALARY };
      await eachPutCreate(ctx, body, (job, how) => {
        const flags = { confidential: job.confidential, autoRefresh: job.autoRefresh, plusCommission: job.salary?.plusCommission };
        const notFalse = Object.entries(flags).filter(([, value]) => value !== false);
        ctx.expect(notFalse.length === 0, {
          title: `${how} shows ${notFalse.map(([field]) => field).join(', ')} defaulted to other than false`,
          expected:
            'confidential, autoRefresh and salary.plusCommission false when omitted (spec 2.1, 2.5, 4.2: default false; 4.3: PUT-create behaves as POST)',
          received: notFalse.map(([field, value]) => `${field} ${show(value)}`).join(', '),
        });
      });
      await eachFlagBesideTrueSiblings(ctx, body);
    },
  },
);

/**
 * Each flag left out alone, in each PUT-create form, while confidential and plusCommission are otherwise true (the
 * plan decides autoRefresh: jobs.update.keeps-auto-refresh sends it): a default taken from a sibling flag shows.
 */
async function eachFlagBesideTrueSiblings(ctx: RuleContext, body: Body): Promise<void> {
  for (const field of ['confidential', 'autoRefresh', 'plusCommission'] as const)
    for (const form of PUT_CREATES) {
      const sent = identify(ctx, siblingsTrue(body, field));
      const res = await sendCreate(ctx, form, sent);
      if (await declinesCreate(ctx, form, sent, res)) continue;
      const how = `${formLabel(form)} without ${field}, every other flag true`;
      expectStatus(ctx, res, isSuccess, `setup: ${how} creates the job (spec 4.3)`);
      for (const [job, where] of await createdReads(ctx, jobOf(res), how))
        expectDefaultFalse(ctx, job, where, field, 'spec 2.1, 2.5: default false; 4.3: PUT-create behaves as POST');
    }
}
