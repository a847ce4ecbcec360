/**
 * @module Concurrency: PUT is idempotent (spec 4.2, 4.3) and a referenceId
 * is used once (4.2, 7.1), also when the requests race. Several identical
 * requests sent at once must leave exactly one job. Partial updates of one
 * job sent at once, each of another field, must all hold (4.3: only the
 * fields sent change), so a server that writes back a whole job it read
 * before another update landed shows it. The same delete sent several times at
 * once removes its job, and each answer is a 204 or a client error (a repeated
 * delete's answer is not shown), never a 5xx. After each race the list's total still counts the jobs it lists. A race
 * is a write path of its own, so the pairs the sequential rules check go at once too: reads beside a write, an update
 * beside a delete, and both employers sending the same create, list and read. These rules run alone (`exclusive`): the
 * race is theirs, not shared with other rules' traffic.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import { isoDayFromNow } from '../../judging/dates.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { sameFieldValue, show } from '../../judging/compare.js';
import { isClientError, isSuccess } from '../kit/http.js';
import { createJob, expectLeftAlone, expectListItemMatches, getJob, listJobs, showsGone } from '../kit/jobs.js';
import { DELETE_HOW, DELETE_WAYS, deleteJob, type DeleteWay } from '../kit/delete-forms.js';
import { formLabel, sendCreate, sendUpdate, UPDATE_FORMS, type UpdateForm } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';
import { expectCountAgrees, requestList } from '../kit/unscoped-lists.js';

function statuses(responses: ApiResponse[]): string {
  return responses.map((res) => res.status).join(', ');
}

function raceRule(entry: RuleEntry, method: 'PUT' | 'POST', expectation: string): Implementation {
  return propertyRule(entry, {
    maxRuns: 5,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), parallel: fc.integer({ min: 2, max: 6 }) }),
    check: async (ctx: RuleContext, { generated, parallel }: { generated: Body; parallel: number }) => {
      const body = identify(ctx, generated);
      const responses = await Promise.all(Array.from({ length: parallel }, () => ctx.api.client.request({ method, path: '/jobs', body })));
      ctx.expect(
        responses.every((res) => res.status < 500),
        {
          title: `concurrent ${method}s answered ${statuses(responses)}`,
          expected: `every request answered without a 5xx (spec 7); ${expectation}`,
          received: `statuses ${statuses(responses)}`,
        },
      );
      const list = await listJobs(ctx, { q: body.referenceId, pageSize: 100 });
      const matching = list.json.data.filter((item) => item.referenceId === body.referenceId);
      const created = responses.filter((res) => isSuccess(res.status)).length;
      ctx.expect(matching.length === 1 && (method === 'PUT' || created === 1), {
        title: `${parallel} concurrent ${method}s with one referenceId left ${matching.length} job(s)`,
        expected: expectation,
        received: `statuses ${statuses(responses)}; listed ids ${show(matching.map((item) => item.id))}`,
      });
      await expectCountAgrees(ctx, `${parallel} concurrent ${method}s`, new Set(matching.map((item) => item.id)));
    },
  });
}

/**
 * One partial update per field, each to a value the job does not hold, its status among them (archived or active,
 * the job's other: 3), dealt over the update forms from `turn` on. The title and the status fall to one form, a
 * different one each turn: a server that writes back a whole job on one path loses the other's field there.
 */
function disjointPatches(ctx: RuleContext, job: Job, marker: string, turn: number): Array<{ form: UpdateForm; patch: Body }> {
  const closeDate = isoDayFromNow(97);
  const patches: Body[] = [
    { title: scopedTitle(ctx, marker, 'retitled at once') },
    { confidential: !job.confidential },
    { description: '<p>Rewritten at once</p>' },
    { closeDate },
    { status: job.status === 'active' ? 'archived' : 'active' },
  ];
  return patches.map((patch, i) => ({ form: UPDATE_FORMS[(i + turn) % UPDATE_FORMS.length]!, patch }));
}

