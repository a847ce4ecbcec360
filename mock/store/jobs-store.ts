/**
 * @module The in-memory, per-employer job store, in three parts: the
 * employers and their keys (employer-registry.ts), each employer's job index
 * (job-index.ts: by id, by referenceId, list order, search views, trigrams)
 * and the auto-refresh policy (auto-refresh.ts), which runs on the next store
 * access after a refresh falls due. The store assigns ids and keeps
 * referenceId lookups; it knows nothing of HTTP, the mock's choices or JSON
 * (the core sets its few options and keeps the JSON cache).
 */
import type { Employer } from '../../schemas/index.js';
import { AutoRefresh } from './auto-refresh.js';
import type { Clock } from './clock.js';
import { EmployerRegistry } from './employer-registry.js';
import { newEntry, type JobEntry } from './job-entry.js';
import { JobIndex, type SearchMatch } from './job-index.js';
import { compareListOrder, type OrderCompare, type OrderedIndex } from './ordered-index.js';
import { substringMatch } from './search-views.js';
import { StoreSnapshot } from './store-snapshot.js';
import type { EmployerConfig, JobStatus, StoredJob } from './stored-job.js';

export type { JobEntry } from './job-entry.js';

const INT32_MAX = 2_147_483_647;

/** How the store orders, searches and refreshes; the core sets it from the mock's choices. */
export interface StoreOptions {
  /** List order (spec 4.5; ties are the mock's order.ties). */
  readonly compare: OrderCompare;
  /** What `q` matches (the mock's q.match). */
  readonly match: SearchMatch;
  /** The publishDate auto-refresh sets at a time: whole seconds or minutes where the mock writes no finer (dates.precision). */
  readonly publishInstant: (at: number) => number;
}

export const DEFAULT_STORE_OPTIONS: StoreOptions = { compare: compareListOrder, match: substringMatch, publishInstant: (at) => at };

/**
 * What changed since the last takeChanges(), once trackChanges() is on: what a
 * change log (the mock's `--persist`) writes down after each request.
 */
export interface StoreChanges {
  /** Every job was removed (a reset) before the changes in `jobs`. */
  cleared: boolean;
  /** The employers changed (added, replaced, or all removed). */
  employers: boolean;
  /** Jobs inserted or replaced (their entry, as it is now) or removed (null). */
  readonly jobs: Map<number, JobEntry | null>;
}

// Stryker disable next-line all: --persist's change log and snapshots; the suite never reads them
const noChanges = (): StoreChanges => ({ cleared: false, employers: false, jobs: new Map() });

/**
 * @example
 * const store = new JobsStore(createClock(), DEMO_EMPLOYERS);
 * const employer = store.employerByKey('demo-key-1');
 */
export class JobsStore {
  private readonly employers = new EmployerRegistry();
  private readonly refresh = new AutoRefresh();
  private nextId = 1;
  /** Ids of deleted jobs -> their employer (status.deleted-job = 410). */
  private readonly deleted = new Map<number, number>();
  private options = DEFAULT_STORE_OPTIONS;
  private readonly newJobIndex = () => new JobIndex(this.options.compare, this.options.match);
  /** Kept only while a change log asks for it (trackChanges), so the store costs nothing more without one. */
  private changes: StoreChanges | undefined;
  /** Snapshots being read: each gets a job's old version before it changes (copy on write). */
  private snapshots: readonly StoreSnapshot[] = [];

  constructor(
    readonly clock: Clock,
    employers: readonly EmployerConfig[],
  ) {
    this.addEmployers(employers);
  }

  // Stryker disable all: --persist's change log and snapshots; the suite never reads them
  /** From now on, record what changes for takeChanges(). */
  trackChanges(): void {
    this.changes ??= noChanges();
  }

  /** What changed since the last call (undefined when nothing did, or when changes are not tracked). */
  takeChanges(): StoreChanges | undefined {
    const changes = this.changes;
    if (!changes || (!changes.cleared && !changes.employers && changes.jobs.size === 0)) return undefined;
    this.changes = noChanges();
    return changes;
  }
  // Stryker restore all

