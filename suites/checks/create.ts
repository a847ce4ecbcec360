/**
 * @module Creating jobs: POST /jobs (spec 4.2, 3) and PUT /jobs with a new
 * referenceId (4.3). Bodies are generated valid by construction; every job
 * gets a fresh referenceId from the case.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, Rule, RuleContext } from '../rule.js';
import { anonymous, createBodyArb, foreignReadOnly, identify } from '../kit/bodies.js';
import { changedFields, jsonEqual, keptValueProblems, show } from '../kit/compare.js';
import { dayOffsets, isDaysAfter, utcDay } from '../kit/dates.js';
import { expectStatus, isClientError, isSuccess, jobOf, requestLine, responseLine } from '../kit/http.js';
import { createJob, getJob, idsOf, listJobs } from '../kit/jobs.js';
import { propertyRule } from '../kit/rule-builders.js';

const STATUSES = ['active', 'archived', 'draft'] as const;

function omit(body: Body, ...fields: string[]): Body {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

/** Observes the shape of an error body (the spec does not show one, 7.2). */
function observeErrorBody(ctx: RuleContext, json: unknown, text: string): void {
  const shape =
    json !== null && typeof json === 'object' && !Array.isArray(json)
      ? `JSON object with ${Object.keys(json).sort().join(', ') || 'no fields'}`
      : text === ''
        ? 'empty body'
        : 'not JSON';
  ctx.observe({ topic: 'error-body-shape', section: '7.2', observed: shape });
}

const status201: Rule = propertyRule(
  { id: 'jobs.create.status-201', section: '4.2', area: 'create', title: 'POST /jobs with a valid body answers 201 with the created Job' },
  {
    arbitrary: (ctx) => createBodyArb(ctx, { withStatus: true }),
    check: async (ctx: RuleContext, generated) => {
      const res = await ctx.api.create(identify(ctx, generated));
      expectStatus(ctx, res, 201, 'POST /jobs with a valid body answers 201 and the created Job (spec 4.2, 7)');
    },
  },
);

