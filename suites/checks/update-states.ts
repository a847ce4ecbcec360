/**
 * @module Every field changed, in every state and every update form (spec 4.3: a PUT updates an existing job,
 * partially; section 3 names no state in which a job cannot be changed). A job is created in each state a create
 * names (draft by default, active, archived) and sent, in one body, a new value of every field a create takes but
 * status and referenceId (a second drawn body that holds a salary, with the job's confidential flag turned over), by
 * id, by referenceId and through the override where the target honours it. The answer and a GET hold every value
 * sent, and the status stays: a server that refuses or drops one field in one state on one path is caught there.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { keptValueProblems, show } from '../../judging/compare.js';
import { expectStatus, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

type Status = Job['status'];

/** The states a create names (3): the draft of a create without status, then each one given. */
const CREATED_STATES: ReadonlyArray<Status | undefined> = [undefined, 'active', 'archived'];

/**
 * A change of every field a create takes, but the status (its own rules) and the referenceId (which names the job):
 * the drawn body, which holds a salary, with the job's confidential flag turned over, so that flag changes too.
 */
function changeOf(ctx: RuleContext, drawn: Body, job: Job): Body {
  const { referenceId: _names, status: _own, ...change } = identify(ctx, drawn);
  return { ...change, confidential: !job.confidential };
}

async function check(ctx: RuleContext, { base, drawn }: { base: Body; drawn: Body }): Promise<void> {
  for (const status of CREATED_STATES) {
    for (const form of UPDATE_FORMS) {
      const before = await getJob(ctx, (await createJob(ctx, identify(ctx, status === undefined ? base : { ...base, status }))).id);
      const change = changeOf(ctx, drawn, before);
      const res = await sendUpdate(ctx, form, before, change);
      if (await declinesUpdate(ctx, form, before, res)) continue;
      const label = `${formLabel(form, before)} changing every field of a job in status ${before.status}`;
      expectStatus(ctx, res, 200, `${label} is a valid partial update: 200 with the full Job (spec 4.3)`);
      const reads: Array<[string, Job]> = [
        ['the answer', jobOf(res)],
        ['a GET', await getJob(ctx, before.id)],
      ];
      for (const [where, job] of reads) {
        const problems = [
          ...keptValueProblems(change, job),
          ...(job.status === before.status ? [] : [`status: was ${show(before.status)}, now ${show(job.status)}`]),
        ];
        ctx.expect(problems.length === 0, {
          title: `${label}: ${where} does not hold the values sent`,
          expected: 'the fields sent take the values sent, whatever the state, and the status stays (spec 3, 4.3)',
          received: problems.join('\n'),
        });
      }
    }
  }
}

/** A body to create a job from, and a second drawn body that holds a salary, whose fields are the change sent. */
export function jobAndChangeArb(ctx: RuleContext): fc.Arbitrary<{ base: Body; drawn: Body }> {
  return fc.record({
    base: createBodyArb(ctx),
    drawn: createBodyArb(ctx).filter((body) => typeof body.salary === 'object' && body.salary !== null),
  });
}

export const everyStateRule: Implementation = propertyRule<{ base: Body; drawn: Body }>(
  {
    id: 'jobs.update.every-state',
    section: '4.3',
    level: 'must',
    title: 'A PUT in every form changes every field of a job in every state: draft, active and archived',
    statement: 'Updates are partial. Only the fields sent change.',
  },
  {
    maxRuns: 1,
    arbitrary: jobAndChangeArb,
    check,
  },
);