  /** Adds employers, or replaces those with the same id (their jobs stay). */
  addEmployers(configs: readonly EmployerConfig[]): void {
    // Stryker disable next-line all: --persist's change log and snapshots; the suite never reads them
    if (this.changes) this.changes.employers = true;
    for (const config of configs) {
      const replaced = this.employers.upsert(config, this.newJobIndex);
      // Stryker disable all: an employer given again (the control API, --employers reloaded); a run never sets employers
      if (!replaced) continue;
      for (const entry of replaced.jobs.byId.values()) {
        entry.json = entry.headerJson = undefined;
        this.refresh.track(entry, replaced.config.plan);
      }
      // Stryker restore all
    }
  }

  // Stryker disable all: the choice wiring (each profile's order and match, set before any request) and the control API's
  /** Switches order, match and refresh precision: search views are forgotten, lists re-sorted when the order changed. */
  setOptions(options: StoreOptions): void {
    this.options = options;
    for (const record of this.employers.all()) record.jobs.setOrder(options.compare, options.match);
  }

  /** Empties every job's JSON slots (the core's cache, when what it writes changed). */
  clearCachedJson(): void {
    for (const record of this.employers.all()) {
      for (const entry of record.jobs.byId.values()) entry.json = entry.headerJson = undefined;
    }
  }
  // Stryker restore all

  /** true when the employer deleted the job with this id (status.deleted-job). */
  wasDeleted(employerId: number, id: number): boolean {
    return this.deleted.get(id) === employerId;
  }

  // Stryker disable all: the control API's and --persist's; the suite never calls them
  employerConfigs(): EmployerConfig[] {
    return [...this.employers.all()].map((e) => ({ ...e.config }));
  }
  // Stryker restore all

  /** The employer id an API key belongs to (spec 5). */
  employerByKey(apiKey: string): number | undefined {
    return this.employers.byKey(apiKey);
  }

  employer(employerId: number): Employer {
    return this.employers.get(employerId).employer;
  }

  private jobsOf(employerId: number): JobIndex {
    return this.employers.get(employerId).jobs;
  }

  // Stryker disable all: the control API's and --persist's; the suite never calls them
  /** The id the next job will get. */
  get nextJobId(): number {
    return this.nextId;
  }

  /** Never hand out ids below `id` again (a data file remembers deleted ids). */
  reserveIdsBelow(id: number): void {
    if (id > this.nextId) this.nextId = id;
  }

  // Stryker restore all

  /** A fresh job id; ids are unique across employers and never reused. */
  allocateId(): number {
    // Stryker disable next-line all: a guard past 2,147,483,647 jobs, which no run creates
    if (this.nextId > INT32_MAX) throw new RangeError('job ids exhausted (Int32)');
    return this.nextId++;
  }

  get(employerId: number, id: number): JobEntry | undefined {
    // Stryker disable next-line all: auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
    this.refreshDue();
    return this.jobsOf(employerId).byId.get(id);
  }

  /** The job filed under `referenceId`: only a non-empty string names one (null, '' and any other value name none). */
  getByReference(employerId: number, referenceId: unknown): JobEntry | undefined {
    // Stryker disable next-line all: auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
    this.refreshDue();
    return this.jobsOf(employerId).byRef.get(referenceId as string);
  }

  /** Inserts a new job; the caller has checked that its referenceId is free. */
  insert(job: StoredJob): JobEntry {
    const record = this.employers.get(job.employerId);
    const entry = newEntry(job);
    record.jobs.add(entry);
    // Stryker disable next-line all: jobs loaded with their ids (--persist, the control API); a request's id came from allocateId, which already moved past it
    if (job.id >= this.nextId) this.nextId = job.id + 1;
    // Stryker disable next-line all: auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
    this.refresh.track(entry, record.config.plan);
    // Stryker disable next-line all: --persist's change log and snapshots; the suite never reads them
    this.changes?.jobs.set(job.id, entry);
    return entry;
  }

