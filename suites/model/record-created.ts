/**
 * @module What every creating command (POST, PUT-create) checks and records:
 * the job was created, with a new id, the referenceId sent, the status the
 * request implies (spec 3: the given status, or draft when omitted) and the
 * values sent; then the model holds it.
 */
import type { Job } from '../../schemas/index.js';
import type { JobStatus } from '../arbitraries/schema-limits.js';
import type { ApiResponse, Body } from '../engine/rule.js';
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
): ModelJob {
  r.ctx.expect(isSuccess(res.status) && res.json !== undefined, {
    title: `${where} did not create the job (referenceId ${body.referenceId})`,
    expected: 'spec 4.2 / 4.3: a valid body with a new referenceId creates a job',
    received: responseLine(res),
  });
  const clash = [...m.jobs.values()].find((job) => job.id === res.json!.id);
  r.ctx.expect(clash === undefined, {
    title: `${where} gave the new job the id ${res.json.id} of a live job (referenceId ${clash?.ref})`,
    expected: 'spec 2.1: id is a unique job id',
    received: responseLine(res),
  });
  // §3: "POST or PUT-create with status omitted -> draft"; "with status given -> the given status"
  const status = (body.status as JobStatus | undefined) ?? 'draft';
  const job: ModelJob = { ref: body.referenceId, id: res.json.id, status, fields: fieldsFromBody(body), publishDate: res.json.publishDate };
  expectMatchesModel(r, where, res.json, job);
  m.jobs.set(job.ref, job);
  return job;
}
