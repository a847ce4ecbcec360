/**
 * @module Gives a generated body its identity for one execution: a fresh
 * referenceId (ctx.referenceId(), so it starts with the run tag) and a title
 * that starts with that same referenceId, so `q = referenceId` finds the job
 * by title even when the target ignored or refused the referenceId.
 */
import { withTitlePrefix } from '../arbitraries/job.js';
import type { Body, RuleContext } from '../rule.js';

export interface TaggedBody {
  ref: string;
  body: Body & { referenceId: string };
}

/**
 * @example
 * const { ref, body } = taggedBody(ctx, job); // body.referenceId === ref, body.title starts with ref
 */
export function taggedBody(ctx: RuleContext, job: Body): TaggedBody {
  const ref = ctx.referenceId();
  return { ref, body: { ...withTitlePrefix(job, ctx.tag, ref), referenceId: ref } };
}
