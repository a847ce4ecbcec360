/**
 * @module Salary inputs (spec 2.5). Amounts are whole cents divided by 100:
 * positive, at most two decimals, printed by JSON.stringify exactly as
 * written (12345 / 100 is the double nearest to 123.45, which prints "123.45").
 */
import * as fc from 'fast-check';
import { salaryPeriodIds } from './schema-limits.js';

export interface SalaryInput {
  amount: number;
  maxAmount?: number | null;
  period?: { id: number };
  plusCommission?: boolean;
}

// Spec silent on a range; 1.00 to 500 000.00 is plausible for every period a server might check.
const MIN_CENTS = 100;
const MAX_CENTS = 50_000_000;

interface SalaryParts {
  amountCents: number;
  /** null: maxAmount null; undefined: maxAmount omitted; n: maxAmount = amount + n cents. */
  extraCents: number | null | undefined;
  periodId: number;
  plusCommission: boolean | undefined;
}

function toSalaryInput(parts: SalaryParts): SalaryInput {
  const salary: SalaryInput = { amount: parts.amountCents / 100, period: { id: parts.periodId } };
  // §2.5: maxAmount is an optional maximum, so never below amount.
  if (parts.extraCents !== undefined) {
    salary.maxAmount = parts.extraCents === null ? null : (parts.amountCents + parts.extraCents) / 100;
  }
  if (parts.plusCommission !== undefined) salary.plusCommission = parts.plusCommission;
  return salary;
}

const salaryPartsArb: fc.Arbitrary<SalaryParts> = fc.record({
  amountCents: fc.integer({ min: MIN_CENTS, max: MAX_CENTS }),
  extraCents: fc.option(fc.option(fc.integer({ min: 0, max: MAX_CENTS }), { nil: null }), { nil: undefined }),
  // §2.5: period ids 1 to 5 (read from salary-period.schema.json)
  periodId: fc.constantFrom(...salaryPeriodIds),
  plusCommission: fc.option(fc.boolean(), { nil: undefined }),
});

/**
 * A valid salary: period always given with the amount (§2.5), maxAmount
 * omitted, null, or at least amount.
 *
 * @example
 * fc.sample(salaryInputArb, 1); // [{ amount: 4812.5, period: { id: 2 }, maxAmount: 5000 }]
 */
export const salaryInputArb: fc.Arbitrary<SalaryInput> = salaryPartsArb.map(toSalaryInput);

function dropPeriod(salary: SalaryInput): SalaryInput {
  const { period: _period, ...rest } = salary;
  return rest;
}

/**
 * A salary with an amount and NO period: invalid by §2.5 whatever else shrinks.
 *
 * @example
 * fc.sample(salaryWithoutPeriodArb, 1); // [{ amount: 2012.5, maxAmount: null }]
 */
export const salaryWithoutPeriodArb: fc.Arbitrary<SalaryInput> = salaryInputArb.map(dropPeriod);
