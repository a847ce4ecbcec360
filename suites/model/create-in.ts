/**
 * @module A create in each of its forms, with either employer's key: POST (spec 4.2), PUT-create (4.3) and the
 * PUT-create through the method override (1, 4.7). The override is good practice only (spec 1): where the target
 * answers it with a client error, POST makes the job instead and the sequence goes on; jobs.put-create.creates owns
 * the judgement of a target that refuses a create through the override.
 */
import type { Job } from '../../schemas/index.js';
import type { ApiResponse, Body, JobsApi } from '../contract/rule.js';
import { isClientError } from '../kit/http.js';
import { formLabel, sendCreate, type CreateForm } from '../kit/rejected-writes.js';
import type { ModelReal } from './jobs-model.js';

/** A create's answer and the request line that made it, for titles. */
export interface SentCreate {
  res: ApiResponse<Job>;
  label: string;
}

/**
 * @example
 * const { res, label } = await createIn(r, 'override-create', { ...body, referenceId: ref });
 */
export async function createIn(
  r: ModelReal,
  via: CreateForm,
  body: Body & { referenceId: string },
  api: JobsApi = r.ctx.api,
): Promise<SentCreate> {
  const res = await sendCreate(r.ctx, via, body, api);
  if (via !== 'override-create' || !isClientError(res.status)) return { res, label: formLabel(via) };
  return { res: await api.create(body), label: `POST /jobs (${formLabel(via)} answered ${res.status})` };
}
