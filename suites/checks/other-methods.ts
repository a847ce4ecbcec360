/**
 * @module Requests in a form the spec does not list (spec 1: "Read with GET. Create or update with POST or PUT and a
 * JSON body. Delete with DELETE."): another method on a job (PATCH, POST), an override naming a method it does not
 * document or spelling one another way (`put`, an empty value), HEAD (HTTP's GET without a body), OPTIONS (a
 * browser's preflight) on the jobs and a reference list, and a path that names no resource.
 * What they answer is not stated, so every status but a 5xx (which the engine fails in any rule) passes and the
 * answer is observed (its status and Allow header). A request on a job must leave it as it was: its body is `{}`,
 * which changes nothing whatever the method is taken for, and an override that is not DELETE must not delete, nor DELETE
 * in the override of a PUT or a GET (4.7 makes a POST act so). A should, since the spec states none of it.
 * Only safe requests reach what is not a job of the run: HEAD, OPTIONS and GET, never a write, so a real server's
 * reference data stays untouched.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, RequestOptions, RuleContext } from '../contract/rule.js';
import { METHOD_OVERRIDE } from '../../vocabulary/methods.js';
import { POSITION_TYPES_PATH } from '../target/discovery.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { createJob, expectLeftAlone, getJob } from '../kit/jobs.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/** One request the spec does not list: what it is called in a report, and the request itself. */
interface OtherRequest {
  readonly label: string;
  /** The request, given the rule's job (requests on a job) and the position type path. */
  request(job: Job, positionTypes: string): RequestOptions;
  /** Whether it names the job, which must then read as it was. */
  readonly onJob: boolean;
}

const overridden =
  (method: string) =>
  (job: Job): RequestOptions => ({
    method: 'POST',
    path: `/jobs/${job.id}`,
    headers: { [METHOD_OVERRIDE]: method },
    body: {},
  });

/** A path under the API root that no version of the spec names. */
const UNKNOWN_PATH = '/no-such-resource';

const OTHER_REQUESTS: readonly OtherRequest[] = [
  { label: 'PATCH /jobs/{id} with {}', onJob: true, request: (job) => ({ method: 'PATCH', path: `/jobs/${job.id}`, body: {} }) },
  { label: 'POST /jobs/{id} with {}', onJob: true, request: (job) => ({ method: 'POST', path: `/jobs/${job.id}`, body: {} }) },
  { label: `POST /jobs/{id} with ${METHOD_OVERRIDE}: PATCH and {}`, onJob: true, request: overridden('PATCH') },
  { label: `POST /jobs/{id} with ${METHOD_OVERRIDE}: POST and {}`, onJob: true, request: overridden('POST') },
  // The override's value in spellings it does not document: PUT in lower case (honoured or not, {} changes nothing),
  // and no value at all. A lower-case delete is left out: a server may honour it, and it would delete the job.
  { label: `POST /jobs/{id} with ${METHOD_OVERRIDE}: put and {}`, onJob: true, request: overridden('put') },
  { label: `POST /jobs/{id} with an empty ${METHOD_OVERRIDE} and {}`, onJob: true, request: overridden('') },
  // DELETE in the override on another method than POST: 4.7 makes only a POST act as a DELETE, so a PUT with {}
  // changes nothing and a GET reads (a middleware that honours the header on any method deletes the job).
  ...(['PUT', 'GET'] as const).map((method): OtherRequest => ({
    label: `${method} /jobs/{id} with ${METHOD_OVERRIDE}: DELETE${method === 'PUT' ? ' and {}' : ''}`,
    onJob: true,
    request: (job) => ({
      method,
      path: `/jobs/${job.id}`,
      headers: { [METHOD_OVERRIDE]: 'DELETE' },
      ...(method === 'PUT' ? { body: {} } : {}),
    }),
  })),
  { label: 'HEAD /jobs/{id}', onJob: true, request: (job) => ({ method: 'HEAD', path: `/jobs/${job.id}` }) },
  { label: 'HEAD /jobs', onJob: false, request: () => ({ method: 'HEAD', path: '/jobs' }) },
  { label: 'OPTIONS /jobs/{id}', onJob: true, request: (job) => ({ method: 'OPTIONS', path: `/jobs/${job.id}` }) },
  { label: 'OPTIONS /jobs', onJob: false, request: () => ({ method: 'OPTIONS', path: '/jobs' }) },
  { label: `OPTIONS ${POSITION_TYPES_PATH}`, onJob: false, request: (_job, positionTypes) => ({ method: 'OPTIONS', path: positionTypes }) },
  { label: `GET ${UNKNOWN_PATH}`, onJob: false, request: () => ({ method: 'GET', path: UNKNOWN_PATH }) },
];

/** The status, and the Allow header where there is one: what the observation records. */
function answerOf(res: ApiResponse): string {
  const allow = res.headers.allow;
  return allow === undefined ? String(res.status) : `${res.status}, Allow: ${allow}`;
}

const otherMethods: Implementation = propertyRule(
  {
    id: 'jobs.robustness.other-methods',
    section: '1',
    level: 'should',
    title: 'A method or an override the spec does not list, HEAD, OPTIONS and an unknown path: never a 5xx, and the job left alone',
    statement: 'Good practice; the spec says: Read with GET. Create or update with POST or PUT and a JSON body. Delete with DELETE.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const job = await getJob(ctx, (await createJob(ctx, identify(ctx, generated))).id);
      const positionTypes = ctx.refs.paths?.positionTypes ?? POSITION_TYPES_PATH;
      for (const other of OTHER_REQUESTS) {
        const res = await ctx.api.client.request(other.request(job, positionTypes));
        ctx.observe({ topic: 'other-methods', section: '1', observed: `${other.label}: ${answerOf(res)}` });
        if (other.onJob) {
          await expectLeftAlone(ctx, job, res, {
            title: `${other.label} deleted or changed job ${job.id}`,
            expected:
              `${other.label} neither reads as DELETE nor changes a field: the body {} names none ` +
              '(spec 1, 4.7: the override carries the intended method)',
          });
        }
      }
    },
  },
);

export const otherMethodsRules: Implementation[] = [otherMethods];
