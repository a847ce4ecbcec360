/**
 * @module Salary input (spec 2.5): an amount needs a period; amounts take up
 * to four decimals, written with four in every response that carries the
 * full Job (POST 201, GET, PUT 200 by id and by referenceId, PUT-create; list
 * items carry no salary). An amount is a "Decimal": a JSON number is the plain
 * reading, a decimal string (`"52000.0000"`) a defensible one, read as its
 * value by every rule; one should rule owns the form.
 */
import { isSuccess, responseLine } from '../../kit/http.js';
import * as fc from 'fast-check';
import { salaryInputArb, salaryWithoutPeriodArb, type SalaryInput } from '../../arbitraries/salary.js';
import { salaryPeriodIds } from '../../arbitraries/schema-limits.js';
import { amountForms, amountsWithoutFourDecimals, amountUnits, countAmounts, maxAmountForms } from '../../../judging/amount-decimals.js';
import { createRejected, expectNothingCreated } from '../../kit/expect-rejected.js';
import { createBodyArb, identify, scopedTitle } from '../../kit/bodies.js';
import { createJob } from '../../kit/jobs.js';
import {
  formLabel,
  isCreateForm,
  LATER_FORMS,
  sendCreate,
  sendUnlessDeclined,
  sendUpdate,
  sendWrite,
  type CreateForm,
  type UpdateForm,
} from '../../kit/rejected-writes.js';
import { atOnce } from '../../kit/at-once.js';
import type { ApiResponse, RuleContext } from '../../contract/rule.js';
import type { Job } from '../../../schemas/types.gen.js';
import { keptValueProblems } from '../../../judging/compare.js';
import { fixedRule, type Implementation } from '../../kit/rule-builders.js';

export const salaryPeriodRequired: Implementation = fixedRule(
  {
    id: 'jobs.limits.salary-period-required',
    section: '2.5',
    level: 'must',
    title: 'A salary amount without salary.period.id is rejected',
    statement: 'Rule: `salary.period.id` is required when `salary.amount` is given.',
  },
  async (ctx: RuleContext) => {
    await ctx.check(
      fc.record({ job: createBodyArb(ctx), salary: salaryWithoutPeriodArb }),
      async ({ job, salary }) => {
        const body = identify(ctx, job);
        const ref = body.referenceId;
        await createRejected(ctx, { ...body, salary }, ref, {
          title: 'POST /jobs accepted a salary amount without a period',
          expected: 'spec 2.5: salary.period.id is required when salary.amount is given',
        });
      },
      { independentCases: true },
    );
  },
);

/** Checks one response: `amount` written with four places, and the sent amount (up to four decimals) kept exactly. */
function expectFourPlaces(ctx: RuleContext, what: string, r: ApiResponse<Job>, salary: SalaryInput): void {
  const wrong = amountsWithoutFourDecimals(r.text);
  ctx.expect(countAmounts(r.text) > 0 && wrong.length === 0, {
    title: `${what} writes the salary amount without four decimal places`,
    expected: `spec 2.5: responses carry four decimal places (e.g. "amount": ${salary.amount.toFixed(4)})`,
    received: wrong.length > 0 ? wrong.join(', ') : `no "amount" in ${responseLine(r)}`,
    failingExchange: r.exchange,
  });
  const changed =
    r.json === undefined
      ? ['no job in the body']
      : keptValueProblems({ salary: { amount: salary.amount, maxAmount: salary.maxAmount } }, r.json);
  ctx.expect(changed.length === 0, {
    title: `${what} does not give back the amount sent to the fourth decimal`,
    expected:
      'spec 2.5: four decimal places are carried, so an amount sent with up to four keeps every one ' +
      '(4.2: a GET result posted back creates a job with the same values)',
    received: changed.join('\n'),
    failingExchange: r.exchange,
  });
  // 2.5 states four places for amount only; maxAmount is a "Decimal" in any form.
  for (const form of maxAmountForms(r.text)) ctx.observe({ topic: 'salary.max-amount-form', section: '2.5', observed: form });
}

/**
 * 2.5 bounds no amount, so the largest the suite sends is its choice: past the 999,999.9999 of a DECIMAL(10,4)
 * column and the 214,748.3647 of ten-thousandths in an Int32, within any wider decimal and exact in a double to
 * the fourth place. Sent on every path in every run; the drawn amounts stay under 500,000.
 */
