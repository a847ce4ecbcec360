/**
 * @module The in-memory, per-employer job store. It knows nothing about HTTP:
 * it assigns ids, keeps referenceId unique per employer, keeps each employer's
 * jobs in list order (one index for all and one per status) and caches each
 * job's JSON until the job changes. A `q` search (spec 4.5) is answered from
 * a search view (search-views.ts) kept up to date by every change; a large
 * employer's first search of a needle reads the trigram index, a small one's
 * scans. Auto-refresh (spec 2.1, 8: the publish date is reset every 7 days
 * for employers on an unlimited plan) runs lazily on the next store access
 * after a refresh falls due.
 */
import type { Employer } from '../../schemas/index.js';
import { DAY_MS } from '../../schemas/time-units.js';
import { REFERENCE_CHOICES, type Choices } from '../core/choices.js';
import { serializeJob, serializeJobHeader } from '../core/serialize-job.js';
import type { Clock } from './clock.js';
import { compareListOrder, compareListOrderIdsAscending, OrderedIndex, type OrderCompare } from './ordered-index.js';
import { SearchView, SearchViews, substringMatch, wordPrefixMatch, type Searchable } from './search-views.js';
import { TrigramIndex } from './trigram-index.js';
import { JOB_STATUSES, type EmployerConfig, type JobStatus, type StoredJob } from './stored-job.js';

/** spec 8: auto-refresh interval. */
export const AUTO_REFRESH_MS = 7 * DAY_MS;
const INT32_MAX = 2_147_483_647;
/** Below this many jobs a `q` scan is cheap; from here on an employer's first new needle builds its trigram index. */
export const SEARCH_INDEX_MIN_JOBS = 1_000;

/** A stored job with its list-order key and cached serializations. */
export interface JobEntry {
  readonly id: number;
  /** The order key; changed only by reindexing. */
  publishDate: number;
  job: StoredJob;
  /** Lower-cased title and referenceId, for `q` (spec 4.5). */
  search: string;
  /** When the job last became active (its publishDate if created so): auto-refresh periods count from the later of this and publishDate. */
  activeSince: number;
  json: string | undefined;
  headerJson: string | undefined;
}

interface EmployerState {
  config: EmployerConfig;
  employer: Employer;
  byId: Map<number, JobEntry>;
  byRef: Map<string, JobEntry>;
  all: OrderedIndex<JobEntry>;
  byStatus: Record<JobStatus, OrderedIndex<JobEntry>>;
  /** Built on the first new needle once the employer has SEARCH_INDEX_MIN_JOBS jobs, then kept up to date. */
  search: TrigramIndex<JobEntry> | undefined;
  /** The matches of recent needles, kept up to date. */
  views: SearchViews<JobEntry>;
}

/** The entry as search views see it, taken before a change so the old matches can be found. */
function searchable(entry: JobEntry): Searchable {
  return { id: entry.id, publishDate: entry.publishDate, status: entry.job.status, search: entry.search };
}

function searchText(job: StoredJob): string {
  return `${job.title}\u0000${job.referenceId ?? ''}`.toLowerCase();
}

/**
 * @example
 * const store = new JobsStore(createClock(), DEMO_EMPLOYERS);
 * const employer = store.employerByKey('demo-key-1');
 */
export class JobsStore {
  private employers = new Map<number, EmployerState>();
  private keys = new Map<string, number>();
  private nextId = 1;
  private refreshing = new Set<JobEntry>();
  private nextRefreshDue = Infinity;
  /** Ids of deleted jobs -> their employer (status.deleted-job = 410). */
  private deleted = new Map<number, number>();
  #choices: Choices = REFERENCE_CHOICES;
  private compare: OrderCompare = compareListOrder;
  private match = substringMatch;
  /** Bumped by every change to the jobs; persistence saves when it moves. */
  version = 0;

  constructor(
    readonly clock: Clock,
    employers: readonly EmployerConfig[],
  ) {
    this.addEmployers(employers);
  }