const locationHeader: Rule = propertyRule(
  { id: 'jobs.create.location-header', section: '4.2', area: 'create', title: 'The 201 carries a Location header with the address of the new job' },
  {
    maxRuns: 5,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const res = await ctx.api.create(identify(ctx, generated));
      expectStatus(ctx, res, 201, 'setup: POST /jobs with a valid body answers 201 (spec 4.2)');
      const job = jobOf(res);
      const location = res.headers.location;
      const expected = `a Location header holding {base_url}/api/v1.1/jobs/${job.id} (spec 4.2)`;
      ctx.expect(location !== undefined && location !== '', { title: 'POST /jobs 201 has no Location header', expected, received: 'no Location header', failingExchange: res.exchange });
      const target = new URL(location ?? '', res.exchange.request.url);
      ctx.observe({ topic: 'location-header-form', section: '4.2', observed: /^https?:\/\//i.test(location ?? '') ? 'absolute URL' : 'relative reference' });
      ctx.expect(target.pathname.replace(/\/+$/, '').endsWith(`/api/v1.1/jobs/${job.id}`), {
        title: 'Location header does not point at the new job',
        expected,
        received: `Location: ${location} (job id ${job.id})`,
        failingExchange: res.exchange,
      });
      // Follow it only on the target's own origin: the key never goes elsewhere.
      const sameOrigin = target.origin === new URL(ctx.api.client.apiRoot).origin;
      const followed = sameOrigin ? await ctx.api.client.request<Job>({ method: 'GET', path: target.href }) : await ctx.api.get(job.id);
      expectStatus(ctx, followed, 200, `GET on the Location answers 200 with job ${job.id} (spec 4.1, 4.2)`);
      ctx.expect((followed.json as Job | undefined)?.id === job.id, {
        title: 'the Location header leads to another job',
        expected,
        received: `GET ${location} returned job ${show((followed.json as Job | undefined)?.id)}`,
        failingExchange: followed.exchange,
      });
    },
  },
);

const bodyMatchesGet: Rule = propertyRule(
  { id: 'jobs.create.body-matches-get', section: '4.2', area: 'create', title: 'The 201 body is the created Job: equal to a GET of it' },
  {
    arbitrary: (ctx) => createBodyArb(ctx, { withStatus: true }),
    check: async (ctx: RuleContext, generated) => {
      const created = await createJob(ctx, identify(ctx, generated));
      const fetched = await getJob(ctx, created.id);
      const diff = changedFields(created, fetched);
      ctx.expect(diff.length === 0, {
        title: `the POST body and a GET of the job differ in ${diff.join(', ')}`,
        expected: 'the 201 body is the created Job (full), the same as GET /jobs/{id} (spec 4.2)',
        received: diff.map((field) => `${field}: POST ${show(created[field])}, GET ${show(fetched[field])}`).join('\n'),
      });
    },
  },
);

const explicitValues: Rule = propertyRule(
  { id: 'jobs.create.explicit-values', section: '4.2', area: 'create', title: 'Every value sent on create is kept' },
  {
    arbitrary: (ctx) => createBodyArb(ctx, { withStatus: true }),
    check: async (ctx: RuleContext, generated) => {
      const body = identify(ctx, generated);
      const job = await createJob(ctx, body);
      const problems = keptValueProblems(body, job);
      ctx.expect(problems.length === 0, {
        title: `created job differs from the request in ${problems.length} field(s)`,
        expected: 'the created job has the values sent (spec 4.2 request fields; 3: POST with status given)',
        received: problems.join('\n'),
      });
    },
  },
);

const explicitStatus: Rule = propertyRule(
  { id: 'jobs.create.explicit-status', section: '3', area: 'create', title: 'POST with status given creates the job in that status' },
  {
    maxRuns: 6,
    arbitrary: (ctx) => fc.record({ status: fc.constantFrom(...STATUSES), body: createBodyArb(ctx) }),
    check: async (ctx: RuleContext, { status, body }) => {
      const job = await createJob(ctx, { ...identify(ctx, body), status });
      ctx.expect(job.status === status, {
        title: `POST with status "${status}" created a job in status "${job.status}"`,
        expected: `status "${status}" (spec 3: POST with status given -> the given status)`,
        received: `status ${show(job.status)}`,
      });
    },
  },
);

const defaultStatus: Rule = propertyRule(
  { id: 'jobs.create.default-status', section: '3', area: 'create', title: 'POST without status creates a draft' },
  {
    maxRuns: 5,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const job = await createJob(ctx, omit(identify(ctx, generated), 'status'));
      ctx.expect(job.status === 'draft', {
        title: `POST without status created a job in status "${job.status}"`,
        expected: 'status "draft" (spec 3, 2.1: default on create: draft)',
        received: `status ${show(job.status)}`,
      });
    },
  },
);

const defaultCloseDate: Rule = propertyRule(
  { id: 'jobs.create.default-close-date', section: '3', area: 'create', title: 'POST without closeDate closes 60 days after publishDate' },
  {
    maxRuns: 5,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const job = await createJob(ctx, omit(identify(ctx, generated), 'closeDate'));
      ctx.observe({ topic: 'date-precision', section: '2.1', observed: /T/.test(job.publishDate) ? 'date-time' : 'date' });
      ctx.expect(isDaysAfter(job.publishDate, job.closeDate, 60), {
        title: 'default closeDate is not 60 days after publishDate',
        expected: 'closeDate = publishDate + 60 days, compared by calendar day (spec 3, 4.2, 8)',
        received: `publishDate ${job.publishDate}, closeDate ${job.closeDate} (${dayOffsets(job.publishDate, job.closeDate).join(' or ')} days)`,
      });
    },
  },
);

