/**
 * @module Authentication (spec 5): every job operation without the API-Key
 * header, or with a key the service never issued (one of the run's own, an empty value, or a near miss of the run's
 * key: one character more or less; its letters in the other case, a should), is refused: its answer
 * carries no job data, is not the operation's own answer (a list, even empty; a 201 or 204), and it has no effect.
 * The answer itself is "not shown" (5.5): a 401, a 403, a gateway's 302 to a login page or a 200 login page all
 * conform, and the status is recorded. One rule per operation and per kind of bad key, so a report names exactly
 * what is open.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RequestOptions, RuleContext } from '../contract/rule.js';
import { caseTagOf, createBodyArb, identify, scopedTitle, STATED_STATUSES } from '../kit/bodies.js';
import { changedFields, changeLines, show } from '../../judging/compare.js';
import { createJob, getJob, listJobs } from '../kit/jobs.js';
import { isSuccess } from '../kit/http.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';
import { METHOD_OVERRIDE } from '../../vocabulary/methods.js';

/** No key; a key never issued; the run's key in the other letter case (a should: see letterCaseKeys). */
type BadKey = 'missing' | 'wrong' | 'letter-case';

interface Fixture {
  job: Job;
  referenceId: string;
  generated: Body;
}

interface Operation {
  name: string;
  how: string;
  request(ctx: RuleContext, fixture: Fixture): RequestOptions;
  /** The same operation on its other paths (the method override on PUT /jobs's path), each with its request line. */
  elsewhere?(ctx: RuleContext, fixture: Fixture): Array<{ how: string; request: RequestOptions }>;
  /** Checks, with the good key, that the refused request had no effect. */
  noEffect(ctx: RuleContext, fixture: Fixture): Promise<void>;
}

async function unchanged(ctx: RuleContext, { job }: Fixture): Promise<void> {
  const after = await getJob(ctx, job.id);
  const diff = changedFields(job, after);
  ctx.expect(diff.length === 0, {
    title: `a refused request changed ${diff.join(', ')}`,
    expected: 'a request without a valid key has no effect (spec 5.1)',
    received: changeLines(job, after, diff).join('\n'),
  });
}

const nothing = async (): Promise<void> => {};

/** Checks that no job with `referenceId` was created (the refused request was a create). */
function nothingCreated(how: string, referenceIdOf: (f: Fixture) => string): Operation['noEffect'] {
  return async (ctx: RuleContext, f: Fixture) => {
    const list = await listJobs(ctx, { q: referenceIdOf(f) });
    ctx.expect(list.json.data.length === 0, {
      title: `a ${how} without a valid key created a job`,
      expected: 'a request without a valid key has no effect (spec 5.1)',
      received: `listed ${show(list.json.data.map((item) => item.id))}`,
    });
  };
}

/**
 * The list with none of its parameters, then each of them (4.5) and all at once, each with the run's q and the
 * job's own status, so an answer that leaks lists the job: a server may check the key on one branch of its list
 * and not on another (the filtered query, the paged one).
 */
function listWithEachParameter(ctx: RuleContext, { job }: Fixture): Array<{ how: string; request: RequestOptions }> {
  const q = caseTagOf(ctx);
  const queries: Array<Record<string, string>> = [
    {},
    { q, status: job.status },
    { q, page: '1' },
    { q, pageSize: '100' },
    { q, status: job.status, page: '1', pageSize: '100' },
  ];
  return queries.map((query) => ({
    how: `GET /jobs${Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : ''}`,
    request: { method: 'GET', path: '/jobs', query },
  }));
}

