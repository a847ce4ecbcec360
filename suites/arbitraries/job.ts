/**
 * @module Job request bodies (spec 4.2, 4.3) that any reasonable server must
 * accept: every field whose requiredness the spec leaves open is sent
 * (title, description, locations, categories, positionType, routing with its
 * address, a future closeDate); ids come only from the reference data
 * discovered at run time; autoRefresh is never sent (it depends on the
 * employer's plan). referenceId is NOT generated: it must be fresh on every
 * execution (a shrink re-runs the same value), so rules add ctx.referenceId().
 */
import * as fc from 'fast-check';
import type { Body, ReferenceData } from '../contract/rule.js';
import { allowedHtmlArb } from './html.js';
import { locationsArb } from './location.js';
import { routingArb, type Routing } from './routing.js';
import { salaryInputArb, type SalaryInput } from './salary.js';
import { inputLimits, jobStatuses, type JobStatus } from './schema-limits.js';
import { wordsArb } from './text.js';
import { DAY_MS } from '../../schemas/time-units.js';

/**
 * The reference data lacks ids a job needs (no position types or no categories).
 *
 * @example
 * jobCreateArb({ positionTypeIds: [], categoryIds: [1] }, tag); // throws ReferenceDataError (code NO_REFERENCE_DATA)
 */
export class ReferenceDataError extends Error {
  override readonly name = 'ReferenceDataError';
  readonly code = 'NO_REFERENCE_DATA';
  constructor(readonly missing: 'positionTypeIds' | 'categoryIds') {
    super(`[suites] the target's reference lists gave no ${missing}`);
  }
}

// 6 words of at most 12 characters plus 5 spaces.
const TITLE_WORDS_MAX = 6 * 12 + 5;

function checkInputs(refs: ReferenceData, tag: string): void {
  if (refs.positionTypeIds.length === 0) throw new ReferenceDataError('positionTypeIds');
  if (refs.categoryIds.length === 0) throw new ReferenceDataError('categoryIds');
  // §8: title <= 256, and every title holds the tag
  if (tag.length + 1 + TITLE_WORDS_MAX > inputLimits.titleMax) throw new RangeError(`[suites] tag too long for a title: ${tag}`);
}

/**
 * A title `<tag> <words>`: holds the run tag, at most 256 characters (§8).
 *
 * @example
 * fc.sample(titleArb('jc1-'), 1); // ['jc1- Cuisinière senior']
 */
export function titleArb(tag: string): fc.Arbitrary<string> {
  return wordsArb(6).map(function tagTitle(words) {
    return `${tag} ${words}`;
  });
}

/**
 * 1-3 distinct category references from the discovered ids (§8: categories per job 1 to 3).
 *
 * @example
 * fc.sample(categoriesArb({ positionTypeIds: [1], categoryIds: [4, 9] }), 1); // [[{ id: 9 }, { id: 4 }]]
 */
export function categoriesArb(refs: ReferenceData): fc.Arbitrary<Array<{ id: number }>> {
  const distinct = [...new Set(refs.categoryIds)];
  return fc
    .uniqueArray(fc.constantFrom(...distinct), {
      minLength: inputLimits.categoriesMin,
      maxLength: Math.min(inputLimits.categoriesMax, distinct.length),
    })
    .map(function toIdRefs(ids) {
      return ids.map((id) => ({ id }));
    });
}

/**
 * @example
 * fc.sample(positionTypeArb(ctx.refs), 1); // [{ id: 3 }]
 */
export function positionTypeArb(refs: ReferenceData): fc.Arbitrary<{ id: number }> {
  return fc.constantFrom(...refs.positionTypeIds).map(function toIdRef(id) {
    return { id };
  });
}

/**
 * A future ISO date (`YYYY-MM-DD`) 7 to 180 days after `today` (UTC): far
 * enough that no time zone makes it today, and before any plausible maximum.
 *
 * @example
 * fc.sample(closeDateArb(new Date('2026-01-01')), 1); // ['2026-02-14']
 */
export function closeDateArb(today: Date = new Date()): fc.Arbitrary<string> {
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return fc.integer({ min: 7, max: 180 }).map(function daysFromToday(days) {
    return new Date(base + days * DAY_MS).toISOString().slice(0, 10);
  });
}

/**
 * §3: active, archived or draft (read from common.schema.json).
 *
 * @example
 * fc.sample(jobStatusArb, 1); // ['archived']
 */
export const jobStatusArb: fc.Arbitrary<JobStatus> = fc.constantFrom(...jobStatuses);

export interface JobArbOptions {
  /** Reference day for closeDate (default: now). Fix it in tests for reproducible values. */
  today?: Date;
  /** Also send a status, or omit it, at random (default: never send one). */
  withStatus?: boolean;
}

interface JobParts {
  title: string;
  description: string;
  locations: Array<{ description: string }>;
  categories: Array<{ id: number }>;
  positionType: { id: number };
  routing: Routing;
  closeDate: string;
  salary: SalaryInput | null | undefined;
  confidential: boolean | undefined;
  status: JobStatus | undefined;
}

