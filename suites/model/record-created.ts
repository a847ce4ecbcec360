/**
 * @module What every creating command (POST, PUT-create) checks and records:
 * the job was created, with a new id, the referenceId sent, the status the
 * request implies (spec 3: the given status, or draft when omitted) and the
 * values sent; then the model holds it, among the first employer's jobs or,
 * for the second employer's creates, among that employer's.
 */
import type { Job } from '../../schemas/index.js';
import type { JobStatus } from '../arbitraries/schema-limits.js';
import type { ApiResponse, Body } from '../contract/rule.js';
import { isSuccess, responseLine } from '../kit/http.js';
import { fieldsFromBody } from './expected-fields.js';
import type { JobsModel, ModelJob, ModelReal } from './jobs-model.js';
import { expectMatchesModel } from './verify-target.js';

/**
 * @example
 * recordCreated(m, r, 'POST /jobs', await r.ctx.api.create(body), body);
 */
export function recordCreated(
  m: JobsModel,
  r: ModelReal,
  where: string,
  res: ApiResponse<Job>,
  body: Body & { referenceId: string },
  owner: 'first' | 'second' = 'first',
): ModelJob {
  r.ctx.expect(isSuccess(res.status) && res.json !== undefined, {
    title: `${where} did not create the job (referenceId ${body.referenceId})`,
    expected: 'spec 4.2 / 4.3: a valid body with a referenceId no live job of the employer holds creates a job',
    received: responseLine(res),
  });
  // Either employer's: a create answered with a live job's id touched that job instead of making a new one.
  const clash = [...m.jobs.values(), ...m.others.values()].find((job) => job.id === res.json!.id);
  r.ctx.expect(clash === undefined, {
    title:
      `${where} gave the new job the id ${res.json.id} of a live job ` +
      `(referenceId ${clash?.ref}${clash && m.others.get(clash.ref) === clash ? ", the second employer's" : ''})`,
    expected: 'spec 2.1: id is a unique job id',
    received: responseLine(res),
  });
  // §3: "POST or PUT-create with status omitted -> draft"; "with status given -> the given status"
  const status = (body.status as JobStatus | undefined) ?? 'draft';
  const job: ModelJob = { ref: body.referenceId, id: res.json.id, status, fields: fieldsFromBody(body), publishDate: res.json.publishDate };
  expectMatchesModel(r, where, res.json, job);
  (owner === 'first' ? m.jobs : m.others).set(job.ref, job);
  return job;
}
