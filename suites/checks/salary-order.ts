/**
 * @module A salary whose maxAmount is below its amount (spec 2.5: amount "Base salary", maxAmount "Optional maximum
 * salary"; no order between them is stated). A server may take it or refuse it, which is observed; taken, it comes
 * back as sent, never with the two swapped or one dropped (suites/kit/kept-or-refused.ts). Sent whole on every write
 * path: POST, PUT-create, and a partial update by id, by referenceId and through the override. The generators write
 * a maximum above the amount, and a partial merge below it is jobs.update.salary-merge's.
 */
import type { RuleContext } from '../contract/rule.js';
import { openValuesRule, type OpenValue } from '../kit/kept-or-refused.js';
import type { Implementation } from '../kit/rule-builders.js';

/** A yearly salary whose maximum is below its base, in numbers any reading of "Decimal" takes. */
const MAX_BELOW_AMOUNT = { amount: 60000, maxAmount: 50000, period: { id: 1 }, plusCommission: false };

const OPEN = 'spec 2.5: amount is the base salary and maxAmount the optional maximum; no order between them is stated';

function maxBelowAmount(ctx: RuleContext): OpenValue {
  return {
    what: 'a salary whose maxAmount is below its amount',
    statement: OPEN,
    sent: { salary: MAX_BELOW_AMOUNT },
    observe: (path, answer) => ctx.observe({ topic: 'salary.max-below-amount', section: '2.5', observed: `${path}: ${answer}` }),
  };
}

export const salaryOrderRule: Implementation = openValuesRule(
  {
    id: 'jobs.roundtrip.salary-max-below-amount',
    section: '2.5',
    level: 'must',
    title: 'A salary whose maxAmount is below its amount is kept as sent or refused without effect, on every write path (observed)',
    statement: 'maxAmount | Decimal or null | Optional maximum salary.',
  },
  (ctx) => [maxBelowAmount(ctx)],
);
