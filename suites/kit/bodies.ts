/**
 * @module Request bodies for the rules. The bodies themselves come from the
 * generators (suites/arbitraries/job.ts, valid by construction); this module
 * gives each one the identity of the case that sends it: a fresh referenceId
 * (a shrink re-runs the same value, so ids must never come from the
 * generator) and a title that starts with it and holds the case tag and the
 * run tag as words (suites/contract/scope-words.ts), so the case's jobs are found
 * with q = the case tag and nothing else is, whatever form of matching q uses.
 */
import type * as fc from 'fast-check';
import {
  jobCreateArb,
  jobFieldUpdateArb,
  jobFieldUpdateArbs,
  ReferenceDataError,
  withTitlePrefix,
  type JobArbOptions,
  type UpdateField,
} from '../arbitraries/job.js';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { titlePrefix } from '../contract/scope-words.js';
import { amountAsNumber } from '../../judging/amount-decimals.js';
import { JOB_INPUT_FIELDS } from '../../schemas/job-fields.js';

/** The statuses a create may name besides the draft it defaults to (spec 3): rules that meet a job in every status send each. */
export const STATED_STATUSES: ReadonlyArray<Job['status']> = ['active', 'archived'];

/**
 * Valid create bodies (no referenceId; the title holds the run tag). Skips the rule (instead of
 * erroring) when the target's reference lists gave no ids to build a job.
 */
export function createBodyArb(ctx: RuleContext, options: JobArbOptions = {}): fc.Arbitrary<Body> {
  try {
    return jobCreateArb(ctx.refs, ctx.tag, options);
  } catch (error) {
    if (error instanceof ReferenceDataError) ctx.skip(`cannot build a job: ${error.message}`);
    throw error;
  }
}

/** One-field partial updates (never status, never a routing switch without its address). */
export function fieldUpdateArb(ctx: RuleContext): fc.Arbitrary<Body> {
  return jobFieldUpdateArb(ctx.refs, ctx.tag);
}

/** For each update field, the one-field updates of it (suites/arbitraries/job.ts). */
export function fieldUpdateArbs(ctx: RuleContext): Record<UpdateField, fc.Arbitrary<Body>> {
  return jobFieldUpdateArbs(ctx.refs, ctx.tag);
}

/** The case tag, or the run tag for contexts without cases. */
export function caseTagOf(ctx: RuleContext): string {
  return ctx.caseTag?.() ?? ctx.tag;
}

/** A word a title of the case may hold that no referenceId does (no referenceId holds a `t` after the case tag). */
export const titleWordOf = (ctx: RuleContext): string => `${caseTagOf(ctx)}tq`;

/**
 * A title for the current case: `marker` (a referenceId or a token that starts with the case tag),
 * the case tag and the run tag, each a word, then `text`.
 *
 * @example
 * scopedTitle(ctx, body.referenceId, 'retitled'); // 'jc1a2b3c05k3x0x jc1a2b3c05k3x jc1a2b3c retitled'
 */
export function scopedTitle(ctx: RuleContext, marker: string, text: string): string {
  return `${titlePrefix(marker, caseTagOf(ctx), ctx.tag)} ${text}`;
}

/** Retitles a body so its title starts with `marker` and holds the case and run tags as words (scopedTitle). */
export function retitle(ctx: RuleContext, body: Body, marker: string): Body {
  const prefix = titlePrefix(marker, caseTagOf(ctx), ctx.tag);
  const renamed = withTitlePrefix(body, ctx.tag, prefix);
  if (renamed !== body) return renamed;
  const title = typeof body.title === 'string' ? body.title : 'Job';
  return { ...body, title: `${prefix} ${title}`.slice(0, 256) };
}

/**
 * The body with a fresh referenceId and a title starting with it.
 *
 * @example
 * const body = identify(ctx, generated); // { ...generated, referenceId: 'jc1a2b3c04k0x0x', title: 'jc1a2b3c04k0x0x jc1a2b3c04k0x jc1a2b3c Welder' }
 */
export function identify(ctx: RuleContext, body: Body): Body & { referenceId: string } {
  const referenceId = ctx.referenceId();
  return { ...retitle(ctx, body, referenceId), referenceId };
}

/** The body without a referenceId, titled with a fresh case token so cleanup and q still find it. */
export function anonymous(ctx: RuleContext, body: Body): Body {
  const { referenceId: _dropped, ...rest } = retitle(ctx, body, ctx.referenceId());
  return rest;
}

/** The spellings of "no referenceId" a request may send: absent, and the "" and null 2.1 describes (sample responses write null). */
export const NO_REFERENCE_ID: ReadonlyArray<{ label: string; patch: Body }> = [
  { label: 'without referenceId', patch: {} },
  { label: 'with referenceId ""', patch: { referenceId: '' } },
  { label: 'with referenceId null', patch: { referenceId: null } },
];

/** Read-only values a client might send (2.1): an old publishDate, and an employer and id that are not the service's. */
export function foreignReadOnly(ctx: RuleContext): { publishDate: string; employer: { id: number; name: string }; id: number } {
  return {
    publishDate: '2001-01-01T00:00:00Z',
    employer: { id: 2_147_480_000, name: `${caseTagOf(ctx)} not the key's employer` },
    id: 2_147_480_001,
  };
}

/**
 * A job as GET returned it, made a request body: the salary amounts as JSON numbers, the canonical request
 * form (a server may answer a "Decimal" as a string, spec 2.5; that form is jobs.limits.amount-as-number's alone).
 *
 * @example
 * withNumberAmounts({ salary: { amount: '52000.0000', maxAmount: null } }); // { salary: { amount: 52000, maxAmount: null } }
 */
export function withNumberAmounts(body: Body): Body {
  const salary = body.salary as Record<string, unknown> | null | undefined;
  if (salary === null || typeof salary !== 'object') return body;
  return { ...body, salary: { ...salary, amount: amountAsNumber(salary.amount), maxAmount: amountAsNumber(salary.maxAmount) } };
}

type Named = { id: unknown };
const byId = (value: unknown): unknown => (value !== null && typeof value === 'object' ? { id: (value as Named).id } : value);

/**
 * A job as GET returned it, in the form a create sends (4.2: "On input only `id` is supplied"): its request fields
 * alone, each named object by its id, each location by its description, the amounts as JSON numbers.
 *
 * @example
 * asCreateInput({ id: 7, positionType: { id: 1, name: 'Full-time' }, locations: [{ id: 3, name: 'Laval, QC', description: 'Laval, QC', type: 'city' }] });
 * // { positionType: { id: 1 }, locations: [{ description: 'Laval, QC' }] }
 */
export function asCreateInput(job: Body): Body {
  const input: Body = Object.fromEntries(JOB_INPUT_FIELDS.filter((field) => field in job).map((field) => [field, job[field]]));
  const salary = withNumberAmounts(input).salary as Record<string, unknown> | null | undefined;
  if (salary) input.salary = { ...salary, period: byId(salary.period) };
  if (input.positionType !== undefined) input.positionType = byId(input.positionType);
  if (input.applicantRoutingType !== undefined) input.applicantRoutingType = byId(input.applicantRoutingType);
  if (Array.isArray(input.categories)) input.categories = input.categories.map(byId);
  if (Array.isArray(input.locations))
    input.locations = input.locations.map((place: { description?: unknown }) => ({ description: place.description }));
  return input;
}