  /** Adds employers, or replaces those with the same id (their jobs stay). */
  addEmployers(configs: readonly EmployerConfig[]): void {
    for (const config of configs) {
      const existing = this.employers.get(config.id);
      if (existing) {
        this.keys.delete(existing.config.apiKey);
        existing.config = { ...config };
        existing.employer = { id: config.id, name: config.name };
        for (const entry of existing.byId.values()) {
          entry.json = entry.headerJson = undefined;
          this.trackRefresh(entry);
        }
      } else {
        this.employers.set(config.id, {
          config: { ...config },
          employer: { id: config.id, name: config.name },
          byId: new Map(),
          byRef: new Map(),
          all: new OrderedIndex(this.compare),
          byStatus: { active: new OrderedIndex(this.compare), archived: new OrderedIndex(this.compare), draft: new OrderedIndex(this.compare) },
          search: undefined,
          views: Object.assign(new SearchViews<JobEntry>(), { match: this.match }),
        });
      }
      this.keys.set(config.apiKey, config.id);
    }
  }

  /** The mock's choice switches (mock/core/choices.ts) in effect. */
  get choices(): Choices {
    return this.#choices;
  }

  /**
   * Switches the choices: cached JSON is dropped, search views are forgotten
   * (q.match may change) and the lists are re-sorted when order.ties changes.
   */
  setChoices(choices: Choices): void {
    const old = this.#choices;
    this.#choices = choices;
    this.compare = choices['order.ties'] === 'id-asc' ? compareListOrderIdsAscending : compareListOrder;
    this.match = choices['q.match'] === 'word-prefix' ? wordPrefixMatch : substringMatch;
    for (const state of this.employers.values()) {
      state.views.clear();
      state.views.match = this.match;
      for (const entry of state.byId.values()) entry.json = entry.headerJson = undefined;
      if (old['order.ties'] !== choices['order.ties']) this.reindex(state);
    }
  }

  private reindex(state: EmployerState): void {
    const entries = [...state.byId.values()].sort(this.compare);
    state.all = OrderedIndex.fromOrdered(entries, this.compare);
    for (const status of JOB_STATUSES) {
      state.byStatus[status] = OrderedIndex.fromOrdered(entries.filter((e) => e.job.status === status), this.compare);
    }
  }

  /** true when the employer deleted the job with this id (status.deleted-job). */
  wasDeleted(employerId: number, id: number): boolean {
    return this.deleted.get(id) === employerId;
  }

  employerConfigs(): EmployerConfig[] {
    return [...this.employers.values()].map((e) => ({ ...e.config }));
  }

  /** The employer id an API key belongs to (spec 5). */
  employerByKey(apiKey: string): number | undefined {
    return this.keys.get(apiKey);
  }

  employer(employerId: number): Employer {
    return this.state(employerId).employer;
  }

  private state(employerId: number): EmployerState {
    const state = this.employers.get(employerId);
    if (!state) throw new RangeError(`unknown employer ${employerId}`);
    return state;
  }

  /** The id the next job will get. */
  get nextJobId(): number {
    return this.nextId;
  }

  /** Never hand out ids below `id` again (a data file remembers deleted ids). */
  reserveIdsBelow(id: number): void {
    if (id > this.nextId) this.nextId = id;
  }

  /** A fresh job id; ids are unique across employers and never reused. */
  allocateId(): number {
    if (this.nextId > INT32_MAX) throw new RangeError('job ids exhausted (Int32)');
    return this.nextId++;
  }

  get(employerId: number, id: number): JobEntry | undefined {
    this.refreshDue();
    return this.state(employerId).byId.get(id);
  }

  getByReference(employerId: number, referenceId: string): JobEntry | undefined {
    this.refreshDue();
    return this.state(employerId).byRef.get(referenceId);
  }

