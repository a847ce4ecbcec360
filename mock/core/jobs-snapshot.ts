/**
 * @module A snapshot of the jobs to write out while the mock keeps serving:
 * taken at one instant in O(jobs) without copying any job (the store's
 * captureJobs), then written as JSON a job at a time. The employers' names and
 * the choices are those of that instant too, so the text is what the API
 * answered then, whatever changes while it is being written.
 */
import type { Employer } from '../../schemas/index.js';
import { inIdOrder, type JobsStore } from '../store/jobs-store.js';
import type { EmployerConfig, StoredJob } from '../store/stored-job.js';
import type { Choices } from './choices.js';
import { serializeJob } from './serialize-job.js';

export interface JobsSnapshot {
  /** The id the next job would have got (a data file's `nextId`). */
  readonly nextId: number;
  /** How many jobs. */
  readonly size: number;
  /** Employers the mock was not started with (added or changed at run time), as configured then. */
  readonly employers: EmployerConfig[];
  /** Each job as the API returned it at that instant, in id order. */
  jobsJson(): Generator<string>;
}

const sameEmployer = (a: EmployerConfig, b: EmployerConfig): boolean =>
  a.id === b.id && a.name === b.name && a.apiKey === b.apiKey && (a.plan ?? 'standard') === (b.plan ?? 'standard');

/**
 * @example
 * const snapshot = takeJobsSnapshot(store, choices, initialEmployers);
 * for (const json of snapshot.jobsJson()) write(json);
 */
export function takeJobsSnapshot(store: JobsStore, choices: Choices, initialEmployers: readonly EmployerConfig[]): JobsSnapshot {
  const lists = store.captureJobs();
  const configs = store.employerConfigs();
  const names = new Map<number, Employer>(configs.map((e) => [e.id, store.employer(e.id)]));
  return {
    nextId: store.nextJobId,
    size: lists.reduce((n, list) => n + list.length, 0),
    employers: configs.filter((e) => !initialEmployers.some((initial) => sameEmployer(initial, e))),
    *jobsJson() {
      for (const job of inIdOrder(lists)) yield serializeJob(job as StoredJob, names.get(job.employerId)!, choices);
    },
  };
}
