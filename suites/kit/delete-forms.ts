/**
 * @module The forms a delete is sent in (spec 4.4: by id in the path, or by referenceId in a body on DELETE /jobs;
 * 4.7: POST with X-HTTP-Method-Override: DELETE on either path), and the request line each sends, for titles.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, RuleContext } from '../contract/rule.js';

export type DeleteWay = 'id' | 'reference' | 'override' | 'override-reference';

/** Every delete form. */
export const DELETE_WAYS: readonly DeleteWay[] = ['id', 'reference', 'override', 'override-reference'];

/** Deletes `job` in `way`; the referenceId forms name it by `referenceId`. */
export function deleteJob(ctx: RuleContext, way: DeleteWay, job: Job, referenceId: string): Promise<ApiResponse> {
  if (way === 'id') return ctx.api.deleteById(job.id);
  if (way === 'reference') return ctx.api.deleteByReference(referenceId);
  if (way === 'override') return ctx.api.deleteByOverride(job.id);
  return ctx.api.deleteByReferenceOverride(referenceId);
}

export const DELETE_HOW: Record<DeleteWay, string> = {
  id: 'DELETE /jobs/{id}',
  reference: 'DELETE /jobs with {referenceId}',
  override: 'POST /jobs/{id} with X-HTTP-Method-Override: DELETE',
  'override-reference': 'POST /jobs with {referenceId} and X-HTTP-Method-Override: DELETE',
};
