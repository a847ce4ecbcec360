/**
 * @module The same entry twice in a list field (locations, categories: spec 2.1, "1 to 3 entries"). The spec neither
 * forbids nor allows a repeated entry, so a target may refuse it, keep both or keep one: what it did is observed.
 * What it may not do is fail on it (a unique key on a join table answering 500, which the engine fails in any rule)
 * or answer one thing and store another: where the write is taken, a GET shows the list the write answered, and the
 * list holds the repeated entry alone, once or twice (an update sends one the job does not hold, so a server that
 * merges a repeat into the stored list keeps entries nobody sent: 4.3, only the fields sent change). Sent on every
 * write path (POST, PUT-create, PUT by id, by referenceId, the override); the list fields come from the schema, so a
 * list field added there is probed too. A job that kept a repeat keeps it through the later writes that do not send
 * the field, in every update form.
 */
import * as fc from 'fast-check';
import { JOB_INPUT_LIST_FIELDS } from '../../schemas/index.js';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { CREATE_FORMS, formLabel, sendCreate, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { jsonEqual, keptValueProblems, sameFieldValue, show } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/** The body's first entry of `field` twice (the list stays within 1 to 3 entries). */
function withEntryTwice(body: Body, field: string): Body {
  const first = (body[field] as unknown[])[0];
  return { ...body, [field]: [first, first] };
}

/** An entry of `other`'s `field` that `body`'s does not hold (its first where all are held). */
function entryNotIn(body: Body, other: Body, field: string): unknown {
  const held = (body[field] as unknown[]).map((entry) => JSON.stringify(entry));
  const entries = other[field] as unknown[];
  return entries.find((entry) => !held.includes(JSON.stringify(entry))) ?? entries[0];
}

/** Whether `job`'s `field` holds `entry` alone, once or twice (a target may keep one of a repeat). */
const holdsOnly = (job: Job, field: string, entry: unknown): boolean =>
  [[entry], [entry, entry]].some((entries) => keptValueProblems({ [field]: entries }, job).length === 0);

/** The list `field` of a job, as it came. */
const entriesOf = (job: Job, field: string): unknown => (job as Record<string, unknown>)[field];

/**
 * Observes the answer; where it took the write, fails unless the answer's list holds the repeated `entry` alone and a
 * GET shows the list the answer showed.
 */
async function expectConsistent(ctx: RuleContext, how: string, field: string, entry: unknown, res: ApiResponse<Job>): Promise<void> {
  if (!isSuccess(res.status)) {
    ctx.observe({ topic: 'duplicate-entries', section: '2.1', observed: `${how}, ${field}: refused with ${res.status}` });
    return;
  }
  const answered = jobOf(res);
  const entries = entriesOf(answered, field);
  const kept = Array.isArray(entries) ? `${entries.length} entries kept` : 'no list answered';
  ctx.observe({ topic: 'duplicate-entries', section: '2.1', observed: `${how}, ${field}: taken, ${kept}` });
  ctx.expect(holdsOnly(answered, field, entry), {
    title: `${how} with a ${field} entry twice answered ${field} it did not send`,
    expected: `the ${field} sent, the repeated entry once or twice (spec 4.2; 4.3: only the fields sent change, to what is sent)`,
    received: `sent ${show([entry, entry])}, answered ${show(entries)}`,
    failingExchange: res.exchange,
  });
  const read = entriesOf(await getJob(ctx, answered.id), field);
  ctx.expect(jsonEqual(read, entries), {
    title: `${how} with a ${field} entry twice answered one list and stored another`,
    expected: `GET /jobs/{id} shows the ${field} the write answered (spec 4.2, 4.3: the answer is the job)`,
    received: `answered ${show(entries)}, GET shows ${show(read)}`,
    failingExchange: res.exchange,
  });
}

/**
 * A job that holds a repeated entry keeps it through every later write that does not send the field: an archive and a
 * re-publish (3: other fields unchanged) and a new title (4.3: only the fields sent change), in every update form. A
 * server that re-files the job's list rows on some writes (from a set of ids) drops the repeat there. Judged only
 * where the create kept the repeat.
 */
async function expectRepeatKept(ctx: RuleContext, generated: Body, field: string): Promise<void> {
  const created = await ctx.api.create(withEntryTwice(identify(ctx, { ...generated, status: 'active' }), field));
  const held = isSuccess(created.status) ? entriesOf(jobOf(created), field) : undefined;
  if (!Array.isArray(held) || held.length < 2) return;
  let job = jobOf(created);
  const writes: Body[] = [{ status: 'archived' }, { status: 'active' }, { title: scopedTitle(ctx, job.referenceId ?? '', 'retitled') }];
  for (const form of UPDATE_FORMS) {
    for (const patch of writes) {
      const res = await sendUpdate(ctx, form, job, patch);
      // The override is good practice only (spec 1): a target that declines it is not judged there.
      if (form.includes('override') && isClientError(res.status)) break;
      const how = `${formLabel(form, job)} with ${Object.keys(patch).join(', ')}`;
      expectStatus(ctx, res, 200, `${how} updates the job: 200 (spec 4.3)`);
      const answered = entriesOf(jobOf(res), field);
      const read = entriesOf(await getJob(ctx, job.id), field);
      ctx.expect(sameFieldValue(field, answered, held) && sameFieldValue(field, read, held), {
        title: `${how} changed the ${field} of job ${job.id}, which holds one entry twice`,
        expected: `the ${field} as the job held them (spec 3: other fields unchanged; 4.3: only the fields sent change)`,
        received: `held ${show(held)}, answered ${show(answered)}, GET shows ${show(read)}`,
        failingExchange: res.exchange,
      });
      job = jobOf(res);
    }
  }
}

export const duplicateEntriesRule: Implementation = propertyRule<{ generated: Body; other: Body; field: string }>(
  {
    id: 'jobs.robustness.duplicate-entries',
    section: '2.1',
    level: 'must',
    title:
      'A list field with the same entry twice, on every write path: refused or taken, never a 5xx, stored as answered, ' +
      'and kept by every later write that does not send it',
    statement: 'Bodies are JSON. Field names and types are those of section 2.',
  },
  {
    maxRuns: 1,
    independentCases: true,
    // A second body: the update repeats one of its entries that the job does not hold.
    arbitrary: (ctx) =>
      fc.record({ generated: createBodyArb(ctx), other: createBodyArb(ctx), field: fc.constantFrom(...JOB_INPUT_LIST_FIELDS) }),
    examples: () => JOB_INPUT_LIST_FIELDS.map((field) => ({ field })),
    check: async (ctx: RuleContext, { generated, other, field }) => {
      for (const form of CREATE_FORMS) {
        const body = withEntryTwice(identify(ctx, generated), field) as Body & { referenceId: string };
        const first = (generated[field] as unknown[])[0];
        await expectConsistent(ctx, formLabel(form), field, first, await sendCreate(ctx, form, body));
      }
      const entry = entryNotIn(generated, other, field);
      for (const form of UPDATE_FORMS) {
        const job = await createJob(ctx, identify(ctx, generated));
        await expectConsistent(ctx, formLabel(form), field, entry, await sendUpdate(ctx, form, job, { [field]: [entry, entry] }));
      }
      await expectRepeatKept(ctx, generated, field);
    },
  },
);