const OPERATIONS: Operation[] = [
  { name: 'get', how: 'GET /jobs/{id}', request: (_ctx, f) => ({ method: 'GET', path: `/jobs/${f.job.id}` }), noEffect: nothing },
  {
    name: 'list',
    how: 'GET /jobs',
    request: (ctx) => ({ method: 'GET', path: '/jobs', query: { q: caseTagOf(ctx) } }),
    elsewhere: listWithEachParameter,
    noEffect: nothing,
  },
  {
    name: 'create',
    how: 'POST /jobs',
    request: (ctx, f) => ({ method: 'POST', path: '/jobs', body: { ...identify(ctx, f.generated), referenceId: `${f.referenceId}new` } }),
    noEffect: nothingCreated('POST', (f) => `${f.referenceId}new`),
  },
  {
    name: 'put-by-id',
    how: 'PUT /jobs/{id}',
    request: (ctx, f) => ({ method: 'PUT', path: `/jobs/${f.job.id}`, body: { title: scopedTitle(ctx, f.referenceId, 'changed') } }),
    noEffect: unchanged,
  },
  {
    name: 'put-by-reference',
    how: 'PUT /jobs',
    request: (ctx, f) => ({
      method: 'PUT',
      path: '/jobs',
      body: { referenceId: f.referenceId, title: scopedTitle(ctx, f.referenceId, 'changed') },
    }),
    noEffect: unchanged,
  },
  {
    // A PUT /jobs with a new referenceId creates (4.3): an operation on jobs too.
    name: 'put-create',
    how: 'PUT /jobs with a new referenceId',
    request: (ctx, f) => ({ method: 'PUT', path: '/jobs', body: { ...identify(ctx, f.generated), referenceId: `${f.referenceId}new` } }),
    elsewhere: (ctx, f) => [
      {
        how: `POST /jobs with a new referenceId and ${METHOD_OVERRIDE}: PUT`,
        request: {
          method: 'POST',
          path: '/jobs',
          headers: { [METHOD_OVERRIDE]: 'PUT' },
          body: { ...identify(ctx, f.generated), referenceId: `${f.referenceId}new` },
        },
      },
    ],
    noEffect: nothingCreated('PUT-create', (f) => `${f.referenceId}new`),
  },
  {
    // Spec 1: a client that cannot send PUT may POST with the override; the key guards that path as well.
    name: 'put-by-override',
    how: 'POST /jobs/{id} with X-HTTP-Method-Override: PUT',
    request: (ctx, f) => ({
      method: 'POST',
      path: `/jobs/${f.job.id}`,
      headers: { [METHOD_OVERRIDE]: 'PUT' },
      body: { title: scopedTitle(ctx, f.referenceId, 'changed') },
    }),
    elsewhere: (ctx, f) => [
      {
        how: `POST /jobs with the referenceId and ${METHOD_OVERRIDE}: PUT`,
        request: {
          method: 'POST',
          path: '/jobs',
          headers: { [METHOD_OVERRIDE]: 'PUT' },
          body: { referenceId: f.referenceId, title: scopedTitle(ctx, f.referenceId, 'changed') },
        },
      },
    ],
    noEffect: unchanged,
  },
  {
    name: 'delete-by-id',
    how: 'DELETE /jobs/{id}',
    request: (_ctx, f) => ({ method: 'DELETE', path: `/jobs/${f.job.id}` }),
    noEffect: unchanged,
  },
  {
    name: 'delete-by-reference',
    how: 'DELETE /jobs',
    request: (_ctx, f) => ({ method: 'DELETE', path: '/jobs', body: { referenceId: f.referenceId } }),
    noEffect: unchanged,
  },
  {
    name: 'delete-by-override',
    how: 'POST /jobs/{id} with X-HTTP-Method-Override: DELETE',
    request: (_ctx, f) => ({ method: 'POST', path: `/jobs/${f.job.id}`, headers: { [METHOD_OVERRIDE]: 'DELETE' } }),
    elsewhere: (_ctx, f) => [
      {
        how: `POST /jobs with the referenceId and ${METHOD_OVERRIDE}: DELETE`,
        request: { method: 'POST', path: '/jobs', headers: { [METHOD_OVERRIDE]: 'DELETE' }, body: { referenceId: f.referenceId } },
      },
    ],
    noEffect: unchanged,
  },
];

/**
 * What shows that an unauthenticated request was served as the operation (spec 5.1): job data (a job, a listed job,
 * the fixture's referenceId or title), the list's own answer even when empty (an unknown key read as an employer
 * without jobs), or a success code only a done write answers (201, 204; 7). A refusal's form is open (5.5): any other
 * answer, a 200 login page among them, passes.
 */
function servedAnyway(res: ApiResponse, fixture: Fixture): string | undefined {
  const body = (typeof res.json === 'object' && res.json !== null ? res.json : {}) as Record<string, unknown>;
  if (Array.isArray(body.data) && body.data.length === 0 && typeof body.paging === 'object' && body.paging !== null)
    return 'the list answer {data, paging}, empty, as to an employer without jobs';
  if (res.status === 201 || res.status === 204) return `${res.status}, the success code of a done write`;
  return jobDataIn(res, fixture);
}

