/**
 * @module Invalid writes in every form (spec 4.3: "Request body fields are
 * the same as POST"; the merged job obeys sections 2, 4.2 and 8): a partial
 * update by id, by referenceId or through the method override, a PUT-create, and POST for values outside
 * their enums and lists, are refused with a 4xx and change nothing. Each
 * rule walks every (form × violation) pair once per run (more with a larger
 * --runs), so a server that lets one kind through in one form is caught at
 * the default budget; fast-check draws the job and the offending value and
 * shrinks them, and the counterexample names the form and the violation.
 */
import * as fc from 'fast-check';
import { htmlViolationKinds } from '../arbitraries/html.js';
import {
  fixedHtmlViolation,
  htmlViolationArb,
  listCountViolationArbs,
  outOfRangeBoundaryViolations,
  outOfRangeViolationArbs,
  overLongViolationArbs,
  routingWithoutAddressArb,
  salaryWithoutPeriodViolationArb,
  urlSchemeBoundaryViolations,
  urlWithoutSchemeOnJobRoutedByArb,
  urlWithoutSchemeViolationArb,
  type Violation,
} from '../arbitraries/violations.js';
import { createBodyArb } from '../kit/bodies.js';
import type { RuleContext } from '../contract/rule.js';
import { knownHtmlViolations } from '../kit/known-html-violations.js';
import { fixedRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';
import { SharedJob } from '../kit/shared-job.js';
import {
  expectCreateRefused,
  expectUpdateRefused,
  UPDATE_FORMS,
  type CreateForm,
  type UpdateCase,
  type UpdateForm,
} from '../kit/rejected-writes.js';

/** One violation to send, in the given forms (default: every form of the rule). */
interface ViolationCase {
  arb: fc.Arbitrary<Violation>;
  /** Boundary violations sent in every run before any draw of `arb`. */
  first?: readonly Violation[];
  forms?: readonly UpdateForm[];
}

/** The boundary violations of a case as examples of its check (each over a drawn job). */
const examplesOf = (first: readonly Violation[] = []) => first.map((violation) => ({ violation }));

type CasesOf = (ctx: RuleContext) => ViolationCase[];

/** At most this many runs per (form × violation) pair, whatever --runs says: each rule walks dozens of pairs. */
const MAX_RUNS_PER_PAIR = 5;

/** Runs per (form × violation) pair: one at the default --runs of 20, more as --runs grows, up to MAX_RUNS_PER_PAIR. */
function runsPerPair(ctx: RuleContext): number {
  return Math.min(MAX_RUNS_PER_PAIR, Math.max(1, Math.round(ctx.runs / 20)));
}

const all = (arbs: Record<string, fc.Arbitrary<Violation>>): ViolationCase[] => Object.values(arbs).map((arb) => ({ arb }));

/**
 * A partial-update rule: every case in each of its forms, each pair a property of its own. A refused update
 * changes nothing, so the cases share one job (suites/kit/shared-job.ts) unless `shared` is false (each of the
 * rule's violations needs fields set on its job first).
 */
function updateRule(entry: RuleEntry, casesOf: CasesOf, forms: readonly UpdateForm[] = UPDATE_FORMS, shared = true): Implementation {
  return fixedRule(entry, async (ctx) => {
    const job = shared ? await SharedJob.create<UpdateCase>(ctx) : SharedJob.unshared<UpdateCase>(ctx);
    const send = (sent: UpdateCase) => expectUpdateRefused(ctx, job, sent);
    for (const { arb, first, forms: only } of casesOf(ctx)) {
      for (const form of only ?? forms) {
        if (!forms.includes(form)) continue;
        await ctx.check(fc.record({ form: fc.constant(form), violation: arb }), send, {
          runs: runsPerPair(ctx),
          examples: examplesOf(first),
        });
      }
    }
    await job.expectUnchanged(entry.statement, (suspects) => ctx.check(fc.constantFrom(...suspects), send, { runs: suspects.length }));
  });
}

/** A create rule: every case sent as a create in `form`. */
function createRule(entry: RuleEntry, form: CreateForm, casesOf: CasesOf): Implementation {
  return fixedRule(entry, async (ctx) => {
    for (const { arb, first } of casesOf(ctx)) {
      await ctx.check(
        fc.record({ form: fc.constant(form), violation: arb, job: createBodyArb(ctx) }),
        ({ violation, job }) => expectCreateRefused(ctx, form, job, violation),
        { runs: runsPerPair(ctx), examples: examplesOf(first) },
      );
    }
  });
}

/** The generated violation of each kind, then every known one (alternating forms): random draws can miss the one a server lets through. */
const htmlCases: CasesOf = () => [
  ...htmlViolationKinds.map((kind) => ({ arb: htmlViolationArb(kind) })),
  ...htmlViolationKinds
    .flatMap((kind) => knownHtmlViolations(kind).map((html) => fixedHtmlViolation(kind, html)))
    .map((violation, i) => ({ arb: fc.constant(violation), forms: [UPDATE_FORMS[i % UPDATE_FORMS.length]!] })),
];

/** The first known violation of each kind (the script carrier first): the XSS hole every form must close. */
const firstKnownHtmlCases: CasesOf = () =>
  htmlViolationKinds.map((kind) => ({ arb: fc.constant(fixedHtmlViolation(kind, knownHtmlViolations(kind)[0]!)) }));

const overLongCases: CasesOf = () => {
  const { referenceId, ...rest } = overLongViolationArbs;
  // PUT /jobs names the job by its referenceId: a new one there is a lookup, not an update (PUT-create covers it).
  return [...all(rest), { arb: referenceId!, forms: ['id', 'override'] }];
};

const listCountCases: CasesOf = (ctx) => {
  const arbs = listCountViolationArbs(ctx.refs);
  if (Object.keys(arbs).length < 4)
    ctx.observe({
      topic: 'categories.too-few-to-probe',
      section: '8',
      observed: `only ${new Set(ctx.refs.categoryIds).size} distinct categories: 4 not probed`,
    });
  return all(arbs);
};

const routingCases: CasesOf = () => [{ arb: routingWithoutAddressArb('url') }, { arb: routingWithoutAddressArb('email') }];
/** The boundary URLs on the shared job, then a URL without a scheme on a job of each routing type (a switch and a keep). */
const urlSchemeCases: CasesOf = () => [
  { arb: urlWithoutSchemeViolationArb, first: urlSchemeBoundaryViolations },
  { arb: urlWithoutSchemeOnJobRoutedByArb('email') },
  { arb: urlWithoutSchemeOnJobRoutedByArb('url') },
];
const salaryCases: CasesOf = () => [{ arb: salaryWithoutPeriodViolationArb }];
/** Each enum and list: its nearest invalid values first, then a draw from around it. */
const outOfRangeCases: CasesOf = (ctx) => {
  for (const [list, cut] of Object.entries(ctx.refs.partial ?? {})) {
    ctx.observe({ topic: `reference-list-cut.${list}`, section: '4.6', observed: `${cut}: no id is sent as unknown` });
  }
  const first = outOfRangeBoundaryViolations(ctx.refs);
  return Object.entries(outOfRangeViolationArbs(ctx.refs)).map(([key, arb]) => ({ arb, first: first[key] ?? [] }));
};

/** One case of every family (the generated and the script HTML among them). */
const oneOfEachCases: CasesOf = (ctx) => [
  ...firstKnownHtmlCases(ctx).slice(0, 1),
  { arb: htmlViolationArb('attribute-on-non-a') },
  { arb: overLongViolationArbs.title! },
  ...listCountCases(ctx).slice(0, 1),
  ...routingCases(ctx),
  ...urlSchemeCases(ctx),
  ...salaryCases(ctx),
  ...outOfRangeCases(ctx).slice(0, 2),
];

/** Every family: what a PUT-create must refuse as POST would. */
const everyCase: CasesOf = (ctx) => [
  ...htmlViolationKinds.map((kind) => ({ arb: htmlViolationArb(kind) })),
  ...firstKnownHtmlCases(ctx),
  ...all(overLongViolationArbs),
  ...listCountCases(ctx),
  ...routingCases(ctx),
  ...urlSchemeCases(ctx),
  ...salaryCases(ctx),
  ...outOfRangeCases(ctx),
];

/**
 * The update-validation rules, in report order.
 *
 * @example
 * import { updateValidationRules } from './checks/update-validation.js';
 * export const rules = [...updateValidationRules];
 */
export const updateValidationRules: Implementation[] = [
  updateRule(
    {
      id: 'jobs.update.rejects-invalid-html',
      section: '2.1',
      level: 'must',
      title: 'A partial PUT (by id, by referenceId or by method override) with disallowed description HTML is refused and changes nothing',
      statement:
        'Request body fields are the same as POST … Allowed tags: `strong`, `b`, `em`, `i`, `br`, `p`, `div`, `ul`, `ol`, `li`, `a`.',
      long: true,
    },
    htmlCases,
  ),
  updateRule(
    {
      id: 'jobs.update.rejects-over-long',
      section: '8',
      level: 'must',
      title: 'A partial PUT with a string one past its limit is refused and changes nothing',
      statement: 'Request body fields are the same as POST … title | String, max 256',
    },
    overLongCases,
  ),
  updateRule(
    {
      id: 'jobs.update.rejects-list-count',
      section: '8',
      level: 'must',
      title: 'A partial PUT with 0 or 4 locations or categories is refused and changes nothing',
      statement: 'Request body fields are the same as POST … locations per job | 1 to 3',
    },
    listCountCases,
  ),
  updateRule(
    {
      id: 'jobs.update.rejects-routing-without-address',
      section: '4.2',
      level: 'must',
      title: "A partial PUT switching routing type without the new type's address is refused and changes nothing",
      statement:
        'Request body fields are the same as POST … Required when `applicantRoutingType.id` is 1. … Required when `applicantRoutingType.id` is 2.',
    },
    routingCases,
    UPDATE_FORMS,
    false,
  ),
  updateRule(
    {
      id: 'jobs.update.rejects-url-without-scheme',
      section: '4.2',
      level: 'must',
      title: 'A partial PUT with an applicationUrl without http(s):// is refused and changes nothing',
      statement: 'Request body fields are the same as POST … Includes `http://` or `https://`.',
    },
    urlSchemeCases,
  ),
  updateRule(
    {
      id: 'jobs.update.rejects-salary-without-period',
      section: '2.5',
      level: 'must',
      title: 'A partial PUT with a salary amount without a period is refused and changes nothing',
      statement: 'Request body fields are the same as POST … Rule: `salary.period.id` is required when `salary.amount` is given.',
    },
    salaryCases,
    UPDATE_FORMS,
    false,
  ),
  updateRule(
    {
      id: 'jobs.update.rejects-out-of-range',
      section: '4.2',
      level: 'must',
      title: 'A partial PUT with a period, routing type, category or position type outside its values is refused and changes nothing',
      statement: 'Request body fields are the same as POST … Int32 | 1 to 5. … Int32 | 1 or 2.',
      long: true,
    },
    outOfRangeCases,
  ),
  updateRule(
    {
      id: 'jobs.update.override-rejects-invalid',
      section: '1',
      level: 'should',
      title: 'A PUT sent as POST with X-HTTP-Method-Override: PUT and an invalid body is refused and changes nothing',
      statement:
        'Good practice; the spec says: A client that cannot send PUT or DELETE may send POST with ' +
        'the header `X-HTTP-Method-Override` carrying the intended method',
    },
    oneOfEachCases,
    ['override'],
  ),
  createRule(
    {
      id: 'jobs.put-create.rejects-invalid',
      section: '4.3',
      level: 'must',
      title: 'PUT /jobs with a new referenceId and an invalid body is refused and creates nothing',
      statement: 'A PUT with `referenceId` that creates a job behaves as POST with a `referenceId`.',
      long: true,
    },
    'put-create',
    everyCase,
  ),
  createRule(
    {
      id: 'jobs.create.rejects-out-of-range',
      section: '4.2',
      level: 'must',
      title: 'POST /jobs with a period, routing type, category or position type outside its values is refused and creates nothing',
      statement: 'Int32 | 1 to 5. … Int32 | 1 or 2.',
    },
    'post',
    outOfRangeCases,
  ),
];
