/**
 * @module A write of a value the spec neither allows nor forbids (a closeDate before publishDate, a title without
 * a letter): the server may take it or refuse it, and which one is an observation; what is judged is that the
 * answer holds. Taken, the value is on the write's answer and on a GET, and the list filtered by the job's status holds
 * it; refused, with a client error, nothing was created and nothing changed. Never a 5xx (spec 7).
 */
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { expectNothingCreated } from './expect-rejected.js';
import { expectStatus, isClientError, isSuccess, jobOf } from './http.js';
import { createJob, getJob, listJobs } from './jobs.js';
import { keptValueProblems } from '../../judging/compare.js';
import { SCOPE_WORD } from '../contract/scope-words.js';
import { createBodyArb, identify } from './bodies.js';
import { propertyRule, type Implementation, type RuleEntry } from './rule-builders.js';
import {
  CREATE_FORMS,
  declinesCreate,
  declinesUpdate,
  formLabel,
  sendCreate,
  sendUpdate,
  UPDATE_FORMS,
  type CreateForm,
  type UpdateForm,
} from './rejected-writes.js';

/** What a rule knows of its open value. */
export interface OpenValue {
  /** The value in words, for titles and observations: 'a title of one space'. */
  what: string;
  /** The statement a refusal is judged by: the spec leaves the value open. */
  statement: string;
  /** The fields that carry the value, as sent (judging/compare.ts compares them: text up to NFC, dates as days or instants). */
  sent: Body;
  /** Other spellings that count as kept (a blank title trimmed to ""). */
  alsoKept?: readonly Body[];
  /** Records whether `path` took the value ('accepted') or refused it ('refused with 422'). */
  observe(path: string, answer: string): void;
}

/** Fails unless `job`, read by `path`, holds the value as sent (or as one of its other spellings). */
function expectKept(ctx: RuleContext, value: OpenValue, job: Job, path: string): void {
  const fields = Object.keys(value.sent);
  const problems = keptValueProblems(value.sent, job, fields);
  const kept = problems.length === 0 || (value.alsoKept ?? []).some((spelling) => keptValueProblems(spelling, job, fields).length === 0);
  ctx.expect(kept, {
    title: `${path} took ${value.what} but kept another`,
    expected: `${value.statement}; a value taken comes back as sent (4.2, 4.3: only the fields sent change, to what was sent)`,
    received: problems.join('\n'),
  });
}

/**
 * Fails unless the list filtered by the status a GET of the job shows holds it (4.5), searched by its whole
 * referenceId, which every reading of q finds: a server that files a job by its value (a closeDate passed, read as
 * closed) otherwise than every read shows it drops it there. Skipped where the value took the case's referenceId away.
 */
async function expectFiledUnderStatus(ctx: RuleContext, value: OpenValue, job: Job, path: string): Promise<void> {
  const { referenceId } = job;
  if (typeof referenceId !== 'string' || !SCOPE_WORD.test(referenceId)) return;
  const listed = await listJobs(ctx, { q: referenceId, status: job.status, pageSize: 100 });
  ctx.expect(
    listed.json.data.some((header) => header.id === job.id),
    {
      title: `GET /jobs?status=${job.status} leaves out job ${job.id}, ${job.status} by a GET, after ${path} with ${value.what}`,
      expected: 'the list filtered by a status holds every job of that status (spec 4.5), whatever value it took',
      received: `listed ids ${listed.json.data.map((header) => header.id).join(', ') || 'none'}`,
    },
  );
}

/** Fails unless a refused update left the value's fields of `after` as they were in `before`. */
function expectUnchanged(ctx: RuleContext, value: OpenValue, before: Job, after: Job, path: string): void {
  const fields = Object.keys(value.sent);
  const was = Object.fromEntries(fields.map((field) => [field, (before as unknown as Body)[field]]));
  const problems = keptValueProblems(was, after, fields);
  ctx.expect(problems.length === 0, {
    title: `${path} with ${value.what} was refused but changed ${fields.join(', ')}`,
    expected: `${value.statement}; a refused update changes nothing (spec 4.3)`,
    received: problems.join('\n'),
  });
}

/** Whether a path took the value (true), refused it (false), or declined the form (undefined: a declined override). */
type Taken = boolean | undefined;

function answerOf(status: number): string {
  return isSuccess(status) ? 'accepted' : `refused with ${status}`;
}

/**
 * Creates a job of `generated` (a valid create body) carrying the value, with a fresh referenceId, in `form`: taken,
 * the value is on the answer and a GET; refused, nothing was created. A declined override is not judged.
 *
 * @example
 * await createWithOpenValue(ctx, 'post', generated, blank);
 */