/** Job data in an answer: a job, a listed job, the fixture's referenceId or title; undefined where there is none. */
function jobDataIn(res: ApiResponse, { job, referenceId }: Fixture): string | undefined {
  const body = (typeof res.json === 'object' && res.json !== null ? res.json : {}) as Record<string, unknown>;
  if (typeof body.id === 'number' && typeof body.title === 'string') return 'a job';
  if (Array.isArray(body.data) && body.data.length > 0) return `a list of ${body.data.length} jobs`;
  if (res.text.includes(referenceId)) return `the job's referenceId ${referenceId}`;
  if (res.text.includes(job.title)) return "the job's title";
  return undefined;
}

/** The methods the spec does not list that read, sent as a browser's preflight (OPTIONS) and a HEAD send them: with no key. */
const UNLISTED_READS: ReadonlyArray<{ how: string; request(fixture: Fixture): RequestOptions }> = [
  { how: 'OPTIONS /jobs', request: () => ({ method: 'OPTIONS', path: '/jobs' }) },
  { how: 'OPTIONS /jobs/{id}', request: ({ job }) => ({ method: 'OPTIONS', path: `/jobs/${job.id}` }) },
  { how: 'HEAD /jobs', request: () => ({ method: 'HEAD', path: '/jobs' }) },
  { how: 'HEAD /jobs/{id}', request: ({ job }) => ({ method: 'HEAD', path: `/jobs/${job.id}` }) },
];

/**
 * HEAD and OPTIONS on the jobs without the API-Key header. What they answer is not stated (a preflight's 204, a
 * 405): the status is jobs.robustness.other-methods' to observe. But no answer without a key carries job data (5.1:
 * every operation on jobs requires authentication; 5.3: data only for the key's employer): a route a framework adds
 * for such methods, outside the key's check, shows there.
 */
const unlistedReadsWithoutKey: Implementation = propertyRule<Body>(
  {
    id: 'jobs.auth.missing-key.other-methods',
    section: '5',
    level: 'must',
    title: 'HEAD and OPTIONS on /jobs and /jobs/{id} without the API-Key header answer no job data',
    statement: 'Every operation on jobs requires authentication.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const body = identify(ctx, generated);
      const fixture: Fixture = { job: await getJob(ctx, (await createJob(ctx, body)).id), referenceId: body.referenceId, generated };
      for (const read of UNLISTED_READS) {
        const res: ApiResponse = await ctx.api.client.request({ ...read.request(fixture), apiKey: null });
        const data = jobDataIn(res, fixture);
        ctx.expect(data === undefined, {
          title: `${read.how} without the API-Key header answered job data (${data})`,
          expected: 'no job data without a key (spec 5.1: every operation on jobs requires authentication; 5.3)',
          received: `${res.status} ${res.text.slice(0, 300)}`,
          failingExchange: res.exchange,
        });
      }
    },
  },
);

/**
 * The keys no service issued, each with how the observation names it: one of the run's own (not a secret, so
 * reports show it as sent), and the header sent empty, which a server that reads an empty value as no key to
 * check, rather than as a missing one, would let through.
 */
function wrongKeys(ctx: RuleContext): Array<{ key: RequestOptions['apiKey']; named: string }> {
  // Near misses of the run's own key, which a loose comparison (by prefix, by its leading characters) takes for it.
  const nearMisses = (ctx.api.client.nearMissKeyKinds?.() ?? [])
    .filter((kind) => kind !== 'other letter case')
    .map((kind) => ({ key: { nearMiss: kind }, named: `the key with ${kind}` }));
  return [{ key: `${ctx.tag}not-a-key`, named: 'a key never issued' }, { key: '', named: 'an empty value' }, ...nearMisses];
}

/**
 * The run's key with its letters in the other case. A should: 5.2 gives the key's value without saying how it is
 * compared, and a key looked up in a case-insensitive column (SQL Server's default collation) is a common choice;
 * comparing exactly keeps the key's whole strength.
 */
function letterCaseKeys(ctx: RuleContext): Array<{ key: RequestOptions['apiKey']; named: string }> {
  const kinds = ctx.api.client.nearMissKeyKinds?.() ?? [];
  if (!kinds.includes('other letter case')) ctx.skip('the API key has no letters, so no other letter case');
  return [{ key: { nearMiss: 'other letter case' }, named: 'the key in the other letter case' }];
}

/** The scheme of a refusal's WWW-Authenticate challenge (its first word, never a realm or a URL after it). */
function challengeOf(res: ApiResponse): string {
  const scheme = res.headers['www-authenticate']?.trim().split(/[\s,]/)[0];
  return scheme ? `WWW-Authenticate ${scheme}` : 'no WWW-Authenticate';
}

