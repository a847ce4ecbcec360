/**
 * @module A partial PUT on a live job, by id (`PUT /jobs/{id}`) or by
 * referenceId (`PUT /jobs` with referenceId in the body): spec 4.3.
 */
import type { Job } from '../../schemas/index.js';
import type { ApiResponse, Body } from '../engine/rule.js';
import type { ModelJob, ModelReal } from './jobs-model.js';

export type PutVia = 'id' | 'reference';

/**
 * @example
 * await putJob(r, target, { status: 'active' }, 'id'); // PUT /jobs/{id}
 */
export function putJob(r: ModelReal, target: ModelJob, patch: Body, via: PutVia): Promise<ApiResponse<Job>> {
  return via === 'id' ? r.ctx.api.putById(target.id, patch) : r.ctx.api.putByReference({ ...patch, referenceId: target.ref });
}

/**
 * @example
 * putLabel(target, 'reference'); // 'PUT /jobs (referenceId jc1k2x0x)'
 */
export function putLabel(target: ModelJob, via: PutVia): string {
  return via === 'id' ? `PUT /jobs/${target.id}` : `PUT /jobs (referenceId ${target.ref})`;
}
