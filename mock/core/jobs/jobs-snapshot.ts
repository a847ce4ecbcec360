/**
 * @module A snapshot of the jobs to write out while the mock keeps serving:
 * taken at one instant at no cost per job (the store's copy-on-write
 * snapshot), then written as JSON a job at a time. The employers' names and
 * the choices are those of that instant too, so the text is what the API
 * answered then, whatever changes while it is being written.
 */
import type { Employer } from '../../../schemas/index.js';
import type { JobsStore } from '../../store/jobs-store.js';
import type { EmployerConfig } from '../../store/stored-job.js';
import type { Choices } from '../choices/choices.js';
import { serializeJob } from './serialize-job.js';

export interface JobsSnapshot {
  /** The id the next job would have got (a data file's `nextId`). */
  readonly nextId: number;
  /** How many jobs. */
  readonly size: number;
  /** Employers the mock was not started with (added or changed at run time), as configured then. */
  readonly employers: EmployerConfig[];
  /** Each job as the API returned it at that instant, employer by employer in id order; read it to the end. */
  jobsJson(): Generator<string>;
  /** Ends the snapshot unread (reading it to the end ends it too). */
  end(): void;
}

const sameEmployer = (a: EmployerConfig, b: EmployerConfig): boolean =>
  a.id === b.id && a.name === b.name && a.apiKey === b.apiKey && (a.plan ?? 'standard') === (b.plan ?? 'standard');

/**
 * @example
 * const snapshot = takeJobsSnapshot(store, choices, initialEmployers);
 * for (const json of snapshot.jobsJson()) write(json);
 */
export function takeJobsSnapshot(store: JobsStore, choices: Choices, initialEmployers: readonly EmployerConfig[]): JobsSnapshot {
  const snapshot = store.beginSnapshot();
  const configs = store.employerConfigs();
  const names = new Map<number, Employer>(configs.map((e) => [e.id, store.employer(e.id)]));
  return {
    nextId: snapshot.nextId,
    size: snapshot.size,
    employers: configs.filter((e) => !initialEmployers.some((initial) => sameEmployer(initial, e))),
    end: () => snapshot.end(),
    *jobsJson() {
      for (const job of snapshot.jobs()) yield serializeJob(job, names.get(job.employerId)!, choices);
    },
  };
}
