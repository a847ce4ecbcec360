/**
 * @module A partial PUT on a live job, in each form that names it: by id
 * (`PUT /jobs/{id}`), by referenceId (`PUT /jobs` with referenceId in the
 * body): spec 4.3; and by method override (`POST /jobs/{id}` with
 * `X-HTTP-Method-Override: PUT`): spec 1 lets a client send the intended
 * method so, but documents DELETE only (4.7), so a server may refuse the
 * PUT form (observed); where it honours it, it is the PUT.
 */
import type { Job } from '../../schemas/index.js';
import type { ApiResponse, Body } from '../contract/rule.js';
import { isClientError, isSuccess } from '../kit/http.js';
import { formLabel, type UpdateForm } from '../kit/rejected-writes.js';
import type { ModelJob, ModelReal } from './jobs-model.js';

export type PutVia = UpdateForm;

/**
 * @example
 * await putJob(r, target, { status: 'active' }, 'id'); // PUT /jobs/{id}
 */
export function putJob(r: ModelReal, target: ModelJob, patch: Body, via: PutVia): Promise<ApiResponse<Job>> {
  switch (via) {
    case 'id':
      return r.ctx.api.putById(target.id, patch);
    case 'reference':
      return r.ctx.api.putByReference({ ...patch, referenceId: target.ref });
    case 'override':
      return r.ctx.api.putByOverride(target.id, patch);
    case 'reference-override':
      return r.ctx.api.putByReferenceOverride({ ...patch, referenceId: target.ref });
  }
}

/**
 * @example
 * putLabel(target, 'reference'); // 'PUT /jobs (referenceId jc1k2x0x)'
 */
export function putLabel(target: ModelJob, via: PutVia): string {
  return formLabel(via, { id: target.id, referenceId: target.ref });
}

/**
 * True when `res` is the target declining a PUT sent through the method override (a 4xx, observed):
 * the caller then expects the job unchanged. Spec 1 states the override for DELETE only. A 4xx is taken for
 * declining only when the job's own title, sent the same way, is refused too: a target that honours the
 * override and refused this body is judged as a PUT would be.
 *
 * @example
 * if (await overrideDeclined(r, 'override', target, res)) return expectReadBack(r, target);
 */
export async function overrideDeclined(r: ModelReal, via: PutVia, target: ModelJob, res: ApiResponse): Promise<boolean> {
  if (!via.includes('override') || !isClientError(res.status)) return false;
  if (isSuccess((await putJob(r, target, { title: target.fields.title }, via)).status)) return false;
  r.ctx.observe({ topic: 'method-override.put', section: '1', observed: `${formLabel(via)} refused with ${res.status}` });
  return true;
}
