/**
 * @module Near misses of a real job id in the path (spec 4.1: "Path parameter id: Int32 job id."). The odd-ids
 * rule sends ids that name no job at all; a server that reads a path id leniently (its leading digits, all its
 * digits, or an Int32 that wraps) only shows it on a text beside an id that exists. So the texts here are
 * derived from the id of a job the case created, and sent on every path that takes an id: none may read,
 * change or delete that job. Status codes for such a path are not shown (spec 7); only the effect is judged.
 * Texts that start with the id (103x, 103.5) are a should: a prefix reading is common, and the spec names
 * the parameter's type without saying how its text is read. The id's leading digits (103 for 1034) are ids of their
 * own: a store keyed by text and read by prefix answers them with the job.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { changedFields, changeLines, show } from '../../judging/compare.js';
import { isSuccess, responseLine } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';
import { METHOD_OVERRIDE } from '../../vocabulary/methods.js';

const INT32_SPAN = 2 ** 32;

/**
 * Texts one step beside `id` that no reading of an Int32 takes for it: leading letters, the id plus 2^32 (the same low
 * 32 bits) and its negative. Only a reading that drops characters, wraps or drops the sign gets `id` from them.
 *
 * @example
 * nearMissIds(103); // ['x103', '4294967399', '-103']
 */
export function nearMissIds(id: number): string[] {
  return [`x${id}`, `${id + INT32_SPAN}`, `-${id}`];
}

/**
 * Texts that start with `id` and go on: trailing letters and a fraction. A prefix reading (JavaScript's parseInt,
 * PHP's (int)) takes them for `id`; refusing them is good practice the spec does not state in so many words.
 *
 * @example
 * prefixedIds(103); // ['103x', '103.5']
 */
export function prefixedIds(id: number): string[] {
  return [`${id}x`, `${id}.5`];
}

/**
 * The id's leading digits, each a shorter id (a store that keys jobs by text and scans by prefix finds the job from
 * them). Unlike the texts above they are Int32 ids that may name another job of the employer, so only reads go there.
 *
 * @example
 * idDigitPrefixes(1034); // ['103', '10', '1']
 */
export function idDigitPrefixes(id: number): string[] {
  const digits = String(id);
  return Array.from({ length: digits.length - 1 }, (_, i) => digits.slice(0, digits.length - 1 - i));
}

type IdPath = 'GET' | 'PUT' | 'PUT by override' | 'DELETE' | 'DELETE by override';

function send(ctx: RuleContext, path: IdPath, text: string, title: string): Promise<ApiResponse<Job>> {
  const url = `/jobs/${text}`;
  switch (path) {
    case 'GET':
      return ctx.api.client.request<Job>({ method: 'GET', path: url });
    case 'PUT':
      return ctx.api.client.request<Job>({ method: 'PUT', path: url, body: { title } });
    case 'PUT by override':
      return ctx.api.client.request<Job>({ method: 'POST', path: url, headers: { [METHOD_OVERRIDE]: 'PUT' }, body: { title } });
    case 'DELETE':
      return ctx.api.client.request<Job>({ method: 'DELETE', path: url });
    case 'DELETE by override':
      return ctx.api.client.request<Job>({ method: 'POST', path: url, headers: { [METHOD_OVERRIDE]: 'DELETE' } });
  }
}

/** The reads and updates first, then the deletes, so one job serves every text. */
const READS_AND_UPDATES: readonly IdPath[] = ['GET', 'PUT', 'PUT by override'];
const DELETES: readonly IdPath[] = ['DELETE', 'DELETE by override'];

/** Whether a 2xx answer shows the job itself: the near miss was read as its id. */
function answersWithJob(res: ApiResponse<Job>, job: Job): boolean {
  if (!isSuccess(res.status)) return false;
  const body = res.json as unknown;
  return typeof body === 'object' && body !== null && (body as { id?: unknown }).id === job.id;
}