function defaultFalse(id: string, section: string, field: 'confidential' | 'autoRefresh' | 'plusCommission'): Rule {
  return propertyRule(
    { id, section, area: 'create', title: `POST without ${field} sets it to false` },
    {
      maxRuns: 3,
      arbitrary: (ctx) => createBodyArb(ctx),
      check: async (ctx: RuleContext, generated) => {
        let body = omit(identify(ctx, generated), 'confidential', 'autoRefresh');
        if (field === 'plusCommission') body = { ...body, salary: { amount: 50000, period: { id: 1 } } };
        const job = await createJob(ctx, body);
        const value = field === 'plusCommission' ? job.salary?.plusCommission : job[field];
        ctx.expect(value === false, {
          title: `${field} defaults to ${show(value)}`,
          expected: `${field} false when omitted (spec ${section}: default false)`,
          received: `${field} ${show(value)}`,
        });
      },
    },
  );
}

const publishDateByService: Rule = propertyRule(
  { id: 'jobs.create.publish-date-by-service', section: '3', area: 'create', title: 'The service sets publishDate on create (today)' },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
    const before = Date.now();
    const job = await createJob(ctx, identify(ctx, generated));
    const day = utcDay(job.publishDate);
    const today = [utcDay(new Date(before).toISOString()) - 1, utcDay(new Date().toISOString()) + 1];
    ctx.expect(day >= (today[0] ?? 0) && day <= (today[1] ?? 0), {
      title: `publishDate ${job.publishDate} is not the day of creation`,
      expected: 'publishDate set by the service when the job is created (spec 3), within a day of now',
      received: `publishDate ${job.publishDate}, suite clock ${new Date(before).toISOString()}`,
    });
    },
  },
);

/** True when `date` falls within a day of the suite's clock around `since` (the service set it "now"). */
function isAroundNow(date: string, since: number): boolean {
  const day = utcDay(date);
  return day >= utcDay(new Date(since).toISOString()) - 1 && day <= utcDay(new Date().toISOString()) + 1;
}

const publishDateReadOnly: Rule = propertyRule(
  { id: 'jobs.create.publish-date-read-only', section: '2.1', area: 'create', title: 'A publishDate, employer or id sent on create is never honoured (read-only)' },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const before = Date.now();
      const foreign = foreignReadOnly(ctx);
      // A GET result carries publishDate (4.2: the body is symmetrical with it), so one sent is accepted and ignored.
      const res = await ctx.api.create({ ...identify(ctx, generated), publishDate: foreign.publishDate });
      expectStatus(ctx, res, 201, 'POST /jobs with the fields of a GET result (publishDate included) is accepted: 201 (spec 4.2: body symmetrical with GET)');
      const job = jobOf(res);
      ctx.expect(isAroundNow(job.publishDate, before), {
        title: 'the publishDate sent on create was stored',
        expected: 'publishDate is read-only and set by the service on create (spec 2.1, 3): today, not the value sent',
        received: `sent ${foreign.publishDate}, got ${job.publishDate}`,
      });
      // Another employer and an id are no GET result of this key: refusing them is fine, storing them is not.
      const other = await ctx.api.create({ ...identify(ctx, generated), employer: foreign.employer, id: foreign.id });
      if (isClientError(other.status)) {
        ctx.observe({ topic: 'read-only-fields.create', section: '2.1', observed: `a POST with a foreign employer and an id is refused with ${other.status}` });
        return;
      }
      expectStatus(ctx, other, 201, 'POST /jobs carrying read-only employer and id creates the job (201) or is refused (4xx) (spec 2.1, 4.2)');
      const created = jobOf(other);
      ctx.expect(created.id !== foreign.id && jsonEqual(created.employer, job.employer), {
        title: 'the employer or id sent on create was stored',
        expected: "id is assigned by the service, the employer is the key's (spec 2.1, 5.3)",
        received: `sent id ${foreign.id}, employer ${show(foreign.employer)}; got id ${created.id}, employer ${show(created.employer)} (the key's employer: ${show(job.employer)})`,
      });
    },
  },
);

