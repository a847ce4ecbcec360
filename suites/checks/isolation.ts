/**
 * @module Isolation between employers (spec 5.3), with --second-api-key: the
 * first employer's jobs are invisible to the second by id, by referenceId and
 * in lists (and the other way round), and the second cannot change or delete
 * them. Each rule first checks that the two keys really are two employers.
 *
 * Levels: 5.3 states that "the job list and single-job reads" return only the
 * key's employer's data. Reads are `must`, and so are updates: a successful
 * update answers with the full Job (4.3), which is a read of the other
 * employer's data. A delete by referenceId is `must` too: a referenceId is
 * "the employer's own" (spec 1), so the key's employer's referenceId never
 * names another employer's job. A delete by id answers 204 with no body, so
 * refusing another employer's delete there protects data 5.3 does not name:
 * good practice, `should` (a warning). A 5xx is a failure at any level.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, JobsApi, RuleContext } from '../contract/rule.js';
import { anonymous, createBodyArb, identify, scopedTitle, STATED_STATUSES } from '../kit/bodies.js';
import { changedFields, changeLines, keptValueProblems, sameFieldValue, show } from '../../judging/compare.js';
import { JOB_INPUT_FIELDS } from '../../schemas/index.js';
import { expectStatus, isClientError, isSuccess, jobOf, requestLine, responseLine } from '../kit/http.js';
import { DELETE_HOW, DELETE_WAYS, deleteJob } from '../kit/delete-forms.js';
import { createJob, expectLeftAlone, getJob, isGone, listJobs, secondEmployer } from '../kit/jobs.js';
import {
  CREATE_FORMS,
  createInForm,
  declinesUpdate,
  formLabel,
  ID_FORMS,
  REFERENCE_FORMS,
  UPDATE_FORMS,
  sendCreate,
  sendUpdate,
  type CreateForm,
  type IdForm,
} from '../kit/rejected-writes.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';
import { matrixRule } from './list-matrix.js';

interface Pair {
  mine: Job;
  mineReference: string;
  theirs: Job;
  other: JobsApi;
  /** The generated body both jobs were made from (identify it again for more jobs). */
  generated: Record<string, unknown>;
}

type Status = Job['status'];

/**
 * The create form of the key's job, dealt over the statuses (the plain draft by POST, the active one by PUT-create, the
 * archived one by PUT-create through the override where honoured): a job is the key's employer's however it was made
 * (4.3: a PUT-create behaves as POST), so each isolation rule meets a job made each way.
 */
const createdIn = (status: Status | undefined): CreateForm => CREATE_FORMS[status === undefined ? 0 : 1 + STATED_STATUSES.indexOf(status)]!;

/**
 * One job per employer, the key's in `status` (draft when omitted); skips when both keys belong to the same employer.
 * With `renamedBy`, the key's job takes its referenceId by a rename in that update form after its create: a referenceId
 * is the employer's own however the job came to hold it (2.1), so a server that keeps renames in a table of its own,
 * without the employer, shows it.
 */
async function pair(ctx: RuleContext, generated: Record<string, unknown>, status: Status | undefined, renamedBy?: IdForm): Promise<Pair> {
  const other = secondEmployer(ctx);
  const body = identify(ctx, status === undefined ? generated : { ...generated, status });
  let mine = await getJob(ctx, (await createInForm(ctx, createdIn(status), body)).id);
  let mineReference = body.referenceId;
  if (renamedBy !== undefined) {
    const fresh = ctx.referenceId();
    const renamed = await sendUpdate(ctx, renamedBy, mine, { referenceId: fresh });
    if (!(await declinesUpdate(ctx, renamedBy, mine, renamed))) {
      expectStatus(ctx, renamed, 200, `${formLabel(renamedBy, mine)} renaming the job's referenceId answers 200 (spec 4.3)`);
      mine = await getJob(ctx, mine.id);
      mineReference = fresh;
    }
  }
  const theirs = await createJob(ctx, identify(ctx, generated), other);
  if (mine.employer.id === theirs.employer.id) ctx.skip(`both keys belong to employer ${mine.employer.id}: isolation needs two employers`);
  return { mine, mineReference, theirs, other, generated };
}

