/**
 * @module Checks a parsed file against the HAR 1.2 JSON Schema as published in the `har-schema` package (draft-06,
 * one file per object): the one judge of what a well-formed HAR is, for the files check-har reads and the file the
 * suite writes. Its schemas carry a few keywords of their own (`optional`, `min`), so ajv runs them non-strict.
 */
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import type { HarLog } from './har.js';

// ajv-formats is CommonJS: under node its default import is the module object, under a bundler the function.
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as typeof addFormatsImport.default;

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (compiled) return compiled;
  // har-schema is CommonJS: its index requires each object's schema.
  const schemas = createRequire(import.meta.url)('har-schema') as Record<string, object>;
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  addFormats(ajv);
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  compiled = ajv.getSchema('har.json#')!;
  return compiled;
}

/** One problem of a HAR file: where (a JSON pointer such as `/log/entries/3/request`) and what. */
export interface HarIssue {
  path: string;
  message: string;
}

function issueOf(error: ErrorObject): HarIssue {
  const path = error.instancePath === '' ? '/' : error.instancePath;
  if (error.keyword === 'required') return { path, message: `missing field "${String(error.params.missingProperty)}"` };
  return { path, message: error.message ?? error.keyword };
}

/**
 * `undefined` when `value` is a HAR 1.2 document, else its first problem.
 *
 * @example
 * harIssue({ log: { version: '1.2', creator: { name: 'x', version: '1' } } }); // { path: '/log', message: 'missing field "entries"' }
 */
export function harIssue(value: unknown): HarIssue | undefined {
  const validate = validator();
  if (validate(value)) return undefined;
  return issueOf(validate.errors![0]!);
}

/** A type guard over harIssue. */
export function isHar(value: unknown): value is HarLog {
  return harIssue(value) === undefined;
}