const withoutReferenceId: Rule = propertyRule(
  { id: 'jobs.create.without-reference-id', section: '2.1', area: 'create', title: 'POST without referenceId creates a job whose referenceId is "" or null' },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const job = await createJob(ctx, anonymous(ctx, generated));
      ctx.observe({ topic: 'reference-id-empty', section: '2.1', observed: job.referenceId === null ? 'null' : JSON.stringify(job.referenceId) });
      ctx.expect(job.referenceId === null || job.referenceId === '', {
        title: `a job created without referenceId has referenceId ${show(job.referenceId)}`,
        expected: 'referenceId "" or null when the employer gave none (spec 2.1)',
        received: `referenceId ${show(job.referenceId)}`,
      });
    },
  },
);

/** Creates a job, then POSTs another body with the same referenceId. */
async function postDuplicate(ctx: RuleContext, first: Body, second: Body) {
  const body = identify(ctx, first);
  const original = await createJob(ctx, body);
  const duplicate = await ctx.api.client.request<Job>({ method: 'POST', path: '/jobs', body: { ...identify(ctx, second), referenceId: body.referenceId } });
  return { body, original, duplicate };
}

const duplicateRejected: Rule = propertyRule(
  { id: 'jobs.create.duplicate-reference-rejected', section: '4.2', area: 'create', title: 'POST with a referenceId already in use is rejected (4xx)' },
  {
    maxRuns: 5,
    arbitrary: (ctx) => fc.tuple(createBodyArb(ctx), createBodyArb(ctx)),
    check: async (ctx: RuleContext, [first, second]) => {
      const { duplicate } = await postDuplicate(ctx, first, second);
      if (isClientError(duplicate.status)) {
        ctx.observe({ topic: 'error-status.duplicate-reference-id', section: '7.1', observed: String(duplicate.status) });
        observeErrorBody(ctx, duplicate.json, duplicate.text);
      }
      expectStatus(ctx, duplicate, isClientError, 'a POST with a referenceId already in use is rejected from the second time on: a 4xx (spec 4.2, 7.1)');
    },
  },
);

const duplicateCreatesNothing: Rule = propertyRule(
  { id: 'jobs.create.duplicate-reference-creates-nothing', section: '4.2', area: 'create', title: 'A rejected duplicate POST creates nothing and leaves the first job unchanged' },
  {
    maxRuns: 5,
    arbitrary: (ctx) => fc.tuple(createBodyArb(ctx), createBodyArb(ctx)),
    check: async (ctx: RuleContext, [first, second]) => {
      const { body, original, duplicate } = await postDuplicate(ctx, first, second);
      const list = await listJobs(ctx, { q: body.referenceId, pageSize: 100 });
      const matching = list.json.data.filter((item) => item.referenceId === body.referenceId);
      ctx.expect(matching.length === 1 && matching[0]?.id === original.id, {
        title: `${matching.length} jobs carry referenceId ${body.referenceId} after a duplicate POST`,
        expected: 'exactly the first job: a POST with a used referenceId is rejected (spec 4.2)',
        received: `duplicate POST answered ${duplicate.status}; list has ids ${show(idsOf(list.json))}`,
      });
      const after = await getJob(ctx, original.id);
      const diff = changedFields(original, after);
      ctx.expect(diff.length === 0, {
        title: `the duplicate POST changed the first job (${diff.join(', ')})`,
        expected: 'the first job unchanged: the duplicate is rejected, not applied (spec 4.2; PUT is the way to update)',
        received: diff.map((f) => `${f}: ${show(original[f])} -> ${show(after[f])}`).join('\n'),
      });
    },
  },
);