async function expectUntouched(ctx: RuleContext, p: Pair, attempt: ApiResponse, byReference = false): Promise<void> {
  const after = await ctx.api.get(p.mine.id);
  ctx.expect(after.status === 200, {
    title: `the other employer's ${requestLine(attempt)} removed the job`,
    expected: byReference
      ? "a referenceId is the employer's own (spec 1): the other employer's referenceId never names this employer's job (5.3)"
      : "an employer cannot delete another employer's job (good practice: spec 5.3 states reads only)",
    received: `${requestLine(attempt)} -> ${responseLine(attempt)}; then GET -> ${after.status}`,
  });
  const diff = changedFields(p.mine, after.json as Job);
  ctx.expect(diff.length === 0, {
    title: `the other employer's ${requestLine(attempt)} changed ${diff.join(', ')}`,
    expected: "an employer cannot change another employer's job (spec 5.3)",
    received: changeLines(p.mine, after.json as Job, diff).join('\n'),
  });
}

/**
 * Each isolation rule acts on a job in every status (spec 3): the plain draft a create gives, then an active and an
 * archived one, so a server that guards only some statuses (an active posting read as public) shows it; each made in
 * another create form (createdIn). Then a draft that took its referenceId by a rename, in each update form by id.
 */
function isolationRule(entry: RuleEntry, check: (ctx: RuleContext, p: Pair) => Promise<void>): Implementation {
  return propertyRule<{ body: Body; status: Status | undefined; renamedBy: IdForm | undefined }>(entry, {
    maxRuns: 1,
    independentCases: true,
    arbitrary: (ctx) =>
      fc.record({
        body: createBodyArb(ctx),
        status: fc.constant<Status | undefined>(undefined),
        renamedBy: fc.constant<IdForm | undefined>(undefined),
      }),
    examples: () => [...STATED_STATUSES.map((status) => ({ status })), ...ID_FORMS.map((renamedBy) => ({ renamedBy }))],
    check: async (ctx: RuleContext, { body, status, renamedBy }) => check(ctx, await pair(ctx, body, status, renamedBy)),
  });
}

function refused(ctx: RuleContext, res: ApiResponse, what: string): void {
  if (isClientError(res.status)) ctx.observe({ topic: `isolation-status.${what}`, section: '5.3', observed: String(res.status) });
  expectStatus(
    ctx,
    res,
    isClientError,
    `another employer's job is invisible: ${what} by the other employer is refused with a 4xx (spec 5.3)`,
  );
}

const getById = isolationRule(
  {
    id: 'jobs.isolation.get-by-id',
    section: '5.3',
    level: 'must',
    title: "Another employer's job cannot be read by id, in digits or percent-encoded, nor with a trailing slash",
    statement: 'The job list and single-job reads return only data for the employer that the key belongs to.',
    requires: ['secondApiKey'],
  },
  async (ctx: RuleContext, p) => {
    // Read by its owner first: a cache of loaded jobs keyed by id alone hands the next reader the job just read.
    // The id also in percent-encoded digits, the same path to a URL parser (RFC 3986): a route that decodes it apart
    // from the usual one may skip the employer's scope there.
    for (const id of [String(p.mine.id), percentEncoded(p.mine.id)]) {
      await ctx.api.get(p.mine.id);
      refused(ctx, await p.other.client.request({ method: 'GET', path: `/jobs/${id}` }), 'get');
    }
    // With a trailing slash, another path (RFC 3986 6.2.4 leaves it to the server): it may be routed, redirected or
    // refused, but whatever it answers, it is never the other employer's job (a route matched apart from the usual one
    // may skip the employer's scope there).
    await ctx.api.get(p.mine.id);
    const slashed = await p.other.client.request<{ id?: unknown }>({ method: 'GET', path: `/jobs/${p.mine.id}/` });
    ctx.expect(!isSuccess(slashed.status) || slashed.json?.id !== p.mine.id, {
      title: `GET /jobs/${p.mine.id}/ (a trailing slash) by the other employer answers its job`,
      expected: 'single-job reads return only data for the employer that the key belongs to (spec 5.3), on any path',
      received: responseLine(slashed),
      failingExchange: slashed.exchange,
    });
  },
);

