/**
 * @module A list served from an index of each job's searchable text and status, which some writes do not bring up to
 * date: the index a server keeps beside its store (a search table, a status column of a view, a cache of matches).
 */
import type { CoreRequest, CoreResponse } from '../../../mock/index.js';
import type { Transform } from '../mutant.js';
import { isJobBody, requestJson, responseJson, type JsonObject } from './json.js';
import { allHeaders, relist } from './relist.js';
import { isJobsPath, isList, jobIdOf } from './routes.js';

interface Indexed {
  text: string;
  status: unknown;
  referenceId: string;
}

const indexedOf = (job: JsonObject): Indexed => ({
  text: `${String(job.title)} ${String(job.referenceId ?? '')}`.toLowerCase(),
  status: job.status,
  referenceId: String(job.referenceId ?? ''),
});

/**
 * Lists filtered by the index: q as a case-insensitive substring of the indexed title and referenceId, status as
 * indexed. Every answer with a job (a GET's too) indexes it, but after the writes `stale` names the index keeps what
 * it had (`frozen`), adds the new text to the old (`accumulating`: an index that never lets go of a word), or takes
 * the title from the body sent (`sent`: a search row rebuilt from the request, not the merged job, so a partial
 * update without a title leaves none). In `refused` mode the writes `stale` names write the title they carry into
 * the job's row when they are refused (a row written before the body is validated), and their answers index as any.
 */
export function staleIndex(
  stale: (req: CoreRequest) => boolean,
  mode: 'frozen' | 'accumulating' | 'sent' | 'refused' = 'frozen',
): Transform {
  return (next) => {
    const index = new Map<number, Indexed>();
    const list = relist(async ({ items, view, req, next: core }) => {
      if (view.q === undefined && view.status === undefined) return items;
      const every = await allHeaders(core, req, {});
      if (!Array.isArray(every)) return items;
      const q = view.q?.toLowerCase();
      return every.filter((job) => {
        const indexed = index.get(job.id as number) ?? indexedOf(job);
        return (q === undefined || q === '' || indexed.text.includes(q)) && (view.status === undefined || indexed.status === view.status);
      });
    });
    return async (req) => {
      if (isList(req)) return list(next)(req);
      const res = await next(req);
      if (mode === 'refused') return refusedTitleIndexed(index, stale, req, res);
      const job = responseJson(res);
      if (!isJobsPath(req) || res.status >= 300 || !isJobBody(job)) return res;
      const old = index.get(job.id);
      const now = indexedOf(job);
      if (old === undefined || !stale(req)) index.set(job.id, now);
      else if (mode === 'sent') index.set(job.id, indexedOf({ ...job, title: requestJson(req)?.title ?? '' }));
      else if (mode === 'accumulating') index.set(job.id, { ...now, text: `${old.text} ${now.text}` });
      return res;
    };
  };
}

/** `refused` mode: a job answered is indexed as it is; a refused write `stale` names puts its title in the job's row. */
function refusedTitleIndexed(
  index: Map<number, Indexed>,
  stale: (req: CoreRequest) => boolean,
  req: CoreRequest,
  res: CoreResponse,
): CoreResponse {
  const job = responseJson(res);
  if (isJobsPath(req) && res.status < 300 && isJobBody(job)) index.set(job.id, indexedOf(job));
  const id = jobIdOf(req);
  const title = requestJson(req)?.title;
  const old = id === undefined ? undefined : index.get(id);
  if (res.status >= 400 && res.status < 500 && stale(req) && old !== undefined && typeof title === 'string')
    index.set(id!, { ...old, text: `${title} ${old.referenceId}`.toLowerCase() });
  return res;
}
