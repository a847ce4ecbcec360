/**
 * @module How many locations and categories a job takes (spec 8): min to max accepted,
 * one fewer and one more rejected.
 */
import * as fc from 'fast-check';
import { locationsArb } from '../../arbitraries/location.js';
import { createRejected } from '../../kit/expect-rejected.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { createJob } from '../../kit/jobs.js';
import { isSuccess } from '../../kit/http.js';
import { refusedAmong } from '../../kit/refused-values.js';
import type { Job } from '../../../schemas/types.gen.js';
import type { Body, RuleContext } from '../../contract/rule.js';
import { fixedRule, type Implementation, type RuleEntry } from '../../kit/rule-builders.js';
import { largestKeptOnEveryWrite } from './largest-valid.js';

interface CountSpec {
  field: 'locations' | 'categories';
  min: number;
  max: number;
}

/** A list of exactly `count` entries for `field`, from distinct values. */
function entriesArb(ctx: RuleContext, field: CountSpec['field'], count: number): fc.Arbitrary<unknown[]> {
  if (field === 'locations') return locationsArb({ minLength: count, maxLength: count });
  const distinct = [...new Set(ctx.refs.categoryIds)];
  return fc.shuffledSubarray(distinct, { minLength: count, maxLength: count }).map(function toIdRefs(ids) {
    return ids.map((id) => ({ id }));
  });
}

/**
 * POST /jobs with `entries`; a refusal is diagnosed before it is reported: each entry is retried alone
 * (refusedAmong), so the report names the entries refused alone, or says that only the count or the mix is.
 */
async function createAccepted(ctx: RuleContext, job: Body, field: CountSpec['field'], entries: unknown[], statement: string): Promise<Job> {
  const res = await ctx.api.create({ ...identify(ctx, job), [field]: entries });
  if (isSuccess(res.status) && res.json !== undefined) return res.json;
  const accepts = async (one: readonly unknown[]): Promise<boolean> =>
    isSuccess((await ctx.api.create({ ...identify(ctx, job), [field]: one })).status);
  const refused = await refusedAmong(entries, accepts);
  const alone = refused.length < entries.length ? `; alone, ${refused.length} of them are refused: ${JSON.stringify(refused)}` : '';
  return createJob(
    ctx,
    { ...identify(ctx, job), [field]: entries },
    {
      anySuccess: true,
      title: `POST /jobs refused ${entries.length} ${field}${alone}`,
      expected: statement,
    },
  );
}

/** The rule `id`: `spec.field` holds `spec.min` to `spec.max` entries, in every write form. */
export function countRule(entry: RuleEntry, spec: CountSpec): Implementation {
  const statement = `spec 8: ${spec.field} per job ${spec.min} to ${spec.max}`;
  return fixedRule(entry, async (ctx: RuleContext) => {
    // Only distinct categories make an unambiguous count; a target with few categories limits what can be probed.
    const available = spec.field === 'categories' ? new Set(ctx.refs.categoryIds).size : Number.POSITIVE_INFINITY;
    const accepted: number[] = [];
    for (let n = spec.min; n <= Math.min(spec.max, available); n++) accepted.push(n);
    const rejected = [spec.min - 1, spec.max + 1].filter((n) => n >= 0 && n <= available);
    if (spec.max + 1 > available) {
      ctx.observe({
        topic: `${spec.field}.too-few-to-probe`,
        section: '8',
        observed: `only ${available} distinct ${spec.field}: ${spec.max + 1} not probed`,
      });
    }
    const arb = fc.record({
      job: createBodyArb(ctx),
      good: fc.tuple(...accepted.map((n) => entriesArb(ctx, spec.field, n))),
      bad: fc.tuple(...rejected.map((n) => entriesArb(ctx, spec.field, n))),
    });
    await ctx.check(
      arb,
      async ({ job, good, bad }) => {
        for (const entries of good) {
          const created = await createAccepted(ctx, job, spec.field, entries, statement);
          ctx.expect(created[spec.field].length === entries.length, {
            title: `the job does not keep its ${entries.length} ${spec.field}`,
            expected: `${statement}: the ${spec.field} come back as sent`,
            received: `${created[spec.field].length} ${spec.field}: ${JSON.stringify(created[spec.field])}`,
          });
        }
        for (const entries of bad) {
          const body = identify(ctx, job);
          const ref = body.referenceId;
          await createRejected(ctx, { ...body, [spec.field]: entries }, ref, {
            title: `POST /jobs accepted ${entries.length} ${spec.field}`,
            expected: statement,
          });
        }
      },
      { independentCases: true },
    );
    const most = accepted.at(-1);
    if (most !== undefined) {
      await largestKeptOnEveryWrite(ctx, {
        field: spec.field,
        what: `${most} ${spec.field}`,
        statement,
        material: entriesArb(ctx, spec.field, most),
        into: (body, _marker, entries) => ({ ...body, [spec.field]: entries }),
      });
    }
  });
}