/** Each character of the id as a percent-encoded octet: `%31%30` for 10. */
const percentEncoded = (id: number): string =>
  [...String(id)].map((digit) => `%${digit.charCodeAt(0).toString(16).toUpperCase()}`).join('');

/** Lists and their counts hold only the key's employer's jobs, in every combination of the list parameters (suites/checks/list-matrix.ts). */
const list: Implementation = matrixRule(
  {
    id: 'jobs.isolation.list',
    section: '5.3',
    level: 'must',
    title: "Lists never show or count another employer's jobs, in every combination of the list parameters, with and without q",
    statement: 'The job list and single-job reads return only data for the employer that the key belongs to.',
    requires: ['secondApiKey'],
    exclusive: true,
  },
  'isolation',
);

/**
 * The minimal updates 4.3 names ("only `title`, or only `status`, or only `referenceId` plus `status`"), as the other
 * employer sends them: a title, and the status that would move this job (archive it, or publish it again), since a
 * server may guard a full update and let a status change through; then a title beside the job's employer as its GET
 * shows it (read-only, 2.1; a client that copies a job sends it), which a server may take to decide whose job it is.
 */
function minimalPatches(ctx: RuleContext, p: Pair): Array<{ label: string; patch: Body }> {
  const status = p.mine.status === 'active' ? 'archived' : 'active';
  const title = scopedTitle(ctx, p.mineReference, 'taken over');
  return [
    { label: 'a title', patch: { title } },
    { label: `status ${status} alone`, patch: { status } },
    { label: "a title and the job's employer", patch: { title, employer: p.mine.employer } },
  ];
}

/** Fields the minimal updates already send alone, or that name the job rather than change it. */
const SENT_BY_MINIMAL = new Set(['title', 'status', 'referenceId']);

/**
 * Every other input field alone, each with a value the job does not hold (a flag negated, else the value of another
 * drawn body): a server may guard the writes it thinks of as updates and let a body of one other field through.
 */
function eachFieldAlone(ctx: RuleContext, p: Pair): Array<{ label: string; patch: Body }> {
  const [drawn] = fc.sample(createBodyArb(ctx), { seed: ctx.seedOf?.('each field alone') ?? 0, numRuns: 1 });
  const mine = p.mine as unknown as Record<string, unknown>;
  return JOB_INPUT_FIELDS.filter((field) => !SENT_BY_MINIMAL.has(field)).flatMap((field) => {
    const value = typeof mine[field] === 'boolean' ? !mine[field] : drawn?.[field];
    return value === undefined || sameFieldValue(field, value, mine[field]) ? [] : [{ label: `${field} alone`, patch: { [field]: value } }];
  });
}

const updateById = isolationRule(
  {
    id: 'jobs.isolation.update-by-id',
    section: '5.3',
    level: 'must',
    title: "Another employer's job cannot be changed by id, with PUT or through the method override",
    statement: 'The job list and single-job reads return only data for the employer that the key belongs to.',
    requires: ['secondApiKey'],
  },
  async (ctx: RuleContext, p) => {
    // Every form that names the job by id: PUT /jobs/{id}, and POST /jobs/{id} overridden to PUT (spec 1).
    for (const form of ['id', 'override'] as const) {
      for (const { patch } of [...minimalPatches(ctx, p), ...eachFieldAlone(ctx, p)]) {
        const res = await sendUpdate(ctx, form, p.mine, patch, p.other);
        refused(ctx, res, form === 'id' ? 'put-by-id' : 'put-by-override');
        await expectUntouched(ctx, p, res);
      }
    }
  },
);

