/**
 * @module Concurrency: PUT is idempotent (spec 4.2, 4.3) and a referenceId
 * is used once (4.2, 7.1), also when the requests race. Several identical
 * requests sent at once must leave exactly one job. Partial updates of one
 * job sent at once, each of another field, must all hold (4.3: only the
 * fields sent change), so a server that writes back a whole job it read
 * before another update landed shows it. The same delete sent several times at
 * once removes its job, and each answer is a 204 or a client error (a repeated
 * delete's answer is not shown), never a 5xx. These rules run alone
 * (`exclusive`): the race is theirs, not shared with other rules' traffic.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import { DAY_MS } from '../../schemas/time-units.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { sameFieldValue, show } from '../../judging/compare.js';
import { isClientError, isSuccess } from '../kit/http.js';
import { createJob, expectLeftAlone, getJob, listJobs, showsGone } from '../kit/jobs.js';
import { DELETE_HOW, DELETE_WAYS, deleteJob, type DeleteWay } from '../kit/delete-forms.js';
import { sendUpdate, type UpdateForm } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';

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
    },
  });
}

/** One partial update per field, each to a value the job does not hold; the forms alternate by id and by referenceId. */
function disjointPatches(ctx: RuleContext, job: Job, marker: string): Array<{ form: UpdateForm; patch: Body }> {
  const closeDate = new Date(Date.now() + 97 * DAY_MS).toISOString().slice(0, 10);
  const patches: Body[] = [
    { title: scopedTitle(ctx, marker, 'retitled at once') },
    { confidential: !job.confidential },
    { description: '<p>Rewritten at once</p>' },
    { closeDate },
  ];
  return patches.map((patch, i) => ({ form: i % 2 === 0 ? 'id' : 'reference', patch }));
}

const disjointUpdates: Implementation = propertyRule(
  {
    id: 'jobs.concurrency.disjoint-updates',
    section: '4.3',
    level: 'must',
    title: 'Partial updates of one job sent at once, each of another field: every one the target takes holds',
    statement: 'Updates are partial. Only the fields sent change.',
    exclusive: true,
  },
  {
    maxRuns: 5,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated: Body) => {
      const body = identify(ctx, generated);
      const job = await createJob(ctx, body);
      const sends = disjointPatches(ctx, job, body.referenceId);
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
];