const disjointUpdates: Implementation = propertyRule(
  {
    id: 'jobs.concurrency.disjoint-updates',
    section: '4.3',
    level: 'must',
    title: 'Partial updates of one job sent at once, each of another field, in every update form: every one the target takes holds',
    statement: 'Updates are partial. Only the fields sent change.',
    exclusive: true,
  },
  {
    maxRuns: 5,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), turn: fc.nat({ max: UPDATE_FORMS.length - 1 }) }),
    // Each turn once: every field meets every form.
    examples: () => UPDATE_FORMS.map((_form, turn) => ({ turn })),
    check: async (ctx: RuleContext, { generated, turn }: { generated: Body; turn: number }) => {
      const body = identify(ctx, { ...generated, status: 'active' });
      const job = await createJob(ctx, body);
      const sends = disjointPatches(ctx, job, body.referenceId, turn);
      const responses = await Promise.all(sends.map(({ form, patch }) => sendUpdate(ctx, form, job, patch)));
      // A server may refuse an update that conflicts with another in flight (a 409 under optimistic locking); an
      // update it took must hold.
      ctx.expect(
        responses.every((res) => res.status === 200 || isClientError(res.status)),
        {
          title: `concurrent partial updates of job ${job.id} answered ${statuses(responses)}`,
          expected: 'each update answers 200 with the job (spec 4.3), or refuses with a client error',
          received: `statuses ${statuses(responses)}`,
        },
      );
      const after = await getJob(ctx, job.id);
      const taken = sends.filter((_send, i) => responses[i]!.status === 200);
      const lost = taken
        .flatMap(({ patch }) => Object.entries(patch))
        .filter(([field, value]) => !sameFieldValue(field, after[field as keyof Job], value));
      ctx.expect(lost.length === 0, {
        title: `after ${sends.length} partial updates at once, job ${job.id} lost ${lost.map(([field]) => field).join(', ')}`,
        expected:
          'every field an update that answered 200 sent holds its value: updates are partial, only the fields sent change (spec 4.3)',
        received: lost.map(([field, value]) => `${field}: sent ${show(value)}, got ${show(after[field as keyof Job])}`).join('\n'),
      });
      await expectListItemMatches(ctx, after, body.referenceId, `${sends.length} partial updates at once`);
    },
  },
);

/**
 * One delete sent 2-4 times at once, in each delete form (each in every run, then drawn): a server whose second
 * delete finds the row half gone, or a lock taken twice, answers it with a 5xx. A job whose referenceId extends the
 * deleted one's stands beside it, so a race in the lookup by referenceId that widens to a prefix shows too.
 */
const deletesAtOnce: Implementation = propertyRule<{ generated: Body; way: DeleteWay; parallel: number }>(
  {
    id: 'jobs.concurrency.deletes-at-once',
    section: '4.4',
    level: 'must',
    title: 'One delete sent several times at once, in every delete form, removes its job: each answer a 204 or a client error, never a 5xx',
    statement: 'Response: 204 with no body.',
    exclusive: true,
  },
  {
    maxRuns: 5,
    arbitrary: (ctx) =>
      fc.record({ generated: createBodyArb(ctx), way: fc.constantFrom(...DELETE_WAYS), parallel: fc.integer({ min: 2, max: 4 }) }),
    examples: () => DELETE_WAYS.map((way) => ({ way, parallel: 3 })),
    check: async (ctx: RuleContext, { generated, way, parallel }) => {
      const body = identify(ctx, generated);
      const job = await createJob(ctx, body);
      const ref = `${body.referenceId}0`;
      const neighbour = await getJob(ctx, (await createJob(ctx, { ...identify(ctx, generated), referenceId: ref })).id);
      const responses = await Promise.all(Array.from({ length: parallel }, () => deleteJob(ctx, way, job, body.referenceId)));
      // The override on DELETE /jobs's path is good practice only (4.7 says "a resource path"): declined by every copy.
      if (way === 'override-reference' && responses.every((res) => isClientError(res.status))) return;
      ctx.expect(responses.every((res) => res.status === 204 || isClientError(res.status)) && responses.some((res) => res.status === 204), {
        title: `${parallel} × ${DELETE_HOW[way]} at once answered ${statuses(responses)}`,
        expected: 'one delete answers 204 (spec 4.4); the others 204 again or a client error (not shown), never a 5xx (spec 7)',
        received: `statuses ${statuses(responses)}`,
      });
      const after = await ctx.api.get(job.id);
      ctx.expect(showsGone(after.status), {
        title: `job ${job.id} is still there after ${parallel} × ${DELETE_HOW[way]} at once`,
        expected: 'the job is removed (spec 3: any -> removed): GET answers a client error',
        received: `GET /jobs/${job.id} -> ${after.status}`,
      });
      await expectLeftAlone(ctx, neighbour, responses[0]!, {
        title: `${DELETE_HOW[way]} at once also changed or removed job ${neighbour.id}, whose referenceId ${ref} extends ${body.referenceId}`,
        expected: 'a delete removes the one job it identifies (spec 4.4)',
      });
      await expectCountAgrees(ctx, `${parallel} × ${DELETE_HOW[way]} at once`, new Set([neighbour.id]));
    },
  },
);