const updateByReference = isolationRule(
  {
    id: 'jobs.isolation.update-by-reference',
    section: '5.3',
    level: 'must',
    title: "PUT /jobs with another employer's referenceId, plainly or through the method override, never touches that employer's job",
    statement: 'The job list and single-job reads return only data for the employer that the key belongs to.',
    requires: ['secondApiKey'],
  },
  async (ctx: RuleContext, p) => {
    // Every form that names the job by referenceId: PUT /jobs, and POST /jobs overridden to PUT (spec 1). A title or
    // a status alone reaches an update; a whole job reaches a PUT-create too (4.3), where a server may make the second
    // employer's own job and must not make it the first employer's.
    const [title, status] = minimalPatches(ctx, p);
    // The minimal updates first: once a whole job made the second employer's own job, the referenceId names that one.
    const sends = [
      ...REFERENCE_FORMS.map((form) => ({ form, label: formLabel(form), patch: title!.patch })),
      ...REFERENCE_FORMS.map((form) => ({ form, label: `${formLabel(form)} with ${status!.label}`, patch: status!.patch })),
      ...REFERENCE_FORMS.map((form) => ({
        form,
        label: `${formLabel(form)} with a whole job`,
        patch: { ...p.generated, title: title!.patch.title },
      })),
    ];
    const named = { ...p.mine, referenceId: p.mineReference };
    for (const { form, label, patch } of sends) {
      // The owner's own write by that referenceId first, in the same form and changing nothing: what a server keeps of
      // it (a lookup cached by referenceId alone) is fresh when the other employer's write comes.
      await sendUpdate(ctx, form, named, { title: p.mine.title });
      const res = await sendUpdate(ctx, form, named, patch, p.other);
      // The second employer may get its own job with that referenceId (a PUT-create) or a 4xx; never the first one's job.
      const answer = isSuccess(res.status) ? `${res.status} (created its own job)` : String(res.status);
      ctx.observe({
        topic: 'isolation-status.put-by-reference',
        section: '5.3',
        observed: form === 'reference' && label === formLabel(form) ? answer : `${label}: ${answer}`,
      });
      ctx.expect(!(isSuccess(res.status) && res.json?.id === p.mine.id), {
        title: `${label} by the other employer returned this employer's job`,
        expected: "a referenceId names a job of the key's own employer only (spec 5.3)",
        received: responseLine(res),
        failingExchange: res.exchange,
      });
      // A job it created is its own: the employer is the key's (2.1: "the employer is the key's").
      const employer = isSuccess(res.status) ? res.json?.employer?.id : p.theirs.employer.id;
      ctx.expect(employer === p.theirs.employer.id, {
        title: `${label} by the other employer created a job of employer ${show(employer)}`,
        expected: `a job the key's employer creates is that employer's (spec 5.3): employer ${p.theirs.employer.id}`,
        received: responseLine(res),
        failingExchange: res.exchange,
      });
      await expectUntouched(ctx, p, res);
      // A job of its own made here is removed, so the next form's whole job reaches a PUT-create too, not an update.
      const made = isSuccess(res.status) ? res.json?.id : undefined;
      if (typeof made === 'number' && made !== p.mine.id) await p.other.deleteById(made);
    }
  },
);

/** Fails unless the other employer's delete was answered as a delete of no job of its own: 204 or a client error, never a 5xx. */
function answeredAsUnknownReference(ctx: RuleContext, res: ApiResponse, what: string): void {
  // The second employer has no such job: a 404 is expected, but only the effect is required.
  ctx.observe({ topic: `isolation-status.${what}`, section: '5.3', observed: String(res.status) });
  expectStatus(
    ctx,
    res,
    (s) => isClientError(s) || isGone(s) || s === 204,
    'a delete naming an unknown referenceId is answered without a 5xx (spec 4.4, 5.3)',
  );
}

/**
 * The answer of a write by referenceId is the writer's own job with the values sent (4.3: 200 with the full Job; on a
 * status change, with the new status), never the other employer's job of that referenceId (5.3): a server that finds
 * the job to answer by referenceId alone shows the other's.
 */
