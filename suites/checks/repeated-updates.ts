/**
 * @module PUT is idempotent (spec 4.2), updates included: the same partial update sent twice leaves the job as once.
 * In each update form, an active job is archived twice, re-published twice and retitled twice; the second answer and
 * a GET show the job the first answer showed. A server whose archive toggles, or whose second write changes
 * something the first did not (a counter, a date), shows it here.
 */
import * as fc from 'fast-check';
import type { Body, RuleContext } from '../contract/rule.js';
import { changedFields, changeLines } from '../../judging/compare.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { expectStatus, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS, type UpdateForm } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

export const updateIdempotent: Implementation = propertyRule(
  {
    id: 'jobs.update.idempotent',
    section: '4.2',
    level: 'must',
    title: 'The same partial update sent twice (an archive, a re-publish, a title), in every update form, leaves the job as once',
    statement: 'PUT is recommended whenever a `referenceId` is used, because PUT is idempotent.',
  },
  {
    maxRuns: 4,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), form: fc.constantFrom(...UPDATE_FORMS) }),
    examples: () => UPDATE_FORMS.map((form) => ({ form })),
    check: async (ctx: RuleContext, { generated, form }: { generated: Body; form: UpdateForm }) => {
      const body = identify(ctx, { ...generated, status: 'active' });
      let job = await createJob(ctx, body);
      for (const patch of [{ status: 'archived' }, { status: 'active' }, { title: scopedTitle(ctx, body.referenceId, 'sent twice') }]) {
        const first = await sendUpdate(ctx, form, job, patch);
        if (await declinesUpdate(ctx, form, job, first)) return;
        const what = `${formLabel(form, job)} with ${JSON.stringify(patch)}`;
        expectStatus(ctx, first, 200, `${what} updates the job: 200 with the Job (spec 4.3)`);
        const once = jobOf(first);
        const second = await sendUpdate(ctx, form, once, patch);
        expectStatus(ctx, second, 200, `${what}, sent again, updates the job: 200 with the Job (spec 4.3)`);
        const twice = await getJob(ctx, job.id);
        for (const [read, shown] of [
          ['the second answer', jobOf(second)],
          ['a GET after it', twice],
        ] as const) {
          const diff = changedFields(once, shown);
          ctx.expect(diff.length === 0, {
            title: `${what} sent twice: ${read} differs from the first in ${diff.join(', ')}`,
            expected: 'the job as the first update left it: PUT is idempotent (spec 4.2, 4.3)',
            received: changeLines(once, shown, diff).join('\n'),
            failingExchange: second.exchange,
          });
        }
        job = twice;
      }
    },
  },
);
