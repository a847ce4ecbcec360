/**
 * @module A job's own GET result sent back as an update (spec 4.3: the body "is symmetrical with the GET result";
 * only the fields sent change). Every value in it is the job's own, its referenceId included, so the update changes
 * nothing: a server that checks a sent value against the stored ones without leaving the job itself out (a
 * referenceId "already in use" by the job that holds it) refuses it, and one that rewrites a value it is sent
 * unchanged moves it. Sent in every update form: by id, by referenceId and through the override where the target
 * honours it.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, withNumberAmounts } from '../kit/bodies.js';
import { changedFields, changeLines } from '../../judging/compare.js';
import { expectStatus, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesOverride, formLabel, sendUpdate, STATED_UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/**
 * The GET result as a body: all of it but the id, which the path or the referenceId already names, with amounts as
 * JSON numbers (an amount answered as a decimal string is jobs.limits.amount-as-number's to judge, once).
 */
function resendable(job: Job): Body {
  const { id: _named, ...rest } = job;
  return withNumberAmounts(rest);
}

async function check(ctx: RuleContext, generated: Body): Promise<void> {
  const { id } = await createJob(ctx, identify(ctx, generated));
  for (const form of STATED_UPDATE_FORMS) {
    const before = await getJob(ctx, id);
    const res = await sendUpdate(ctx, form, before, resendable(before));
    const label = `${formLabel(form, before)} with the job's own GET result`;
    if (form === 'override' && (await declinesOverride(ctx, before, res))) continue;
    expectStatus(
      ctx,
      res,
      200,
      `${label} is a valid update: 200 with the full Job (spec 4.3: the body is symmetrical with the GET result)`,
    );
    const after = await getJob(ctx, id);
    for (const [where, job] of [
      ['a GET', after],
      ['the answer', jobOf(res)],
    ] as const) {
      const diff = changedFields(before, job);
      ctx.expect(diff.length === 0, {
        title: `${label}: ${where} shows ${diff.join(', ')} changed`,
        expected: "only the fields sent change (spec 4.3), and each was sent as the job's own value: the job stays as it was",
        received: changeLines(before, job, diff).join('\n'),
      });
    }
  }
}

export const resentGetResultRule: Implementation = propertyRule<Body>(
  {
    id: 'jobs.update.get-result-resent',
    section: '4.3',
    level: 'must',
    title: "A job's own GET result, sent back as an update in every form, is taken and changes nothing",
    statement: 'Request body fields are the same as POST, and its format is symmetrical with the GET result.',
  },
  { maxRuns: 2, arbitrary: (ctx) => createBodyArb(ctx), check },
);