function expectAnswerIsOwnJob(ctx: RuleContext, res: ApiResponse<Job>, own: Job, patch: Body, label: string): void {
  const answer = jobOf(res);
  const problems = [
    ...(answer.id === own.id ? [] : [`id ${answer.id}, not ${own.id}`]),
    ...(answer.employer?.id === own.employer.id ? [] : [`employer ${show(answer.employer)}`]),
    ...keptValueProblems(patch, answer, Object.keys(patch)),
  ];
  ctx.expect(problems.length === 0, {
    title: `${label} answered another job than its own, as written`,
    expected: `the full Job ${own.id} of the key's employer with the values sent (spec 4.3; 5.3: only the key's employer's data)`,
    received: `${problems.join('; ')}\n${responseLine(res)}`,
    failingExchange: res.exchange,
  });
}

/** Fails unless the other employer's job `before`, read by its own `api`, is as it was after `step`. */
async function expectOwnLeftAlone(ctx: RuleContext, api: JobsApi, before: Job, step: ApiResponse, label: string): Promise<void> {
  const expected = "a referenceId is the employer's own (spec 1): a write by referenceId reaches the key's employer's job only (5.3)";
  // Its lists first: a read by id can refresh what a list serves.
  await expectStillListed(ctx, api, before, step, {
    title: `${label} took the other employer's job ${before.id}, which has the same referenceId, out of its lists`,
    expected,
  });
  await expectLeftAlone(
    ctx,
    before,
    step,
    { title: `${label} also changed the other employer's job ${before.id}, which has the same referenceId`, expected },
    api,
  );
}

/**
 * The owner's lists by the job's referenceId, with its status too, hold it: a search row or a status index that another
 * employer's write took the job out of loses it there while a GET still reads it.
 */
async function expectStillListed(
  ctx: RuleContext,
  api: JobsApi,
  job: Job,
  step: ApiResponse,
  { title, expected }: { title: string; expected: string },
): Promise<void> {
  const ref = job.referenceId ?? '';
  const missing: string[] = [];
  const queries: Array<Record<string, string>> = [{ q: ref }, { q: ref, status: job.status }];
  for (const query of queries) {
    const listed = (await listJobs(ctx, { ...query, pageSize: 100 }, api)).json.data.some((header) => header.id === job.id);
    if (!listed) missing.push(`GET /jobs?${new URLSearchParams(query).toString()} (the owner's key) does not list it`);
  }
  ctx.expect(missing.length === 0, { title, expected, received: missing.join('\n'), failingExchange: step.exchange });
}

/**
 * Each employer in turn sends the other's job id in a delete by id, plainly and through the override: whether it must
 * be refused is good practice only (jobs.isolation.delete-by-id), but a job its owner still reads after it is listed
 * as before (4.5: the list returns the employer's matching jobs); a server that takes the job out of its indexes before
 * it finds the job is not the caller's shows it in its owner's lists.
 */
async function expectListedAfterForeignDeletes(ctx: RuleContext, apis: Record<Writer, JobsApi>, jobs: Record<Writer, Job>): Promise<void> {
  for (const [writer, reader] of PAIRS) {
    for (const way of ['id', 'override'] as const) {
      const res = await deleteJob(ctx, way, jobs[reader], '', apis[writer]);
      const read = await apis[reader].get(jobs[reader].id);
      if (read.status !== 200) continue;
      await expectStillListed(ctx, apis[reader], read.json as Job, res, {
        title: `after the ${writer} employer's ${DELETE_HOW[way]} of the ${reader} employer's job ${jobs[reader].id}, its owner's lists miss it`,
        expected: "a job its owner reads is in its owner's lists (4.5); another employer's request names none of its jobs (5.3)",
      });
    }
  }
}

/** Each employer as the writer in turn, the other reading. */
const PAIRS = [
  ['first', 'second'],
  ['second', 'first'],
] as const;
type Writer = (typeof PAIRS)[number][0];

