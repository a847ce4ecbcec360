/**
 * @module The answer to POST /jobs (spec 4.2): 201, a Location header (of a job taking a freed referenceId too, and a
 * PUT-create's when it sends one), the created Job.
 */
import * as fc from 'fast-check';
import type { Job } from '../../../schemas/types.gen.js';
import { anonymous, createBodyArb, identify } from '../../kit/bodies.js';
import { sameCity, show } from '../../../judging/compare.js';
import type { ApiResponse, Body, JobsApi, RuleContext } from '../../contract/rule.js';
import { expectStatus, isSuccess, jobOf } from '../../kit/http.js';
import {
  CREATE_FORMS,
  declinesCreate,
  formLabel,
  PUT_CREATES,
  sendCreate,
  type CreateForm,
  type PutCreateForm,
} from '../../kit/rejected-writes.js';
import { createJob, expectCreateAnswerStored } from '../../kit/jobs.js';
import { DELETE_WAYS, removeJob, type DeleteWay } from '../../kit/delete-forms.js';
import { propertyRule, type Implementation } from '../../kit/rule-builders.js';

export const status201: Implementation = propertyRule(
  {
    id: 'jobs.create.status-201',
    section: '4.2',
    level: 'must',
    title: 'POST /jobs with a valid body answers 201 with the created Job',
    statement: 'Response 201 with a `Location` header holding the address of the new job',
  },
  {
    independentCases: true,
    arbitrary: (ctx) => createBodyArb(ctx, { withStatus: true }),
    check: async (ctx: RuleContext, generated) => {
      const res = await ctx.api.create(identify(ctx, generated));
      expectStatus(ctx, res, 201, 'POST /jobs with a valid body answers 201 and the created Job (spec 4.2, 7)');
    },
  },
);

interface LocationCase {
  generated: Body;
  named: boolean;
  second: boolean;
  /** The POST takes a referenceId freed by a delete in this form first. */
  retaken?: DeleteWay;
  /** Created by a PUT-create in this form instead of a POST: its Location is not required (4.2 states POST's), but one sent leads to the job. */
  putCreate?: PutCreateForm;
}

/** POSTs the case's job: named or not, by either employer, or with a referenceId a job deleted just before held. */
async function postOf(ctx: RuleContext, { generated, named, second, retaken }: LocationCase) {
  const api = second && ctx.second ? ctx.second : ctx.api;
  if (!named) return { api, res: await api.create(anonymous(ctx, generated)) };
  const body = identify(ctx, generated);
  if (retaken !== undefined) await removeJob(ctx, retaken, await createJob(ctx, body, api), body.referenceId, api);
  return { api, res: await api.create(body) };
}

/** Fails unless the Location header of `res` (the answer that created `job`) holds the job's address and leads to it. */
export async function expectLocationLeadsToJob(ctx: RuleContext, api: JobsApi, res: ApiResponse<Job>, how: string): Promise<void> {
  const job = jobOf(res);
  const location = res.headers.location;
  const expected = `a Location header holding {base_url}/api/v1.1/jobs/${job.id} (spec 4.2)`;
  const target = new URL(location ?? '', res.exchange.request.url);
  ctx.observe({
    topic: 'location-header-form',
    section: '4.2',
    observed: /^https?:\/\//i.test(location ?? '') ? 'absolute URL' : 'relative reference',
  });
  ctx.expect(target.pathname.replace(/\/+$/, '').endsWith(`/api/v1.1/jobs/${job.id}`), {
    title: `Location header of ${how} does not point at the new job`,
    expected,
    received: `Location: ${location} (job id ${job.id})`,
    failingExchange: res.exchange,
  });
  // Follow it only on the target's own origin: the key never goes elsewhere.
  const sameOrigin = target.origin === new URL(ctx.api.client.apiRoot).origin;
  const followed = sameOrigin ? await api.client.request<Job>({ method: 'GET', path: target.href }) : await api.get(job.id);
  expectStatus(ctx, followed, 200, `GET on the Location answers 200 with job ${job.id} (spec 4.1, 4.2)`);
  ctx.expect(followed.json?.id === job.id, {
    title: `the Location header of ${how} leads to another job`,
    expected,
    received: `GET ${location} returned job ${show(followed.json?.id)}`,
    failingExchange: followed.exchange,
  });
}

/** A PUT-create in `form`: a Location it sends leads to the job, as POST's does (4.3: it "behaves as POST"); none is recorded. */
async function expectPutCreateLocation(ctx: RuleContext, form: PutCreateForm, generated: Body): Promise<void> {
  const body = identify(ctx, generated);
  const res = await sendCreate(ctx, form, body);
  if (await declinesCreate(ctx, form, body, res)) return;
  expectStatus(ctx, res, isSuccess, `${formLabel(form)} with a new referenceId creates the job (spec 4.3)`);
  if (res.headers.location === undefined || res.headers.location === '') return;
  await expectLocationLeadsToJob(ctx, ctx.api, res, formLabel(form));
}