/**
 * The check of rule `id`: `op` sent with a `bad` key is refused and has no effect, on a job in each status (the draft a
 * plain create gives, then each stated status): a server that checks the key only for jobs not yet published, reading
 * an active posting as public, shows it.
 */
function authRule(entry: RuleEntry, operations: Operation | readonly Operation[], bad: BadKey): Implementation {
  const ops: readonly Operation[] = 'name' in operations ? [operations] : operations;
  return propertyRule<{ generated: Body; status: Job['status'] | undefined }>(entry, {
    maxRuns: 1,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), status: fc.constant<Job['status'] | undefined>(undefined) }),
    examples: () => STATED_STATUSES.map((status) => ({ status })),
    check: async (ctx: RuleContext, { generated, status }) => {
      // A job of its own for each operation: a delete let through would leave the next one nothing to judge.
      for (const op of ops)
        await checkOperation(ctx, op, bad, identify(ctx, status === undefined ? generated : { ...generated, status }), generated);
    },
  });
}

/** `op` sent with a `bad` key, on each of its paths, against a job made from `body`: refused, and with no effect. */
async function checkOperation(
  ctx: RuleContext,
  op: Operation,
  bad: BadKey,
  body: Body & { referenceId: string },
  generated: Body,
): Promise<void> {
  const sent = bad === 'missing' ? 'without the API-Key header' : 'with an API-Key the service never issued';
  const fixture: Fixture = { job: await getJob(ctx, (await createJob(ctx, body)).id), referenceId: body.referenceId, generated };
  const keys = bad === 'missing' ? [{ key: null, named: '' }] : bad === 'wrong' ? wrongKeys(ctx) : letterCaseKeys(ctx);
  const paths = [{ how: op.how, request: op.request(ctx, fixture) }, ...(op.elsewhere?.(ctx, fixture) ?? [])];
  for (const [{ key, named }, path] of keys.flatMap((k) => paths.map((p) => [k, p] as const))) {
    const res: ApiResponse = await ctx.api.client.request({ ...path.request, apiKey: key });
    const kind = bad === 'missing' ? 'missing' : 'wrong';
    ctx.observe({ topic: `auth-status.${kind}-key`, section: '5.5', observed: named ? `${named}: ${res.status}` : String(res.status) });
    if (!isSuccess(res.status)) ctx.observe({ topic: 'auth-challenge', section: '5.5', observed: `${kind} key: ${challengeOf(res)}` });
    const served = servedAnyway(res, fixture);
    const how = named ? `${path.how} with ${named} as API-Key` : `${path.how} ${sent}`;
    ctx.expect(res.status < 500 && served === undefined, {
      title: res.status >= 500 ? `${how} answered ${res.status}` : `${how} was served as if authenticated (${served})`,
      expected:
        `${how} is refused: every operation on jobs requires authentication (spec 5.1, 5.2); the answer is not ` +
        `shown (5.5), so any status but a 5xx, with no job data, and neither the list's answer nor a 201 or 204`,
      received: `${res.status} ${res.text.slice(0, 300)}`,
      failingExchange: res.exchange,
    });
    await op.noEffect(ctx, fixture);
  }
}

const operation = (name: string): Operation => OPERATIONS.find((op) => op.name === name)!;

