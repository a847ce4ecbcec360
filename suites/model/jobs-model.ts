/**
 * @module The model of the employer's jobs that the lifecycle commands run
 * against: a simplification, never a copy of a server. Per live job it keeps
 * the id the target gave, the status it must have, and the field values the
 * requests so far imply; per deleted job its id and referenceId.
 */
import type { JobStatus } from '../arbitraries/schema-limits.js';
import type { RuleContext } from '../engine/rule.js';
import type { ExpectedFields } from './expected-fields.js';

export interface ModelJob {
  ref: string;
  id: number;
  status: JobStatus;
  fields: ExpectedFields;
  /** publishDate as the service first set it (2.1: read-only): every later response must show the same date (the same instant when both carry a time). */
  publishDate: string;
}

export interface DeletedJob {
  ref: string;
  id: number;
}

export interface JobsModel {
  /** Live jobs by referenceId, in creation order (targets are picked by position). */
  jobs: Map<string, ModelJob>;
  deleted: DeletedJob[];
}

/** The system under test, as the commands see it. */
export interface ModelReal {
  ctx: RuleContext;
  /** The execution's own tag (its case tag): every referenceId of the execution starts with it, every title holds it as a word; `q = scope` lists them. */
  scope: string;
}

/**
 * @example
 * const model = emptyModel(); // no live, no deleted jobs
 */
export function emptyModel(): JobsModel {
  return { jobs: new Map(), deleted: [] };
}

/**
 * The live job at `position` (modulo the count): valid in any state with at least one job.
 *
 * @example
 * jobAt(m, 7); // the 2nd job when 5 are live (7 % 5)
 */
export function jobAt(m: Readonly<JobsModel>, position: number): ModelJob {
  const jobs = [...m.jobs.values()];
  return jobs[position % jobs.length]!;
}

/**
 * @example
 * deletedAt(m, 0); // the first job deleted
 */
export function deletedAt(m: Readonly<JobsModel>, position: number): DeletedJob {
  return m.deleted[position % m.deleted.length]!;
}

/**
 * Most jobs one execution keeps alive; creating commands wait for a delete beyond it (keeps lists to one page).
 *
 * @example
 * if (m.jobs.size < MAX_LIVE_JOBS) createMore(); // creating commands may run
 */
export const MAX_LIVE_JOBS = 8;

export type JobsCommand = import('fast-check').AsyncCommand<JobsModel, ModelReal>;
