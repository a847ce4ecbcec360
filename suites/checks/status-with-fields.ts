/**
 * @module A status change sent with one other field (spec 3: archive and re-publish by a PUT with `status`; 4.3:
 * updates are partial, only the fields sent change, and a body may hold `status` beside them). An active job is
 * archived and re-published in turn, each time with one more field of a drawn body beside the status: the title, the
 * description, the locations, the categories, the position type, the salary, the closeDate, the confidential flag, and
 * the routing type with its address. Each step in the next update form, from each form in turn; each answer and a GET
 * hold the status and the field sent, and every other field as it was. A server that takes the status and drops what came with it, on one path or for
 * one field, is caught there.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { identify } from '../kit/bodies.js';
import { changedFields, changeLines, keptValueProblems, show } from '../../judging/compare.js';
import { expectStatus, jobOf } from '../kit/http.js';
import { getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { jobIn } from './lifecycle.js';
import { jobAndChangeArb } from './update-states.js';

/** The routing type and its addresses: one group, as a valid body sends them (4.2: the address goes with its type). */
const ROUTING_FIELDS: readonly string[] = ['applicantRoutingType', 'applicationEmail', 'applicationUrl'];

/**
 * The fields of a drawn create body but its status and referenceId, one group each: every field alone, and the
 * routing type with its address.
 */
function fieldGroups(ctx: RuleContext, drawn: Body): Body[] {
  const { referenceId: _names, status: _own, ...change } = identify(ctx, drawn);
  const entries = Object.entries(change);
  const routing = Object.fromEntries(entries.filter(([field]) => ROUTING_FIELDS.includes(field)));
  const single = entries.filter(([field]) => !ROUTING_FIELDS.includes(field)).map(([field, value]) => ({ [field]: value }));
  return Object.keys(routing).length > 0 ? [...single, routing] : single;
}

/** What departs from the status and the group sent, and from the fields not sent, in `job` read after the write. */
function problemsOf(before: Job, group: Body, to: Job['status'], job: Job): string[] {
  // The address of the other routing type reads null once the type changes (2.1: null when not applicable).
  const sent = Object.keys(group).some((field) => ROUTING_FIELDS.includes(field)) ? [...ROUTING_FIELDS] : Object.keys(group);
  const others = changedFields(before, job, ['status', ...sent]);
  return [
    ...(job.status === to ? [] : [`status: sent ${show(to)}, got ${show(job.status)}`]),
    ...keptValueProblems(group, job),
    ...changeLines(before, job, others),
  ];
}

async function check(ctx: RuleContext, { base, drawn }: { base: Body; drawn: Body }): Promise<void> {
  const groups = fieldGroups(ctx, drawn);
  // One job per update form to start from; each step takes the next form, so every group goes out in every form and
  // every step follows a write in another form (a server that writes back a copy one form kept shows it).
  for (const start of UPDATE_FORMS.keys()) {
    let current = (await jobIn(ctx, base, 'active')).job;
    for (const [i, group] of groups.entries()) {
      const form = UPDATE_FORMS[(start + i) % UPDATE_FORMS.length]!;
      const to = current.status === 'active' ? 'archived' : 'active';
      const res = await sendUpdate(ctx, form, current, { ...group, status: to });
      if (await declinesUpdate(ctx, form, current, res)) continue;
      const label = `${formLabel(form, current)} with status "${to}" and ${Object.keys(group).join(', ')} on a ${current.status} job`;
      expectStatus(
        ctx,
        res,
        200,
        `${label} archives or re-publishes the job and changes the fields sent: 200 with the full Job (spec 3, 4.3)`,
      );
      const after = await getJob(ctx, current.id);
      for (const [where, job] of [
        ['the answer', jobOf(res)],
        ['a GET', after],
      ] as const) {
        const problems = problemsOf(current, group, to, job);
        ctx.expect(problems.length === 0, {
          title: `${label}: ${where} does not hold the status and the fields sent, and only them`,
          expected: `${current.status} -> ${to} (spec 3), the fields sent take the values sent and no other changes (spec 4.3)`,
          received: problems.join('\n'),
          failingExchange: res.exchange,
        });
      }
      current = after;
    }
  }
}

export const statusWithFieldsRule: Implementation = propertyRule<{ base: Body; drawn: Body }>(
  {
    id: 'jobs.lifecycle.status-with-each-field',
    section: '4.3',
    level: 'must',
    title:
      'Archiving and re-publishing with one other field in the same body, in every update form, changes that field and the status only',
    statement:
      'Updates are partial. Only the fields sent change. A body with only `title`, or only `status`, or only `referenceId` plus `status`, is valid.',
  },
  {
    maxRuns: 1,
    arbitrary: jobAndChangeArb,
    check,
  },
);
