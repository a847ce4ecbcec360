/**
 * @module Near misses of a job's referenceId (spec 2.1: "Employer's unique id for the job"; 4.2, 4.3 form 2, 4.4,
 * 4.7 name a job by it). A referenceId is a string: one that differs from a job's only in letter case, by a space at
 * its end or by an accent names another job, or none. A store that compares them as a database collation does
 * (case-insensitive, PAD SPACE, accent-insensitive) takes one for the other: it refuses a POST as a duplicate,
 * updates the job through a PUT /jobs meant to create another, or deletes it. Each variant is sent on every path
 * that names a job by referenceId, beside a job that holds the plain one; only effects are judged (spec 7 shows
 * no status): the job left alone, and a create with the variant not refused for the job's sake. A should: the spec
 * types referenceId a String and never says how two are compared, and a store on a case-insensitive or PAD SPACE
 * collation (SQL Server's and MySQL's defaults) is a common, defensible choice; comparing exactly is the faithful one.
 * The characters of a pattern language in a referenceId go the same way, as a must (patternReferencesRule).
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import * as fc from 'fast-check';
import { caseTagOf, createBodyArb, identify } from '../kit/bodies.js';
import { show } from '../../judging/compare.js';
import { isClientError, isSuccess, responseLine } from '../kit/http.js';
import { createJob, expectLeftAlone, getJob, listJobs } from '../kit/jobs.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { METHOD_OVERRIDE } from '../../vocabulary/methods.js';
import { namesNoJobAsText } from './reference-identification.js';
import { declinesCreate, formLabel, PUT_CREATES, type PutCreateForm } from '../kit/rejected-writes.js';
import { atOnce } from '../kit/at-once.js';
import { orderNumberOf } from '../arbitraries/reference-shapes.js';

/** One way a referenceId can differ from a job's: its label, and the pair it makes from a fresh referenceId. */
interface Variant {
  readonly label: string;
  /** The holder's referenceId and the variant, from a fresh referenceId of the case. */
  pair(fresh: string): { held: string; variant: string };
}

/** A fresh referenceId holds lower-case letters (the case tag); the holder gets an `e` to accent. */
export const REFERENCE_VARIANTS: readonly Variant[] = [
  { label: 'other letter case', pair: (fresh) => ({ held: fresh, variant: fresh.toUpperCase() }) },
  { label: 'a space at its end', pair: (fresh) => ({ held: fresh, variant: `${fresh} ` }) },
  { label: 'an accent', pair: (fresh) => ({ held: `${fresh}e`, variant: `${fresh}\u00e9` }) },
];

/**
 * A referenceId is text, so the characters of a pattern language in one are characters like any other: SQL LIKE's
 * `_` and `%`, a glob's `?` and `*`, a regular expression's `.` and `.*`, a bracket class; and so are a path's
 * separators, which a store keyed by paths normalizes (a doubled slash, a dot segment, a trailing slash), and the
 * digits of an order number, which a store that casts them reads as a number. Each variant is a pattern that matches
 * the holder's referenceId, or a spelling that normalizes to it, and only it: both start with a fresh referenceId,
 * which no other referenceId starts with (scope-words.ts: a counter ends in `x`), or are the digits made from one.
 */
export const PATTERN_VARIANTS: readonly Variant[] = [
  { label: "SQL LIKE's _ for one character", pair: (fresh) => ({ held: `${fresh}ab`, variant: `${fresh}_b` }) },
  { label: "SQL LIKE's % for the rest", pair: (fresh) => ({ held: `${fresh}ab`, variant: `${fresh}%` }) },
  { label: "a glob's ? for one character", pair: (fresh) => ({ held: `${fresh}ab`, variant: `${fresh}?b` }) },
  { label: "a glob's * for the rest", pair: (fresh) => ({ held: `${fresh}ab`, variant: `${fresh}*` }) },
  { label: "a regular expression's . for one character", pair: (fresh) => ({ held: `${fresh}ab`, variant: `${fresh}.b` }) },
  { label: "a regular expression's .* for the rest", pair: (fresh) => ({ held: `${fresh}ab`, variant: `${fresh}.*` }) },
  { label: 'a bracket class for one character', pair: (fresh) => ({ held: `${fresh}ab`, variant: `${fresh}[a]b` }) },
  // A store whose keys are paths (an object store, a key-value store's key joined by `/`) normalizes them: each of
  // these names the holder's key there.
  { label: "a path's doubled slash", pair: (fresh) => ({ held: `${fresh}/b`, variant: `${fresh}//b` }) },
  { label: "a path's dot segment", pair: (fresh) => ({ held: `${fresh}/b`, variant: `${fresh}/./b` }) },
  { label: "a path's trailing slash", pair: (fresh) => ({ held: `${fresh}/b`, variant: `${fresh}/b/` }) },
  // Digits a store casts to a number: the same number with one more leading zero names another job there.
  {
    label: 'the same digits with another leading zero',
    pair: (fresh) => ({ held: orderNumberOf(fresh), variant: `0${orderNumberOf(fresh)}` }),
  },
];

