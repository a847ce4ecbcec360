/**
 * @module Helpers the create rules share: the statuses, dropping fields from a body,
 * the plainest body, and creating by POST or by PUT.
 */
import type { Job } from '../../../schemas/types.gen.js';
import type { Body, JobsApi, RuleContext } from '../../contract/rule.js';
import { anonymous } from '../../kit/bodies.js';
import { createInForm } from '../../kit/rejected-writes.js';
import { readsOfWritten } from '../../kit/jobs.js';

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
