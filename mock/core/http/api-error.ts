/**
 * @module The one error type the core throws for a request it rejects. It
 * knows its own response: an error.schema.json body with a stable `code`.
 */
import type { CoreResponse } from './core-types.js';
import { JSON_TYPE } from './json-response.js';

/** One failing field of a request body or query (error.schema.json fieldErrors). */
export interface FieldError {
  /** JSON Pointer into the request body (or `/query/<name>` for list parameters). */
  path: string;
  /** The rule that failed: a schema keyword (`maxLength`, `required`) or a mock rule (`reference`). */
  rule: string;
  limit?: unknown;
  message: string;
}

/** Stable error codes of the mock (docs/mock.md, docs/mock-choices.md). */
export type ApiErrorCode =
  | 'validation_failed'
  | 'malformed_json'
  | 'unauthorized'
  | 'not_found'
  | 'gone'
  | 'duplicate_reference_id'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'method_not_allowed'
  | 'injected_fault'
  | 'forbidden_origin'
  | 'conflict'
  | 'persistence_failed'
  | 'internal_error';

/**
 * A rejected request. `toResponse()` renders it as the mock's JSON error body.
 *
 * @example
 * throw new ApiError(404, 'not_found', 'No job with id 12');
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly headers: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.headers = options.headers ?? {};
  }

  toResponse(): CoreResponse {
    const body: Record<string, unknown> = { status: this.status, code: this.code, message: this.message };
    if (this.fieldErrors.length > 0) body.fieldErrors = this.fieldErrors;
    return {
      status: this.status,
      headers: { 'content-type': JSON_TYPE, ...this.headers },
      body: JSON.stringify(body),
    };
  }
}

/** 400 with every failing field listed. */
export function validationError(fieldErrors: FieldError[], message = 'The request is invalid'): ApiError {
  return new ApiError(400, 'validation_failed', message, fieldErrors);
}
