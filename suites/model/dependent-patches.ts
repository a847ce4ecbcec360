/**
 * @module Partial updates whose body depends on the job when the step runs: a part of a salary merged into the
 * stored one (4.3: "Only the fields sent change"; 4.2 lists each salary field), and the routing type switched to the
 * other one with its own address (2.1: the address of the type not in effect is null). Sequences of them give a
 * field a history: a maxAmount set, cleared and left out again, a routing type that goes back and forth. A server
 * that keeps a value the job no longer holds shows it only after such a history.
 */
import * as fc from 'fast-check';
import { emailRoutingArb, urlRoutingArb, type Routing } from '../arbitraries/routing.js';
import { PARTIAL_SALARY_FIELDS, salaryInputArb, type SalaryField, type SalaryInput } from '../arbitraries/salary.js';
import { routingTypeIds, salaryPeriodIds } from '../arbitraries/schema-limits.js';
import type { Body } from '../contract/rule.js';
import type { ExpectedFields, ExpectedSalary } from './expected-fields.js';

/** What a step sends, and the whole fields it comes to once merged into the job (what `applyPatch` takes). */
export interface WorkedPatch {
  sent: Body;
  amountsTo: Body;
}

/** A partial update worked out from the job's fields when the step runs. */
export class DependentPatch {
  constructor(
    readonly label: string,
    readonly workOut: (fields: ExpectedFields) => WorkedPatch,
  ) {}
}

type WholeSalary = { amount: number; maxAmount: number | null; period: { id: number }; plusCommission: boolean };

function wholeOf(stored: ExpectedSalary): WholeSalary {
  return { amount: stored.amount, maxAmount: stored.maxAmount, period: { id: stored.periodId }, plusCommission: stored.plusCommission };
}

/** The fields of `drawn` named in `fields`; a maxAmount the drawn salary leaves out is sent as null, a clear. */
function partOf(drawn: SalaryInput, fields: readonly SalaryField[]): Partial<WholeSalary> {
  const part: Partial<WholeSalary> = {};
  if (fields.includes('amount')) part.amount = drawn.amount;
  if (fields.includes('maxAmount')) part.maxAmount = drawn.maxAmount ?? null;
  if (fields.includes('period') && drawn.period) part.period = drawn.period;
  if (fields.includes('plusCommission')) part.plusCommission = drawn.plusCommission ?? true;
  return part;
}

/**
 * `fields` of `drawn`, merged into the job's salary. A job without one gets the amount and its period too (2.5
 * requires the period with the amount), and the defaults for the rest. A maxAmount that would fall below the amount
 * (2.5) is raised to it when sent, and an amount sent above the stored maxAmount lowered to it.
 *
 * @example
 * salaryPart(['maxAmount'], { amount: 5000, maxAmount: null }); // clears the stored maxAmount, keeps the rest
 */
export function salaryPart(fields: readonly SalaryField[], drawn: SalaryInput): DependentPatch {
  return new DependentPatch(`salary(${fields.join('+')})`, ({ salary: stored }) => {
    if (stored === null) {
      const part = { ...partOf(drawn, fields), amount: drawn.amount, period: drawn.period ?? { id: salaryPeriodIds[0]! } };
      return { sent: { salary: part }, amountsTo: { salary: { maxAmount: null, plusCommission: false, ...part } } };
    }
    const part = partOf(drawn, fields);
    const merged = { ...wholeOf(stored), ...part };
    if (merged.maxAmount !== null && merged.maxAmount < merged.amount) {
      if ('maxAmount' in part) part.maxAmount = merged.maxAmount = merged.amount;
      else part.amount = merged.amount = merged.maxAmount;
    }
    return { sent: { salary: part }, amountsTo: { salary: merged } };
  });
}

/**
 * The routing type switched to the other one, with that type's address from `email` or `url`.
 *
 * @example
 * routingSwitch(email, url).workOut(fields).sent; // { applicantRoutingType: { id: 2 }, applicationUrl: 'https://…' }
 */
export function routingSwitch(email: Routing, url: Routing): DependentPatch {
  return new DependentPatch('applicantRoutingType(switched)', ({ routingTypeId }) => {
    const other = routingTypeId === routingTypeIds.email ? url : email;
    return { sent: { ...other }, amountsTo: { ...other } };
  });
}

/** A part of a salary: every partial form, and the one without maxAmount, each time with values drawn anew. */
export const salaryPartArb: fc.Arbitrary<DependentPatch> = fc
  .record({ fields: fc.constantFrom(...PARTIAL_SALARY_FIELDS), drawn: salaryInputArb })
  .map(({ fields, drawn }) => salaryPart(fields, drawn));

export const routingSwitchArb: fc.Arbitrary<DependentPatch> = fc
  .record({ email: emailRoutingArb, url: urlRoutingArb })
  .map(({ email, url }) => routingSwitch(email, url));