export const authRules: Implementation[] = [
  authRule(
    {
      id: 'jobs.auth.key-letter-case',
      section: '5.2',
      level: 'should',
      title: "Every operation with the run's API key in the other letter case is refused with no effect",
      statement: 'Good practice; the spec says: The credential is sent in the request header `API-Key`, whose value is `<API_KEY>`.',
    },
    // One rule for every operation: a server that compares keys without case everywhere gets one warning, and one
    // that does so on one path only (a handler that lowers the key before its lookup) is found there.
    OPERATIONS,
    'letter-case',
  ),
  authRule(
    {
      id: 'jobs.auth.missing-key.get',
      section: '5',
      level: 'must',
      title: 'GET /jobs/{id} without the API-Key header is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('get'),
    'missing',
  ),
  authRule(
    {
      id: 'jobs.auth.wrong-key.get',
      section: '5',
      level: 'must',
      title: 'GET /jobs/{id} with an API-Key the service never issued is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('get'),
    'wrong',
  ),
  authRule(
    {
      id: 'jobs.auth.missing-key.list',
      section: '5',
      level: 'must',
      title: 'GET /jobs without the API-Key header is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('list'),
    'missing',
  ),
  authRule(
    {
      id: 'jobs.auth.wrong-key.list',
      section: '5',
      level: 'must',
      title: 'GET /jobs with an API-Key the service never issued is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('list'),
    'wrong',
  ),
  authRule(
    {
      id: 'jobs.auth.missing-key.create',
      section: '5',
      level: 'must',
      title: 'POST /jobs without the API-Key header is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('create'),
    'missing',
  ),
  authRule(
    {
      id: 'jobs.auth.wrong-key.create',
      section: '5',
      level: 'must',
      title: 'POST /jobs with an API-Key the service never issued is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('create'),
    'wrong',
  ),
  authRule(
    {
      id: 'jobs.auth.missing-key.put-by-id',
      section: '5',
      level: 'must',
      title: 'PUT /jobs/{id} without the API-Key header is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('put-by-id'),
    'missing',
  ),
  authRule(
    {
      id: 'jobs.auth.wrong-key.put-by-id',
      section: '5',
      level: 'must',
      title: 'PUT /jobs/{id} with an API-Key the service never issued is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('put-by-id'),
    'wrong',
  ),
  authRule(
    {
      id: 'jobs.auth.missing-key.put-by-reference',
      section: '5',
      level: 'must',
      title: 'PUT /jobs without the API-Key header is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('put-by-reference'),
    'missing',
  ),
  authRule(
    {
      id: 'jobs.auth.wrong-key.put-by-reference',
      section: '5',
      level: 'must',
      title: 'PUT /jobs with an API-Key the service never issued is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('put-by-reference'),
    'wrong',
  ),
  authRule(
    {
      id: 'jobs.auth.missing-key.put-create',
      section: '5',
      level: 'must',
      title:
        'PUT /jobs with a new referenceId, plainly or through the method override, without the API-Key header is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('put-create'),
    'missing',
  ),
  authRule(
    {
      id: 'jobs.auth.wrong-key.put-create',
      section: '5',
      level: 'must',
      title:
        'PUT /jobs with a new referenceId, plainly or through the method override, with an API-Key the service never issued is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('put-create'),
    'wrong',
  ),
  authRule(
    {
      id: 'jobs.auth.missing-key.delete-by-id',
      section: '5',
      level: 'must',
      title: 'DELETE /jobs/{id} without the API-Key header is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('delete-by-id'),
    'missing',
  ),
  authRule(
    {
      id: 'jobs.auth.wrong-key.delete-by-id',
      section: '5',
      level: 'must',
      title: 'DELETE /jobs/{id} with an API-Key the service never issued is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('delete-by-id'),
    'wrong',
  ),
  authRule(
    {
      id: 'jobs.auth.missing-key.delete-by-reference',
      section: '5',
      level: 'must',
      title: 'DELETE /jobs without the API-Key header is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('delete-by-reference'),
    'missing',
  ),
  authRule(
    {
      id: 'jobs.auth.wrong-key.delete-by-reference',
      section: '5',
      level: 'must',
      title: 'DELETE /jobs with an API-Key the service never issued is refused (4xx) with no effect',
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('delete-by-reference'),
    'wrong',
  ),
  authRule(
    {
      id: 'jobs.auth.missing-key.delete-by-override',
      section: '5',
      level: 'must',
      title: "The override DELETE, on the job's path and on DELETE /jobs's, without the API-Key header is refused (4xx) with no effect",
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('delete-by-override'),
    'missing',
  ),
  authRule(
    {
      id: 'jobs.auth.wrong-key.delete-by-override',
      section: '5',
      level: 'must',
      title:
        "The override DELETE, on the job's path and on DELETE /jobs's, with an API-Key the service never issued is refused (4xx) with no effect",
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('delete-by-override'),
    'wrong',
  ),
  authRule(
    {
      id: 'jobs.auth.missing-key.put-by-override',
      section: '5',
      level: 'must',
      title: "The override PUT, on the job's path and on PUT /jobs's, without the API-Key header is refused (4xx) with no effect",
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('put-by-override'),
    'missing',
  ),
  authRule(
    {
      id: 'jobs.auth.wrong-key.put-by-override',
      section: '5',
      level: 'must',
      title:
        "The override PUT, on the job's path and on PUT /jobs's, with an API-Key the service never issued is refused (4xx) with no effect",
      statement: 'Every operation on jobs requires authentication.',
    },
    operation('put-by-override'),
    'wrong',
  ),
  unlistedReadsWithoutKey,
];
