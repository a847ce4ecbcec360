/**
 * @module Setup steps the rules share. A step that fails fails the rule that
 * needed it, with "setup:" in the expectation, so a server that cannot create
 * a valid job is reported where it hurts, not silently skipped.
 */
import type { Job, JobList } from '../../../schemas/types.gen.js';
import type { ApiResponse, Body, JobsApi, ListQuery, RuleContext } from '../../rule.js';
import { expectStatus, jobOf } from './http.js';

/** POST /jobs; the rule fails unless 201. */
export async function createJob(ctx: RuleContext, body: Body, api: JobsApi = ctx.api): Promise<Job> {
  const res = await api.create(body);
  expectStatus(ctx, res, 201, 'setup: POST /jobs with a valid body creates the job and answers 201 (spec 4.2)');
  return jobOf(res);
}

/** GET /jobs/{id}; the rule fails unless 200. */
export async function getJob(ctx: RuleContext, id: number, api: JobsApi = ctx.api): Promise<Job> {
  const res = await api.get(id);
  expectStatus(ctx, res, 200, 'GET /jobs/{id} of an existing job of the employer answers 200 with the job (spec 4.1)');
  return jobOf(res);
}

/** GET /jobs with the query; the rule fails unless 200. */
export async function listJobs(ctx: RuleContext, query: ListQuery, api: JobsApi = ctx.api): Promise<ApiResponse<JobList> & { json: JobList }> {
  const res = await api.list(query);
  expectStatus(ctx, res, 200, 'GET /jobs answers 200 with {data, paging} (spec 4.5)');
  return res as ApiResponse<JobList> & { json: JobList };
}

/** The ids of one list page. */
export function idsOf(list: JobList): number[] {
  return list.data.map((item) => item.id);
}

/** 404 or 410: how a removed job may answer (the spec does not show the code). */
export const isGone = (status: number): boolean => status === 404 || status === 410;

/**
 * A request naming a removed job is refused as a client error that is not
 * about the credential (401, 407): the job is gone for the client. The spec
 * shows no code (4.4, 7.2); 404 or 410 is good practice, any other 4xx is
 * observed, never failed.
 */
export const showsGone = (status: number): boolean => status >= 400 && status <= 499 && status !== 401 && status !== 407;