const LARGE_SALARY = { amount: 9_999_999.9999, period: { id: salaryPeriodIds[0]! }, maxAmount: null };
/**
 * The smallest positive amount, 0.0001: a double writes it `1e-4` unless the server formats it to four places, which
 * is what 2.5 asks of every response. Sent on every path in every run, as the largest is.
 */
const SMALLEST_SALARY = { amount: 0.0001, period: { id: salaryPeriodIds[0]! }, maxAmount: null };
/**
 * An amount past 10,000,000, where Java's Double.toString turns to an exponent (`1.23456789012E7`): past the largest
 * must-take amount above, so a server may refuse it (observed as `salary.past-seven-digits`); taken, every answer
 * writes it with four places as any other.
 */
const PAST_SEVEN_DIGITS = { amount: 12_345_678.9012, period: { id: salaryPeriodIds[0]! }, maxAmount: null };
/**
 * 10^21, where JavaScript writes a number with an exponent (`1e+21`, from JSON.stringify and from toFixed(4) alike):
 * open as the amount past seven digits is (refused: `salary.past-seven-digits`); taken, written with four places.
 */
const PAST_PLAIN_DOUBLE_TEXT = { amount: 1e21, period: { id: salaryPeriodIds[0]! }, maxAmount: null };

/**
 * The most significant digits a double holds to the fourth decimal, fifteen (C's DBL_DIG): a store or formatter
 * that keeps fewer (Lua's `%.14g`, a single float) rounds it, all nines carrying into 100000000000. Open as the amount
 * past seven digits is; taken, kept to the fourth like any other.
 */
const MOST_DIGITS_A_DOUBLE_HOLDS = { amount: 99_999_999_999.9999, period: { id: salaryPeriodIds[0]! }, maxAmount: null };

/** Whether `res`, the answer to a write of the open amount past seven digits, refused it: recorded, and judged no further. */
function refusedPastSevenDigits(ctx: RuleContext, open: boolean, path: string, res: ApiResponse): boolean {
  if (!open || isSuccess(res.status)) return false;
  ctx.observe({ topic: 'salary.past-seven-digits', section: '2.5', observed: `${path}: refused with ${res.status}` });
  return true;
}

export const salaryFourDecimals: Implementation = fixedRule(
  {
    id: 'jobs.limits.salary-four-decimals',
    section: '2.5',
    level: 'must',
    title:
      'Salary amount in responses carries four decimal places, the amount sent kept to the fourth, on POST, GET, PUT by id, by referenceId, ' +
      'the override and PUT-create',
    statement: 'Base salary. Responses carry four decimal places.',
  },
  async (ctx: RuleContext) => {
    // maxAmount spelled out (null when absent): a PUT's partial salary would merge the stored maximum under a larger amount.
    const whole = salaryInputArb.map((salary) => ({ ...salary, maxAmount: salary.maxAmount ?? null }));
    const count = 1 + LATER_FORMS.length;
    const arb = fc.record({
      job: createBodyArb(ctx),
      salaries: fc.array(whole, { minLength: count, maxLength: count }),
      open: fc.constant<boolean>(false),
    });
    await ctx.check(
      arb,
      async ({ job, salaries: [first, ...others], open }) => {
        const res = await sendCreate(ctx, 'post', { ...identify(ctx, job), salary: first! });
        if (refusedPastSevenDigits(ctx, open, 'POST /jobs', res)) return;
        ctx.expect(isSuccess(res.status) && res.json !== undefined, {
          title: 'POST /jobs refused a job with a valid salary',
          expected: 'spec 2.5 and 4.2: a salary with amount and period is valid: 2xx',
          received: responseLine(res),
        });
        const created = res.json;
        expectFourPlaces(ctx, 'POST /jobs', res, first!);
        // Read twice with no write between: the second answer is the one a response cache gives, from another writer.
        for (const read of ['GET', 'a second GET'])
          expectFourPlaces(ctx, `${read} /jobs/${created.id}`, await ctx.api.get(created.id), first!);
        // Every later write answers with the full Job (2.5: "Responses carry four decimal places" on each of them).
        for (const [i, form] of LATER_FORMS.entries()) {
          const salary = others[i]!;
          const r = await sendUnlessDeclined(ctx, form, { job: created, patch: { salary }, fresh: identify(ctx, job) });
          if (r === undefined || refusedPastSevenDigits(ctx, open, formLabel(form), r)) continue;
          const path = formLabel(form, created);
          ctx.expect(isSuccess(r.status) && r.json !== undefined, {
            title: `${path} refused a valid salary`,
            expected: 'spec 2.5, 4.3: a salary with amount and period is valid: 2xx with the full Job',
            received: responseLine(r),
          });
          expectFourPlaces(ctx, path, r, salary);
          if (isCreateForm(form)) continue;
          expectFourPlaces(ctx, `GET /jobs/${created.id} after ${path}`, await ctx.api.get(created.id), salary);
          // An update that sends no salary answers the full Job too, its salary written with four places.
          const retitled = await sendUpdate(ctx, form, created, { title: scopedTitle(ctx, String(created.referenceId), 'no salary sent') });
          if (isSuccess(retitled.status)) expectFourPlaces(ctx, `${path} with a title alone`, retitled, salary);
        }
      },
      {
        independentCases: true,
        examples: [
          ...[LARGE_SALARY, SMALLEST_SALARY].map((salary) => ({ salaries: Array.from({ length: count }, () => salary) })),
          ...[PAST_SEVEN_DIGITS, MOST_DIGITS_A_DOUBLE_HOLDS, PAST_PLAIN_DOUBLE_TEXT].map((salary) => ({
            salaries: Array.from({ length: count }, () => salary),
            open: true,
          })),
        ],
      },
    );
  },
);

