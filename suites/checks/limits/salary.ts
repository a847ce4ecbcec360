/**
 * @module Salary input (spec 2.5): an amount needs a period; amounts take up to four decimals.
 */
import { isSuccess, responseLine } from '../../kit/http.js';
import * as fc from 'fast-check';
import { salaryInputArb, salaryWithoutPeriodArb } from '../../arbitraries/salary.js';
import { amountsWithoutFourDecimals, countAmounts, maxAmountForms } from '../../kit/amount-decimals.js';
import { createRejected } from '../../kit/expect-rejected.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import type { Rule, RuleContext } from '../../rule.js';
import { fixedRule } from '../../kit/rule-builders.js';

export const salaryPeriodRequired: Rule = fixedRule(
  { id: 'jobs.limits.salary-period-required', section: '2.5', area: 'limits', title: 'A salary amount without salary.period.id is rejected', statement: 'Rule: `salary.period.id` is required when `salary.amount` is given.' },
  async (ctx: RuleContext) => {
    await ctx.check(fc.record({ job: createBodyArb(ctx), salary: salaryWithoutPeriodArb }), async ({ job, salary }) => {
      const body = identify(ctx, job);
    const ref = body.referenceId;
      await createRejected(ctx, { ...body, salary }, ref, {
        title: 'POST /jobs accepted a salary amount without a period',
        expected: 'spec 2.5: salary.period.id is required when salary.amount is given',
      });
    });
  },
);

export const salaryFourDecimals: Rule = fixedRule(
  { id: 'jobs.limits.salary-four-decimals', section: '2.5', area: 'limits', title: 'Salary amount in responses carries four decimal places', statement: 'Base salary. Responses carry four decimal places.' },
  async (ctx: RuleContext) => {
    await ctx.check(fc.record({ job: createBodyArb(ctx), salary: salaryInputArb }), async ({ job, salary }) => {
      const body = identify(ctx, job);
      const res = await ctx.api.create({ ...body, salary });
      ctx.expect(isSuccess(res.status) && res.json !== undefined, {
        title: 'POST /jobs refused a job with a valid salary',
        expected: 'spec 2.5 and 4.2: a salary with amount and period is valid: 2xx',
        received: responseLine(res),
      });
      const read = await ctx.api.get(res.json.id);
      for (const [what, r] of [['POST /jobs', res], [`GET /jobs/${res.json.id}`, read]] as const) {
        const wrong = amountsWithoutFourDecimals(r.text);
        ctx.expect(countAmounts(r.text) > 0 && wrong.length === 0, {
          title: `${what} writes the salary amount without four decimal places`,
          expected: `spec 2.5: responses carry four decimal places (e.g. "amount": ${salary.amount.toFixed(4)})`,
          received: wrong.length > 0 ? wrong.join(', ') : `no "amount" in ${responseLine(r)}`,
          failingExchange: r.exchange,
        });
        // 2.5 states four places for amount only; maxAmount is a "Decimal" in any form.
        for (const form of maxAmountForms(r.text)) ctx.observe({ topic: 'salary.max-amount-form', section: '2.5', observed: form });
      }
    });
  },
);
