/**
 * @module Salary inputs (spec 2.5). Amounts are whole ten-thousandths divided
 * by 10 000: positive, at most four decimals (2.5: "Responses carry four
 * decimal places", so four are kept), printed by JSON.stringify exactly as
 * written (12345678 / 10000 is the double nearest to 1234.5678, which prints
 * "1234.5678"). Whole, two-, three- and four-decimal amounts are drawn, and
 * the largest ones of each.
 */
import * as fc from 'fast-check';
import { salaryPeriodIds } from './schema-limits.js';

export interface SalaryInput {
  amount: number;
  maxAmount?: number | null;
  period?: { id: number };
  plusCommission?: boolean;
}

// Spec silent on a range; 1.0000 to 500 000.0000 is plausible for every period a server might check.
const UNITS_PER_ONE = 10_000;
const MIN_UNITS = 1 * UNITS_PER_ONE;
const MAX_UNITS = 500_000 * UNITS_PER_ONE;

/** Units (ten-thousandths) in `min`..`max` that are multiples of `step`: whole (10 000), two (100), three (10) or four (1) decimals. */
function unitsArb(min: number, max: number, step: number): fc.Arbitrary<number> {
  return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((n) => n * step);
}

/**
 * An amount in ten-thousandths within `min`..`max`: as many decimals as a
 * decimal(p, 4) column keeps (a server that rounds to two loses the others),
 * and the largest value with four decimals once in a while.
 */
export function amountUnitsArb(min = MIN_UNITS, max = MAX_UNITS): fc.Arbitrary<number> {
  return fc.oneof(
    unitsArb(min, max, 100),
    unitsArb(min, max, 10),
    unitsArb(min, max, 1),
    unitsArb(min, max, UNITS_PER_ONE),
    fc.constantFrom(max, max - 1, max - 10),
  );
}

/** Ten-thousandths to the number sent: exact to the fourth decimal. */
export const toAmount = (units: number): number => units / UNITS_PER_ONE;

interface SalaryParts {
  amountUnits: number;
  /** null: maxAmount null; undefined: maxAmount omitted; n: maxAmount = amount + n ten-thousandths. */
  extraUnits: number | null | undefined;
  periodId: number;
  plusCommission: boolean | undefined;
}

function toSalaryInput(parts: SalaryParts): SalaryInput {
  const salary: SalaryInput = { amount: toAmount(parts.amountUnits), period: { id: parts.periodId } };
  // §2.5: maxAmount is an optional maximum, so never below amount.
  if (parts.extraUnits !== undefined) {
    salary.maxAmount = parts.extraUnits === null ? null : toAmount(parts.amountUnits + parts.extraUnits);
  }
  if (parts.plusCommission !== undefined) salary.plusCommission = parts.plusCommission;
  return salary;
}

const salaryPartsArb: fc.Arbitrary<SalaryParts> = fc.record({
  amountUnits: amountUnitsArb(),
  extraUnits: fc.option(fc.option(amountUnitsArb(0, MAX_UNITS), { nil: null }), { nil: undefined }),
  // §2.5: period ids 1 to 5 (read from salary-period.schema.json)
  periodId: fc.constantFrom(...salaryPeriodIds),
  plusCommission: fc.option(fc.boolean(), { nil: undefined }),
});

/**
 * A valid salary: period always given with the amount (§2.5), maxAmount
 * omitted, null, or at least amount.
 *
 * @example
 * fc.sample(salaryInputArb, 1); // [{ amount: 4812.5678, period: { id: 2 }, maxAmount: 5000 }]
 */
export const salaryInputArb: fc.Arbitrary<SalaryInput> = salaryPartsArb.map(toSalaryInput);

/**
 * A salary with every field spelled out: a maxAmount (at least the amount) and plusCommission, so that a part of it
 * sent alone leaves fields that a server may lose.
 *
 * @example
 * fc.sample(wholeSalaryArb, 1); // [{ amount: 4812.5678, period: { id: 2 }, maxAmount: 5000, plusCommission: true }]
 */
export const wholeSalaryArb: fc.Arbitrary<SalaryInput> = salaryPartsArb.map((parts) =>
  toSalaryInput({ ...parts, extraUnits: parts.extraUnits ?? 0, plusCommission: parts.plusCommission ?? true }),
);

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

