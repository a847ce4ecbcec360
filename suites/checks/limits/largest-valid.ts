/**
 * @module The largest valid value of a limit (spec 8) sent by every write besides POST: a partial update by id, by
 * referenceId and through the method override (spec 1) on either path, and a PUT-create, plainly and through the
 * override ("Request body fields are the same as POST", 4.3); then read back in the write's answer, by GET and, where
 * the job header carries the field (2.7), in the list item; and, for a field q matches (4.5), found by q. A server
 * that checks its limits off by one on one path only is caught on that path. One case per form and run: the value is
 * at the limit whatever is drawn.
 */
import * as fc from 'fast-check';
import type { Job } from '../../../schemas/types.gen.js';
import { JOB_HEADER_FIELDS } from '../../../schemas/job-fields.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { keptValueProblems } from '../../../judging/compare.js';
import { isSuccess, responseLine } from '../../kit/http.js';
import { createJob, listAllJobs, readsOfWritten } from '../../kit/jobs.js';
import {
  declinesCreate,
  declinesUpdate,
  formLabel,
  isCreateForm,
  sendCreate,
  sendUpdate,
  type LaterForm,
} from '../../kit/rejected-writes.js';
import type { ApiResponse, Body, RuleContext } from '../../contract/rule.js';

/** A limit's largest valid value, built from drawn material (a filler, an address, a list). */
export interface LargestValid<D> {
  field: string;
  /** What is sent, for titles: `a title of 256 characters`. */
  what: string;
  /** The limit, with its section. */
  statement: string;
  material: fc.Arbitrary<D>;
  /** `body` carrying the value; `marker` (a fresh token starting with the case tag) stays inside a padded text. */
  into(body: Body, marker: string, material: D): Body;
  /** For a field q matches (4.5): the q that must list the job after the write, from the body sent. */
  searchedBy?(sent: Body): string;
  /** Fields the job an update reaches holds before it, beside the drawn body's: a value next to the one sent. */
  heldBefore?(material: D): Body;
  /** POST too, first: for a rule whose own POSTs judge only whether the value is taken, not how it is kept. */
  alsoPost?: boolean;
  /** Judge only that each write takes the value, where how a target keeps it is open. */
  takenOnly?: boolean;
}

/** `PUT /jobs` names its job by referenceId, so a new referenceId there is a PUT-create (its own forms). */
function formsOf(field: string, alsoPost = false): WriteForm[] {
  const later: LaterForm[] =
    field === 'referenceId'
      ? ['id', 'override', 'put-create', 'override-create']
      : ['id', 'reference', 'override', 'reference-override', 'put-create', 'override-create'];
  return alsoPost ? ['post', ...later] : later;
}

/** A form the value is sent in: a later write, or POST where the rule asks for it (alsoPost). */
type WriteForm = LaterForm | 'post';

/** Sends the value in `form`: a PUT-create of a whole body, or a partial update of a job created for the case. */
async function send<D>(
  ctx: RuleContext,
  form: WriteForm,
  generated: Body,
  largest: LargestValid<D>,
  material: D,
): Promise<{ sent: Body; res: ApiResponse<Job>; what: string; job?: Job }> {
  if (isCreateForm(form)) {
    const body = identify(ctx, generated);
    const sent = { referenceId: body.referenceId, ...largest.into(body, body.referenceId, material) };
    return { sent, res: await sendCreate(ctx, form, sent), what: formLabel(form) };
  }
  const job = await createJob(ctx, identify(ctx, { ...generated, ...largest.heldBefore?.(material) }));
  const sent = largest.into({}, ctx.referenceId(), material);
  return { sent, res: await sendUpdate(ctx, form, job, sent), what: formLabel(form, job), job };
}

