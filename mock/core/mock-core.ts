/**
 * @module The facade of the mock's core: its state and behaviour in one
 * framework-free object (the store, the clock, the choices and JSON cache, the
 * fault injector, the core API handler, and the control operations). Every
 * adapter (node:http server, MSW handlers, express middleware) drives one of
 * these through dispatch.ts.
 */
import type { Job } from '../../schemas/index.js';
import { validators } from '../../schemas/resource-validators.js';
import { ApiError } from './http/api-error.js';
import { createApiHandler } from './jobs/api-handler.js';
import { ApiState } from './jobs/api-state.js';
import { resolveChoices, type Choices, type ProfileOptions, type ResolvedProfile } from './choices/choices.js';
import { apiPath } from './http/api-path.js';
import type { CoreHandler, PathHandler } from './http/core-types.js';
import { FaultInjector, type FaultSpec } from './http/fault-injector.js';
import { buildStoredJob, toCreateShape } from './jobs/job-input.js';
import { insertJob } from './jobs/job-operations.js';
import { takeJobsSnapshot, type JobsSnapshot } from './jobs/jobs-snapshot.js';
import { checkEmployers } from './jobs/employers.js';
import { MockConfigError } from './mock-config-error.js';
import { resolveMockOptions, transformOf, type MockOptions, type ResolvedMockOptions } from './mock-options.js';
import { andThen } from './http/maybe-async.js';
import { RequestJournal, type JournalEntry, type JournalFilter } from './http/request-journal.js';
import { createClock, toEpochMs, type Clock } from '../store/clock.js';
import { JobsStore, type JobEntry } from '../store/jobs-store.js';
import type { EmployerConfig, StoredJob } from '../store/stored-job.js';

/** The shared options (mock-options.ts), and the clock to use instead of the real one. */
export interface MockCoreOptions extends MockOptions {
  clock?: Clock;
}

/**
 * Where a change event comes from: `request` after every request dispatch.ts
 * answers (the answer waits for a listener's promise), `operation` after a
 * programmatic change (reset, addEmployers, seedJobs), which nothing awaits.
 */
export type ChangeSource = 'request' | 'operation';
export type ChangeListener = (source: ChangeSource) => void | PromiseLike<void>;

/** The whole state as plain JSON (control API `GET /__control/state`); API keys are left out. */
export interface MockSnapshot {
  now: string;
  clockFrozen: boolean;
  employers: Array<Omit<EmployerConfig, 'apiKey'>>;
  jobs: Job[];
  faults: FaultSpec[];
  profile: ResolvedProfile;
}

/** What `POST /__control/compact` runs: set by whatever persists the core (the standalone server under `--persist`). */
export type Compactor = () => Promise<object>;

/** A job to seed: a create body, optionally with the publishDate to give it. */
export type SeedJob = Record<string, unknown> & { publishDate?: string };

/**
 * @example
 * const core = new MockCore({ employers: DEMO_EMPLOYERS });
 * core.seedJobs(101, [{ title: 'Welder', ... }]);
 * const res = await core.handle(request);
 */
export class MockCore {
  readonly clock: Clock;
  readonly store: JobsStore;
  /** The store with the choices in effect and its JSON cache: what the API operations work on. */
  private readonly state: ApiState;
  readonly faults = new FaultInjector();
  /** The requests received (control API excluded), recorded by dispatch.ts. */
  readonly journal: RequestJournal;
  private readonly initialEmployers: EmployerConfig[];
  /** The API handler with faults applied (and the test-only transform of mock/testing.ts), for dispatch.ts. */
  readonly answer: PathHandler;
  /** Set when the state is persisted: `POST /__control/compact` runs it (a 409 without). */
  compactor: Compactor | undefined;
  /** The options the core was made from, read once: the doors build their dispatcher from the same object. */
  readonly options: ResolvedMockOptions;
  #profile: ResolvedProfile;
  #listeners: ChangeListener[] = [];