  /** Inserts a new job; the caller has checked that its referenceId is free. */
  insert(job: StoredJob): JobEntry {
    this.version++;
    const state = this.state(job.employerId);
    const entry: JobEntry = {
      id: job.id, publishDate: job.publishDate, job, search: searchText(job), activeSince: job.publishDate, json: undefined, headerJson: undefined,
    };
    state.byId.set(job.id, entry);
    if (job.referenceId !== null) state.byRef.set(job.referenceId, entry);
    state.all.insert(entry);
    state.byStatus[job.status].insert(entry);
    state.search?.add(entry, entry.search);
    state.views.added(entry, searchable(entry));
    if (job.id >= this.nextId) this.nextId = job.id + 1;
    this.trackRefresh(entry);
    return entry;
  }

  /** Replaces a job's fields (same id and employer). */
  replace(entry: JobEntry, job: StoredJob): void {
    this.version++;
    const state = this.state(job.employerId);
    const old = entry.job;
    const search = searchText(job);
    // Views find a job by its order key, so it leaves them before the key changes.
    const viewsChange = old.status !== job.status || old.publishDate !== job.publishDate || entry.search !== search;
    if (viewsChange) state.views.removed(searchable(entry));
    if (old.referenceId !== job.referenceId) {
      if (old.referenceId !== null) state.byRef.delete(old.referenceId);
      if (job.referenceId !== null) state.byRef.set(job.referenceId, entry);
    }
    if (old.status !== 'active' && job.status === 'active') entry.activeSince = this.clock.now();
    if (old.status !== job.status || old.publishDate !== job.publishDate) {
      state.all.remove(entry);
      state.byStatus[old.status].remove(entry);
      entry.publishDate = job.publishDate;
      state.all.insert(entry);
      state.byStatus[job.status].insert(entry);
    }
    entry.job = job;
    if (state.search && search !== entry.search) state.search.add(entry, search);
    entry.search = search;
    if (viewsChange) state.views.added(entry, searchable(entry));
    entry.json = entry.headerJson = undefined;
    this.trackRefresh(entry);
  }

  /** Removes a job; its id is remembered as deleted (status.deleted-job) unless `undo` (a rolled-back insert). */
  remove(entry: JobEntry, undo = false): void {
    this.version++;
    const state = this.state(entry.job.employerId);
    state.byId.delete(entry.id);
    if (entry.job.referenceId !== null) state.byRef.delete(entry.job.referenceId);
    state.all.remove(entry);
    state.byStatus[entry.job.status].remove(entry);
    state.search?.remove(entry);
    state.views.removed(searchable(entry));
    this.refreshing.delete(entry);
    if (!undo) this.deleted.set(entry.id, entry.job.employerId);
  }

  /** The employer's jobs in list order, all or of one status. */
  ordered(employerId: number, status?: JobStatus): OrderedIndex<JobEntry> {
    this.refreshDue();
    const state = this.state(employerId);
    return status ? state.byStatus[status] : state.all;
  }

  /**
   * The employer's jobs whose search text contains `needle` (the lower-cased
   * `q` of spec 4.5), in list order, all or of one status.
   */
  matching(employerId: number, needle: string, status?: JobStatus): OrderedIndex<JobEntry> {
    this.refreshDue();
    const state = this.state(employerId);
    const view = state.views.get(needle) ?? state.views.remember(needle, this.buildView(state, needle));
    return view.of(status);
  }

  /** A new needle's matches: a few candidates from the trigram index are checked and sorted, otherwise the list is scanned in order. */
  private buildView(state: EmployerState, needle: string): SearchView<JobEntry> {
    const candidates = this.searchCandidates(state, needle);
    let matches: JobEntry[];
    if (candidates && candidates.length * 4 < state.all.size) {
      matches = candidates.filter((entry) => this.match(entry.search, needle)).sort(this.compare);
    } else {
      matches = [];
      for (const entry of state.all) if (this.match(entry.search, needle)) matches.push(entry);
    }
    return SearchView.fromOrdered(matches, (entry) => entry.job.status, this.compare);
  }