export async function createWithOpenValue(ctx: RuleContext, form: CreateForm, generated: Body, value: OpenValue): Promise<Taken> {
  const body = { ...identify(ctx, generated), ...value.sent };
  const res = await sendCreate(ctx, form, body);
  if (await declinesCreate(ctx, form, generated, res)) return undefined;
  const path = formLabel(form);
  expectStatus(ctx, res, (status) => status < 500, `${path} with ${value.what} is answered, never with a 5xx (spec 7)`);
  value.observe(path, answerOf(res.status));
  if (isSuccess(res.status)) {
    expectKept(ctx, value, jobOf(res), `the ${path} answer`);
    const read = await getJob(ctx, jobOf(res).id);
    expectKept(ctx, value, read, `GET /jobs/${read.id}`);
    await expectFiledUnderStatus(ctx, value, read, path);
  } else if (isClientError(res.status)) {
    await expectNothingCreated(ctx, body.referenceId, { title: `${path} with ${value.what}`, expected: value.statement });
  }
  return isSuccess(res.status);
}

/**
 * Sends the value as a partial update of job `id` in `form`: taken, the value is on the answer and a GET;
 * refused, the job is as it was.
 *
 * @example
 * await updateWithOpenValue(ctx, job.id, 'reference', blank); // blank.sent is { title: ' ' }
 */
export async function updateWithOpenValue(ctx: RuleContext, id: number, form: UpdateForm, value: OpenValue): Promise<Taken> {
  const before = await getJob(ctx, id);
  const res = await sendUpdate(ctx, form, before, value.sent);
  if (await declinesUpdate(ctx, form, before, res)) return undefined;
  const path = formLabel(form, before);
  expectStatus(ctx, res, (status) => status < 500, `${path} with ${value.what} is answered, never with a 5xx (spec 7)`);
  value.observe(formLabel(form), answerOf(res.status));
  const after = await getJob(ctx, id);
  if (isSuccess(res.status)) {
    expectKept(ctx, value, jobOf(res), `the ${path} answer`);
    expectKept(ctx, value, after, `GET /jobs/${id} after ${path}`);
    await expectFiledUnderStatus(ctx, value, after, path);
  } else {
    expectUnchanged(ctx, value, before, after, path);
  }
  return isSuccess(res.status);
}

/**
 * Sends the open value on every write path: a create of `generated` carrying it in each create form, then a partial
 * update of job `id` in each update form (the method override's where the target honours it).
 *
 * @example
 * await onEveryWritePath(ctx, generated, job.id, blank);
 */
export async function onEveryWritePath(ctx: RuleContext, generated: Body, id: number, value: OpenValue): Promise<Map<string, Taken>> {
  const taken = new Map<string, Taken>();
  for (const form of CREATE_FORMS) taken.set(formLabel(form), await createWithOpenValue(ctx, form, generated, value));
  for (const form of UPDATE_FORMS) taken.set(formLabel(form), await updateWithOpenValue(ctx, id, form, value));
  return taken;
}

/**
 * Fails where a path refused a value and took one farther along (`values` run from nearest to farthest along one
 * bound): a server may refuse past a bound of its own, but then it refuses every value beyond it too. A value
 * refused between two it takes is a valid value refused, as a 29 February refused where 2038 is taken.
 */
function expectRefusalsBeyondTaken(ctx: RuleContext, values: readonly OpenValue[], answers: ReadonlyArray<Map<string, Taken>>): void {
  for (const path of answers[0]?.keys() ?? []) {
    const taken = answers.map((byPath) => byPath.get(path));
    const refused = taken.indexOf(false);
    const fartherTaken = taken.lastIndexOf(true);
    if (refused < 0 || fartherTaken < refused) continue;
    ctx.fail({
      title: `${path} refused ${values[refused]!.what} but took ${values[fartherTaken]!.what}, which lies farther`,
      expected: `${values[refused]!.statement}; a server that sets a bound refuses every value beyond it, and takes a valid value within it`,
      received: values
        .map((value, i) => `${value.what}: ${taken[i] === undefined ? 'declined' : taken[i] ? 'taken' : 'refused'}`)
        .join('\n'),
    });
  }
}

/**
 * A rule that creates a job of the case and sends each of its open values (`valuesFor`, which may derive them from
 * that job, as a closeDate before its publishDate) on every write path: one case a run. With `bounded`, the values
 * run from nearest to farthest along one bound the spec leaves to the server (how far ahead a job may close), and on
 * each path what it refuses must lie beyond all it takes. With `status`, every job of the rule is made in it.
 *
 * @example
 * openValuesRule(entry, (ctx) => [blankTitle(ctx, 'a title of one space', ' ')]);
 */
export function openValuesRule(
  entry: RuleEntry,
  valuesFor: (ctx: RuleContext, job: Job) => readonly OpenValue[],
  options: { bounded?: boolean; status?: Job['status'] } = {},
): Implementation {
  return propertyRule<Body>(entry, {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx).map((body) => (options.status === undefined ? body : { ...body, status: options.status })),
    check: async (ctx: RuleContext, generated) => {
      const job = await createJob(ctx, identify(ctx, generated));
      const values = valuesFor(ctx, job);
      const answers: Array<Map<string, Taken>> = [];
      for (const value of values) answers.push(await onEveryWritePath(ctx, generated, job.id, value));
      if (options.bounded === true) expectRefusalsBeyondTaken(ctx, values, answers);
    },
  });
}
