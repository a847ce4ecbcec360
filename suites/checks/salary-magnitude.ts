/**
 * @module Salaries at the edges of "Decimal" (spec 2.5: amount and maxAmount state neither a largest nor a smallest
 * value). A salary past a signed 32-bit integer: a server may take it or refuse it (a cap on salaries is its
 * business), which is observed; taken, it comes back as sent, never wrapped, rounded to a float or cut
 * (suites/kit/kept-or-refused.ts). The generators draw amounts a salary has, so a column or a type of 32 bits shows
 * only here. A salary of zero or below: a server may refuse it too, but taken it is kept, never read as "no value" (a
 * maxAmount of 0 nulled) or made positive (an absolute value, an unsigned column). Each is sent whole on every write path: POST,
 * PUT-create, and a partial update by id, by referenceId and through the override.
 */
import type { RuleContext } from '../contract/rule.js';
import { openValuesRule, type OpenValue } from '../kit/kept-or-refused.js';
import type { Implementation } from '../kit/rule-builders.js';

/** 2^31 and 2^32: the first amounts a signed and an unsigned 32-bit integer cannot hold, exact in any decimal type. */
const PAST_32_BITS = { amount: 2_147_483_648, maxAmount: 4_294_967_296, period: { id: 1 }, plusCommission: false };

function past32Bits(ctx: RuleContext): OpenValue {
  return {
    what: 'a salary of 2147483648 to 4294967296',
    statement: 'spec 2.5: amount and maxAmount are Decimal, with no largest value stated',
    sent: { salary: PAST_32_BITS },
    observe: (path, answer) => ctx.observe({ topic: 'salary.past-32-bits', section: '2.5', observed: `${path}: ${answer}` }),
  };
}

export const salaryMagnitudeRule: Implementation = openValuesRule(
  {
    id: 'jobs.roundtrip.salary-past-32-bits',
    section: '2.5',
    level: 'must',
    title: 'A salary past a 32-bit integer is kept as sent or refused without effect, on every write path (observed)',
    statement: 'amount | Decimal | Base salary.',
  },
  (ctx) => [past32Bits(ctx)],
);

/** Zero for both amounts: the value a truthiness test reads as absent. */
const ZERO = { amount: 0, maxAmount: 0, period: { id: 3 }, plusCommission: true };
/**
 * Zero for the amount alone, with no maximum: an update that drops a zero amount as no value keeps the job's old one,
 * which a maximum of zero beside it would turn into a refusal (a maximum under the amount), and hide.
 */
const ZERO_AMOUNT = { amount: 0, maxAmount: null, period: { id: 1 }, plusCommission: false };
/** Below zero, with no maximum (so no order of the two to refuse): a value an absolute value or an unsigned column changes. */
const NEGATIVE = { amount: -1500.25, maxAmount: null, period: { id: 5 }, plusCommission: false };

function notPositive(ctx: RuleContext, what: string, salary: Record<string, unknown>): OpenValue {
  return {
    what,
    statement: 'spec 2.5: amount and maxAmount are Decimal, with no smallest value stated',
    sent: { salary },
    observe: (path, answer) => ctx.observe({ topic: 'salary.not-positive', section: '2.5', observed: `${what}, ${path}: ${answer}` }),
  };
}

export const salaryNotPositiveRule: Implementation = openValuesRule(
  {
    id: 'jobs.roundtrip.salary-not-positive',
    section: '2.5',
    level: 'must',
    title: 'A salary of zero, or below zero, is kept as sent or refused without effect, on every write path (observed)',
    statement: 'amount | Decimal | Base salary.',
  },
  (ctx) => [
    notPositive(ctx, 'a salary of 0 to 0', ZERO),
    notPositive(ctx, 'a salary of 0', ZERO_AMOUNT),
    notPositive(ctx, 'a salary of -1500.25', NEGATIVE),
  ],
);