export const locationHeader: Implementation = propertyRule<LocationCase>(
  {
    id: 'jobs.create.location-header',
    section: '4.2',
    level: 'must',
    title: "The 201 carries a Location header with the address of the new job, the second employer's too; a PUT-create's, when sent, too",
    statement: 'Response 201 with a `Location` header holding the address of the new job (`{base_url}/api/v1.1/jobs/<job_id>`).',
  },
  {
    maxRuns: 5,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), named: fc.constant(true), second: fc.constant(false) }),
    // A job created without a referenceId too: its address is its id all the same; one of the second employer, whose
    // address a server might build from a count of its own; one taking a referenceId that a job deleted in each
    // delete form held, whose address a server might look up by the referenceId and find the removed job's; and one
    // made by each PUT-create, whose Location a server might build from the referenceId it was named by.
    examples: (ctx) => [
      { named: false },
      ...(ctx.second ? [{ second: true }] : []),
      ...DELETE_WAYS.map((retaken) => ({ retaken })),
      ...PUT_CREATES.map((putCreate) => ({ putCreate })),
    ],
    check: async (ctx: RuleContext, value) => {
      if (value.putCreate !== undefined) return expectPutCreateLocation(ctx, value.putCreate, value.generated);
      const { api, res } = await postOf(ctx, value);
      expectStatus(ctx, res, 201, 'setup: POST /jobs with a valid body answers 201 (spec 4.2)');
      ctx.expect(res.headers.location !== undefined && res.headers.location !== '', {
        title: 'POST /jobs 201 has no Location header',
        expected: `a Location header holding {base_url}/api/v1.1/jobs/${jobOf(res).id} (spec 4.2)`,
        received: 'no Location header',
        failingExchange: res.exchange,
      });
      await expectLocationLeadsToJob(ctx, api, res, 'POST /jobs');
    },
  },
);

type Order = 'as sent' | 'by id' | 'another order';

/** How `returned` orders items whose sent positions `positionOf` finds: the order sent, ascending ids, or neither. */
function orderOf(returned: unknown, positionOf: (item: Record<string, unknown>) => number): Order {
  const items = Array.isArray(returned) ? (returned as Array<Record<string, unknown>>) : [];
  const ascending = (keys: number[]): boolean => keys.every((key, i) => i === 0 || (keys[i - 1] ?? key) < key);
  if (ascending(items.map(positionOf))) return 'as sent';
  return ascending(items.map((item) => (typeof item.id === 'number' ? item.id : Number.NaN))) ? 'by id' : 'another order';
}

/** Records the order of locations and categories the answers chose (spec 2.1 states none), when two or more were sent. */
function observeOrder(ctx: RuleContext, sent: Body, created: Job, fetched: Job): void {
  const places = (sent.locations as Array<{ description: string }> | undefined) ?? [];
  const categoryIds = ((sent.categories as Array<{ id: number }> | undefined) ?? []).map((category) => category.id);
  const placeAt = (location: Record<string, unknown>): number => places.findIndex((place) => sameCity(place.description, location));
  const categoryAt = (category: Record<string, unknown>): number => categoryIds.indexOf(category.id as number);
  const parts = [
    ...(places.length > 1 ? [`locations: answer ${orderOf(created.locations, placeAt)}, GET ${orderOf(fetched.locations, placeAt)}`] : []),
    ...(categoryIds.length > 1
      ? [`categories: answer ${orderOf(created.categories, categoryAt)}, GET ${orderOf(fetched.categories, categoryAt)}`]
      : []),
  ];
  if (parts.length > 0) ctx.observe({ topic: 'array-order', section: '2.1', observed: parts.join('; ') });
}

export const bodyMatchesGet: Implementation = propertyRule<{ generated: Body; form: CreateForm; second?: boolean }>(
  {
    id: 'jobs.create.body-matches-get',
    section: '4.2',
    level: 'must',
    title: "The body of a create, in every create form, is the created Job: equal to a GET of it, the second employer's too",
    statement: 'The body is the created Job (full).',
  },
  {
    independentCases: true,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx, { withStatus: true }), form: fc.constantFrom(...CREATE_FORMS) }),
    // Every create form in every run: a PUT-create behaves as POST (4.3), its answer included; each by the second
    // employer too, whose answer a server might build from the first employer's (the employer a handler kept).
    examples: (ctx) => [
      ...CREATE_FORMS.map((form) => ({ form })),
      ...(ctx.second ? CREATE_FORMS.map((form) => ({ form, second: true })) : []),
    ],
    check: async (ctx: RuleContext, { generated, form, second }) => {
      const api = second === true && ctx.second ? ctx.second : ctx.api;
      const body = identify(ctx, generated);
      const res = await sendCreate(ctx, form, body, api);
      if (await declinesCreate(ctx, form, body, res)) return;
      const how = `${formLabel(form)}${api === ctx.api ? '' : ' by the second employer'}`;
      expectStatus(ctx, res, isSuccess, `setup: ${how} creates the job (spec 4.2, 4.3)`);
      const fetched = await expectCreateAnswerStored(ctx, res, how, api);
      observeOrder(ctx, body, jobOf(res), fetched);
    },
  },
);
