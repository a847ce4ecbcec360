/**
 * @module Compiles every schema once with ajv (draft 2020-12, ajv-formats and
 * the x-html-allowlist keyword) and exposes typed validators that report
 * readable issues: the JSON Pointer of the failing value, the rule and its limit.
 * The mock and the suite both import this module.
 */
// The named export: its declared type is the class under every moduleResolution (the default export's
// type differs between nodenext and bundler, which integrators' projects use).
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import { findHtmlViolations, type HtmlAllowlist } from './html-allowlist.js';
import { isIsoDate } from './iso-date.js';
import { loadAllSchemas, SCHEMA_BASE } from './load.js';
import { readableIssues, type ValidationIssue } from './readable-issues.js';
import { describeReceived, valueAtPointer } from './received-value.js';
import { SchemaError } from './schema-error.js';

export type { ValidationIssue } from './readable-issues.js';

// ajv-formats is CommonJS with a `default` export and no named one; unwrap for ESM.
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as typeof addFormatsImport.default;

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

export interface Validator<T> {
  (data: unknown): ValidationResult<T>;
  /** The schema `$id` this validator checks against. */
  readonly schemaId: string;
}

/** Keywords that validate nothing: every `x-*` annotation in the files, except the allow-list keyword, plus tsType. */
function annotationKeywords(schemas: Iterable<unknown>): string[] {
  const found = new Set<string>(['tsType']);
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key.startsWith('x-') && key !== 'x-html-allowlist') found.add(key);
        walk(value);
      }
    }
  };
  for (const schema of schemas) walk(schema);
  return [...found].sort();
}

/** An IRI reference (RFC 3987): no white space or control character, and it resolves against a base URL. */
export function isIriReference(value: string): boolean {
  if (/[\u0000-\u0020\u007f-\u009f]/.test(value)) return false;
  try {
    new URL(value, 'http://base.invalid/');
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh ajv (draft 2020-12, formats with iso-8601, the x-html-allowlist keyword) with every
 * schema file added. The keyword reads its table from the schema it sits in,
 * so a schema with another table gets another allow-list.
 *
 * @example
 * const ajv = createAjv();
 * const validate = ajv.getSchema(SCHEMA_BASE + 'job.schema.json');
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv);
  // Every ISO 8601 form of a date field (schemas/iso-date.ts); ajv-formats' iso-date-time requires seconds.
  ajv.addFormat('iso-8601', { type: 'string', validate: isIsoDate });
  // A paging link is a "String (URL)" (2.8): relative or absolute, and an IRI (RFC 3987) may carry letters beyond ASCII unencoded.
  ajv.addFormat('iri-reference', { type: 'string', validate: isIriReference });
  const schemas = [...loadAllSchemas().values()];
  ajv.addVocabulary(annotationKeywords(schemas));
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
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

const ajv = createAjv();

/**
 * A validator for the schema `ref`: a file name (`job.schema.json`) or a file name with a fragment. An unknown
 * file throws here; the schema compiles at the first call, so a command that validates nothing (`--help`, a
 * refused flag) starts without compiling every resource's schema (about half a second).
 */
export function validatorFor<T>(ref: string): Validator<T> {
  const schemaId = ref.startsWith('http') ? ref : SCHEMA_BASE + ref;
  if (ajv.schemas[schemaId.split('#')[0]!] === undefined) throw new SchemaError('SCHEMA_NOT_FOUND', schemaId);
  let compiled: ValidateFunction | undefined;
  const compile = (): ValidateFunction => {
    compiled ??= ajv.getSchema(schemaId);
    if (!compiled) throw new SchemaError('SCHEMA_NOT_FOUND', schemaId);
    return compiled;
  };
  const validate = (data: unknown): ValidationResult<T> => {
    const check = compile();
    return check(data) ? { ok: true, value: data as T } : { ok: false, issues: readableIssues(check.errors ?? []) };
  };
  return Object.assign(validate, { schemaId });
}

/**
 * Renders issues as one line each: `/title maxLength (256): must NOT have more than 256 characters`.
 * Given the validated `data`, each line also says what it received: `/publishDate type ("string"): must be string, got null`.
 */
export function formatIssues(issues: ValidationIssue[], validated?: { data: unknown }): string {
  const received = (path: string): string =>
    validated === undefined ? '' : `, got ${describeReceived(valueAtPointer(validated.data, path))}`;
  return issues
    .map(
      (i) => `${i.path || '/'} ${i.rule}${i.limit !== undefined ? ` (${JSON.stringify(i.limit)})` : ''}: ${i.message}${received(i.path)}`,
    )
    .join('\n');
}