interface Holder {
  readonly job: Job;
  readonly variant: string;
  readonly label: string;
}

/** A whole create body for the case, named by `referenceId`. */
function bodyNamed(ctx: RuleContext, body: Body, referenceId: string): Body {
  return { ...identify(ctx, body), referenceId };
}

/** The holder must still read as it was: `what` named the variant, never the holder. */
function expectUntouched(ctx: RuleContext, holder: Holder, what: string, res: ApiResponse): Promise<void> {
  return expectLeftAlone(ctx, holder.job, res, {
    title: `${what} deleted or changed job ${holder.job.id} (referenceId ${show(holder.job.referenceId)})`,
    expected:
      `a referenceId is a string (spec 2.1): "${holder.variant}" (${holder.label}) is not "${holder.job.referenceId}", ` +
      `so ${what} names another job, or none, and leaves job ${holder.job.id} alone`,
  });
}

/**
 * PUT /jobs with the variant and a whole create body: a PUT-create of another job (4.3), never an update of the holder.
 * Returns the id of the job it created, if any.
 */
async function putVariant(
  ctx: RuleContext,
  holder: Holder,
  body: Body,
  variant?: Variant,
  form: PutCreateForm = 'put-create',
): Promise<number | undefined> {
  const override = form === 'override-create';
  const what = `${override ? `POST /jobs with ${METHOD_OVERRIDE}: PUT` : 'PUT /jobs'} with referenceId "${holder.variant}"`;
  const put = (referenceId: string) =>
    ctx.api.client.request<Job>({
      method: override ? 'POST' : 'PUT',
      path: '/jobs',
      body: bodyNamed(ctx, body, referenceId),
      ...(override ? { headers: { [METHOD_OVERRIDE]: 'PUT' } } : {}),
    });
  const res = await put(holder.variant);
  // The override carries PUT where the target honours it (spec 1 documents DELETE): one that does not is left alone.
  if (await declinesCreate(ctx, form, body, res)) return undefined;
  const answered = isSuccess(res.status) ? (res.json as { id?: unknown } | undefined)?.id : undefined;
  ctx.expect(answered !== holder.job.id, {
    title: `${what} answered as job ${holder.job.id}, which holds "${holder.job.referenceId}"`,
    expected: `a PUT /jobs names its job by referenceId (spec 4.3 form 2): "${holder.variant}" is not "${holder.job.referenceId}"`,
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  await expectUntouched(ctx, holder, what, res);
  // 4.3: a PUT-create behaves as POST, so it is no more refused for the holder's sake.
  if (variant !== undefined) await expectNotRefusedForHolder(ctx, holder, variant, what, res, put);
  return typeof answered === 'number' && answered !== holder.job.id ? answered : undefined;
}

/** DELETE /jobs with the variant, plainly and through the method override (4.4, 4.7): the holder stays. */
async function deleteVariant(ctx: RuleContext, holder: Holder, override: boolean): Promise<void> {
  const what = `${override ? 'POST /jobs with X-HTTP-Method-Override: DELETE' : 'DELETE /jobs'} and referenceId "${holder.variant}"`;
  const res = await ctx.api.client.request({
    method: override ? 'POST' : 'DELETE',
    path: '/jobs',
    body: { referenceId: holder.variant },
    ...(override ? { headers: { [METHOD_OVERRIDE]: 'DELETE' } } : {}),
  });
  await expectUntouched(ctx, holder, what, res);
}

/**
 * A write with the variant (`what`, answered `res`) refused while the holder lives is refused for the holder's sake,
 * unless the same write with the variant of a referenceId no job holds (`sendAlone`) is refused too: a refusal of the
 * variant's characters alone (a space at the end, an accent), which the character-class rules judge.
 */
async function expectNotRefusedForHolder(
  ctx: RuleContext,
  holder: Holder,
  variant: Variant,
  what: string,
  res: ApiResponse,
  sendAlone: (referenceId: string) => Promise<ApiResponse>,
): Promise<void> {
  if (!isClientError(res.status)) return;
  const control = await sendAlone(variant.pair(ctx.referenceId()).variant);
  if (!isSuccess(control.status)) {
    ctx.observe({
      topic: 'reference-id-characters',
      section: '2.1',
      observed: `a referenceId with ${variant.label} was refused whether or not a job held the plain one (${res.status}, ${control.status})`,
    });
    return;
  }
  ctx.expect(false, {
    title: `${what} was refused while job ${holder.job.id} holds "${holder.job.referenceId}"`,
    expected:
      `only a referenceId that already exists is taken (spec 4.2, 4.3): "${holder.variant}" (${variant.label}) is not ` +
      `"${holder.job.referenceId}", and the same write with a referenceId no job holds was accepted (${control.status})`,
    received: responseLine(res),
    failingExchange: res.exchange,
  });
}

/** POST with the variant while the holder lives (4.2): no referenceId "that already exists", so not refused for it. */
async function postVariant(ctx: RuleContext, holder: Holder, body: Body, variant: Variant): Promise<void> {
  const what = `POST /jobs with referenceId "${holder.variant}"`;
  const post = (referenceId: string) =>
    ctx.api.client.request<Job>({ method: 'POST', path: '/jobs', body: bodyNamed(ctx, body, referenceId) });
  const res = await post(holder.variant);
  await expectUntouched(ctx, holder, what, res);
  await expectNotRefusedForHolder(ctx, holder, variant, what, res, post);
}

/**
 * Both jobs, the holder and the variant's, listed by a word both titles hold (the case tag): two referenceIds that
 * differ name two jobs, and a list that folds them into one shows one (4.5; 2.8: total counts the matching jobs).
 */
async function expectBothListed(ctx: RuleContext, holder: Holder, other: number): Promise<void> {
  const res = await listJobs(ctx, { q: caseTagOf(ctx), pageSize: 100 });
  const listed = res.json.data.map((item) => item.id);
  ctx.expect(listed.includes(holder.job.id) && listed.includes(other), {
    title: `the list by the case's word does not hold both job ${holder.job.id} ("${holder.job.referenceId}") and job ${other} ("${holder.variant}")`,
    expected: `both jobs: each title holds the word, and "${holder.variant}" (${holder.label}) is another referenceId (spec 4.5)`,
    received: `items ${show(listed)}, total ${show(res.json.paging.total)}`,
    failingExchange: res.exchange,
  });
}

/**
 * PUT /jobs/{id} renaming another job to the variant while the holder lives (4.3): the holder stays, and the rename is
 * not refused for its sake. Sent only once no job holds the variant, where a refusal would be a true duplicate.
 */
async function renameToVariant(ctx: RuleContext, holder: Holder, body: Body, variant: Variant): Promise<void> {
  if (!(await namesNoJobAsText(ctx, holder.variant))) return;
  const job = await createJob(ctx, identify(ctx, body));
  const what = `PUT /jobs/${job.id} renaming it to referenceId "${holder.variant}"`;
  const rename = (referenceId: string) => ctx.api.putById(job.id, { referenceId });
  const res = await rename(holder.variant);
  await expectUntouched(ctx, holder, what, res);
  await expectNotRefusedForHolder(ctx, holder, variant, what, res, rename);
}

export const nearMissReferencesRule: Implementation = propertyRule<{ body: Body; variant: Variant }>(
  {
    id: 'jobs.robustness.near-miss-references',
    section: '2.1',
    level: 'should',
    title:
      "ReferenceIds beside a job's (other letter case, a space at the end, an accent) name another job: " +
      'a POST with one is no duplicate, a PUT /jobs or DELETE /jobs with one leaves the job alone',
    statement: "Good practice; the spec says: Employer's unique id for the job.",
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => fc.record({ body: createBodyArb(ctx), variant: fc.constantFrom(...REFERENCE_VARIANTS) }),
    examples: () => REFERENCE_VARIANTS.map((variant) => ({ variant })),
    independentCases: true,
    check: (ctx: RuleContext, { body, variant }) => checkVariant(ctx, body, variant),
  },
);

/**
 * A job holding the plain referenceId, then the variant on every path that names a job by referenceId: DELETE /jobs
 * plainly and through the override, PUT /jobs (a create of another job), and POST (no duplicate). Only effects are
 * judged: the holder left alone.
 */
async function checkVariant(ctx: RuleContext, body: Body, variant: Variant): Promise<void> {
  const { held, variant: named } = variant.pair(ctx.referenceId());
  const job = await getJob(ctx, (await createJob(ctx, { ...identify(ctx, body), referenceId: held })).id);
  const holder: Holder = { job, variant: named, label: variant.label };
  // The deletes first while the holder is the only job near the variant: a store that compares by collation removes it.
  await deleteVariant(ctx, holder, false);
  await deleteVariant(ctx, holder, true);
  // Then PUT-create, plainly and through the method override: each makes a job of the variant, listed beside the
  // holder, which the DELETE then removes, so the next create finds it free.
  const made: number[] = [];
  for (const form of PUT_CREATES) {
    const created = await putVariant(ctx, holder, body, variant, form);
    if (created === undefined) continue;
    if (form === 'put-create') await expectBothListed(ctx, holder, created);
    made.push(created);
    await deleteVariant(ctx, holder, false);
  }
  // A job of the variant left by the DELETE would make a refused POST a true duplicate.
  const reads = await atOnce(ctx, made, (id) => ctx.api.client.request({ method: 'GET', path: `/jobs/${id}` }));
  if (!reads.some((read) => isSuccess(read.status))) await postVariant(ctx, holder, body, variant);
  await deleteVariant(ctx, holder, true);
  await renameToVariant(ctx, holder, body, variant);
}

/**
 * ReferenceIds holding a pattern's characters (PATTERN_VARIANTS) name the job holding exactly them. A server that
 * looks a referenceId up with LIKE, a glob or a regular expression updates or deletes the job the pattern matches,
 * or refuses a POST as its duplicate. A must, unlike the near misses above: no comparison of two strings, whatever
 * its collation, makes `_` equal `a`.
 */
export const patternReferencesRule: Implementation = propertyRule<{ body: Body; variant: Variant }>(
  {
    id: 'jobs.robustness.pattern-references',
    section: '4.4',
    level: 'must',
    title:
      "A referenceId holding a pattern's characters (_ and %, ? and *, . and .*, [a]) or a path's (// and /./, a trailing /), " +
      'or digits with another leading zero, names no job but one holding exactly it: ' +
      'a POST with one is no duplicate, a PUT /jobs or DELETE /jobs with one leaves the job it would match alone',
    statement: 'Identification: job id in the path, or `referenceId` in a JSON body on `DELETE /jobs`.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => fc.record({ body: createBodyArb(ctx), variant: fc.constantFrom(...PATTERN_VARIANTS) }),
    examples: () => PATTERN_VARIANTS.map((variant) => ({ variant })),
    independentCases: true,
    check: (ctx: RuleContext, { body, variant }) => checkVariant(ctx, body, variant),
  },
);

/**
 * The control of a referenceId spelling a job's id: digits too, from a fresh referenceId, past Int32 (no job's id),
 * so a write refused with both is refused for its digits alone, which `jobs.robustness.reference-id-characters` judges.
 */
const ID_SPELLING: Variant = {
  label: "a job's id in digits",
  pair: (fresh) => ({ held: fresh, variant: `9${orderNumberOf(fresh)}` }),
};

/**
 * A referenceId that spells a job's id (its digits, and with a leading zero) is text that names the job holding it,
 * never the job with that id (4.3: the id is in the path of form 1, the referenceId in the body of form 2; 4.4 the
 * same for DELETE). A server that takes a referenceId of digits for an id, or looks one up among ids too, updates or
 * deletes that job, or refuses a create or a rename with the digits as a duplicate. Every write that carries a
 * referenceId goes: each create form, a rename by id, and the deletes. A must, unlike the near misses above: no
 * collation makes a referenceId equal an id. A job the PUT creates keeps the digits as sent, the leading zero too.
 * Sent only while no job of the employer holds the digits as its referenceId (a job the run did not create is not
 * the run's to name).
 */
export const idSpelledReferencesRule: Implementation = propertyRule<Body>(
  {
    id: 'jobs.robustness.reference-spelling-an-id',
    section: '4.3',
    level: 'must',
    title:
      "A referenceId that spells a job's id names no job but its holder: PUT /jobs and DELETE /jobs with it leave that job alone, " +
      'and no create or rename with it is refused for that job',
    statement: '`PUT /jobs`: `referenceId` is in the body. The job id is then not needed.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, body) => {
      const job = await getJob(ctx, (await createJob(ctx, identify(ctx, body))).id);
      for (const spelled of [String(job.id), `0${job.id}`]) {
        if (!(await namesNoJobAsText(ctx, spelled))) continue;
        const holder: Holder = { job, variant: spelled, label: `job ${job.id}'s id in digits` };
        await deleteVariant(ctx, holder, false);
        await deleteVariant(ctx, holder, true);
        for (const form of PUT_CREATES) {
          const made = await putVariant(ctx, holder, body, ID_SPELLING, form);
          if (made === undefined) continue;
          const kept = (await getJob(ctx, made)).referenceId;
          ctx.expect(kept === spelled, {
            title: `${formLabel(form)} with referenceId "${spelled}" made job ${made} with referenceId ${show(kept)}`,
            expected: 'a referenceId is a string, kept as sent (spec 2.1, 4.3: a PUT that creates behaves as POST): digits are no number',
            received: `referenceId ${show(kept)}`,
          });
          // The job the PUT made holds the digits now: the next write is judged without it.
          await deleteVariant(ctx, holder, false);
        }
        await postVariant(ctx, holder, body, ID_SPELLING);
        await deleteVariant(ctx, holder, true);
        await renameToVariant(ctx, holder, body, ID_SPELLING);
        await deleteVariant(ctx, holder, false);
      }
    },
  },
);