/**
 * Both employers hold an active job with the same referenceId. Each in turn writes its own in every update form, by id
 * and by referenceId, plainly and through the override where honoured: a new title, an archive and a re-publish (the
 * status alone, as 4.3 allows);
 * then each in turn deletes its own in every delete form, making it again by a PUT that creates after each. The other
 * employer's job is as it was after each write: its lists by the referenceId (with its status too) hold it, and a GET
 * reads it unchanged. Then each employer sends the other's job id in a delete by id, plainly and through the
 * override: a job its owner still reads after that is in its owner's lists. Last, both POST the very same body.
 */
const sameReference: Implementation = propertyRule<Body>(
  {
    id: 'jobs.isolation.same-reference',
    section: '5.3',
    level: 'must',
    title:
      "Two employers' jobs with one referenceId: each employer's updates in every form (a title, an archive, a " +
      're-publish), deletes in every form and PUT-creates of it reach its own job only, in its lists too, and a delete by ' +
      "the other's job id leaves that job in its owner's lists, and the very same POST body makes a job of each",
    statement: "A job is identified either by the service's numeric job id or by the employer's own `referenceId`.",
    requires: ['secondApiKey'],
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const apis = { first: ctx.api, second: secondEmployer(ctx) };
      const body = identify(ctx, { ...generated, status: 'active' });
      const ref = body.referenceId;
      const jobs = {
        first: await getJob(ctx, (await createJob(ctx, body)).id),
        second: await getJob(
          ctx,
          (await createJob(ctx, { ...body, title: scopedTitle(ctx, ref, 'the second employer') }, apis.second)).id,
          apis.second,
        ),
      };
      if (jobs.first.employer.id === jobs.second.employer.id)
        ctx.skip(`both keys belong to employer ${jobs.first.employer.id}: isolation needs two employers`);
      for (const [writer, reader] of PAIRS) {
        const writes: Body[] = [
          { title: scopedTitle(ctx, ref, `retitled by the ${writer}`) },
          { status: 'archived' },
          { status: 'active' },
        ];
        // Every update form: by referenceId, and by id too, since a write that names the job by id can still be
        // carried out by its referenceId (an UPDATE ... WHERE reference_id = ?).
        for (const form of UPDATE_FORMS) {
          for (const patch of writes) {
            const res = await sendUpdate(ctx, form, jobs[writer], patch, apis[writer]);
            // The override is good practice only (spec 1): a target that declines it is not judged there.
            if (form !== 'reference' && form !== 'id' && isClientError(res.status)) break;
            const label = `the ${writer} employer's ${formLabel(form, jobs[writer])} with ${Object.keys(patch).join(', ')}`;
            expectStatus(ctx, res, 200, `${label} updates its own job: 200 (spec 4.3)`);
            expectAnswerIsOwnJob(ctx, res, jobs[writer], patch, label);
            await expectOwnLeftAlone(ctx, apis[reader], jobs[reader], res, label);
          }
        }
        jobs[writer] = await getJob(ctx, jobs[writer].id, apis[writer]);
      }
      const bodies = { first: body, second: { ...body, title: jobs.second.title } };
      for (const [writer, reader] of PAIRS) {
        for (const way of DELETE_WAYS) {
          const deleted = await deleteJob(ctx, way, jobs[writer], ref, apis[writer]);
          // The override on DELETE /jobs's path is good practice only (4.7 says "a resource path").
          if (way === 'override-reference' && isClientError(deleted.status)) continue;
          const how = `the ${writer} employer's ${DELETE_HOW[way]}`;
          expectStatus(ctx, deleted, 204, `${how} removes its own job: 204 (spec 4.4, 4.7)`);
          await expectOwnLeftAlone(ctx, apis[reader], jobs[reader], deleted, how);
          // The referenceId is free again (3: the job is removed): a PUT with it creates (4.3).
          const made = await sendCreate(ctx, 'put-create', bodies[writer], apis[writer]);
          expectStatus(
            ctx,
            made,
            isSuccess,
            `the ${writer} employer's PUT /jobs with the referenceId of its deleted job creates one (spec 4.3)`,
          );
          await expectOwnLeftAlone(ctx, apis[reader], jobs[reader], made, `the ${writer} employer's PUT /jobs creating ${ref} again`);
          jobs[writer] = await getJob(ctx, jobOf(made).id, apis[writer]);
        }
      }
      await expectListedAfterForeignDeletes(ctx, apis, jobs);
      await expectSameBodyMakesOwnJobs(ctx, apis, generated);
    },
  },
);

