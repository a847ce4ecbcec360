/**
 * @module Public entry of the schemas: typed validators for every resource of
 * the Jobs API v1.1, the HTML allow-list table, and the schema files themselves.
 *
 * @example
 * import { validators, formatIssues } from 'jobs-conformance/schemas';
 * const result = validators.jobCreate(body);
 * if (!result.ok) console.error(formatIssues(result.issues));
 */
import type * as T from './types.gen.js';
import { validatorFor } from './validators.js';

export type * from './types.gen.js';
export { createAjv, formatIssues, validatorFor, type ValidationIssue, type ValidationResult, type Validator } from './validators.js';
export { readableIssues } from './readable-issues.js';
export { SchemaError, type SchemaErrorCode } from './schema-error.js';
export { findHtmlViolations, htmlAllowlist, type HtmlAllowlist, type HtmlViolation } from './html-allowlist.js';
export { loadAllSchemas, loadSchema, schemaDir, SCHEMA_BASE } from './load.js';
export * from './spec-examples.js';

/** One compiled validator per resource; each is compiled once, at import. */
export const validators = {
  job: validatorFor<T.Job>('job.schema.json'),
  jobCreate: validatorFor<T.JobCreate>('job-create.schema.json'),
  jobUpdate: validatorFor<T.JobUpdate>('job-update.schema.json'),
  /** PUT /jobs: referenceId in the body identifies (or creates) the job. */
  jobUpdateByReference: validatorFor<T.JobUpdateByReference>('job-update.schema.json#/$defs/byReference'),
  jobDelete: validatorFor<T.JobDelete>('job-delete.schema.json'),
  jobHeader: validatorFor<T.JobHeader>('job-header.schema.json'),
  jobList: validatorFor<T.JobList>('job-list.schema.json'),
  listQuery: validatorFor<T.ListQuery>('list-query.schema.json'),
  paging: validatorFor<T.Paging>('paging.schema.json'),
  location: validatorFor<T.Location>('location.schema.json'),
  locationInput: validatorFor<T.LocationInput>('location-input.schema.json'),
  category: validatorFor<T.Category>('category.schema.json'),
  positionType: validatorFor<T.PositionType>('position-type.schema.json'),
  employer: validatorFor<T.Employer>('employer.schema.json'),
  salary: validatorFor<T.Salary>('salary.schema.json'),
  salaryInput: validatorFor<T.SalaryInput>('salary-input.schema.json'),
  salaryPeriod: validatorFor<T.SalaryPeriod>('salary-period.schema.json'),
  applicantRoutingType: validatorFor<T.ApplicantRoutingType>('applicant-routing-type.schema.json'),
  positionTypeList: validatorFor<unknown>('reference-lists.schema.json#/$defs/positionTypeList'),
  categoryList: validatorFor<unknown>('reference-lists.schema.json#/$defs/categoryList'),
  locationList: validatorFor<unknown>('reference-lists.schema.json#/$defs/locationList'),
  salaryPeriodList: validatorFor<unknown>('reference-lists.schema.json#/$defs/salaryPeriodList'),
  applicantRoutingTypeList: validatorFor<unknown>('reference-lists.schema.json#/$defs/applicantRoutingTypeList'),
  error: validatorFor<T.ErrorBody>('error.schema.json'),
  report: validatorFor<T.ConformanceReport>('report.schema.json'),
} as const;
