/**
 * @module The shapes the spec itself describes (sections 2, 4), as typed
 * values: a full job for each routing type, the create body obtained from a GET
 * result (4.2 symmetry), the partial update bodies 4.3 names, a list page and
 * the reference list items. The schema tests start every boundary case from
 * these; integrators can use them as starting points for their own fixtures.
 *
 * @example
 * import { exampleJob, validators } from 'jobs-conformance/schemas';
 * validators.job(exampleJob).ok; // true
 */
import type { Job, JobCreate, JobHeader, JobList, Paging } from './types.gen.js';

/** 2.1: a job with routing type 1 (Email): applicationEmail set, applicationUrl null. */
export const exampleJob: Job = {
  id: 123456,
  referenceId: 'ACME-2024-001',
  employer: { id: 42, name: 'Acme Widgets Inc.' },
  title: 'Senior Widget Engineer',
  publishDate: '2024-03-01',
  closeDate: '2024-04-30',
  confidential: false,
  autoRefresh: false,
  status: 'active',
  locations: [{ id: 7, name: 'Toronto', description: 'Toronto, ON', type: 'City' }],
  categories: [{ id: 3, name: 'Engineering' }],
  positionType: { id: 1, name: 'Full time' },
  salary: { amount: 85000, maxAmount: 95000, period: { id: 1, name: 'Yearly', unit: 'year' }, plusCommission: false },
  description: '<p>Build <strong>widgets</strong>.</p><ul><li>Remote</li></ul><a href="https://acme.example/jobs">More</a>',
  applicantRoutingType: { id: 1, name: 'Email' },
  applicationEmail: 'jobs@acme.example',
  applicationUrl: null,
};

/** 2.1: a job with routing type 2 (URL), no salary (null), no referenceId (null, as sample responses show). */
export const exampleUrlJob: Job = {
  ...exampleJob,
  id: 123457,
  referenceId: null,
  status: 'draft',
  locations: [
    { id: 8, name: 'Montréal', description: 'Montréal, QC', type: 'City' },
    { id: 9, name: 'Ottawa', description: 'Ottawa', type: null },
  ],
  salary: null,
  applicantRoutingType: { id: 2, name: 'URL' },
  applicationEmail: null,
  applicationUrl: 'https://acme.example/apply/123457',
};

/** 4.2: "Taking a GET result, removing id and referenceId and posting it creates a job with the same values." */
export function createBodyFromJob(job: Job): JobCreate {
  const { id: _id, referenceId: _referenceId, salary, ...body } = job;
  return {
    ...body,
    salary: salary === null ? null : { ...salary, amount: Number(salary.amount), maxAmount: numberOrNull(salary.maxAmount) },
  };
}

/** Requests take amounts as numbers; a response may write a "Decimal" as a string (2.5), read back as its number. */
function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/** 4.2: the request fields as a client writes them: locations by description, list items by id only. */
export const exampleJobCreate: JobCreate = {
  referenceId: 'ACME-2024-002',
  title: 'Widget Tester',
  closeDate: '2024-05-31',
  confidential: true,
  autoRefresh: false,
  status: 'draft',
  locations: [{ description: 'Vancouver, BC' }, { description: 'Victoria' }],
  categories: [{ id: 3 }, { id: 4 }],
  positionType: { id: 2 },
  salary: { amount: 25.5, maxAmount: null, period: { id: 5 }, plusCommission: true },
  description: '<p>Test <em>everything</em>.<br></p>',
  applicantRoutingType: { id: 2 },
  applicationUrl: 'http://acme.example/apply',
};

/** 4.3: "A body with only title, or only status, or only referenceId plus status, is valid." */
export const exampleUpdates = [
  { title: 'Principal Widget Engineer' },
  { status: 'archived' },
  { referenceId: 'ACME-2024-001', status: 'active' },
] as const;

/** 4.4: DELETE /jobs identifies the job by referenceId in the body. */
export const exampleDelete = { referenceId: 'ACME-2024-001' } as const;

/** 2.7: a job header is exactly these fields of the job. */
export function headerOf(job: Job): JobHeader {
  const { id, referenceId, employer, title, publishDate, locations, confidential, status } = job;
  return { id, referenceId, employer, title, publishDate, locations, confidential, status };
}

/** 2.8: the first page of three with a page size of 10. */
export const examplePaging: Paging = {
  total: 25,
  page: 1,
  pages: 3,
  pageSize: 10,
  previous: null,
  next: 'https://jobs.example/api/v1.1/jobs?status=active&pageSize=10&page=2',
};

/** 4.5: a list response. */
export const exampleJobList: JobList = { data: [headerOf(exampleJob), headerOf(exampleUrlJob)], paging: examplePaging };
