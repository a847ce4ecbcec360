/**
 * @module jobCreateArb for a rule's context: skips the rule (instead of
 * erroring) when the target's reference lists gave no ids to build a job.
 */
import type * as fc from 'fast-check';
import { jobCreateArb, ReferenceDataError, type JobArbOptions } from '../arbitraries/job.js';
import type { Body, RuleContext } from '../rule.js';

/**
 * @example
 * await ctx.check(jobArbFor(ctx), async (job) => { ... });
 */
export function jobArbFor(ctx: RuleContext, options: JobArbOptions = {}): fc.Arbitrary<Body> {
  try {
    return jobCreateArb(ctx.refs, ctx.tag, options);
  } catch (error) {
    if (error instanceof ReferenceDataError) ctx.skip(`cannot build a job: ${error.message}`);
    throw error;
  }
}