/**
 * Amounts with a fifth decimal, each with the ten-thousandths below it: a half at the fifth, the smallest amount
 * that has one, a half that carries into the units, and one that JavaScript writes with an exponent (1e-7).
 */
const FIFTH_DECIMALS: ReadonlyArray<{ amount: number; text: string; below: bigint }> = [
  { amount: 1234.56785, text: '1234.56785', below: 12_345_678n },
  { amount: 0.00005, text: '0.00005', below: 0n },
  { amount: 99_999.99995, text: '99999.99995', below: 999_999_999n },
  { amount: 1e-7, text: '0.0000001', below: 0n },
];

/** Cases of jobs.limits.salary-fifth-decimal, each sending every fixed amount on every path. */
const FIFTH_DECIMAL_CASES = 3;

/** Every write path that takes an amount: a server may read the amount of each on its own code path. */
const FIFTH_DECIMAL_FORMS: ReadonlyArray<UpdateForm | CreateForm> = ['post', ...LATER_FORMS];

export const salaryFifthDecimal: Implementation = fixedRule(
  {
    id: 'jobs.limits.salary-fifth-decimal',
    section: '2.5',
    level: 'must',
    title: 'An amount with a fifth decimal is kept to four places, by rounding either way, or refused (observed)',
    statement: 'Base salary. Responses carry four decimal places.',
  },
  async (ctx: RuleContext) => {
    await ctx.check(
      createBodyArb(ctx),
      async (job) => {
        const created = await createJob(ctx, { ...identify(ctx, job), salary: PLAIN_SALARY });
        const sends = FIFTH_DECIMAL_FORMS.flatMap((form) =>
          FIFTH_DECIMALS.map((fifth) => ({
            form,
            fifth,
            fresh: identify(ctx, job),
            salary: { amount: fifth.amount, maxAmount: null, period: { id: 1 } },
          })),
        );
        type Send = (typeof sends)[number];
        const send = async (s: Send) =>
          [s, await sendWrite(ctx, s.form, { job: created, patch: { salary: s.salary }, fresh: s.fresh })] as const;
        const inTurn = async (chain: Send[]) => {
          const answers = [];
          for (const s of chain) answers.push(await send(s));
          return answers;
        };
        // Each create names a new job, a chain of its own; the updates name one job, so they are one chain: two writes
        // of one job in flight would let either answer carry the other's amount.
        const chains = [sends.filter((s) => !isCreateForm(s.form)), ...sends.filter((s) => isCreateForm(s.form)).map((s) => [s])];
        const answers = new Map((await atOnce(ctx, chains, inTurn)).flat());
        // Judged in the grid's order, whatever order the answers came in.
        for (const s of sends) await expectFifthDecimalKept(ctx, s.form, answers.get(s)!, s.fifth, s.fresh.referenceId);
      },
      // The amounts are fixed (FIFTH_DECIMALS) and each case sends all of them on every path: more cases only draw
      // other jobs around the same amounts.
      { independentCases: true, runs: FIFTH_DECIMAL_CASES },
    );
  },
);

