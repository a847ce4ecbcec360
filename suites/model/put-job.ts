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
import { isClientError } from '../kit/http.js';
import type { ModelJob, ModelReal } from './jobs-model.js';

export type PutVia = 'id' | 'reference' | 'override';

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
  }
}

/**
 * @example
 * putLabel(target, 'reference'); // 'PUT /jobs (referenceId jc1k2x0x)'
 */
export function putLabel(target: ModelJob, via: PutVia): string {
  switch (via) {
    case 'id':
      return `PUT /jobs/${target.id}`;
    case 'reference':
      return `PUT /jobs (referenceId ${target.ref})`;
    case 'override':
      return `POST /jobs/${target.id} (X-HTTP-Method-Override: PUT)`;
  }
}

/**
 * True when `res` is the target declining a PUT sent through the method override (a 4xx, observed):
 * the caller then expects the job unchanged. Spec 1 states the override for DELETE only.
 *
 * @example
 * if (overrideDeclined(r, 'override', res)) return expectReadBack(r, target);
 */
export function overrideDeclined(r: ModelReal, via: PutVia, res: ApiResponse): boolean {
  if (via !== 'override' || !isClientError(res.status)) return false;
  r.ctx.observe({
    topic: 'method-override.put',
    section: '1',
    observed: `POST /jobs/{id} with X-HTTP-Method-Override: PUT refused with ${res.status}`,
  });
  return true;
}
