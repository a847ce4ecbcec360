/**
 * @module Helpers the create rules share: the statuses, dropping fields from a body,
 * and creating by POST or by PUT.
 */
import type { Job } from '../../../schemas/types.gen.js';
import type { Body, JobsApi, RuleContext } from '../../contract/rule.js';
import { expectStatus, isSuccess, jobOf } from '../../kit/http.js';
import { createJob } from '../../kit/jobs.js';

export const STATUSES = ['active', 'archived', 'draft'] as const;

export function omit(body: Body, ...fields: string[]): Body {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

export type CreateWay = 'POST /jobs' | 'PUT /jobs (create)';

export const CREATE_WAYS: readonly CreateWay[] = ['POST /jobs', 'PUT /jobs (create)'];

/** Creates the job by POST or by PUT /jobs with a new referenceId, as `api`'s employer; the rule fails unless a 2xx (201 for POST). */
export async function createBy(
  ctx: RuleContext,
  way: CreateWay,
  body: Body & { referenceId: string },
  api: JobsApi = ctx.api,
): Promise<Job> {
  if (way === 'POST /jobs') return createJob(ctx, body, api);
  const res = await api.putByReference(body);
  expectStatus(ctx, res, isSuccess, 'setup: PUT /jobs with a new referenceId creates the job (spec 4.3; code not shown)');
  return jobOf(res);
}