const putCreates: Rule = propertyRule(
  { id: 'jobs.put-create.creates', section: '4.3', area: 'create', title: 'PUT /jobs with a new referenceId creates the job' },
  {
    maxRuns: 10,
    arbitrary: (ctx) => createBodyArb(ctx, { withStatus: true }),
    check: async (ctx: RuleContext, generated) => {
      const body = identify(ctx, generated);
      const res = await ctx.api.putByReference(body);
      if (isSuccess(res.status)) {
        ctx.observe({ topic: 'put-create-status', section: '4.3', observed: String(res.status) });
        // 4.2 states a Location header for POST's 201 only; for PUT-create it is recorded, never required.
        ctx.observe({ topic: 'put-create-location-header', section: '4.3', observed: res.headers.location ? 'Location header sent' : 'no Location header' });
      }
      expectStatus(ctx, res, isSuccess, 'PUT /jobs with a new referenceId creates the job: a 2xx with the Job (spec 4.3; code not shown)');
      const job = jobOf(res);
      ctx.expect(job.referenceId === body.referenceId, {
        title: 'PUT-create returned a job with another referenceId',
        expected: `referenceId ${body.referenceId} (spec 4.3)`,
        received: `referenceId ${show(job.referenceId)}`,
      });
      const fetched = await getJob(ctx, job.id);
      const problems = keptValueProblems(body, fetched);
      ctx.expect(problems.length === 0, {
        title: 'the job created by PUT does not have the values sent',
        expected: 'PUT-create behaves as POST with a referenceId: the values sent are kept (spec 4.3, 4.2)',
        received: problems.join('\n'),
      });
    },
  },
);

const putCreateDefaults: Rule = propertyRule(
  { id: 'jobs.put-create.defaults', section: '3', area: 'create', title: 'PUT-create without status/closeDate applies the POST defaults' },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const body = omit(identify(ctx, generated), 'status', 'closeDate') as Body & { referenceId: string };
      const res = await ctx.api.putByReference(body);
      expectStatus(ctx, res, isSuccess, 'setup: PUT /jobs with a new referenceId creates the job (spec 4.3)');
      const job = jobOf(res);
      ctx.expect(job.status === 'draft' && isDaysAfter(job.publishDate, job.closeDate, 60), {
        title: 'PUT-create did not apply the create defaults',
        expected: 'status draft and closeDate = publishDate + 60 days (spec 3: POST or PUT-create with status omitted; 4.3: behaves as POST)',
        received: `status ${show(job.status)}, publishDate ${job.publishDate}, closeDate ${job.closeDate}`,
      });
    },
  },
);

const putIdempotent: Rule = propertyRule(
  { id: 'jobs.put-create.idempotent', section: '4.3', area: 'create', title: 'Repeating a PUT /jobs with the same body leaves one job with those values' },
  {
    maxRuns: 5,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const body = identify(ctx, generated);
      const first = await ctx.api.putByReference(body);
      expectStatus(ctx, first, isSuccess, 'setup: PUT /jobs with a new referenceId creates the job (spec 4.3)');
      const second = await ctx.api.putByReference(body);
      expectStatus(ctx, second, 200, 'a PUT /jobs with the referenceId of an existing job updates it: 200 with the Job (spec 4.3)');
      const list = await listJobs(ctx, { q: body.referenceId, pageSize: 100 });
      const matching = list.json.data.filter((item) => item.referenceId === body.referenceId);
      ctx.expect(matching.length === 1 && matching[0]?.id === jobOf(first).id && jobOf(second).id === jobOf(first).id, {
        title: `repeating the PUT left ${matching.length} job(s) with referenceId ${body.referenceId}`,
        expected: 'one job: PUT is idempotent (spec 4.2, 4.3)',
        received: `first PUT id ${jobOf(first).id}, second PUT id ${show(second.json?.id)}, listed ids ${show(matching.map((m) => m.id))}`,
      });
      const diff = changedFields(jobOf(first), jobOf(second));
      ctx.expect(jsonEqual(diff, []), {
        title: `repeating the PUT changed ${diff.join(', ')}`,
        expected: 'the same job with the same values (spec 4.3: PUT is idempotent)',
        received: `${requestLine(second)} -> ${responseLine(second)}`,
      });
    },
  },
);

