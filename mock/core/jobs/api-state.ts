/**
 * @module What the API operations work on: the store, the choice switches in
 * effect, and the JSON cache of the store's jobs. The cache lives here, not in
 * the store, because what a job's JSON looks like depends on the choices; the
 * store only empties a job's slots when the job changes (store/job-entry.ts).
 */
import type { JobEntry, JobsStore } from '../../store/jobs-store.js';
import { REFERENCE_CHOICES, type Choices } from '../choices/choices.js';
import { storeOptionsFor } from '../store-options.js';
import { serializeJob, serializeJobHeader } from './serialize-job.js';

/**
 * @example
 * const state = new ApiState(new JobsStore(createClock(), DEMO_EMPLOYERS));
 * state.setChoices(resolveChoices({ profile: 'alt' }).choices);
 * state.jsonOf(state.store.get(101, 1)!);
 */
export class ApiState {
  #choices: Choices = REFERENCE_CHOICES;

  constructor(readonly store: JobsStore) {}

  /** The mock's choice switches (choices.ts) in effect. */
  get choices(): Choices {
    return this.#choices;
  }

  /** Switches the choices: the store re-sorts and forgets its search views as needed, cached JSON is dropped. */
  setChoices(choices: Choices): void {
    this.#choices = choices;
    this.store.setOptions(storeOptionsFor(choices));
    // Stryker disable next-line all: no job's JSON is cached when the mock is built; only the control API switches choices later
    this.store.clearCachedJson();
  }

  /** The job's JSON (spec 2.1), cached until it changes. */
  jsonOf(entry: JobEntry): string {
    return (entry.json ??= serializeJob(entry.job, this.store.employer(entry.job.employerId), this.#choices));
  }

  /**
   * The job's JSON without caching it (unless it already is): for the answer to
   * a create or an update, which is often the only time a job is written out.
   * Keeping that text for every job would double what each job holds on the heap.
   */
  jsonOnce(entry: JobEntry): string {
    return entry.json ?? serializeJob(entry.job, this.store.employer(entry.job.employerId), this.#choices);
  }

  /** The job header's JSON (spec 2.7), cached until it changes. */
  headerJsonOf(entry: JobEntry): string {
    return (entry.headerJson ??= serializeJobHeader(entry.job, this.store.employer(entry.job.employerId), this.#choices));
  }
}