/**
 * Both employers POST the very same body, byte for byte, without a referenceId: each gets a new job of its own (4.2:
 * POST creates a job; 5.3). A server that takes an identical body for a retry, keyed by the body alone, answers the
 * second employer with the first's job and creates none.
 */
async function expectSameBodyMakesOwnJobs(ctx: RuleContext, apis: Record<Writer, JobsApi>, generated: Body): Promise<void> {
  const body = anonymous(ctx, generated);
  const first = await createJob(ctx, body, apis.first);
  const res = await apis.second.create(body);
  const what = "the second employer's POST of the very body the first employer posted";
  expectStatus(ctx, res, 201, `${what} creates a job: 201 (spec 4.2)`);
  ctx.expect(jobOf(res).id !== first.id && jobOf(res).employer.id !== first.employer.id, {
    title: `${what} answered job ${jobOf(res).id} of employer ${jobOf(res).employer.id}, the first employer's`,
    expected: "a new job of the key's employer (spec 4.2: POST creates a job; 5.3: only the key's employer's data)",
    received: responseLine(res),
    failingExchange: res.exchange,
  });
}

/** The other employer's deletes, by id (refused) or by referenceId (the referenceId is its own: it names none of its jobs). */
const deleteBy = (entry: RuleEntry, sends: Array<(p: Pair) => Promise<ApiResponse>>, what: string): Implementation =>
  isolationRule(entry, async (ctx: RuleContext, p) => {
    for (const send of sends) {
      const res = await send(p);
      if (what === 'delete-by-reference') answeredAsUnknownReference(ctx, res, what);
      else refused(ctx, res, what);
      await expectUntouched(ctx, p, res, what === 'delete-by-reference');
    }
  });

export const isolationRules: Implementation[] = [
  getById,
  list,
  updateById,
  updateByReference,
  sameReference,
  deleteBy(
    {
      id: 'jobs.isolation.delete-by-id',
      section: '5.3',
      level: 'should',
      title: "Another employer's job cannot be deleted by id",
      statement:
        'Good practice; the spec says: The job list and single-job reads return only data for the employer that the key belongs to.',
      requires: ['secondApiKey'],
    },
    [(p) => p.other.deleteById(p.mine.id)],
    'delete-by-id',
  ),
  deleteBy(
    {
      id: 'jobs.isolation.delete-by-reference',
      section: '5.3',
      level: 'must',
      title: "Another employer's job cannot be deleted by referenceId, by DELETE /jobs or its method override",
      statement:
        "A job is identified either by the service's numeric job id or by the employer's own " +
        '`referenceId`. … Every operation on jobs requires authentication.',
      requires: ['secondApiKey'],
    },
    // Plainly and through the override on the same path: the override is a DELETE /jobs wherever the target honours it.
    [(p) => p.other.deleteByReference(p.mineReference), (p) => p.other.deleteByReferenceOverride(p.mineReference)],
    'delete-by-reference',
  ),
  deleteBy(
    {
      id: 'jobs.isolation.delete-by-override',
      section: '5.3',
      level: 'should',
      title: "Another employer's job cannot be deleted by method override",
      statement:
        'Good practice; the spec says: The job list and single-job reads return only data for the employer that the key belongs to.',
      requires: ['secondApiKey'],
    },
    [(p) => p.other.deleteByOverride(p.mine.id)],
    'delete-by-override',
  ),
];
