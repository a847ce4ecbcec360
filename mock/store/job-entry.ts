/**
 * @module A stored job as the indexes hold it: the job, its list-order key,
 * its search text, when it last became active, and two text slots the core's
 * JSON cache fills (mock/core/jobs/api-state.ts). The store never writes JSON; it
 * only empties those slots whenever the job changes.
 */
import type { Searchable } from './search-views.js';
import type { StoredJob } from './stored-job.js';

export interface JobEntry {
  readonly id: number;
  /** The order key; changed only by reindexing. */
  publishDate: number;
  job: StoredJob;
  /** Lower-cased title and referenceId, for `q` (spec 4.5). */
  search: string;
  /** When the job last became active (its publishDate if created so): auto-refresh periods count from the later of this and publishDate. */
  activeSince: number;
  /** The job's JSON (spec 2.1) once the core has written it; undefined after any change. */
  json: string | undefined;
  /** The job header's JSON (spec 2.7), likewise. */
  headerJson: string | undefined;
}

/** The text `q` is matched against (spec 4.5: title and referenceId). */
export function searchText(job: StoredJob): string {
  // join writes a null referenceId as nothing.
  return [job.title, job.referenceId].join('\u0000').toLowerCase();
}

export function newEntry(job: StoredJob): JobEntry {
  return {
    id: job.id,
    publishDate: job.publishDate,
    job,
    search: searchText(job),
    activeSince: job.publishDate,
    json: undefined,
    headerJson: undefined,
  };
}

/** The entry as search views see it, taken before a change so the old matches can be found. */
export function searchable(entry: JobEntry): Searchable {
  return { id: entry.id, publishDate: entry.publishDate, status: entry.job.status, search: entry.search };
}
