/**
 * @module The request body is symmetrical with the GET result (spec 4.2,
 * 4.3): a GET result without id and referenceId, posted back beside the job
 * it came from, creates a new job with the same values.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import * as fc from 'fast-check';
import { anonymous, createBodyArb, identify, withNumberAmounts } from '../kit/bodies.js';
import { changedFields, samePlaces, show } from '../../judging/compare.js';
import { sameDay } from '../../judging/dates.js';
import { expectStatus, isSuccess, jobOf, responseLine } from '../kit/http.js';
import { createJob, expectLeftAlone, getJob } from '../kit/jobs.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { characterClassRules } from './character-classes.js';
import { blankTitleRules } from './blank-title.js';
import { closeDateFormRules } from './close-date-forms.js';

/**
 * Fields a copy legitimately differs in: identity and what the service sets. closeDate is compared by day and
 * locations by place below: another job may hold the same place under another location record (id).
 */
const OWN_FIELDS = ['id', 'referenceId', 'publishDate', 'closeDate', 'locations'];

function withoutIdentity(job: Job): Body {
  const { id: _id, referenceId: _referenceId, ...rest } = job;
  return withNumberAmounts(rest);
}

/** The job read, created with a referenceId or, where `named` is false, without one. */
async function original(ctx: RuleContext, generated: Body, named = true): Promise<Job> {
  const created = await createJob(ctx, named ? identify(ctx, generated) : anonymous(ctx, generated));
  return getJob(ctx, created.id);
}

function expectSameValues(ctx: RuleContext, source: Job, copy: Job, how: string): void {
  const diff = changedFields(source, copy, OWN_FIELDS);
  if (!sameDay(source.closeDate, copy.closeDate)) diff.push('closeDate');
  if (!samePlaces(source.locations, copy.locations)) diff.push('locations');
  ctx.expect(diff.length === 0, {
    title: `the job created from a GET result differs in ${diff.join(', ')}`,
    expected: `${how} creates a job with the same values (spec 4.2: request body symmetrical with the GET result)`,
    received: diff.map((field) => `${field}: original ${show(source[field])}, copy ${show(copy[field])}`).join('\n'),
  });
}

/**
 * The copy is a job of its own: a new id, and the job read still there beside it as it was. A server that takes a body
 * matching a live job (its title and publishDate, as a GET result carries them) for a repeat of that job's create
 * answers the old job and creates none.
 */
async function expectBesideSource(ctx: RuleContext, source: Job, res: ApiResponse<Job>, how: string): Promise<void> {
  const expected = `${how} creates a new job beside job ${source.id}, the one read (spec 4.2: POST creates a job)`;
  ctx.expect(jobOf(res).id !== source.id, {
    title: `${how} answered job ${source.id}, the job the GET result came from`,
    expected,
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  await expectLeftAlone(ctx, source, res, { title: `job ${source.id} changed when ${how} created its copy`, expected });
}

const postAccepted: Implementation = propertyRule(
  {
    id: 'jobs.roundtrip.post-accepted',
    section: '4.2',
    level: 'must',
    title: 'A GET result without id and referenceId is accepted by POST /jobs',
    statement: 'Request body is symmetrical with the GET result.',
  },
  {
    independentCases: true,
    maxRuns: 10,
    arbitrary: (ctx) => createBodyArb(ctx, { withStatus: true }),
    check: async (ctx: RuleContext, generated) => {
      const source = await original(ctx, generated);
      const res = await ctx.api.create(withoutIdentity(source));
      expectStatus(ctx, res, 201, 'POST of a GET result without id and referenceId creates a job: 201 (spec 4.2)');
    },
  },
);

const sameValues: Implementation = propertyRule(
  {
    id: 'jobs.roundtrip.same-values',
    section: '4.2',
    level: 'must',
    title: 'Posting a GET result back creates a new job, beside the one read, with the same values',
    statement: 'Taking a GET result, removing `id` and `referenceId` and posting it creates a job with the same values.',
  },
  {
    independentCases: true,
    arbitrary: (ctx) => createBodyArb(ctx, { withStatus: true }),
    check: async (ctx: RuleContext, generated) => {
      const source = await original(ctx, generated);
      const how = 'POST of a GET result without id and referenceId';
      const res = await ctx.api.create(withoutIdentity(source));
      expectStatus(ctx, res, 201, `${how} creates a job: 201 (spec 4.2)`);
      await expectBesideSource(ctx, source, res, how);
      expectSameValues(ctx, source, await getJob(ctx, jobOf(res).id), how);
    },
  },
);

const putCreate: Implementation = propertyRule<{ generated: Body; named: boolean }>(
  {
    id: 'jobs.roundtrip.put-create',
    section: '4.3',
    level: 'must',
    title: 'A GET result with a new referenceId, PUT to /jobs, creates a new job, beside the one read, with the same values',
    statement: 'Request body fields are the same as POST, and its format is symmetrical with the GET result.',
  },
  {
    independentCases: true,
    maxRuns: 10,
    // The job read in both states of its referenceId: an upsert that adopts a job without one by its title takes it.
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx, { withStatus: true }), named: fc.boolean() }),
    examples: () => [{ named: true }, { named: false }],
    check: async (ctx: RuleContext, { generated, named }) => {
      const source = await original(ctx, generated, named);
      const referenceId = ctx.referenceId();
      const res = await ctx.api.putByReference({ ...withoutIdentity(source), referenceId });
      expectStatus(
        ctx,
        res,
        isSuccess,
        'PUT /jobs with a GET result and a new referenceId creates the job (spec 4.3: same fields as POST, symmetrical with GET)',
      );
      const how = 'PUT /jobs of a GET result with a new referenceId';
      await expectBesideSource(ctx, source, res, how);
      expectSameValues(ctx, source, await getJob(ctx, jobOf(res).id), how);
    },
  },
);

export const roundtripRules: Implementation[] = [
  postAccepted,
  sameValues,
  putCreate,
  ...characterClassRules,
  ...closeDateFormRules,
  ...blankTitleRules,
];