/** Accepted: four places, and the amount one of the two ten-thousandths around it; refused: a 4xx that creates nothing. */
async function expectFifthDecimalKept(
  ctx: RuleContext,
  form: UpdateForm | CreateForm,
  r: ApiResponse<Job>,
  fifth: (typeof FIFTH_DECIMALS)[number],
  referenceId: string,
): Promise<void> {
  const path = formLabel(form);
  const what = `${path} with amount ${fifth.text}`;
  if (!isSuccess(r.status)) {
    ctx.observe({ topic: 'salary.fifth-decimal', section: '2.5', observed: `${path}, ${fifth.text}: refused with ${r.status}` });
    ctx.expect(r.status >= 400 && r.status < 500, {
      title: `${what} was answered ${r.status}`,
      expected: 'spec 7: a request the server does not take is a client error, never a 5xx',
      received: responseLine(r),
      failingExchange: r.exchange,
    });
    if (isCreateForm(form)) await expectNothingCreated(ctx, referenceId, { title: what, expected: 'spec 2.5' });
    return;
  }
  const kept = r.json?.salary?.amount;
  ctx.observe({ topic: 'salary.fifth-decimal', section: '2.5', observed: `${path}, ${fifth.text}: kept as ${String(kept)}` });
  const units = amountUnits(kept);
  const wrong = amountsWithoutFourDecimals(r.text);
  ctx.expect(wrong.length === 0 && units !== undefined && (units === fifth.below || units === fifth.below + 1n), {
    title: `${what} came back as another amount`,
    expected:
      'spec 2.5: responses carry four decimal places, so an amount with a fifth is written with four: ' +
      `the ten-thousandth below it or above it (${fifth.text} rounded down or up)`,
    received: `amount ${String(kept)}${wrong.length > 0 ? `; written ${wrong.join(', ')}` : ''}`,
    failingExchange: r.exchange,
  });
}

/** The plainest salary that carries both amounts, so the response writes each of them. */
const PLAIN_SALARY: SalaryInput = { amount: 52000, maxAmount: 61000, period: { id: 1 } };

/**
 * The one owner of the amounts' JSON type: spec 2.5 types them "Decimal", and a JSON number is the plain
 * reading; a decimal string (Django REST Framework's default) is defensible, so it only warns. The form
 * each response used is recorded.
 */
export const amountAsNumber: Implementation = fixedRule(
  {
    id: 'jobs.limits.amount-as-number',
    section: '2.5',
    level: 'should',
    title: 'Salary amount and maxAmount come back as JSON numbers (a decimal string such as "52000.0000" warns)',
    statement: 'Good practice; the spec says: | amount | Decimal | Base salary. Responses carry four decimal places. |',
  },
  async (ctx: RuleContext) => {
    await ctx.check(
      createBodyArb(ctx),
      async (job) => {
        const created = await sendCreate(ctx, 'post', { ...identify(ctx, job), salary: PLAIN_SALARY });
        ctx.expect(isSuccess(created.status) && created.json !== undefined, {
          title: 'POST /jobs refused a job with a valid salary',
          expected: 'spec 2.5 and 4.2: a salary with amount and period is valid: 2xx',
          received: responseLine(created),
        });
        const read = await ctx.api.get(created.json.id);
        for (const [what, r] of [
          ['POST /jobs', created],
          [`GET /jobs/${created.json.id}`, read],
        ] as const) {
          const forms = amountForms(r.text);
          for (const form of new Set(forms)) ctx.observe({ topic: 'salary.amount-form', section: '2.5', observed: form });
          ctx.expect(forms.length > 0 && forms.every((form) => form === 'number'), {
            title: `${what} writes a salary amount as a string`,
            expected: 'good practice (spec 2.5: amount and maxAmount are "Decimal"): JSON numbers, e.g. "amount": 52000.0000',
            received: forms.length > 0 ? `amounts written as: ${forms.join(', ')}` : `no "amount" in ${responseLine(r)}`,
            failingExchange: r.exchange,
          });
        }
      },
      { runs: 1 },
    );
  },
);