  /** A superset of the matches of `needle` from the trigram index; undefined when the employer is small or the needle too short. */
  private searchCandidates(state: EmployerState, needle: string): JobEntry[] | undefined {
    if (!state.search) {
      if (state.all.size < SEARCH_INDEX_MIN_JOBS) return undefined;
      state.search = new TrigramIndex();
      for (const entry of state.byId.values()) state.search.add(entry, entry.search);
    }
    return state.search.candidates(needle);
  }

  /** The job's JSON (spec 2.1), cached until it changes. */
  jsonOf(entry: JobEntry): string {
    return (entry.json ??= serializeJob(entry.job, this.state(entry.job.employerId).employer, this.#choices));
  }

  /**
   * The job's JSON without caching it (unless it already is): for the answer to
   * a create or an update, which is often the only time a job is written out.
   * Keeping that text for every job would double what each job holds on the heap.
   */
  jsonOnce(entry: JobEntry): string {
    return entry.json ?? serializeJob(entry.job, this.state(entry.job.employerId).employer, this.#choices);
  }

  /** The job header's JSON (spec 2.7), cached until it changes. */
  headerJsonOf(entry: JobEntry): string {
    return (entry.headerJson ??= serializeJobHeader(entry.job, this.state(entry.job.employerId).employer, this.#choices));
  }

  /** Every job of every employer, in id order. */
  allEntries(): JobEntry[] {
    this.refreshDue();
    const entries: JobEntry[] = [];
    for (const state of this.employers.values()) entries.push(...state.byId.values());
    return entries.sort((a, b) => a.id - b.id);
  }

  /** Removes every job; employers stay. */
  clearJobs(): void {
    this.version++;
    for (const state of this.employers.values()) {
      state.byId.clear();
      state.byRef.clear();
      state.all = new OrderedIndex(this.compare);
      for (const status of JOB_STATUSES) state.byStatus[status] = new OrderedIndex(this.compare);
      state.search = undefined;
      state.views.clear();
    }
    this.refreshing.clear();
    this.deleted.clear();
    this.nextRefreshDue = Infinity;
    this.nextId = 1;
  }

  /** Removes every employer and job. */
  clearAll(): void {
    this.clearJobs();
    this.employers.clear();
    this.keys.clear();
  }

  /**
   * Auto-refresh applies to active jobs with autoRefresh of employers on an
   * unlimited plan (the mock's reading of 2.1). Its 7-day periods count only
   * while the job is active: from the later of publishDate and the moment the
   * job last became active. So re-publishing an archived job moves nothing but
   * its status (spec 3: "other fields unchanged"); its next refresh falls 7
   * days after the re-publish.
   */
  private trackRefresh(entry: JobEntry): void {
    const job = entry.job;
    const plan = this.employers.get(job.employerId)?.config.plan;
    if (job.autoRefresh && job.status === 'active' && plan === 'unlimited') {
      this.refreshing.add(entry);
      this.nextRefreshDue = Math.min(this.nextRefreshDue, Math.max(job.publishDate, entry.activeSince) + AUTO_REFRESH_MS);
    } else {
      this.refreshing.delete(entry);
    }
  }

  /** Resets the publish date of every job whose 7 days have passed, then finds the next due time. */
  refreshDue(): void {
    const now = this.clock.now();
    if (now < this.nextRefreshDue) return;
    let next = Infinity;
    const wholeSeconds = this.#choices['dates.precision'] === 'seconds';
    for (const entry of this.refreshing) {
      const job = entry.job;
      const from = Math.max(job.publishDate, entry.activeSince);
      const periods = Math.floor((now - from) / AUTO_REFRESH_MS);
      let due = from + AUTO_REFRESH_MS;
      if (periods >= 1) {
        const at = from + periods * AUTO_REFRESH_MS;
        this.replace(entry, { ...job, publishDate: wholeSeconds ? at - (at % 1000) : at });
        due = at + AUTO_REFRESH_MS;
      }
      next = Math.min(next, due);
    }
    this.nextRefreshDue = next;
  }
}
