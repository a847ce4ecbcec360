/**
 * @module A salary object with no member (spec 2.5: amount, maxAmount, period and plusCommission; only period is
 * required, and only when amount is given, so `{}` breaks no stated rule). The smallest salary a client can send: a
 * server may take it (no salary on a create, the salary as it was on a partial update) or refuse it, which is
 * observed; what is judged is that the answer holds and is never a 5xx. Sent on every write path: POST, PUT-create,
 * and a partial update by id, by referenceId and through the override (suites/kit/kept-or-refused.ts).
 */
import type { RuleContext } from '../contract/rule.js';
import { openValuesRule, type OpenValue } from '../kit/kept-or-refused.js';
import type { Implementation } from '../kit/rule-builders.js';

function emptySalary(ctx: RuleContext): OpenValue {
  return {
    what: 'a salary of {}',
    statement: 'spec 2.5: salary.period.id is required when salary.amount is given; no member is required otherwise',
    sent: { salary: {} },
    // Taken on a create, no salary defined reads as null (2.1: "null when no salary is defined").
    alsoKept: [{ salary: null }],
    observe: (path, answer) => ctx.observe({ topic: 'salary.without-members', section: '2.5', observed: `${path}: ${answer}` }),
  };
}

export const emptySalaryRule: Implementation = openValuesRule(
  {
    id: 'jobs.roundtrip.salary-without-members',
    section: '2.5',
    level: 'must',
    title: 'A salary object with no member is taken or refused without effect, never with a 5xx, on every write path (observed)',
    statement: 'Rule: `salary.period.id` is required when `salary.amount` is given.',
  },
  (ctx) => [emptySalary(ctx)],
);
