/**
 * @module A soft delete, for the mutants that keep a deleted job's
 * referenceId reserved: each referenceId freed by a delete that `freedBy`
 * picks (by default every delete: by id, by referenceId, by override) stays
 * in a unique index of the employer's, and a write with it that `refuses`
 * picks is answered 409 as a duplicate; or only until the request that
 * `catchesUpAfter` picks, as a view that lags the writes does.
 */
import type { CoreHandler, CoreRequest, CoreResponse } from '../../../mock/index.js';
import type { Transform } from '../mutant.js';
import { jsonResponse, requestJson } from './json.js';
import { isDelete, jobIdOf } from './routes.js';
import { namedJob } from './side-requests.js';

/**
 * @example
 * keepsDeletedReferences(async (_next, req) => isPost(req)); // POST with a deleted job's referenceId answers 409
 */
export function keepsDeletedReferences(
  refuses: (next: CoreHandler, req: CoreRequest, referenceId: string) => Promise<boolean>,
  freedBy: (req: CoreRequest) => boolean = isDelete,
  /** Where given, the employer's reserved referenceIds are let go after a request it picks (a lagging view catching up). */
  catchesUpAfter?: (req: CoreRequest, res: CoreResponse) => boolean,
): Transform {
  return (next) => {
    const removed = new Set<string>();
    const keyed = (req: CoreRequest, referenceId: string): string => `${req.headers['api-key'] ?? ''} ${referenceId}`;
    const catchUp = (req: CoreRequest, res: CoreResponse): CoreResponse => {
      if (catchesUpAfter?.(req, res)) for (const entry of removed) if (entry.startsWith(keyed(req, ''))) removed.delete(entry);
      return res;
    };
    return async (req) => {
      const body = requestJson(req);
      if (isDelete(req)) {
        const job = await namedJob(next, req, jobIdOf(req), body);
        const res = await next(req);
        if (freedBy(req) && res.status === 204 && typeof job?.referenceId === 'string' && job.referenceId !== '')
          removed.add(keyed(req, job.referenceId));
        return res;
      }
      const referenceId = body?.referenceId;
      if (typeof referenceId !== 'string' || !removed.has(keyed(req, referenceId)) || !(await refuses(next, req, referenceId)))
        return catchUp(req, await next(req));
      return jsonResponse(409, {
        status: 409,
        code: 'duplicate_reference_id',
        message: `referenceId ${JSON.stringify(referenceId)} is in use`,
      });
    };
  };
}
