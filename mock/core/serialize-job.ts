/**
 * @module Writes a job as JSON text by hand, because salary amounts must carry
 * exactly four decimal places in the response text (spec 2.5: `50000.0000`),
 * which JSON.stringify cannot write. Everything else goes through
 * JSON.stringify, so strings are always escaped.
 */
import type { Employer } from '../../schemas/index.js';
import type { StoredJob, StoredSalary } from '../store/stored-job.js';
import { formatInstant } from './format-instant.js';

const s = JSON.stringify;

/**
 * JSON of frozen objects: the reference rows (reference-data.ts) and resolved
 * locations (resolve-location.ts) that jobs share are written once each.
 */
const frozenJson = new WeakMap<object, string>();

function rowJson(row: object): string {
  let text = frozenJson.get(row);
  if (text === undefined) {
    text = s(row);
    if (Object.isFrozen(row)) frozenJson.set(row, text);
  }
  return text;
}

function listJson(rows: readonly object[]): string {
  return `[${rows.map(rowJson).join(',')}]`;
}

function salaryJson(salary: StoredSalary | null): string {
  if (salary === null) return 'null';
  return (
    `{"amount":${salary.amount},"maxAmount":${salary.maxAmount ?? 'null'},` +
    `"period":${rowJson(salary.period)},"plusCommission":${salary.plusCommission}}`
  );
}

function employerJson(employer: Employer): string {
  return `{"id":${employer.id},"name":${s(employer.name)}}`;
}

/**
 * The full job (spec 2.1), fields in the spec's order.
 *
 * @example
 * serializeJob(job, { id: 1, name: 'Maple Leaf Staffing' }); // '{"id":7,"referenceId":null,...}'
 */
export function serializeJob(job: StoredJob, employer: Employer): string {
  return (
    `{"id":${job.id},"referenceId":${s(job.referenceId)},"employer":${employerJson(employer)},` +
    `"title":${s(job.title)},"publishDate":"${formatInstant(job.publishDate)}","closeDate":${s(job.closeDate)},` +
    `"confidential":${job.confidential},"autoRefresh":${job.autoRefresh},"status":"${job.status}",` +
    `"locations":${listJson(job.locations)},"categories":${listJson(job.categories)},"positionType":${rowJson(job.positionType)},` +
    `"salary":${salaryJson(job.salary)},"description":${s(job.description)},` +
    `"applicantRoutingType":${rowJson(job.applicantRoutingType)},` +
    `"applicationEmail":${s(job.applicationEmail)},"applicationUrl":${s(job.applicationUrl)}}`
  );
}

/** The job header (spec 2.7): exactly the fields of job-header.schema.json. */
export function serializeJobHeader(job: StoredJob, employer: Employer): string {
  return (
    `{"id":${job.id},"referenceId":${s(job.referenceId)},"employer":${employerJson(employer)},` +
    `"title":${s(job.title)},"publishDate":"${formatInstant(job.publishDate)}",` +
    `"locations":${listJson(job.locations)},"confidential":${job.confidential},"status":"${job.status}"}`
  );
}