/** Milliseconds after a write is sent at which the reads beside it go: into a write that takes its time, and after it. */
const READ_DELAYS_MS = [0, 5, 15, 40];

/**
 * A list by the referenceId a job is about to take, sent just before the create, so the create lands while the list is
 * read; then the same list once both have answered: it holds the new job (4.5: q matches the referenceId). A page
 * cached from the read in flight must not outlive the create.
 */
async function expectListAfterCreate(ctx: RuleContext, generated: Body): Promise<void> {
  const body = identify(ctx, generated);
  const query = { q: body.referenceId, pageSize: 100 };
  const [, made] = await Promise.all([requestList(ctx.api, query, new Set()), createJob(ctx, body)]);
  const settled = await requestList(ctx.api, query, new Set());
  ctx.expect(settled.status === 200 && (settled.json?.data ?? []).some((item) => item.id === made.id), {
    title: `GET /jobs?q=${body.referenceId} after job ${made.id} took that referenceId, sent as while the create was in flight, did not list it`,
    expected: 'the job, created before the list was sent: q matches its referenceId (spec 4.5)',
    received: `${settled.status}, ids ${show((settled.json?.data ?? []).map((item) => item.id))}`,
    failingExchange: settled.exchange,
  });
}

/**
 * Reads beside writes (spec 4.1, 4.5): a job exists from its create to its delete, so a GET of it answers it while an
 * update of it is in flight (its locations and categories, which a store may rewrite as rows), and the list without q
 * holds it while another job is created. A server that deletes and re-inserts a job's rows, or rebuilds its list,
 * answers 404 or an empty list in between.
 */
const readsDuringWrites: Implementation = propertyRule(
  {
    id: 'jobs.concurrency.reads-during-writes',
    section: '4.1',
    level: 'must',
    title: 'A GET of a job while an update of it is in flight, and the list while another job is created, show the job',
    statement: 'Response 200: one Job (full).',
    exclusive: true,
  },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated: Body) => {
      const body = identify(ctx, generated);
      const job = await createJob(ctx, body);
      const later = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
      const patch = {
        locations: [...job.locations].reverse(),
        categories: job.categories.map(({ id }) => ({ id })),
        title: `${job.title} again`,
      };
      const [, ...reads] = await Promise.all([
        ctx.api.putById(job.id, patch),
        ...READ_DELAYS_MS.map((ms) => later(ms).then(() => ctx.api.get(job.id))),
      ]);
      const missed = reads.filter((res) => res.status !== 200 || res.json?.id !== job.id);
      ctx.expect(missed.length === 0, {
        title: `GET /jobs/${job.id} while PUT /jobs/${job.id} was in flight answered ${missed.map((res) => res.status).join(', ')}`,
        expected: 'the job, before or after the update: it exists until it is deleted (spec 4.1: 200, one Job)',
        received: missed.map((res) => `${res.status} ${res.text.slice(0, 120)}`).join('\n'),
        failingExchange: missed[0]?.exchange,
      });
      const ours = new Set([job.id]);
      const before = await requestList(ctx.api, { pageSize: 1 }, ours);
      const totalBefore = before.json?.paging?.total ?? 0;
      const [, ...lists] = await Promise.all([
        createJob(ctx, identify(ctx, generated)),
        ...READ_DELAYS_MS.map((ms) => later(ms).then(() => requestList(ctx.api, { pageSize: 100 }, ours))),
      ]);
      // Beyond 100 jobs, ties of publishDate (their order is open) may put the job on a later page: then the total judges.
      const lost = (res: (typeof lists)[number]): boolean =>
        res.status !== 200 || (!(res.json?.data ?? []).some((item) => item.id === job.id) && (res.json?.paging?.total ?? 0) < totalBefore);
      const without = lists.filter(lost);
      ctx.expect(without.length === 0, {
        title: `GET /jobs while a job was created did not list job ${job.id}, made just before, and counted fewer jobs`,
        expected: `the employer's jobs, ${totalBefore} or more, the newest first: the job made just before among them (spec 4.5)`,
        received: without.map((res) => `${res.status}, total ${String(res.json?.paging?.total)}`).join('\n'),
        failingExchange: without[0]?.exchange,
      });
      await expectListAfterCreate(ctx, generated);
    },
  },
);