function toJobBody({ routing, salary, confidential, status, ...fields }: JobParts): Body {
  const body: Body = { ...fields, ...routing };
  if (salary !== undefined) body.salary = salary;
  if (confidential !== undefined) body.confidential = confidential;
  if (status !== undefined) body.status = status;
  return body;
}

/**
 * A POST / PUT-create body valid for any reasonable server; the title holds
 * `tag`. No referenceId (see the module note).
 *
 * @example
 * const body = fc.sample(jobCreateArb(ctx.refs, ctx.tag), 1)[0];
 * await ctx.api.create({ ...body, referenceId: ctx.referenceId() });
 */
export function jobCreateArb(refs: ReferenceData, tag: string, options: JobArbOptions = {}): fc.Arbitrary<Body> {
  checkInputs(refs, tag);
  return fc
    .record({
      title: titleArb(tag),
      description: allowedHtmlArb,
      locations: locationsArb(),
      categories: categoriesArb(refs),
      positionType: positionTypeArb(refs),
      routing: routingArb,
      closeDate: closeDateArb(options.today),
      salary: fc.option(fc.oneof({ weight: 4, arbitrary: salaryInputArb }, fc.constant(null)), { nil: undefined }),
      confidential: fc.option(fc.boolean(), { nil: undefined }),
      status: options.withStatus ? fc.option(jobStatusArb, { nil: undefined }) : fc.constant(undefined),
    })
    .map(toJobBody);
}

/** The salary with its optional fields spelled out as their defaults (2.5: maxAmount optional, plusCommission false). */
function wholeSalary(salary: SalaryInput): SalaryInput {
  return { ...salary, maxAmount: salary.maxAmount ?? null, plusCommission: salary.plusCommission ?? false };
}

function only<K extends string>(key: K) {
  return function oneField<V>(value: V): Body {
    return { [key]: value };
  };
}

function spreadRouting(routing: Routing): Body {
  return { ...routing };
}

/** The fields a one-field update changes (routing counts as one: the type with its own address). */
export const UPDATE_FIELDS = [
  'title',
  'description',
  'locations',
  'categories',
  'positionType',
  'salary',
  'closeDate',
  'confidential',
  'routing',
] as const;
export type UpdateField = (typeof UPDATE_FIELDS)[number];

/**
 * For each update field, the partial PUT bodies that change it alone (spec 4.3: "Only the fields sent change").
 * Routing is the type with its own address, which §4.2 requires together. Never status (transitions are their own
 * operations) and never salary null (clearing by null is not shown). A salary is sent whole here (maxAmount and
 * plusCommission spelled out), so the sent value is the whole expected salary; partial salaries, which merge into the
 * stored one (4.2 lists each salary field), are jobs.update.salary-merge's.
 *
 * @example
 * const { categories } = jobFieldUpdateArbs(ctx.refs, ctx.tag); // { categories: [{ id: 3 }] }, ...
 */
export function jobFieldUpdateArbs(refs: ReferenceData, tag: string, options: JobArbOptions = {}): Record<UpdateField, fc.Arbitrary<Body>> {
  checkInputs(refs, tag);
  return {
    title: titleArb(tag).map(only('title')),
    description: allowedHtmlArb.map(only('description')),
    locations: locationsArb().map(only('locations')),
    categories: categoriesArb(refs).map(only('categories')),
    positionType: positionTypeArb(refs).map(only('positionType')),
    salary: salaryInputArb.map(wholeSalary).map(only('salary')),
    closeDate: closeDateArb(options.today).map(only('closeDate')),
    confidential: fc.boolean().map(only('confidential')),
    routing: routingArb.map(spreadRouting),
  };
}

/**
 * A partial PUT body changing ONE field, any of jobFieldUpdateArbs.
 *
 * @example
 * const patch = fc.sample(jobFieldUpdateArb(ctx.refs, ctx.tag), 1)[0]; // { confidential: true }
 * await ctx.api.putById(id, patch);
 */
export function jobFieldUpdateArb(refs: ReferenceData, tag: string, options: JobArbOptions = {}): fc.Arbitrary<Body> {
  const arbs = jobFieldUpdateArbs(refs, tag, options);
  return fc.oneof(...UPDATE_FIELDS.map((field) => arbs[field]));
}

/**
 * Replaces the leading word `tag` of a generated title with `prefix` (words
 * that start with the tag, e.g. suites/contract/scope-words.ts titlePrefix), so a job
 * can be found by a token unique to one execution. A title that does not
 * start with the word `tag` (already retitled, or not generated) is kept.
 *
 * @example
 * withTitlePrefix({ title: 'jc1 Cook' }, 'jc1', 'jc1k3x0x jc1k3x jc1'); // { title: 'jc1k3x0x jc1k3x jc1 Cook' }
 */
export function withTitlePrefix(body: Body, tag: string, prefix: string): Body {
  const title = body.title;
  if (typeof title !== 'string' || !(title === tag || title.startsWith(`${tag} `))) return body;
  return { ...body, title: prefix + title.slice(tag.length) };
}
