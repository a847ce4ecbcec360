/**
 * @module PUT is idempotent (spec 4.2), updates included: the same partial update sent twice leaves the job as once.
 * In each update form, an active job is archived twice, re-published twice and retitled twice; the second answer and
 * a GET show the job the first answer showed. A server whose archive toggles, or whose second write changes
 * something the first did not (a counter, a date), shows it here; the round is then sent once more, each body reaching
 * the job again after other writes (a server that answers a body it saw from a cache does not apply it). And a field
 * updated twice with two values, then with the first again, each field in turn, beside the job's own title (4.3): each
 * value holds, where a server that merges into, keeps or skips a value, or replays an answer keyed by the title, would not.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { changedFields, changeLines, jsonEqual, keptValueProblems, show } from '../../judging/compare.js';
import { UPDATE_FIELDS, type UpdateField } from '../arbitraries/job.js';
import { createBodyArb, fieldUpdateArbs, identify, scopedTitle } from '../kit/bodies.js';
import { expectStatus, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS, type UpdateForm } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

export const updateIdempotent: Implementation = propertyRule(
  {
    id: 'jobs.update.idempotent',
    section: '4.2',
    level: 'must',
    title: 'The same partial update sent twice (an archive, a re-publish, a title), in every update form, leaves the job as once',
    statement: 'PUT is recommended whenever a `referenceId` is used, because PUT is idempotent.',
  },
  {
    maxRuns: 4,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), form: fc.constantFrom(...UPDATE_FORMS) }),
    examples: () => UPDATE_FORMS.map((form) => ({ form })),
    check: async (ctx: RuleContext, { generated, form }: { generated: Body; form: UpdateForm }) => {
      const body = identify(ctx, { ...generated, status: 'active' });
      let job = await createJob(ctx, body);
      const patches = [{ status: 'archived' }, { status: 'active' }, { title: scopedTitle(ctx, body.referenceId, 'sent twice') }];
      for (const patch of patches) {
        const first = await sendUpdate(ctx, form, job, patch);
        if (await declinesUpdate(ctx, form, job, first)) return;
        const what = `${formLabel(form, job)} with ${JSON.stringify(patch)}`;
        expectStatus(ctx, first, 200, `${what} updates the job: 200 with the Job (spec 4.3)`);
        const once = jobOf(first);
        const second = await sendUpdate(ctx, form, once, patch);
        expectStatus(ctx, second, 200, `${what}, sent again, updates the job: 200 with the Job (spec 4.3)`);
        const twice = await getJob(ctx, job.id);
        for (const [read, shown] of [
          ['the second answer', jobOf(second)],
          ['a GET after it', twice],
        ] as const) {
          const diff = changedFields(once, shown);
          ctx.expect(diff.length === 0, {
            title: `${what} sent twice: ${read} differs from the first in ${diff.join(', ')}`,
            expected: 'the job as the first update left it: PUT is idempotent (spec 4.2, 4.3)',
            received: changeLines(once, shown, diff).join('\n'),
            failingExchange: second.exchange,
          });
        }
        job = twice;
      }
      await expectRoundAgain(ctx, form, job, patches);
    },
  },
);

/**
 * Each patch sent once more, in the same order: each body reaches the job again after other writes, so the archive
 * meets an active job again (3). A server that answers a body it saw before from a cache, without applying it, shows
 * the state the writes in between left, on the GET after it.
 */
async function expectRoundAgain(ctx: RuleContext, form: UpdateForm, job: Job, patches: readonly Body[]): Promise<void> {
  for (const patch of patches) {
    const again = await sendUpdate(ctx, form, job, patch);
    const what = `${formLabel(form, job)} with ${JSON.stringify(patch)}, sent again after other updates`;
    expectStatus(ctx, again, 200, `${what} updates the job: 200 with the Job (spec 4.3)`);
    const read = await getJob(ctx, job.id);
    const problems = [...keptValueProblems(patch, read), ...changeLines(jobOf(again), read, changedFields(jobOf(again), read))];
    ctx.expect(problems.length === 0, {
      title: `${what}: the job does not show it, or its answer differs from a GET`,
      expected: 'the update applied again, its answer the job a GET then reads (spec 3, 4.3)',
      received: problems.join('\n'),
      failingExchange: again.exchange,
    });
  }
}

