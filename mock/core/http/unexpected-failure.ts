/**
 * @module The answer to a failure no request should cause: an error that is not an ApiError (a bug of the mock)
 * becomes a 500 with code `internal_error`, so it is answered like any refusal and never escapes to a door. Outside
 * the mutated set (stryker.config.mjs): no request reaches the 500, so its unit test proves it instead of the suite.
 */
import { ApiError } from './api-error.js';

/**
 * @example
 * asApiError(new TypeError('x')).status; // 500
 * asApiError(new ApiError(404, 'not_found', 'No job with id 12')).status; // 404
 */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(500, 'internal_error', 'The mock failed unexpectedly', [], { cause: error });
}