/** One update form and one delete form per example, each form of both met once, in pairs that name the job differently. */
const UPDATE_DELETE_PAIRS = UPDATE_FORMS.map((form, i) => ({ form, way: DELETE_WAYS[(i + 1) % DELETE_WAYS.length]! }));

/** The jobs that hold `job`'s referenceId and its description after its delete: the deleted job, back under its id or another. */
async function revivedJobs(ctx: RuleContext, job: Job, referenceId: string): Promise<number[]> {
  const list = await listJobs(ctx, { q: referenceId, pageSize: 100 });
  const revived: number[] = [];
  for (const item of list.json.data.filter((entry) => entry.referenceId === referenceId)) {
    const read = await ctx.api.get(item.id);
    if (isSuccess(read.status) && sameFieldValue('description', read.json?.description, job.description)) revived.push(item.id);
  }
  return revived;
}

/**
 * A partial update and a delete of one job sent at once (spec 3: any -> removed by DELETE; 4.3): in either order the
 * job is gone after both. By id, an update after the delete names no job; by referenceId it is a PUT-create of the
 * fields it sends, which a server may refuse (a partial body) or take (requiredness is not shown), but which never
 * holds the deleted job's description, a field it did not send. A server whose update writes back the row it read
 * before the delete landed brings the job back.
 */
const updateAndDeleteAtOnce: Implementation = propertyRule<{ generated: Body; form: UpdateForm; way: DeleteWay }>(
  {
    id: 'jobs.concurrency.update-and-delete-at-once',
    section: '3',
    level: 'must',
    title:
      'A partial update and a delete of one job sent at once, in every form: after both, the job is gone and does not come back under another id',
    statement: 'any | DELETE | job identified by id or `referenceId` | (job removed) | 204 with no body.',
    exclusive: true,
  },
  {
    maxRuns: 6,
    arbitrary: (ctx) =>
      fc.record({ generated: createBodyArb(ctx), form: fc.constantFrom(...UPDATE_FORMS), way: fc.constantFrom(...DELETE_WAYS) }),
    examples: () => UPDATE_DELETE_PAIRS,
    check: async (ctx: RuleContext, { generated, form, way }) => {
      const body = identify(ctx, generated);
      const job = await createJob(ctx, body);
      const [update, removed] = await Promise.all([
        sendUpdate(ctx, form, job, { title: scopedTitle(ctx, body.referenceId, 'updated while deleted') }),
        deleteJob(ctx, way, job, body.referenceId),
      ]);
      // The override on DELETE /jobs's path is good practice only (4.7 says "a resource path").
      if (way === 'override-reference' && isClientError(removed.status)) return;
      const after = await ctx.api.get(job.id);
      const revived = await revivedJobs(ctx, job, body.referenceId);
      const left =
        revived.length > 0 ? `job(s) ${show(revived)} with its referenceId and description` : `GET /jobs/${job.id} -> ${after.status}`;
      ctx.expect(removed.status === 204 && showsGone(after.status) && revived.length === 0, {
        title: `${formLabel(form, job)} and ${DELETE_HOW[way]} of job ${job.id} at once left ${left}`,
        expected:
          'the delete answers 204 and removes the job (spec 3, 4.4); the update, before it or after, brings it back in no form: ' +
          'a job made after it holds only the fields it sent (4.3)',
        received: `update -> ${update.status}, delete -> ${removed.status}; GET /jobs/${job.id} -> ${after.status}`,
        failingExchange: update.exchange,
      });
    },
  },
);

/** The employers by their index in the requests sent turn about, and what a create says of the first one in each form. */
const EMPLOYER = ['first', 'second'] as const;
const FIRST_CREATE = { post: 'so its first POST creates (4.2)', 'put-create': 'and PUT /jobs creates or updates (4.3)' } as const;

/** Each employer's answers of `sent`, sent turn about by the two employers. */
const answersOf = <T>(sent: readonly T[], employer: number): T[] => sent.filter((_answer, i) => i % 2 === employer);

/**
 * Both employers at once (5.3; 2.1 and 4.2: a referenceId is the employer's own): the same create sent by both at the
 * same moment makes one job for each; the same list sent by both at once answers each its own job; and a read of one
 * employer's job sent by both at once answers the other a client error. A lock, a cache or a merge of identical
 * requests keyed without the employer shows here, and in no rule that sends one request at a time.
 */
