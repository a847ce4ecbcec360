/**
 * @module The compiled validator of every resource. Apart from index.ts (which
 * also exports `schemaDir`, a Node path), so the mock imports it without
 * anything Node-only: the MSW handlers also run in a browser (setupWorker).
 */
import type * as T from './types.gen.js';
import { validatorFor } from './validators.js';

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
