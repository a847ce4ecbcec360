/**
 * @module The forms a delete is sent in (spec 4.4: by id in the path, or by referenceId in a body on DELETE /jobs;
 * 4.7: POST with X-HTTP-Method-Override: DELETE on either path), and the request line each sends, for titles.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, JobsApi, RuleContext } from '../contract/rule.js';
import { expectStatus, isClientError } from './http.js';

export type DeleteWay = 'id' | 'reference' | 'override' | 'override-reference';

/** Every delete form. */
export const DELETE_WAYS: readonly DeleteWay[] = ['id', 'reference', 'override', 'override-reference'];

/** Deletes `job` in `way`, with the run's key or another employer's `api`; the referenceId forms name it by `referenceId`. */
export function deleteJob(ctx: RuleContext, way: DeleteWay, job: Job, referenceId: string, api: JobsApi = ctx.api): Promise<ApiResponse> {
  if (way === 'id') return api.deleteById(job.id);
  if (way === 'reference') return api.deleteByReference(referenceId);
  if (way === 'override') return api.deleteByOverride(job.id);
  return api.deleteByReferenceOverride(referenceId);
}

export const DELETE_HOW: Record<DeleteWay, string> = {
  id: 'DELETE /jobs/{id}',
  reference: 'DELETE /jobs with {referenceId}',
  override: 'POST /jobs/{id} with X-HTTP-Method-Override: DELETE',
  'override-reference': 'POST /jobs with {referenceId} and X-HTTP-Method-Override: DELETE',
};

/**
 * Deletes `job` in `way` as a rule's setup, which fails unless it answers 204. The override on DELETE /jobs's path is
 * good practice only (4.7 says "a resource path"), so where the target declines it (a client error) DELETE /jobs/{id}
 * removes the job instead.
 *
 * @example
 * await removeJob(ctx, 'override-reference', job, job.referenceId);
 */
export async function removeJob(ctx: RuleContext, way: DeleteWay, job: Job, referenceId: string, api: JobsApi = ctx.api): Promise<void> {
  const sent = await deleteJob(ctx, way, job, referenceId, api);
  const res = way === 'override-reference' && isClientError(sent.status) ? await api.deleteById(job.id) : sent;
  expectStatus(ctx, res, 204, `setup: ${DELETE_HOW[way]} removes the job and answers 204 (spec 4.4)`);
}