type CreateWay = 'POST /jobs' | 'PUT /jobs (create)';
const CREATE_WAYS: readonly CreateWay[] = ['POST /jobs', 'PUT /jobs (create)'];

/** Creates the job by POST or by PUT /jobs with a new referenceId; the rule fails unless a 2xx (201 for POST). */
async function createBy(ctx: RuleContext, way: CreateWay, body: Body & { referenceId: string }): Promise<Job> {
  if (way === 'POST /jobs') return createJob(ctx, body);
  const res = await ctx.api.putByReference(body);
  expectStatus(ctx, res, isSuccess, 'setup: PUT /jobs with a new referenceId creates the job (spec 4.3; code not shown)');
  return jobOf(res);
}

const salaryNullByDefault: Rule = propertyRule(
  { id: 'jobs.create.salary-null-by-default', section: '2.1', area: 'create', title: 'POST or PUT-create without salary creates a job whose salary is null' },
  {
    maxRuns: 3,
    arbitrary: (ctx) => fc.record({ body: createBodyArb(ctx), way: fc.constantFrom(...CREATE_WAYS) }),
    check: async (ctx: RuleContext, { body, way }) => {
      const identified = identify(ctx, body);
      const job = await createBy(ctx, way, { ...omit(identified, 'salary'), referenceId: identified.referenceId });
      const fetched = await getJob(ctx, job.id);
      ctx.expect(job.salary === null && fetched.salary === null, {
        title: `${way} without salary created a job with salary ${show(fetched.salary)}`,
        expected: 'salary null when no salary is defined (spec 2.1; 4.3: PUT-create behaves as POST)',
        received: `${way} answered salary ${show(job.salary)}; GET answered salary ${show(fetched.salary)}`,
      });
    },
  },
);

const putCreateDefaultFlags: Rule = propertyRule(
  { id: 'jobs.put-create.default-flags', section: '4.3', area: 'create', title: 'PUT-create without confidential, autoRefresh or plusCommission sets them to false' },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const identified = identify(ctx, generated);
      const body = { ...omit(identified, 'confidential', 'autoRefresh'), referenceId: identified.referenceId, salary: { amount: 50000, period: { id: 1 } } };
      const job = await createBy(ctx, 'PUT /jobs (create)', body);
      const flags = { confidential: job.confidential, autoRefresh: job.autoRefresh, plusCommission: job.salary?.plusCommission };
      const notFalse = Object.entries(flags).filter(([, value]) => value !== false);
      ctx.expect(notFalse.length === 0, {
        title: `PUT-create defaulted ${notFalse.map(([field]) => field).join(', ')} to other than false`,
        expected: 'confidential, autoRefresh and salary.plusCommission false when omitted (spec 2.1, 2.5, 4.2: default false; 4.3: PUT-create behaves as POST)',
        received: notFalse.map(([field, value]) => `${field} ${show(value)}`).join(', '),
      });
    },
  },
);

export const createRules: Rule[] = [
  status201,
  locationHeader,
  bodyMatchesGet,
  explicitValues,
  explicitStatus,
  defaultStatus,
  defaultCloseDate,
  defaultFalse('jobs.create.default-confidential', '2.1', 'confidential'),
  defaultFalse('jobs.create.default-auto-refresh', '2.1', 'autoRefresh'),
  defaultFalse('jobs.create.default-plus-commission', '2.5', 'plusCommission'),
  salaryNullByDefault,
  publishDateByService,
  publishDateReadOnly,
  withoutReferenceId,
  duplicateRejected,
  duplicateCreatesNothing,
  putCreates,
  putCreateDefaults,
  putCreateDefaultFlags,
  putIdempotent,
];