async function probe(ctx: RuleContext, job: Job, text: string, path: IdPath): Promise<void> {
  const what = `${path} /jobs/${text}`;
  const res = await send(ctx, path, text, scopedTitle(ctx, ctx.referenceId(), 'near-miss id'));
  ctx.expect(!answersWithJob(res, job), {
    title: `${what} was answered as job ${job.id}`,
    expected: `the path id is an Int32 job id (spec 4.1): "${text}" is not ${job.id}, so it names no job of the case`,
    received: responseLine(res),
    failingExchange: res.exchange,
  });
  if (!path.startsWith('DELETE') || !isSuccess(res.status)) return;
  // A 2xx DELETE may mean "nothing to remove"; only a read shows whether it removed the job.
  const after = await ctx.api.client.request<Job>({ method: 'GET', path: `/jobs/${job.id}` });
  ctx.expect(isSuccess(after.status), {
    title: `${what} deleted job ${job.id}`,
    expected: `the path id is an Int32 job id (spec 4.1): "${text}" is not ${job.id}, so deleting it leaves job ${job.id} alone`,
    received: `GET /jobs/${job.id} then: ${responseLine(after)}`,
    failingExchange: res.exchange,
  });
}

/** Sends every text of `texts(id)` on every path that takes an id, then judges the job: read, changed or deleted. */
function nearMissRule(entry: RuleEntry, texts: (id: number) => string[]): Implementation {
  return propertyRule(entry, {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const job = await getJob(ctx, (await createJob(ctx, identify(ctx, generated))).id);
      const sent = texts(job.id);
      for (const path of READS_AND_UPDATES) for (const text of sent) await probe(ctx, job, text, path);
      const after = await getJob(ctx, job.id);
      const diff = changedFields(job, after);
      ctx.expect(diff.length === 0, {
        title: `updates of ${sent.map((text) => `/jobs/${text}`).join(', ')} changed job ${job.id}: ${diff.join(', ')}`,
        expected: 'the path id is an Int32 job id (spec 4.1): a text that is not the id names another job, or none',
        received: changeLines(job, after, diff).join('\n'),
      });
      for (const path of DELETES) for (const text of sent) await probe(ctx, job, text, path);
    },
  });
}

/** Largest id without leading digits of its own: a job of a server that counts from 1 gets a longer one by creating more. */
const SINGLE_DIGIT = 9;

/**
 * A job of the case with an id of two digits or more: the first one made, or on a server whose ids are still below 10,
 * the first that reaches 10 (the ones before it deleted, so its leading digits name none of them).
 */
async function jobWithLeadingDigits(ctx: RuleContext, generated: Body): Promise<Job> {
  let job = await createJob(ctx, identify(ctx, generated));
  for (let made = 1; job.id <= SINGLE_DIGIT && made <= SINGLE_DIGIT; made++) {
    await ctx.api.deleteById(job.id);
    job = await createJob(ctx, identify(ctx, generated));
  }
  return getJob(ctx, job.id);
}

/**
 * Reads at each of the job's id's leading digits: a 2xx answer is the job of that id, never this one. Only reads:
 * those ids may name other jobs of the employer, which the suite does not touch.
 */
const digitPrefixesRule = (entry: RuleEntry): Implementation =>
  propertyRule(entry, {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const job = await jobWithLeadingDigits(ctx, generated);
      for (const text of idDigitPrefixes(job.id)) {
        const res = await send(ctx, 'GET', text, '');
        const id = isSuccess(res.status) ? (res.json as { id?: unknown } | undefined)?.id : Number(text);
        ctx.expect(id === Number(text), {
          title: `GET /jobs/${text} was answered as job ${show(id)}`,
          expected:
            `the path id is an Int32 job id (spec 4.1, 2.1: id unique): /jobs/${text} is job ${text} or none, ` +
            `not job ${job.id} whose id starts with it`,
          received: responseLine(res),
          failingExchange: res.exchange,
        });
      }
    },
  });

export const nearMissIdsRules: Implementation[] = [
  nearMissRule(
    {
      id: 'jobs.robustness.near-miss-ids',
      section: '4.1',
      level: 'must',
      title: "Texts beside a job's id that no Int32 reading takes for it (x103, 2^32+103, -103) neither read, change nor delete the job",
      statement: 'Path parameter `id`: Int32 job id.',
    },
    nearMissIds,
  ),
  nearMissRule(
    {
      id: 'jobs.robustness.prefixed-ids',
      section: '4.1',
      level: 'should',
      title: "A job's id followed by more (103x, 103.5) neither reads, changes nor deletes the job, as a prefix reading would",
      statement: 'Good practice; the spec says: Path parameter `id`: Int32 job id.',
    },
    prefixedIds,
  ),
  digitPrefixesRule({
    id: 'jobs.robustness.id-digit-prefixes',
    section: '4.1',
    level: 'must',
    title:
      "A job's id less its last digits (103 for 1034) is another id: a read by it is never answered with the job, nor a write where it names no job",
    statement: 'Path parameter `id`: Int32 job id.',
  }),
];
