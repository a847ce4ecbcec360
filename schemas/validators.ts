/**
 * @module Compiles every schema once with ajv (draft 2020-12, ajv-formats and
 * the x-html-allowlist keyword) and exposes typed validators that report
 * readable issues: the JSON Pointer of the failing value, the rule and its limit.
 * The mock and the suite both import this module.
 */
import Ajv2020Import from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import { findHtmlViolations, type HtmlAllowlist } from './html-allowlist.js';
import { loadAllSchemas, SCHEMA_BASE } from './load.js';

// ajv and ajv-formats are CommonJS with a `default` export; unwrap for ESM.
const Ajv2020 = ((Ajv2020Import as unknown as { default?: unknown }).default ??
  Ajv2020Import) as typeof Ajv2020Import.default;
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ??
  addFormatsImport) as typeof addFormatsImport.default;

export interface ValidationIssue {
  /** JSON Pointer of the failing value, e.g. `/locations/0/description`; `` for the root. */
  path: string;
  /** The rule that failed: a schema keyword (`maxLength`, `required`, `x-html-allowlist`, ...). */
  rule: string;
  /** The rule's limit, when it has one (256 for a title's maxLength). */
  limit?: unknown;
  message: string;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

export interface Validator<T> {
  (data: unknown): ValidationResult<T>;
  /** The schema `$id` this validator checks against. */
  readonly schemaId: string;
}

/** Annotation keywords (no validation) used in our schemas. */
const ANNOTATIONS = ['tsType', 'x-spec-section', 'x-province-codes', 'x-periods', 'x-routing-types', 'x-item', 'x-maximum-in-effect'];

function createAjv(): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addVocabulary(ANNOTATIONS);
  ajv.addKeyword({
    keyword: 'x-html-allowlist',
    type: 'string',
    schemaType: 'object',
    errors: true,
    validate: function htmlAllowlist(table: HtmlAllowlist, html: string) {
      const violations = findHtmlViolations(html, table);
      if (violations.length === 0) return true;
      (htmlAllowlist as unknown as { errors: Partial<ErrorObject>[] }).errors = violations.map((v) => ({
        keyword: 'x-html-allowlist',
        message: v.message,
        params: { kind: v.kind, tag: v.tag, attribute: v.attribute },
      }));
      return false;
    },
  });
  for (const schema of loadAllSchemas().values()) ajv.addSchema(schema);
  return ajv;
}

const ajv = createAjv();

const LIMIT_PARAMS = ['limit', 'allowedValues', 'pattern', 'format', 'allowedValue', 'type'] as const;

function toIssue(error: ErrorObject): ValidationIssue {
  const params = error.params as Record<string, unknown>;
  const missing = params.missingProperty as string | undefined;
  const path = missing !== undefined ? `${error.instancePath}/${missing}` : error.instancePath;
  const issue: ValidationIssue = { path, rule: error.keyword, message: error.message ?? error.keyword };
  for (const key of LIMIT_PARAMS) {
    if (key in params) {
      issue.limit = params[key];
      break;
    }
  }
  return issue;
}

/** `if` only explains a `then` failure, already reported; duplicates add nothing. */
function readableIssues(errors: ErrorObject[]): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    const issue = toIssue(error);
    const key = `${issue.path}|${issue.rule}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

/** A validator for the schema `ref`: a file name (`job.schema.json`) or a file name with a fragment. */
export function validatorFor<T>(ref: string): Validator<T> {
  const schemaId = ref.startsWith('http') ? ref : SCHEMA_BASE + ref;
  const compiled: ValidateFunction | undefined = ajv.getSchema(schemaId);
  if (!compiled) throw new Error(`[schemas] no schema with $id ${schemaId}`);
  const validate = (data: unknown): ValidationResult<T> =>
    compiled(data) ? { ok: true, value: data as T } : { ok: false, issues: readableIssues(compiled.errors ?? []) };
  return Object.assign(validate, { schemaId });
}

/** Renders issues as one line each: `/title maxLength (256): must NOT have more than 256 characters`. */
export function formatIssues(issues: ValidationIssue[]): string {
  return issues
    .map((i) => `${i.path || '/'} ${i.rule}${i.limit !== undefined ? ` (${JSON.stringify(i.limit)})` : ''}: ${i.message}`)
    .join('\n');
}
