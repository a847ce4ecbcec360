/**
 * @module Helpers the create rules share: the statuses, dropping fields from a body,
 * and creating by POST or by PUT.
 */
import type { Job } from '../../../schemas/types.gen.js';
import type { Body, JobsApi, RuleContext } from '../../contract/rule.js';
import { createInForm } from '../../kit/rejected-writes.js';

export const STATUSES = ['active', 'archived', 'draft'] as const;

export function omit(body: Body, ...fields: string[]): Body {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

export type CreateWay = 'POST /jobs' | 'PUT /jobs (create)';

export const CREATE_WAYS: readonly CreateWay[] = ['POST /jobs', 'PUT /jobs (create)'];

/** Creates the job by POST or by PUT /jobs with a new referenceId, as `api`'s employer; the rule fails unless a 2xx (201 for POST). */
export function createBy(ctx: RuleContext, way: CreateWay, body: Body & { referenceId: string }, api: JobsApi = ctx.api): Promise<Job> {
  return createInForm(ctx, way === 'POST /jobs' ? 'post' : 'put-create', body, api);
}
