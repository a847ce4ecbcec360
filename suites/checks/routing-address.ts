/**
 * @module The address of the other routing type, sent alone (spec 2.1: applicationEmail "Applies only when routing
 * type is 1", applicationUrl "only when routing type is 2", each "Null in responses when not applicable"; 4.3: only
 * the fields sent change). A job routed by email is sent only an applicationUrl, and a job routed by URL only an
 * applicationEmail, in every update form. Whether a server takes an address that does not apply is not stated: a
 * refusal is observed, and leaves the job as it was. Taken, the routing type and the address in use stay, and the
 * address sent is not shown (the response schema holds it null). A server that reads the address as a switch of
 * routing type changes a field that was not sent.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { changedFields, changeLines } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { PLAIN_ADDRESS, withRouting, type RoutingKind } from './limits/routing-body.js';

/** The address a job of each routing type uses, and the other type's address sent to it. */
const ADDRESSES: Record<RoutingKind, { own: Body; other: Body }> = {
  email: { own: PLAIN_ADDRESS.email, other: PLAIN_ADDRESS.url },
  url: { own: PLAIN_ADDRESS.url, other: PLAIN_ADDRESS.email },
};

/** The fields the update may not change: all but the address sent, which is not shown while it does not apply. */
function unchanged(before: Job, after: Job, sent: string): string[] {
  return changedFields(before, after).filter((field) => field !== sent);
}

async function check(ctx: RuleContext, { generated, kind }: { generated: Body; kind: RoutingKind }): Promise<void> {
  const { own, other } = ADDRESSES[kind];
  const [sent] = Object.keys(other) as [string];
  for (const form of UPDATE_FORMS) {
    const before = await getJob(ctx, (await createJob(ctx, identify(ctx, withRouting(generated, kind, own)))).id);
    const res = await sendUpdate(ctx, form, before, other);
    const label = `${formLabel(form, before)} with only ${sent} on a job routed by ${kind}`;
    if (await declinesUpdate(ctx, form, before, res)) continue;
    expectStatus(ctx, res, (status) => isSuccess(status) || isClientError(status), `${label} is answered, never with a 5xx (spec 7)`);
    ctx.observe({
      topic: 'routing.other-address',
      section: '2.1',
      observed: `${formLabel(form)}, ${sent} on a job routed by ${kind}: ${isSuccess(res.status) ? 'accepted' : `refused with ${res.status}`}`,
    });
    const after = await getJob(ctx, before.id);
    // Taken, the answer and a GET hold the job as it was; refused, a GET does.
    const reads: Array<[string, Job]> = isSuccess(res.status)
      ? [
          ['the answer', jobOf(res)],
          ['a GET', after],
        ]
      : [['a GET', after]];
    for (const [where, job] of reads) {
      const diff = unchanged(before, job, sent);
      ctx.expect(diff.length === 0, {
        title: `${label}: ${where} shows ${diff.join(', ')} changed`,
        expected:
          `only the fields sent change (spec 4.3), and ${sent} applies only to the other routing type (2.1): ` +
          'the routing type and the address in use stay',
        received: changeLines(before, job, diff).join('\n'),
      });
    }
  }
}

export const otherRoutingAddressRule: Implementation = propertyRule<{ generated: Body; kind: RoutingKind }>(
  {
    id: 'jobs.update.other-routing-address',
    section: '4.3',
    level: 'must',
    title: "An address of the other routing type, sent alone in every update form, changes neither the routing type nor the job's address",
    statement: 'Updates are partial. Only the fields sent change.',
  },
  {
    maxRuns: 2,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), kind: fc.constantFrom<RoutingKind>('email', 'url') }),
    examples: () => [{ kind: 'email' }, { kind: 'url' }],
    check,
  },
);
