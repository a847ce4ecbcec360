/**
 * @module A referenceId already in use (spec 4.2, 7.1): the POST is rejected and creates nothing.
 */
import * as fc from 'fast-check';
import type { Job } from '../../../schemas/types.gen.js';
import type { Body, RuleContext } from '../../contract/rule.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { changedFields, changeLines, show } from '../../../judging/compare.js';
import { expectStatus, isClientError } from '../../kit/http.js';
import { createJob, getJob, idsOf, listJobs } from '../../kit/jobs.js';
import { propertyRule, type Implementation } from '../../kit/rule-builders.js';

/** Creates a job, then POSTs another body with the same referenceId. */
async function postDuplicate(ctx: RuleContext, first: Body, second: Body) {
  const body = identify(ctx, first);
  const original = await createJob(ctx, body);
  const duplicate = await ctx.api.client.request<Job>({
    method: 'POST',
    path: '/jobs',
    body: { ...identify(ctx, second), referenceId: body.referenceId },
  });
  return { body, original, duplicate };
}

export const duplicateRejected: Implementation = propertyRule<{ first: Body; second: Body; status: Job['status'] | undefined }>(
  {
    id: 'jobs.create.duplicate-reference-rejected',
    section: '4.2',
    level: 'must',
    title: 'POST with a referenceId already in use is rejected (4xx)',
    statement: 'Posting a `referenceId` that already exists rejects the request from the second time onward.',
  },
  {
    maxRuns: 5,
    arbitrary: (ctx) =>
      fc.record({ first: createBodyArb(ctx), second: createBodyArb(ctx), status: fc.constant<Job['status'] | undefined>(undefined) }),
    // The job holding the referenceId in each status (a plain create gives a draft): a check that looks among the
    // live postings only lets a duplicate of an archived one through.
    examples: () => (['active', 'archived'] as const).map((status) => ({ status })),
    independentCases: true,
    check: async (ctx: RuleContext, { first, second, status }) => {
      const { duplicate } = await postDuplicate(ctx, status === undefined ? first : { ...first, status }, second);
      if (isClientError(duplicate.status)) {
        ctx.observe({ topic: 'error-status.duplicate-reference-id', section: '7.1', observed: String(duplicate.status) });
      }
      expectStatus(
        ctx,
        duplicate,
        isClientError,
        'a POST with a referenceId already in use is rejected from the second time on: a 4xx (spec 4.2, 7.1)',
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
        received: changeLines(original, after, diff).join('\n'),
      });
    },
  },
);
