/**
 * @module A null for a nullable field, sent as a partial update in every form (spec 2.1: salary "Object or null",
 * "null when no salary is defined"; 2.5: maxAmount "Decimal or null"; 4.3: only the fields sent change, to what was
 * sent). Every other rule's updates send values; the lifecycle model clears a salary only on some draws. Here a job
 * with a salary and a maximum gets `salary: null`, and another gets a salary whose maxAmount is null, by id, by
 * referenceId and through the override where honoured: the answer and a GET show the null. A path that skips nulls
 * (reading "null" as "not sent") keeps the old value there.
 */
import type { Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { keptValueProblems } from '../../judging/compare.js';
import { isSuccess, responseLine } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/** A salary with every member set, so each null below changes something. */
const FULL_SALARY = { amount: 40000, maxAmount: 60000, period: { id: 1 }, plusCommission: false };

/** The nulls a partial update may send: the whole salary, and its maximum. */
const NULLS: ReadonlyArray<{ what: string; patch: Body }> = [
  { what: 'salary null', patch: { salary: null } },
  { what: 'a salary with maxAmount null', patch: { salary: { amount: 50000, maxAmount: null, period: { id: 2 } } } },
];

export const nullUpdatesRule: Implementation = propertyRule<Body>(
  {
    id: 'jobs.update.nulls-taken',
    section: '2.1',
    level: 'must',
    title: 'A partial update with salary null, or maxAmount null, in every update form, shows the null on its answer and a GET',
    statement: 'null when no salary is defined (see 2.5).',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      for (const { what, patch } of NULLS)
        for (const form of UPDATE_FORMS) {
          const job = await createJob(ctx, { ...identify(ctx, generated), salary: FULL_SALARY });
          const res = await sendUpdate(ctx, form, job, patch);
          if (await declinesUpdate(ctx, form, job, res)) continue;
          const how = `${formLabel(form, job)} with ${what}`;
          ctx.expect(isSuccess(res.status), {
            title: `${how} was refused`,
            expected: 'a partial update of a valid job with a null the field takes is applied (spec 2.1, 2.5, 4.3)',
            received: responseLine(res),
            failingExchange: res.exchange,
          });
          if (!isSuccess(res.status)) continue;
          for (const [where, read] of [
            [`the answer of ${how}`, res.json],
            [`GET /jobs/${job.id} after ${how}`, await getJob(ctx, job.id)],
          ] as const) {
            const problems = keptValueProblems(patch, read as unknown as Record<string, unknown>, ['salary']);
            ctx.expect(problems.length === 0, {
              title: `${where} does not show ${what}`,
              expected: 'the null sent: no salary, or no maximum (spec 2.1, 2.5; 4.3: only the fields sent change, to what was sent)',
              received: problems.join('\n'),
            });
          }
        }
    },
  },
);
