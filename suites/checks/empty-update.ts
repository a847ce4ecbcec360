/**
 * @module An update that sends no field (spec 4.3: "Updates are partial. Only the fields sent change."): `PUT
 * /jobs/{id}` with `{}`, `PUT /jobs` with the referenceId alone, and the override with `{}` where the target honours
 * it. Whether such a body is valid is not stated: taking it (a 200 with the job) or refusing it (a client error) is
 * observed. Either way it changes nothing, and it is never a 5xx (7: status codes for invalid input are not shown;
 * a server error is no refusal).
 */
import type { Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { changedFields, changeLines } from '../../judging/compare.js';
import { expectStatus, isSuccess, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesOverride, formLabel, sendUpdate, STATED_UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

async function check(ctx: RuleContext, generated: Body): Promise<void> {
  const { id } = await createJob(ctx, identify(ctx, generated));
  for (const form of STATED_UPDATE_FORMS) {
    const before = await getJob(ctx, id);
    const res = await sendUpdate(ctx, form, before, {});
    if (form === 'override' && (await declinesOverride(ctx, before, res))) continue;
    const label = `${formLabel(form, before)} with no field`;
    expectStatus(ctx, res, (status) => status < 500, `${label} is answered, taken or refused, never with a 5xx (spec 4.3, 7)`);
    ctx.observe({
      topic: 'update.empty-body',
      section: '4.3',
      observed: `${formLabel(form)}: ${isSuccess(res.status) ? 'accepted' : `refused with ${res.status}`}`,
    });
    const reads = isSuccess(res.status) ? ([['the answer', jobOf(res)]] as const) : [];
    for (const [where, job] of [...reads, ['a GET', await getJob(ctx, id)] as const]) {
      const diff = changedFields(before, job);
      ctx.expect(diff.length === 0, {
        title: `${label}: ${where} shows ${diff.join(', ')} changed`,
        expected: 'only the fields sent change (spec 4.3): an update that sends none changes nothing',
        received: changeLines(before, job, diff).join('\n'),
      });
    }
  }
}

export const emptyUpdateRule: Implementation = propertyRule<Body>(
  {
    id: 'jobs.update.empty-body',
    section: '4.3',
    level: 'must',
    title: 'An update that sends no field, in every form, changes nothing and is never answered with a 5xx',
    statement: 'Updates are partial. Only the fields sent change.',
  },
  { maxRuns: 1, arbitrary: (ctx) => createBodyArb(ctx), check },
);