  /** Replaces a job's fields (same id and employer). */
  replace(entry: JobEntry, job: StoredJob): void {
    // Stryker disable next-line all: --persist's change log and snapshots; the suite never reads them
    for (const snapshot of this.snapshots) snapshot.keep(entry);
    const record = this.employers.get(job.employerId);
    // Stryker disable next-line all: read by auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
    if (entry.job.status !== 'active' && job.status === 'active') entry.activeSince = this.clock.now();
    record.jobs.change(entry, job);
    entry.json = entry.headerJson = undefined;
    // Stryker disable next-line all: auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
    this.refresh.track(entry, record.config.plan);
    // Stryker disable next-line all: --persist's change log and snapshots; the suite never reads them
    this.changes?.jobs.set(entry.id, entry);
  }

  /** Removes a job; its id is remembered as deleted (status.deleted-job) unless `undo` (a rolled-back insert). */
  remove(entry: JobEntry, undo = false): void {
    // Stryker disable next-line all: --persist's change log and snapshots; the suite never reads them
    for (const snapshot of this.snapshots) snapshot.keep(entry);
    this.jobsOf(entry.job.employerId).delete(entry);
    // Stryker disable next-line all: auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
    this.refresh.forget(entry);
    // Stryker disable next-line all: undo is the control API's (a seed rolled back); a request's delete never undoes
    if (!undo) this.deleted.set(entry.id, entry.job.employerId);
    // Stryker disable next-line all: --persist's change log and snapshots; the suite never reads them
    this.changes?.jobs.set(entry.id, null);
  }

  /** The employer's jobs in list order, all or of one status. */
  ordered(employerId: number, status?: JobStatus): OrderedIndex<JobEntry> {
    // Stryker disable next-line all: auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
    this.refreshDue();
    return this.jobsOf(employerId).ordered(status);
  }

  /**
   * The employer's jobs whose search text matches `needle` (the lower-cased
   * `q` of spec 4.5), in list order, all or of one status.
   */
  matching(employerId: number, needle: string, status?: JobStatus): OrderedIndex<JobEntry> {
    // Stryker disable next-line all: auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
    this.refreshDue();
    return this.jobsOf(employerId).matching(needle, status);
  }

  // Stryker disable all: the control API's and --persist's; the suite never calls them
  /** Every job of every employer, in id order. */
  allEntries(): JobEntry[] {
    // Stryker disable next-line all: auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
    this.refreshDue();
    const entries: JobEntry[] = [];
    // Not push(...values): spreading an employer's 150,000 jobs overflows the call stack.
    for (const record of this.employers.all()) for (const entry of record.jobs.byId.values()) entries.push(entry);
    return entries.sort((a, b) => a.id - b.id);
  }

  /** Removes every job; employers stay. */
  clearJobs(): void {
    for (const record of this.employers.all()) {
      for (const snapshot of this.snapshots) snapshot.keepAll(record.jobs);
      record.jobs.clear();
    }
    this.refresh.clear();
    this.deleted.clear();
    this.nextId = 1;
    if (this.changes) {
      this.changes.cleared = true;
      this.changes.jobs.clear();
    }
  }

  /** Removes every employer and job. */
  clearAll(): void {
    this.clearJobs();
    this.employers.clear();
    if (this.changes) this.changes.employers = true;
  }

  /** Every job as it is now, to read a piece at a time while the store keeps changing (store-snapshot.ts); read it to the end. */
  beginSnapshot(): StoreSnapshot {
    const indexes = [...this.employers.all()].map((record) => record.jobs);
    const snapshot = new StoreSnapshot(indexes, this.nextId, (done) => {
      this.snapshots = this.snapshots.filter((s) => s !== done);
    });
    this.snapshots = [...this.snapshots, snapshot];
    return snapshot;
  }

  /** Runs auto-refresh (auto-refresh.ts) when one fell due. */
  refreshDue(): void {
    const now = this.clock.now();
    if (!this.refresh.isDue(now)) return;
    this.refresh.run(now, this.options.publishInstant, (entry, publishDate) => this.replace(entry, { ...entry.job, publishDate }));
  }
}
// Stryker restore all
