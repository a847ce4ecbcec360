/**
 * @module A deleted job's referenceId is free again (spec 3, 4.2): the job is
 * removed, so a create with its referenceId (POST, or PUT /jobs) posts no
 * referenceId "that already exists" and creates a new job. A soft delete that
 * keeps the referenceId in a unique index refuses it.
 */
import * as fc from 'fast-check';
import type { Rule, RuleContext } from '../../rule.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { show } from '../../kit/compare.js';
import { expectStatus, isSuccess, jobOf } from '../../kit/http.js';
import { createJob, listJobs } from '../../kit/jobs.js';
import { propertyRule } from '../../kit/rule-builders.js';
import { CREATE_WAYS } from './shared.js';

export const deletedReferenceReusable: Rule = propertyRule(
  { id: 'jobs.create.deleted-reference-reusable', section: '3', area: 'create', title: "A deleted job's referenceId can be used again, by POST and by PUT-create", statement: 'any | DELETE | job identified by id or `referenceId` | (job removed)' },
  {
    maxRuns: 3,
    arbitrary: (ctx) => fc.tuple(createBodyArb(ctx), createBodyArb(ctx)),
    check: async (ctx: RuleContext, [first, second]) => {
      for (const way of CREATE_WAYS) {
        const body = identify(ctx, first);
        const old = await createJob(ctx, body);
        expectStatus(ctx, await ctx.api.deleteById(old.id), 204, 'setup: DELETE /jobs/{id} answers 204 (spec 4.4)');
        const again = { ...identify(ctx, second), referenceId: body.referenceId };
        const res = way === 'POST /jobs' ? await ctx.api.create(again) : await ctx.api.putByReference(again);
        expectStatus(ctx, res, way === 'POST /jobs' ? 201 : isSuccess, `the job with referenceId ${body.referenceId} was removed (spec 3), so ${way} with it creates a new job: ${way === 'POST /jobs' ? '201 (4.2)' : 'a 2xx (4.3)'}`);
        const created = jobOf(res);
        const listed = (await listJobs(ctx, { q: body.referenceId, pageSize: 100 })).json.data.filter((item) => item.referenceId === body.referenceId);
        ctx.expect(created.id !== old.id && listed.length === 1 && listed[0]?.id === created.id, {
          title: `${way} with a deleted job's referenceId did not give one new job`,
          expected: 'one live job with the referenceId: the new one (spec 2.1: the service assigns ids; 3: the old job is removed)',
          received: `deleted job ${old.id}; ${way} answered job ${created.id}; listed with the referenceId: ${show(listed.map((item) => item.id))}`,
        });
      }
    },
  },
);
