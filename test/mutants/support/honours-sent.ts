/**
 * @module A stateful mutant that "stores" a read-only field sent in a write:
 * from then on the job shows the sent value in place of the service's.
 */
import type { CoreRequest } from '../../../mock/index.js';
import type { Mutant } from '../mutant.js';
import { JobOverrides } from './job-overrides.js';
import { isJobBody, requestJson, responseJson } from './json.js';

/** Writes matching `applies` that answer `status` with a Job: their sent `field` is shown back from then on. */
export function honoursSent(
  applies: (req: CoreRequest) => boolean,
  status: number,
  field: 'id' | 'publishDate' | 'employer',
): Mutant['transform'] {
  return (next) => {
    const stored = new JobOverrides();
    return async (req) => {
      const res = await next(req);
      const input = requestJson(req);
      const job = responseJson(res);
      if (applies(req) && res.status === status && isJobBody(job) && input?.[field] !== undefined)
        stored.set(job.id, { [field]: input[field] });
      return stored.apply(res);
    };
  };
}
