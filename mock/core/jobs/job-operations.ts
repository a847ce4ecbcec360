/**
 * @module The job operations of spec 4.1-4.4 over the store: create, read,
 * partial update, create-or-update by referenceId, delete. Each takes a parsed
 * body and returns a complete response or throws an ApiError; nothing awaits
 * between a check and the change it guards, so concurrent requests cannot
 * interleave inside an operation (one referenceId, one job).
 */
import { validators } from '../../../schemas/resource-validators.js';
import { ApiError, validationError, type FieldError } from '../http/api-error.js';
import { DAY_MS } from '../../../schemas/time-units.js';
import { parseIsoDate } from '../../../schemas/iso-date.js';
import type { JobEntry } from '../../store/jobs-store.js';
import type { ApiState } from './api-state.js';
import { API_PREFIX, type CoreResponse } from '../http/core-types.js';
import { buildStoredJob, checkSemantics, pickInputFields, toCreateShape, withMergedSalary } from './job-input.js';
import { jsonText, noContent } from '../http/json-response.js';
import { validateBody } from './validate-body.js';
import { publishInstant } from './serialize-job.js';

type Body = Record<string, unknown>;

function duplicate(referenceId: string): ApiError {
  return new ApiError(409, 'duplicate_reference_id', `A job with referenceId ${JSON.stringify(referenceId)} already exists`, [
    { path: '/referenceId', rule: 'unique', message: 'referenceId is already in use' },
  ]);
}

/** A path id's number when it is 1-10 decimal digits, else NaN (which names no job). */
function pathId(idText: string): number {
  return /^[0-9]{1,10}$/.test(idText) ? Number(idText) : NaN;
}

/**
 * spec 4.1: path ids are positive Int32 in decimal; anything else names no job
 * (404), or is malformed input under status.malformed-id = 400. A job the
 * employer deleted is 404, or 410 under status.deleted-job = 410.
 */
export function findJob(state: ApiState, employerId: number, idText: string): JobEntry {
  const id = pathId(idText);
  const wellFormed = id <= 2_147_483_647;
  const entry = wellFormed ? state.store.get(employerId, id) : undefined;
  if (entry) return entry;
  const choices = state.choices;
  if (!wellFormed && choices['status.malformed-id'] === '400') {
    throw validationError(
      [{ path: '/path/id', rule: 'format', message: 'the job id must be a positive Int32 in decimal' }],
      `Malformed job id ${JSON.stringify(idText)}`,
    );
  }
  if (choices['status.deleted-job'] === '410' && state.store.wasDeleted(employerId, id)) {
    throw new ApiError(410, 'gone', `The job with id ${id} was deleted`);
  }
  // Another employer's job is a 404 too, never a 403 (spec 5.3: only the key's own data).
  throw new ApiError(404, 'not_found', `No job with id ${JSON.stringify(idText)}`);
}

/** A date counts to its end: a closeDate of the publish day itself is not before it. */
function closesBefore(closeDate: unknown, publishDate: number): boolean {
  const date = parseIsoDate(closeDate);
  if (date === undefined) return false;
  return (date.hasTime ? date.ms : date.ms + DAY_MS - 1) < publishDate;
}

/** validation.close-before-publish = refuse: the closeDate must not fall before publishDate. */
function closeDateErrors(state: ApiState, closeDate: unknown, publishDate: number): FieldError[] {
  if (state.choices['validation.close-before-publish'] !== 'refuse' || !closesBefore(closeDate, publishDate)) return [];
  return [{ path: '/closeDate', rule: 'minimum', message: 'closeDate must not be before publishDate' }];
}

/** Validates a create body and inserts the job (POST /jobs, PUT-create, seeding). */
export function insertJob(state: ApiState, employerId: number, body: Body, at = state.store.clock.now()): JobEntry {
  const choices = state.choices;
  const publishDate = publishInstant(at, choices);
  validateBody(validators.jobCreate, body, [...checkSemantics(body, choices), ...closeDateErrors(state, body.closeDate, publishDate)]);
  // An absent, null or empty referenceId names no job: the store files none under such a key.
  if (state.store.getByReference(employerId, body.referenceId)) throw duplicate(body.referenceId as string);
  const job = buildStoredJob(body, { id: state.store.allocateId(), employerId, publishDate, updatedAt: state.store.clock.now() }, choices);
  const entry = state.store.insert(job);
  // Stryker disable next-line all: auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
  state.store.refreshDue(); // a seeded, backdated job may be due at once
  return entry;
}

function created(state: ApiState, entry: JobEntry, baseUrl: string, status = 201): CoreResponse {
  // spec 4.2: 201 with Location {base_url}/api/v1.1/jobs/<id> and the full job
  return jsonText(status, state.jsonOnce(entry), { location: `${baseUrl}${API_PREFIX}/jobs/${entry.id}` });
}

