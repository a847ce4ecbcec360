/**
 * @module Public entry of the schemas: typed validators for every resource of
 * the Jobs API v1.1, the HTML allow-list table, and the schema files themselves.
 *
 * @example
 * import { validators, formatIssues } from 'jobs-conformance/schemas';
 * const result = validators.jobCreate(body);
 * if (!result.ok) console.error(formatIssues(result.issues));
 */
export type * from './types.gen.js';
export { createAjv, formatIssues, validatorFor, type ValidationIssue, type ValidationResult, type Validator } from './validators.js';
export { readableIssues } from './readable-issues.js';
export { SchemaError, type SchemaErrorCode } from './schema-error.js';
export { findHtmlViolations, htmlAllowlist, type HtmlAllowlist, type HtmlViolation } from './html-allowlist.js';
export { loadAllSchemas, loadSchema, SCHEMA_BASE } from './load.js';
export { schemaDir } from './schema-dir.js';
export { validators } from './resource-validators.js';
export { JOB_FIELDS, JOB_HEADER_FIELDS, JOB_INPUT_FIELDS, JOB_INPUT_LIST_FIELDS } from './job-fields.js';
export { isIsoDate, parseIsoDate, ISO_DATE_PATTERN, type IsoDate } from './iso-date.js';
export * from './spec-examples.js';
