/**
 * @module The model of the employer's jobs that the lifecycle commands run
 * against: a simplification, never a copy of a server. Per live job it keeps
 * the id the target gave, the status it must have, and the field values the
 * requests so far imply; per deleted job its id and referenceId; the
 * referenceIds the employer held and freed since (by a delete or a rename);
 * and, with a second key, the second employer's own live jobs.
 */
import type { JobStatus } from '../arbitraries/schema-limits.js';
import type { JobsApi, RuleContext } from '../contract/rule.js';
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
  /** referenceIds a job of the employer held and no live job holds now (its job deleted, or renamed away): free to take again. */
  freed: string[];
  /** The second employer's live jobs by referenceId (empty without a second key): "the employer's own referenceId" (spec 1). */
  others: Map<string, ModelJob>;
}

/** The system under test, as the commands see it. */
export interface ModelReal {
  ctx: RuleContext;
  /** The execution's own tag (its case tag): every referenceId of the execution starts with it, every title holds it as a word; `q = scope` lists them. */
  scope: string;
  /** The second employer, when the run has a second key (the commands that need it are generated only then). */
  second?: JobsApi;
}

/**
 * @example
 * const model = emptyModel(); // no live, no deleted jobs
 */
export function emptyModel(): JobsModel {
  return { jobs: new Map(), deleted: [], freed: [], others: new Map() };
}

/**
 * The live job at `position` (modulo the count): valid in any state with at least one job. A negative position
 * counts from the end: -1 is the job created or renamed last (a rename files the job anew under its new referenceId).
 *
 * @example
 * jobAt(m, 7); // the 2nd job when 5 are live (7 % 5)
 * jobAt(m, -1); // the job just renamed
 */
export function jobAt(m: Readonly<JobsModel>, position: number): ModelJob {
  const jobs = [...m.jobs.values()];
  const at = position % jobs.length;
  return jobs[at < 0 ? at + jobs.length : at]!;
}

/**
 * @example
 * deletedAt(m, 0); // the first job deleted
 */
export function deletedAt(m: Readonly<JobsModel>, position: number): DeletedJob {
  return m.deleted[position % m.deleted.length]!;
}

/**
 * A freed referenceId, counted from the one freed last (modulo the count): valid in any state with at least one.
 *
 * @example
 * freedAt(m, 0); // the referenceId freed last (its job just deleted or renamed)
 */
export function freedAt(m: Readonly<JobsModel>, position: number): string {
  return m.freed[m.freed.length - 1 - (position % m.freed.length)]!;
}

/** Records that no live job holds `ref` any more (delete, rename). */
export function free(m: JobsModel, ref: string): void {
  if (!m.freed.includes(ref)) m.freed.push(ref);
}

/** Records that `ref` is held again. */
export function retake(m: JobsModel, ref: string): void {
  m.freed = m.freed.filter((freed) => freed !== ref);
}

/**
 * Most jobs one execution keeps alive; creating commands wait for a delete beyond it (keeps lists to one page).
 *
 * @example
 * if (m.jobs.size < MAX_LIVE_JOBS) createMore(); // creating commands may run
 */
export const MAX_LIVE_JOBS = 8;

export type JobsCommand = import('fast-check').AsyncCommand<JobsModel, ModelReal>;