/** POST /jobs (spec 4.2). */
export function createJob(state: ApiState, employerId: number, body: Body, baseUrl: string): CoreResponse {
  return created(state, insertJob(state, employerId, body), baseUrl);
}

/** GET /jobs/{id} (spec 4.1). */
export function readJob(state: ApiState, entry: JobEntry): CoreResponse {
  return jsonText(200, state.jsonOf(entry));
}

/** A partial update (spec 4.3): only the fields sent change; the merged job must pass job-create. */
export function updateJob(state: ApiState, entry: JobEntry, sent: Body): CoreResponse {
  const choices = state.choices;
  const old = entry.job;
  // 4.2 lists the salary sub-fields as separate request fields, so a partial salary merges into the stored one.
  const body = withMergedSalary(sent, old);
  const extra = [...checkSemantics(body, choices), ...closeDateErrors(state, body.closeDate, old.publishDate)];
  if (choices['transitions.to-draft'] === 'refused' && body.status === 'draft' && old.status !== 'draft') {
    extra.push({ path: '/status', rule: 'transition', message: `a job that is ${old.status} cannot go back to draft` });
  }
  validateBody(validators.jobUpdate, body, extra);
  const changes = pickInputFields(body);
  const merged = { ...toCreateShape(old), ...changes };
  validateBody(validators.jobCreate, merged, checkSemantics(merged, choices));
  const built = buildStoredJob(
    merged,
    { id: old.id, employerId: old.employerId, publishDate: old.publishDate, updatedAt: state.store.clock.now() },
    choices,
  );
  // Fields not sent keep their stored form, also when the profile changed since (description.form, locations.description).
  const next = {
    ...built,
    description: Object.hasOwn(changes, 'description') ? built.description : old.description,
    locations: Object.hasOwn(changes, 'locations') ? built.locations : old.locations,
  };
  if (next.referenceId !== old.referenceId && state.store.getByReference(old.employerId, next.referenceId)) {
    throw duplicate(next.referenceId!);
  }
  state.store.replace(entry, next);
  // Stryker disable next-line all: auto-refresh, which acts after 7 days of the server's clock: out of a run's reach (stryker.config.mjs)
  state.store.refreshDue(); // switching autoRefresh on may make a refresh due at once
  return jsonText(200, state.jsonOnce(entry));
}

const MISSING_REFERENCE = {
  path: '/referenceId',
  rule: 'required',
  message: 'PUT /jobs identifies the job by a non-empty referenceId in the body',
};

/** PUT /jobs (spec 4.3 form 2): updates the job with that referenceId, or creates it (201, as POST). */
export function putByReference(state: ApiState, employerId: number, body: Body, baseUrl: string): CoreResponse {
  const ref = body.referenceId;
  const missing = typeof ref !== 'string' || ref === '';
  validateBody(validators.jobUpdate, body, missing ? [MISSING_REFERENCE] : []);
  const referenceId = ref as string;
  const entry = state.store.getByReference(employerId, referenceId);
  // The semantic checks run on the merged salary (updateJob) or the whole create body (insertJob).
  if (entry) return updateJob(state, entry, body);
  // spec 4.3: the status of a PUT that creates is not shown (status.put-create)
  return created(state, insertJob(state, employerId, body), baseUrl, state.choices['status.put-create'] === '200' ? 200 : 201);
}

/** DELETE /jobs/{id} (spec 4.4): 204, no body. */
export function deleteJob(state: ApiState, entry: JobEntry): CoreResponse {
  state.store.remove(entry);
  return noContent();
}

/** DELETE /jobs/{id} (spec 4.4): a job the employer already deleted answers 204 again under status.repeated-delete = 204. */
export function deleteById(state: ApiState, employerId: number, idText: string): CoreResponse {
  const id = pathId(idText);
  if (state.choices['status.repeated-delete'] === '204' && state.store.wasDeleted(employerId, id)) return noContent();
  return deleteJob(state, findJob(state, employerId, idText));
}

/** DELETE /jobs with {referenceId} (spec 4.4). */
export function deleteByReference(state: ApiState, employerId: number, body: Body): CoreResponse {
  validateBody(validators.jobDelete, body);
  const referenceId = body.referenceId as string;
  const entry = state.store.getByReference(employerId, referenceId);
  if (!entry && state.choices['status.repeated-delete'] === '204') return noContent();
  if (!entry) throw new ApiError(404, 'not_found', `No job with referenceId ${JSON.stringify(referenceId)}`);
  return deleteJob(state, entry);
}
