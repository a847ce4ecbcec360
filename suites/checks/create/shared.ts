/**
 * @module Helpers the create rules share: the statuses, dropping fields from a body,
 * the plainest body, and creating by POST or by PUT.
 */
import type { Job } from '../../../schemas/types.gen.js';
import type { Body, JobsApi, RuleContext } from '../../contract/rule.js';
import { anonymous } from '../../kit/bodies.js';
import { createInForm } from '../../kit/rejected-writes.js';
import { readsOfWritten } from '../../kit/jobs.js';
import { show } from '../../../judging/compare.js';
import { closesDaysAfter, dayOffsets } from '../../../judging/dates.js';

export const STATUSES = ['active', 'archived', 'draft'] as const;

export function omit(body: Body, ...fields: string[]): Body {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)));
}

/** The fields a create may leave out, each with a default stated (3: status, closeDate; 2.1: confidential, autoRefresh, salary). */
export const DEFAULTED_FIELDS = ['status', 'closeDate', 'confidential', 'autoRefresh', 'salary'] as const;

/**
 * The plainest POST body: every field with a stated default left out at once, and the referenceId (4.2: optional),
 * its title keeping a case token so cleanup and q still find the job. A server whose defaults depend on what else
 * was sent shows only here.
 *
 * @example
 * await createJob(ctx, minimalBody(ctx, generated)); // title, description, locations, categories, positionType, routing
 */
export function minimalBody(ctx: RuleContext, generated: Body): Body {
  return omit(anonymous(ctx, generated), ...DEFAULTED_FIELDS);
}

/**
 * A create body with the referenceId given and every other defaulted field left to its default: status, closeDate,
 * the flags, and a salary's plusCommission (spec 3, 2.1, 2.5). Judged by defaultProblems.
 */
export function defaultedBody(identified: Body & { referenceId: string }): Body & { referenceId: string } {
  return {
    ...omit(identified, 'status', 'closeDate', 'confidential', 'autoRefresh'),
    referenceId: identified.referenceId,
    salary: { amount: 50000, period: { id: 1 } },
  };
}

/** What differs from the create defaults of a defaultedBody: draft, closeDate 60 days on, false flags (spec 3, 2.1, 2.5, 8). */
export function defaultProblems(job: Job): string[] {
  const problems: string[] = [];
  if (job.status !== 'draft') problems.push(`status ${show(job.status)}, not "draft"`);
  if (typeof job.closeDate !== 'string' || !closesDaysAfter(job.publishDate, job.closeDate, 60))
    problems.push(
      `closeDate ${show(job.closeDate)} is ${dayOffsets(job.publishDate, job.closeDate ?? '').join(' or ')} days after ${job.publishDate}, not 60`,
    );
  if (job.confidential !== false) problems.push(`confidential ${show(job.confidential)}, not false`);
  if (job.autoRefresh !== false) problems.push(`autoRefresh ${show(job.autoRefresh)}, not false`);
  if (job.salary?.plusCommission !== false) problems.push(`salary.plusCommission ${show(job.salary?.plusCommission)}, not false`);
  return problems;
}

export type CreateWay = 'POST /jobs' | 'PUT /jobs (create)';

export const CREATE_WAYS: readonly CreateWay[] = ['POST /jobs', 'PUT /jobs (create)'];

/** Creates the job by POST or by PUT /jobs with a new referenceId, as `api`'s employer; the rule fails unless a 2xx (201 for POST). */
export function createBy(ctx: RuleContext, way: CreateWay, body: Body & { referenceId: string }, api: JobsApi = ctx.api): Promise<Job> {
  return createInForm(ctx, way === 'POST /jobs' ? 'post' : 'put-create', body, api);
}

/**
 * The job a create answered with, then as a GET reads it, each with where it was read: a default the create set holds
 * on every read, so a read path that fills it otherwise (a view built from the body sent) shows.
 *
 * @example
 * for (const [job, where] of await createdReads(ctx, created, 'POST /jobs without status')) judge(job, where);
 */
export async function createdReads(ctx: RuleContext, created: Job, how: string): Promise<Array<[Job, string]>> {
  const reads = await readsOfWritten(ctx, created, how, { listed: false });
  return reads.map(([where, read], i) => [read as Job, i === 0 ? where : `${where} after ${how}`]);
}

/** The flags the spec defaults to false (2.1, 2.5). */
export type Flag = 'confidential' | 'autoRefresh' | 'plusCommission';

/** A salary for the flag cases (2.5: an amount needs its period): plusCommission belongs to a salary. */
export const FLAG_SALARY = { amount: 50000, period: { id: 1 } };

/**
 * `body` (no flags, no status) with `field` left out and every other flag true, plusCommission in a salary of its own:
 * a default taken from a sibling flag (a copied line) shows only beside a sibling that is not false.
 */
export function siblingsTrue(body: Body, field: Flag): Body {
  return {
    ...body,
    ...(field === 'confidential' ? {} : { confidential: true }),
    salary: field === 'plusCommission' ? FLAG_SALARY : { ...FLAG_SALARY, plusCommission: true },
  };
}

/** Fails unless `job`, read `where`, shows `field` false, as it was left out; `spec` says where the default is stated. */
export function expectDefaultFalse(ctx: RuleContext, job: Job, where: string, field: Flag, spec: string): void {
  const value = field === 'plusCommission' ? job.salary?.plusCommission : job[field];
  ctx.expect(value === false, {
    title: `${where} shows ${field} ${show(value)}, defaulted`,
    expected: `${field} false when omitted (${spec})`,
    received: `${field} ${show(value)}`,
  });
}