/** Whether a client error is the target declining the override (good practice only, spec 1) rather than refusing the value. */
async function declined(ctx: RuleContext, form: WriteForm, res: ApiResponse<Job>, generated: Body, job: Job | undefined): Promise<boolean> {
  if (isCreateForm(form)) return declinesCreate(ctx, form, generated, res);
  return job !== undefined && declinesUpdate(ctx, form, job, res);
}

/** The write is accepted and every response that carries the field shows it as sent (judging/compare.ts keptValueProblems). */
async function expectKept<D>(ctx: RuleContext, form: WriteForm, generated: Body, largest: LargestValid<D>, material: D): Promise<void> {
  const { field } = largest;
  const { sent, res, what, job } = await send(ctx, form, generated, largest, material);
  // Honouring an override PUT is good practice only (jobs.update.by-override): a target that declines it is not judged here.
  if (await declined(ctx, form, res, generated, job)) return;
  const expected = `${largest.statement}; spec 4.3: a PUT body obeys the same rules as POST`;
  ctx.expect(isSuccess(res.status) && res.json !== undefined, {
    title: `${what} refused ${largest.what}`,
    expected,
    received: responseLine(res),
  });
  if (largest.takenOnly) return;
  const id = res.json.id;
  const reads = await readsOfWritten(ctx, res.json, what, { listed: (JOB_HEADER_FIELDS as readonly string[]).includes(field) });
  for (const [where, job] of reads) {
    const problems = job === undefined ? [`job ${id} is not listed`] : keptValueProblems(sent, job, [field]);
    ctx.expect(problems.length === 0, {
      title: `${where} does not keep ${largest.what} sent by ${what}`,
      expected: `${largest.statement}: the ${field} comes back as sent`,
      received: problems.join('\n'),
    });
  }
  if (largest.searchedBy) await expectFound(ctx, largest.searchedBy(sent), id, `${largest.what} sent by ${what}`);
}

/** The list with `q` has job `id`: a search index that keeps only the start of a long value misses it. */
export async function expectFound(ctx: RuleContext, q: string, id: number, what: string): Promise<void> {
  const listed = await listAllJobs(ctx, { q });
  ctx.expect(
    listed.some((header) => header.id === id),
    {
      title: `GET /jobs?q=${q} does not list job ${id} after ${what}`,
      expected:
        'spec 4.5: q matches the job title and referenceId; a whole referenceId, or a whole word of a title, matches under every ' +
        'reading of "matches" (substring, prefix, word), wherever it stands in a value of any length up to the limits of 8',
      received: `ids ${listed.map((header) => header.id).join(', ') || 'none'}`,
    },
  );
}

/**
 * One case per write form besides POST (and POST with alsoPost): the largest valid value is accepted and kept.
 *
 * @example
 * await largestKeptOnEveryWrite(ctx, { field: 'title', what: 'a title of 256 characters', statement, material: fillerArb, into });
 */
export async function largestKeptOnEveryWrite<D>(ctx: RuleContext, largest: LargestValid<D>): Promise<void> {
  for (const form of formsOf(largest.field, largest.alsoPost)) {
    const arb = fc.record({ form: fc.constant(form), job: createBodyArb(ctx), material: largest.material });
    await ctx.check(arb, ({ job, material }) => expectKept(ctx, form, job, largest, material), { runs: 1 });
  }
}

/**
 * A length limit's largest valid value, then the value one inside it, each kept on every write (largestKeptOnEveryWrite):
 * an off-by-one may sit on either side of a limit. The one inside goes by POST too, which the rules' own POSTs at the
 * limit do not reach.
 *
 * @example
 * await lengthsKeptOnEveryWrite(ctx, 256, (size) => ({ field: 'title', what: `a title of ${size} characters`, ... }));
 */
export async function lengthsKeptOnEveryWrite<D>(ctx: RuleContext, max: number, valueOf: (size: number) => LargestValid<D>): Promise<void> {
  for (const size of [max, max - 1]) await largestKeptOnEveryWrite(ctx, { ...valueOf(size), alsoPost: size < max });
}