/** The salary fields of spec 4.2's request table, each its own row: `salary.amount`, `salary.maxAmount`, `salary.period.id`, `salary.plusCommission`. */
export type SalaryField = 'amount' | 'maxAmount' | 'period' | 'plusCommission';

/**
 * Every part of a salary a partial update may send, short of the whole salary.
 * The amount always goes with its period: 2.5 requires `salary.period.id`
 * "when `salary.amount` is given", and a server may read that on the request.
 */
export const PARTIAL_SALARY_FIELDS: ReadonlyArray<readonly SalaryField[]> = [
  ['amount', 'period'],
  ['maxAmount'],
  ['period'],
  ['plusCommission'],
  ['amount', 'period', 'maxAmount'],
  ['amount', 'period', 'plusCommission'],
  ['maxAmount', 'period'],
  ['maxAmount', 'plusCommission'],
  ['period', 'plusCommission'],
  ['maxAmount', 'period', 'plusCommission'],
];

/** A stored salary with every field spelled out, and the part of another one a PUT sends. */
export interface SalaryMergeCase {
  base: Required<SalaryInput> & { maxAmount: number; plusCommission: boolean };
  patch: Partial<SalaryInput>;
  fields: readonly SalaryField[];
}

interface MergeParts {
  base: SalaryParts;
  fields: readonly SalaryField[];
  /** The new amount as a share (per cent) of the stored maxAmount: mostly within it, now and then above (a merge conflict). */
  amountShare: number;
  /** The new maxAmount as a share (per cent) of the stored amount, or null. */
  maxShare: number | null;
  periodStep: number;
}

/**
 * `units` moved by one ten-thousandth (by `step`) where it has fewer than four decimal places: an amount a part sends
 * always carries the four places 2.5 states, so a server that rounds what one path stores shows.
 */
const withFourPlaces = (units: number, step: -1 | 1): number => (units % 10 === 0 && units + step >= 1 ? units + step : units);

function toMergeCase({ base: parts, fields, amountShare, maxShare, periodStep }: MergeParts): SalaryMergeCase {
  const maxUnits = parts.amountUnits + (parts.extraUnits ?? 0);
  const base = {
    amount: toAmount(parts.amountUnits),
    maxAmount: toAmount(maxUnits),
    period: { id: parts.periodId },
    plusCommission: parts.plusCommission ?? true,
  };
  const patch: Partial<SalaryInput> = {};
  // One unit down keeps an amount within the stored maximum.
  if (fields.includes('amount')) patch.amount = toAmount(withFourPlaces(Math.max(1, Math.round((maxUnits * amountShare) / 100)), -1));
  if (fields.includes('maxAmount')) patch.maxAmount = maxShare === null ? null : toAmount(Math.round((parts.amountUnits * maxShare) / 100));
  // A period other than the stored one, so a server that ignores it is seen.
  const others = salaryPeriodIds.filter((id) => id !== parts.periodId);
  if (fields.includes('period')) patch.period = { id: others[periodStep % others.length] ?? parts.periodId };
  if (fields.includes('plusCommission')) patch.plusCommission = !base.plusCommission;
  return { base, patch, fields };
}

/**
 * A stored salary (maxAmount a number, plusCommission spelled out) and a
 * partial salary over it (spec 4.3: "Only the fields sent change"): the
 * fields not sent must keep their stored values. `only` fixes the fields sent.
 *
 * @example
 * fc.sample(salaryMergeCaseArb(), 1);
 * // [{ base: { amount: 5000, maxAmount: 7000, period: { id: 1 }, plusCommission: true }, patch: { plusCommission: false }, fields: ['plusCommission'] }]
 */
export function salaryMergeCaseArb(only?: readonly SalaryField[]): fc.Arbitrary<SalaryMergeCase> {
  return fc
    .record({
      base: salaryPartsArb.map((p) => ({ ...p, extraUnits: p.extraUnits ?? 0 })),
      fields: only ? fc.constant(only) : fc.constantFrom(...PARTIAL_SALARY_FIELDS),
      amountShare: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 100 }) },
        { weight: 1, arbitrary: fc.integer({ min: 101, max: 200 }) },
      ),
      maxShare: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 100, max: 300 }) },
        { weight: 1, arbitrary: fc.integer({ min: 10, max: 99 }) },
        fc.constant(null),
      ),
      periodStep: fc.nat(),
    })
    .map(toMergeCase);
}
