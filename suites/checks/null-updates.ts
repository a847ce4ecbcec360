/**
 * @module A null for a nullable field, sent as a partial update in every form (spec 2.1: salary "Object or null",
 * "null when no salary is defined"; 2.5: maxAmount "Decimal or null"; 4.3: only the fields sent change, to what was
 * sent). Every other rule's updates send values; the lifecycle model clears a salary only on some draws. Here a job
 * with a salary and a maximum gets `salary: null`, and another gets a salary whose maxAmount is null, by id, by
 * referenceId and through the override where honoured: the answer and a GET show the null. A path that skips nulls
 * (reading "null" as "not sent") keeps the old value there. After the salary's null, a new salary sent with only its
 * required members takes the defaults (2.5: plusCommission "Default false"; maxAmount optional): nothing is left to
 * merge it into, so a server that kept the cleared salary behind revives its members there.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { keptValueProblems } from '../../judging/compare.js';
import { isSuccess, responseLine } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/** A salary with every member set off its default, so each null below, and each default after it, changes something. */
const FULL_SALARY = { amount: 40000, maxAmount: 60000, period: { id: 1 }, plusCommission: true };

/** A salary with its required members only, sent after `salary: null`, and the salary it must read back as. */
const FRESH_SALARY = { amount: 30000, period: { id: 2 } };
const FRESH_SALARY_READ = { ...FRESH_SALARY, maxAmount: null, plusCommission: false };

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
    title:
      'A partial update with salary null, or maxAmount null, in every update form, shows the null on its answer and a GET; ' +
      'a salary sent after the null takes the defaults',
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
          await expectSalaryShown(ctx, job.id, how, what, patch, res);
          if (patch.salary !== null || !isSuccess(res.status)) continue;
          const fresh = await sendUpdate(ctx, form, job, { salary: FRESH_SALARY });
          await expectSalaryShown(
            ctx,
            job.id,
            `${how}, then with a salary of its required members`,
            'the defaults',
            { salary: FRESH_SALARY_READ },
            fresh,
          );
        }
    },
  },
);

/** Fails unless the update's answer and a GET after it show the salary `expected` (what the update sent, or its defaults). */
async function expectSalaryShown(
  ctx: RuleContext,
  id: number,
  how: string,
  what: string,
  expected: Body,
  res: ApiResponse<Job>,
): Promise<void> {
  ctx.expect(isSuccess(res.status), {
    title: `${how} was refused`,
    expected: 'a partial update of a valid job with a salary or a null the field takes is applied (spec 2.1, 2.5, 4.3)',
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  if (!isSuccess(res.status)) return;
  for (const [where, read] of [
    [`the answer of ${how}`, res.json],
    [`GET /jobs/${id} after ${how}`, await getJob(ctx, id)],
  ] as const) {
    const problems = keptValueProblems(expected, read as unknown as Record<string, unknown>, ['salary']);
    ctx.expect(problems.length === 0, {
      title: `${where} does not show ${what}`,
      expected:
        'the null sent: no salary, or no maximum; a new salary after a null takes the defaults ' +
        '(spec 2.1, 2.5; 4.3: only the fields sent change, to what was sent)',
      received: problems.join('\n'),
      failingExchange: res.exchange,
    });
  }
}
