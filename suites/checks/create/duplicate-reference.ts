/**
 * @module A referenceId already in use (spec 4.2, 7.1): the POST is rejected and creates nothing, whatever the
 * history of the referenceId before it (HISTORIES): a check that reads who last wrote it, or counts its POSTs, lets a
 * duplicate through after one of them.
 */
import * as fc from 'fast-check';
import type { Job } from '../../../schemas/types.gen.js';
import type { ApiResponse, Body, JobsApi, RuleContext } from '../../contract/rule.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { changedFields, changeLines, show } from '../../../judging/compare.js';
import { expectStatus, isClientError, isSuccess } from '../../kit/http.js';
import { sendCreate, sendUpdate } from '../../kit/rejected-writes.js';
import { createJob, getJob, idsOf, listJobs } from '../../kit/jobs.js';
import { propertyRule, type Implementation } from '../../kit/rule-builders.js';

/** POST /jobs of `body` under `referenceId`, unjudged. */
function postWith(ctx: RuleContext, body: Body, referenceId: string, api: JobsApi = ctx.api): Promise<ApiResponse<Job>> {
  return api.create({ ...identify(ctx, body), referenceId });
}

/** How the job came to hold its referenceId, and what befell the referenceId since, before the judged POST. */
interface History {
  readonly what: string;
  /** Makes the job that holds `body.referenceId`; `other` is a second valid body. */
  hold(ctx: RuleContext, body: Body & { referenceId: string }, other: Body): Promise<void>;
}

const POSTED: History = { what: 'posted', hold: async (ctx, body) => void (await createJob(ctx, body)) };

const HISTORIES: readonly History[] = [
  POSTED,
  {
    what: 'created by a PUT /jobs',
    hold: async (ctx, body) =>
      expectStatus(
        ctx,
        await sendCreate(ctx, 'put-create', body),
        isSuccess,
        'setup: a PUT /jobs with a new referenceId creates the job (spec 4.3)',
      ),
  },
  {
    what: 'renamed to it by PUT /jobs/{id}',
    hold: async (ctx, body) => {
      const job = await createJob(ctx, identify(ctx, body));
      const res = await sendUpdate(ctx, 'id', job, { referenceId: body.referenceId });
      expectStatus(ctx, res, 200, 'setup: PUT /jobs/{id} with a new referenceId renames the job (spec 4.3)');
    },
  },
  {
    // 4.2: "from the second time onward": the third POST too.
    what: 'already refused once to a duplicate POST',
    hold: async (ctx, body, other) => {
      await createJob(ctx, body);
      await postWith(ctx, other, body.referenceId);
    },
  },
  {
    // A referenceId is the employer's own (spec 1): the second employer holding it too changes nothing for the first.
    what: 'then posted by the second employer too',
    hold: async (ctx, body, other) => {
      await createJob(ctx, body);
      if (ctx.second) await postWith(ctx, other, body.referenceId, ctx.second);
    },
  },
];

interface DuplicateCase {
  first: Body;
  second: Body;
  status: Job['status'] | undefined;
  history: History;
}

export const duplicateRejected: Implementation = propertyRule<DuplicateCase>(
  {
    id: 'jobs.create.duplicate-reference-rejected',
    section: '4.2',
    level: 'must',
    title: 'POST with a referenceId already in use is rejected (4xx), whatever befell the referenceId before',
    statement: 'Posting a `referenceId` that already exists rejects the request from the second time onward.',
  },
  {
    maxRuns: 5,
    arbitrary: (ctx) =>
      fc.record({
        first: createBodyArb(ctx),
        second: createBodyArb(ctx),
        status: fc.constant<Job['status'] | undefined>(undefined),
        history: fc.constant(POSTED),
      }),
    // The job holding the referenceId in each status (a plain create gives a draft): a check that looks among the
    // live postings only lets a duplicate of an archived one through. Then each other history of the referenceId.
    examples: () => [
      ...(['active', 'archived'] as const).map((status) => ({ status })),
      ...HISTORIES.filter((history) => history !== POSTED).map((history) => ({ history })),
    ],
    independentCases: true,
    check: async (ctx: RuleContext, { first, second, status, history }) => {
      const body = identify(ctx, status === undefined ? first : { ...first, status });
      await history.hold(ctx, body, second);
      const duplicate = await postWith(ctx, second, body.referenceId);
      if (isClientError(duplicate.status)) {
        ctx.observe({ topic: 'error-status.duplicate-reference-id', section: '7.1', observed: String(duplicate.status) });
      }
      expectStatus(
        ctx,
        duplicate,
        isClientError,
        `a POST with a referenceId already in use (${history.what}) is rejected from the second time on: a 4xx (spec 4.2, 7.1)`,
      );
    },
  },
);

export const duplicateCreatesNothing: Implementation = propertyRule(
  {
    id: 'jobs.create.duplicate-reference-creates-nothing',
    section: '4.2',
    level: 'must',
    title: 'A rejected duplicate POST creates nothing and leaves the first job unchanged',
    statement: 'Posting a `referenceId` that already exists rejects the request from the second time onward.',
  },
  {
    maxRuns: 5,
    arbitrary: (ctx) => fc.tuple(createBodyArb(ctx), createBodyArb(ctx)),
    check: async (ctx: RuleContext, [first, second]) => {
      const body = identify(ctx, first);
      const original = await createJob(ctx, body);
      const duplicate = await postWith(ctx, second, body.referenceId);
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
        received: changeLines(original, after, diff).join('\n'),
      });
    },
  },
);