/** One field updated twice in a row: its first and second value, never the same. */
interface TwiceCase {
  generated: Body;
  /** The state the job is made in: an update of another field keeps it (3: other fields unchanged). */
  status: Job['status'];
  form: UpdateForm;
  field: UpdateField;
  /** Two different one-field updates of each field; the case sends those of `field`. */
  values: Record<UpdateField, [Body, Body]>;
}

/**
 * Whether `second` is a fair second value after `first`: another value, and a list with none of the first's items and
 * no more of them, so that a server that keeps any of the first list beside the second shows an item too many.
 */
function followsApart(first: Body, second: Body): boolean {
  if (jsonEqual(first, second)) return false;
  return Object.entries(second).every(([field, value]) => {
    const before = first[field];
    if (!Array.isArray(value) || !Array.isArray(before)) return true;
    return value.length <= before.length && value.every((item) => !before.some((old) => jsonEqual(old, item)));
  });
}

/** The states a job is made in, dealt over the fields in turn (the closeDate meets an archived job). */
const STATES: readonly Job['status'][] = ['archived', 'active', 'draft'];

function twiceCaseArb(ctx: RuleContext): fc.Arbitrary<TwiceCase> {
  const arbs = fieldUpdateArbs(ctx);
  const pairOf = (field: UpdateField) => fc.tuple(arbs[field], arbs[field]).filter(([first, second]) => followsApart(first, second));
  return fc.record({
    generated: createBodyArb(ctx),
    status: fc.constantFrom(...STATES),
    form: fc.constantFrom(...UPDATE_FORMS),
    field: fc.constantFrom(...UPDATE_FIELDS),
    values: fc.record(
      Object.fromEntries(UPDATE_FIELDS.map((field) => [field, pairOf(field)])) as Record<UpdateField, fc.Arbitrary<[Body, Body]>>,
    ),
  });
}

export const updateFieldTwice: Implementation = propertyRule(
  {
    id: 'jobs.update.field-twice',
    section: '4.3',
    level: 'must',
    title:
      'A field updated twice in a row, then with its first value again, each field in turn, in every update form and state, ' +
      'takes each value and keeps the status',
    statement: 'Updates are partial. Only the fields sent change.',
  },
  {
    maxRuns: UPDATE_FIELDS.length,
    arbitrary: twiceCaseArb,
    // Every field once, the forms in turn: a server whose second write of a field goes another way than its first
    // (it merges, keeps the first, or writes only once) shows on that field.
    examples: () =>
      UPDATE_FIELDS.map((field, i) => ({ field, form: UPDATE_FORMS[i % UPDATE_FORMS.length]!, status: STATES[i % STATES.length]! })),
    independentCases: true,
    check: async (ctx: RuleContext, { generated, status, form, field, values }: TwiceCase) => {
      const job = await createJob(ctx, identify(ctx, { ...generated, status }));
      // Each value beside the job's own title, unchanged, as a client that sends its form whole does: updates that
      // share the referenceId and the title and differ in one field are no retries of each other (a server that keys
      // its replays by those answers the first again).
      const beside: Body = field === 'title' ? {} : { title: job.title };
      const [first, second] = values[field].map((value) => ({ ...beside, ...value })) as [Body, Body];
      const once = await sendUpdate(ctx, form, job, first);
      if (await declinesUpdate(ctx, form, job, once)) return;
      const what = `${formLabel(form)} of ${field}`;
      expectStatus(ctx, once, 200, `${what} updates the job: 200 with the Job (spec 4.3)`);
      // The second value, then the first again: a server that answers a body it saw before from a cache, or skips a
      // write that brings back a value, shows the value before it.
      for (const [which, value] of [
        ['the second value', second],
        ['the first value again', first],
      ] as const) {
        const res = await sendUpdate(ctx, form, jobOf(once), value);
        expectStatus(ctx, res, 200, `${what}, sent with ${which}, updates the job: 200 with the Job (spec 4.3)`);
        const read = await getJob(ctx, job.id);
        for (const [where, shown] of [
          ['its answer', jobOf(res)],
          ['a GET after it', read],
        ] as const) {
          const problems = keptValueProblems({ ...value, status }, shown);
          ctx.expect(problems.length === 0, {
            title: `${what} with ${which}, the job ${status}: ${where} does not show it, the status kept`,
            expected:
              `the field takes the value sent last, the status stays (spec 4.3: only the fields sent change; 3: other fields ` +
              `unchanged); first ${show(first)}, then ${show(second)}, then the first again`,
            received: problems.join('\n'),
            failingExchange: res.exchange,
          });
        }
      }
    },
  },
);