const bothEmployersAtOnce: Implementation = propertyRule<{ generated: Body; form: 'post' | 'put-create'; parallel: number }>(
  {
    id: 'jobs.concurrency.both-employers-at-once',
    section: '5.3',
    level: 'must',
    title:
      "One create, list and read sent by both employers at once: each employer gets its own job, its own list, and not the other one's job",
    statement: 'The job list and single-job reads return only data for the employer that the key belongs to.',
    requires: ['secondApiKey'],
    exclusive: true,
  },
  {
    maxRuns: 4,
    arbitrary: (ctx) =>
      fc.record({
        generated: createBodyArb(ctx),
        form: fc.constantFrom('post' as const, 'put-create' as const),
        parallel: fc.integer({ min: 1, max: 3 }),
      }),
    examples: () => [
      { form: 'post', parallel: 1 },
      { form: 'put-create', parallel: 2 },
    ],
    check: async (ctx: RuleContext, { generated, form, parallel }) => {
      const employers = [ctx.api, ctx.second!];
      const body = identify(ctx, generated);
      const query = { q: body.referenceId, pageSize: 100 };
      const sent = await Promise.all(
        Array.from({ length: parallel }, () => employers.map((api) => sendCreate(ctx, form, body, api))).flat(),
      );
      const ids: number[][] = [];
      for (const [employer, api] of employers.entries()) {
        const own = answersOf(sent, employer);
        const listed = await requestList(api, query, new Set());
        const holding = (listed.json?.data ?? []).filter((item) => item.referenceId === body.referenceId);
        const created = own.filter((res) => isSuccess(res.status)).length;
        ctx.expect(holding.length === 1 && (form === 'put-create' || created === 1), {
          title: `${parallel} × ${formLabel(form)} by each employer at once left the ${EMPLOYER[employer]} employer ${holding.length} job(s) with it`,
          expected: `one job for each employer: a referenceId is the employer's own (spec 2.1), ${FIRST_CREATE[form]}`,
          received: `statuses ${statuses(own)}; listed ids ${show(holding.map((item) => item.id))}`,
        });
        ids.push(holding.map((item) => item.id));
      }
      const lists = await Promise.all([0, 1, 0, 1].map((employer) => requestList(employers[employer]!, query, new Set())));
      for (const [i, res] of lists.entries()) {
        const foreign = (res.json?.data ?? []).filter((item) => ids[(i + 1) % 2]!.includes(item.id));
        ctx.expect(res.status === 200 && foreign.length === 0, {
          title: `GET /jobs?q=${body.referenceId} sent by both employers at once answered the ${EMPLOYER[i % 2]} employer the other one's jobs`,
          expected: 'each employer its own jobs only (spec 5.3), whatever the other asks at the same moment',
          received: `${res.status}, ids ${show((res.json?.data ?? []).map((item) => item.id))}`,
          failingExchange: res.exchange,
        });
      }
      const first = ids[0]![0];
      if (first === undefined) return;
      const reads = await Promise.all([0, 1, 0, 1].map((employer) => employers[employer]!.get(first)));
      const leaked = answersOf(reads, 1).filter((res) => !isClientError(res.status));
      ctx.expect(leaked.length === 0, {
        title: `GET /jobs/${first} sent by both employers at once answered the second employer ${statuses(leaked)}`,
        expected: "a client error: the job is the first employer's (spec 5.3), whatever that employer reads at the same moment",
        received: `statuses ${statuses(reads)}`,
        failingExchange: leaked[0]?.exchange,
      });
    },
  },
);

export const concurrencyRules: Implementation[] = [
  raceRule(
    {
      id: 'jobs.concurrency.put-create-once',
      section: '4.3',
      level: 'must',
      title: 'Concurrent PUT-creates with one referenceId leave exactly one job',
      statement: 'PUT is recommended whenever a `referenceId` is used, because PUT is idempotent.',
      exclusive: true,
    },
    'PUT',
    'exactly one job with that referenceId: PUT is idempotent (spec 4.2, 4.3)',
  ),
  raceRule(
    {
      id: 'jobs.concurrency.post-once',
      section: '4.2',
      level: 'must',
      title: 'Concurrent POSTs with one referenceId create exactly one job',
      statement: 'Posting a `referenceId` that already exists rejects the request from the second time onward.',
      exclusive: true,
    },
    'POST',
    'exactly one 2xx and one job: a referenceId already in use is rejected (spec 4.2, 7.1)',
  ),
  disjointUpdates,
  deletesAtOnce,
  readsDuringWrites,
  updateAndDeleteAtOnce,
  bothEmployersAtOnce,
];
