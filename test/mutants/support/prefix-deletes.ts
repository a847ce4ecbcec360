/**
 * @module A delete that finds its rows by a pattern of the referenceId: after the job it names is removed, every job
 * of the employer whose referenceId starts with that job's goes too (`LIKE 'r-1%'`).
 */
import type { CoreRequest } from '../../../mock/index.js';
import type { Transform } from '../mutant.js';
import { isListBody, requestJson, responseJson } from './json.js';
import { isDelete, jobIdOf } from './routes.js';
import { namedJob, sideRequest } from './side-requests.js';

/**
 * @example
 * deletesPrefixedReferences((req) => isCollection(req)); // DELETE /jobs {referenceId: 'r-1'} also removes r-10
 */
export function deletesPrefixedReferences(forms: (req: CoreRequest) => boolean): Transform {
  return (next) => async (req) => {
    if (!(isDelete(req) && forms(req))) return next(req);
    const ref = (await namedJob(next, req, jobIdOf(req), requestJson(req)))?.referenceId;
    const res = await next(req);
    if (res.status !== 204 || typeof ref !== 'string' || ref === '') return res;
    const listed = responseJson(await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams({ q: ref, pageSize: '100' }) }));
    const extended = isListBody(listed)
      ? listed.data.filter((item) => typeof item.referenceId === 'string' && item.referenceId.startsWith(ref))
      : [];
    for (const item of extended) await sideRequest(next, req, 'DELETE', `/jobs/${item.id as number}`);
    return res;
  };
}
