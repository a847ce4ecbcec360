/**
 * @module Runs a shared validator from schemas/ together with the mock's own
 * semantic checks, and throws one 400 listing every failing field.
 */
import type { Validator } from '../../../schemas/index.js';
import { validationError, type FieldError } from '../http/api-error.js';

/**
 * @example
 * validateBody(validators.jobCreate, body, checkSemantics(body));
 */
export function validateBody<T>(validator: Validator<T>, data: unknown, extra: FieldError[] = []): T {
  const result = validator(data);
  const errors: FieldError[] = result.ok ? [] : result.issues.map((i) => ({ ...i }));
  const seen = new Set(errors.map((e) => `${e.path}|${e.rule}`));
  for (const e of extra) if (!seen.has(`${e.path}|${e.rule}`)) errors.push(e);
  if (errors.length > 0) throw validationError(errors);
  return data as T;
}