  /** Throws MockConfigError for an invalid option (resolveMockOptions; an unknown profile, choice or value, see choices.ts). */
  constructor(options: MockCoreOptions | ResolvedMockOptions = {}) {
    const resolved = resolveMockOptions(options);
    this.options = resolved;
    this.#profile = resolved.profile;
    this.initialEmployers = [...resolved.employers];
    this.clock = (options as MockCoreOptions).clock ?? createClock();
    if (resolved.now !== undefined) this.clock.set(resolved.now);
    this.journal = new RequestJournal(resolved.journalSize, resolved.secretHeaders);
    this.store = new JobsStore(this.clock, this.initialEmployers);
    this.state = new ApiState(this.store);
    this.state.setChoices(this.#profile.choices);
    const api = createApiHandler(this.state);
    const transform = transformOf(resolved);
    // A transform sees whole requests and may change the path: the core under it finds the operation's path again.
    const transformed = transform?.((req) => api(req, apiPath(req.path) ?? ''));
    this.answer = this.faults.wrap(transformed ? (req) => transformed(req) : api);
  }

  /**
   * The API handler for a whole request under /api/v1.1, faults applied: what
   * the adapters reach through dispatch.ts (which also journals, applies CORS
   * and tells the change listeners).
   */
  readonly handle: CoreHandler = (req) => this.answer(req, apiPath(req.path) ?? '');

  /**
   * Subscribes to the core's change events (persistence does): after every
   * request dispatch.ts answers, before the answer goes out (the answer waits
   * for a returned promise), and after each programmatic change (reset,
   * addEmployers, seedJobs). Returns the function that unsubscribes.
   *
   * @example
   * const stop = core.onChange((source) => log(source));
   */
  onChange(listener: ChangeListener): () => void {
    this.#listeners = [...this.#listeners, listener];
    return () => {
      this.#listeners = this.#listeners.filter((l) => l !== listener);
    };
  }

  /** Tells the listeners; with none (the usual case) it costs a length check. A request's answer waits for what they return. */
  changed(source: ChangeSource): void | Promise<void> {
    const listeners = this.#listeners;
    if (listeners.length === 0) return undefined;
    if (listeners.length === 1) return listeners[0]!(source) as void | Promise<void>;
    let wait: void | Promise<void> = undefined;
    for (const listener of listeners) {
      const result = listener(source);
      if (result !== undefined) wait = andThen(wait, () => result) as Promise<void>;
    }
    return wait;
  }

  /** The profile in effect: its name, the seed of `random`, the overrides and every switch's value. */
  get profile(): ResolvedProfile {
    return this.#profile;
  }

  /** The value of every choice switch in effect. */
  get choices(): Choices {
    return this.#profile.choices;
  }

  /**
   * Switches the profile at run time, as the constructor options would set it
   * (omitted fields take their defaults: `reference`, a drawn seed, no
   * overrides). Jobs stay. Throws MockConfigError when invalid; nothing changes then.
   */
  setProfile(options: ProfileOptions): ResolvedProfile {
    this.#profile = resolveChoices(options);
    this.state.setChoices(this.#profile.choices);
    return this.#profile;
  }

  /** Back to the start: no jobs, the initial employers, real time, no faults, an empty journal. The profile stays. */
  reset(): void {
    this.store.clearAll();
    this.store.addEmployers(this.initialEmployers);
    this.clock.reset();
    this.faults.clear();
    this.journal.clear();
    void this.changed('operation');
  }

  /**
   * The journaled requests that match, oldest first: what a test checks its
   * client sent. Keys and secret headers are redacted.
   *
   * @example
   * expect(core.requests({ method: 'POST', path: '/api/v1.1/jobs' })).toHaveLength(1);
   */
  requests(filter: JournalFilter = {}): JournalEntry[] {
    return this.journal.list(filter);
  }

  /** Adds employers or replaces those with the same id. Throws MockConfigError when invalid. */
  addEmployers(employers: EmployerConfig[]): void {
    const checked = checkEmployers(employers);
    const others = this.store.employerConfigs().filter((e) => !checked.some((n) => n.id === e.id));
    this.store.addEmployers(checkEmployers(checked, others));
    void this.changed('operation');
  }

  private employerId(employer: number | string): number {
    const id = typeof employer === 'string' ? this.store.employerByKey(employer) : employer;
    if (id === undefined || !this.store.employerConfigs().some((e) => e.id === id)) {
      throw new MockConfigError('unknown_employer', `no employer ${typeof employer === 'string' ? 'with that API key' : employer}`);
    }
    return id;
  }

  /**
   * Creates jobs for an employer (by id or API key) as POST /jobs would, all or
   * none: a publishDate in an item backdates it. Throws ApiError (400/409) when one is invalid.
   */
  seedJobs(employer: number | string, jobs: SeedJob[]): Job[] {
    const employerId = this.employerId(employer);
    if (!Array.isArray(jobs)) throw new ApiError(400, 'validation_failed', 'jobs must be an array');
    const created = [];
    try {
      for (const [i, job] of jobs.entries()) {
        if (typeof job !== 'object' || job === null) throw new ApiError(400, 'validation_failed', `jobs[${i}] must be an object`);
        const publishDate = job.publishDate === undefined ? this.clock.now() : toEpochMs(job.publishDate);
        created.push(insertJob(this.state, employerId, job, publishDate));
      }
    } catch (error) {
      for (const entry of created) this.store.remove(entry, true);
      if (error instanceof RangeError) throw new ApiError(400, 'validation_failed', error.message, [], { cause: error });
      throw error;
    }
    void this.changed('operation');
    return created.map((entry) => JSON.parse(this.state.jsonOnce(entry)) as Job);
  }

  /** Puts back jobs as returned by the API (a data file); each keeps its id and publishDate. */
  restoreJobs(jobs: unknown[]): void {
    const ids = new Set(this.store.allEntries().map((e) => e.id));
    for (const [i, value] of jobs.entries()) {
      const result = validators.job(value);
      if (!result.ok)
        throw new MockConfigError(
          'invalid_data_file',
          `jobs[${i}] is not a valid job: ${result.issues[0]?.path} ${result.issues[0]?.message}`,
        );
      const job = result.value;
      const employerId = this.employerId(job.employer.id);
      // A job as returned has the same field shapes toCreateShape reads from a stored one.
      const stored = buildStoredJob(toCreateShape(job as unknown as StoredJob), {
        id: job.id,
        employerId,
        publishDate: toEpochMs(job.publishDate),
      });
      const clash =
        ids.has(job.id) || (stored.referenceId !== null && this.store.getByReference(employerId, stored.referenceId) !== undefined);
      if (clash) throw new MockConfigError('invalid_data_file', `jobs[${i}]: id ${job.id} or its referenceId appears twice`);
      ids.add(job.id);
      this.store.insert(stored);
    }
  }

  setClock(time: Date | number | string): void {
    this.clock.set(time);
  }

  advanceClock(ms: number): void {
    this.clock.advance(ms);
  }

  resetClock(): void {
    this.clock.reset();
  }

  injectFault(fault: FaultSpec): void {
    this.faults.inject(fault);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** The job as the API returns it now (a change log's record of it), without caching the text. */
  jobJson(entry: JobEntry): string {
    return this.state.jsonOnce(entry);
  }

  /** The jobs as they are now, to write out while the core keeps changing (a data file's `jobs`, `nextId` and `employers`). */
  jobsSnapshot(): JobsSnapshot {
    return takeJobsSnapshot(this.store, this.choices, this.initialEmployers);
  }

  /** Every job as the API returns it, with the 4-decimal amounts (a data file's `jobs`). */
  jobsJson(): string {
    return `[${this.store
      .allEntries()
      .map((e) => this.state.jsonOf(e))
      .join(',')}]`;
  }

  snapshot(): MockSnapshot {
    return {
      now: new Date(this.clock.now()).toISOString(),
      clockFrozen: this.clock.frozen,
      employers: this.store.employerConfigs().map(({ apiKey: _key, ...rest }) => rest),
      jobs: JSON.parse(this.jobsJson()) as Job[],
      faults: this.faults.list(),
      profile: this.#profile,
    };
  }
}
